import type { Lang } from '../../../contract/lang'
import returnsCh from './returns.ch'
import returnsEn from './returns.en'
import returnsKz from './returns.kz'
import returnsRu from './returns.ru'

/** The ticket return page texts per language. */
export const RETURNS_TEXTS: Record<Lang, object> = { ru: returnsRu, en: returnsEn, kz: returnsKz, ch: returnsCh }

type Bundle = Record<string, unknown>

function isPlain(v: unknown): v is Bundle {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Deep merge into a new object; `extra` wins on a clash of plain strings. */
function merge(base: Bundle, extra: Bundle): Bundle {
  const out: Bundle = { ...base }
  for (const [k, v] of Object.entries(extra)) out[k] = isPlain(v) && isPlain(out[k]) ? merge(out[k], v) : v
  return out
}

/**
 * The shell's resources with these texts merged into each language's "translation" bundle
 * (a new object: the shell's own bundles are left untouched).
 */
export function withReturnsTexts<R extends Record<Lang, { translation: object }>>(resources: R): R {
  const out: Record<string, { translation: object }> = {}
  for (const [lang, res] of Object.entries(resources)) {
    out[lang] = { ...res, translation: merge(res.translation as Bundle, RETURNS_TEXTS[lang as Lang] as Bundle) }
  }
  return out as R
}
