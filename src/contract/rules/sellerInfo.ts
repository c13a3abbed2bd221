import { FALLBACK_LANG, isLang, type Lang } from '../langCodes'

/**
 * The seller's details (setup's db.info_client, the footer's text with app.footer_db_info) in
 * each language. The spec sends one info_client, written in the storefront's language
 * (app.language); our setup adds its translations info_client_{lang} ('' = none), which the
 * console's setup form edits. A setup saved before the translations existed has only the plain
 * text: it stands for the storefront's language.
 */
export interface SellerInfoFields {
  info_client: string
  info_client_ru?: string
  info_client_en?: string
  info_client_kz?: string
  info_client_ch?: string
}

function translation(db: SellerInfoFields, lang: string): string {
  return isLang(lang) ? (db[`info_client_${lang}`] ?? '').trim() : ''
}

/** The text in the storefront's language: its translation there, else the plain info_client. */
export function sellerInfoInShopLanguage(db: SellerInfoFields, shopLang: string): string {
  const own = translation(db, shopLang)
  return own !== '' ? own : db.info_client.trim()
}

/**
 * What a page in `lang` shows and the language it is written in (a page shows the text of
 * another language marked with its lang, so a screen reader reads it in its own voice): the
 * translation into `lang`; else the storefront's text when that is `lang`; else the English
 * translation (the spec's fallback language); else the storefront's text. The seller's details
 * are the legal notice of who sells: shown in some language rather than left out.
 */
export function sellerInfoFor(db: SellerInfoFields, shopLang: string, lang: Lang): { html: string; lang: string } {
  const own = translation(db, lang)
  if (own !== '') return { html: own, lang }
  const shop = sellerInfoInShopLanguage(db, shopLang)
  if (lang === shopLang) return { html: shop, lang }
  const fallback = translation(db, FALLBACK_LANG)
  if (fallback !== '') return { html: fallback, lang: FALLBACK_LANG }
  return { html: shop, lang: shopLang }
}
