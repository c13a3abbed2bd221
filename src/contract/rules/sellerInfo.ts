import type { Lang } from '../langCodes'
import { setupTextFor, setupTextInShopLanguage, type SetupTextFields } from './setupTexts'

/**
 * The seller's details (setup's db.info_client, the footer's text with app.footer_db_info) in
 * each language: one of setup's venue-written texts, picked by the general rule of
 * rules/setupTexts.ts (the spec's one info_client in the storefront's language, our
 * translations info_client_{lang}).
 */
export type SellerInfoFields = SetupTextFields<'info_client'>

/** The text in the storefront's language: its translation there, else the plain info_client. */
export function sellerInfoInShopLanguage(db: SellerInfoFields, shopLang: string): string {
  return setupTextInShopLanguage(db, 'info_client', shopLang)
}

/**
 * What a page in `lang` shows and the language it is written in: the visitor's language, else
 * English, else the storefront's (setupTextFor). The seller's details are the legal notice of
 * who sells: shown in some language rather than left out.
 */
export function sellerInfoFor(db: SellerInfoFields, shopLang: string, lang: Lang): { html: string; lang: string } {
  const { text, lang: written } = setupTextFor(db, 'info_client', shopLang, lang)
  return { html: text, lang: written }
}
