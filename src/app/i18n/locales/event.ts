import type { Lang } from '../../../contract/lang'
import eventCh from './event.ch'
import eventEn from './event.en'
import eventKz from './event.kz'
import eventRu from './event.ru'

/** The event page's and buyer form's texts per language. */
export const EVENT_TEXTS: Record<Lang, object> = { ru: eventRu, en: eventEn, kz: eventKz, ch: eventCh }

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
export function withEventTexts<R extends Record<Lang, { translation: object }>>(resources: R): R {
  const out: Record<string, { translation: object }> = {}
  for (const [lang, res] of Object.entries(resources)) {
    out[lang] = { ...res, translation: merge(res.translation as Bundle, EVENT_TEXTS[lang as Lang] as Bundle) }
  }
  return out as R
}
