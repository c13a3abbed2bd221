import type { Lang } from '../../../contract/lang'
import nominalCh from './nominal.ch'
import nominalEn from './nominal.en'
import nominalKz from './nominal.kz'
import nominalRu from './nominal.ru'

/** The named-ticket page's texts per language. */
export const NOMINAL_TEXTS: Record<Lang, object> = { ru: nominalRu, en: nominalEn, kz: nominalKz, ch: nominalCh }

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

/** The resources with these texts merged into each language's "translation" bundle (a new object). */
export function withNominalTexts<R extends Record<Lang, { translation: object }>>(resources: R): R {
  const out: Record<string, { translation: object }> = {}
  for (const [lang, res] of Object.entries(resources)) {
    out[lang] = { ...res, translation: merge(res.translation as Bundle, NOMINAL_TEXTS[lang as Lang] as Bundle) }
  }
  return out as R
}
