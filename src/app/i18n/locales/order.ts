import type { Lang } from '../../../contract/lang'
import orderCh from './order.ch'
import orderEn from './order.en'
import orderKz from './order.kz'
import orderRu from './order.ru'

/** The order view's, declined page's and ticket page's texts per language. */
export const ORDER_TEXTS: Record<Lang, object> = { ru: orderRu, en: orderEn, kz: orderKz, ch: orderCh }

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
export function withOrderTexts<R extends Record<Lang, { translation: object }>>(resources: R): R {
  const out: Record<string, { translation: object }> = {}
  for (const [lang, res] of Object.entries(resources)) {
    out[lang] = { ...res, translation: merge(res.translation as Bundle, ORDER_TEXTS[lang as Lang] as Bundle) }
  }
  return out as R
}
