import type { Lang } from '../../../contract/lang'
import schemeCh from './scheme.ch'
import schemeEn from './scheme.en'
import schemeKz from './scheme.kz'
import schemeRu from './scheme.ru'

/** The scheme view's texts per language. */
export const SCHEME_TEXTS: Record<Lang, object> = { ru: schemeRu, en: schemeEn, kz: schemeKz, ch: schemeCh }

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

/** The resources with the scheme texts merged into each language's "translation" bundle. */
export function withSchemeTexts<R extends Record<Lang, { translation: object }>>(resources: R): R {
  const out: Record<string, { translation: object }> = {}
  for (const [lang, res] of Object.entries(resources)) {
    out[lang] = { ...res, translation: merge(res.translation as Bundle, SCHEME_TEXTS[lang as Lang] as Bundle) }
  }
  return out as R
}
