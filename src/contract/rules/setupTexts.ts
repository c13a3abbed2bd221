import { FALLBACK_LANG, isLang, LANGS, type Lang } from '../langCodes'

/**
 * The venue-written texts of setup's db, each one text in the spec written in the storefront's
 * language (app.language): the seller's details (info_client, the footer), the contacts page
 * (info_contact), the back link's label (returntoafishaname) and the special offers' title and
 * button (topingname, topingbuttonname). Our setup adds their translations {key}_{lang}
 * ('' = none), which the console's setup form edits; a setup saved before the translations
 * existed has only the plain text, which stands for the storefront's language. This file is the
 * one home of how a page picks among them (sellerInfo.ts reads info_client through it).
 */
export const SETUP_TEXT_KEYS = ['info_client', 'info_contact', 'returntoafishaname', 'topingname', 'topingbuttonname'] as const
export type SetupTextKey = (typeof SETUP_TEXT_KEYS)[number]

/** A setup's db as far as one text goes: the plain text and its optional translations. */
export type SetupTextFields<K extends string> = { [P in K]: string } & { [L in Lang as `${K}_${L}`]?: string }

/** A text and the language it is written in (a storefront language code, e.g. 'en'). */
export interface SetupText {
  text: string
  lang: string
}

/** Reads a field defensively: settings rows are JSON an operator may have written by hand. */
function stringAt(db: object, field: string): string {
  const v = (db as Record<string, unknown>)[field]
  return typeof v === 'string' ? v.trim() : ''
}

/** The translation of `key` into `lang` ('' = none or an unknown language). */
export function setupTextTranslation<K extends string>(db: SetupTextFields<NoInfer<K>>, key: K, lang: string): string {
  return isLang(lang) ? stringAt(db, `${key}_${lang}`) : ''
}

/** The text in the storefront's language: its translation there, else the plain text. */
export function setupTextInShopLanguage<K extends string>(db: SetupTextFields<NoInfer<K>>, key: K, shopLang: string): string {
  const own = setupTextTranslation(db, key, shopLang)
  return own !== '' ? own : stringAt(db, key)
}

/**
 * The text written in `lang` itself ('' = none): its translation, else the storefront's text
 * when `lang` is the storefront's. For a label the app has its own wording for (the back link,
 * the offers' title and button): a page shows the venue's label when it reads in the page's
 * language, else its own, rather than a label in another language.
 */
export function setupTextIn<K extends string>(db: SetupTextFields<NoInfer<K>>, key: K, shopLang: string, lang: Lang): string {
  const own = setupTextTranslation(db, key, lang)
  if (own !== '') return own
  return lang === shopLang ? setupTextInShopLanguage(db, key, shopLang) : ''
}

/**
 * What a page in `lang` shows and the language it is written in, for a text the app has no
 * wording of its own for (the seller's details, the contacts): the translation into `lang`; else
 * the storefront's text when that is `lang`; else the English translation (the spec's fallback
 * language); else the storefront's text. Shown in some language rather than left out; the page
 * marks a text in another language with its lang, so a screen reader reads it in its own voice.
 */
export function setupTextFor<K extends string>(db: SetupTextFields<NoInfer<K>>, key: K, shopLang: string, lang: Lang): SetupText {
  const own = setupTextIn(db, key, shopLang, lang)
  if (own !== '') return { text: own, lang }
  const fallback = setupTextTranslation(db, key, FALLBACK_LANG)
  if (fallback !== '') return { text: fallback, lang: FALLBACK_LANG }
  return { text: setupTextInShopLanguage(db, key, shopLang), lang: shopLang }
}

/**
 * The text per language as the console's form edits it. A setup saved before the translations
 * has only the plain text: it shows in the storefront's language's field.
 */
export function setupTextTranslations<K extends string>(db: SetupTextFields<NoInfer<K>>, key: K, shopLang: string): Record<`${K}_${Lang}`, string> {
  const out: Record<string, string> = {}
  for (const lang of LANGS) out[`${key}_${lang}`] = lang === shopLang ? setupTextInShopLanguage(db, key, shopLang) : setupTextTranslation(db, key, lang)
  return out as Record<`${K}_${Lang}`, string>
}

/**
 * Every venue-written text's plain field (the spec's one text) as the storefront's language's:
 * what the setup answer sends and what a save writes, so the plain text follows the console's
 * translation into the storefront's language (cleared there, it is cleared).
 */
export function setupPlainTexts(db: SetupTextFields<SetupTextKey>, shopLang: string): Record<SetupTextKey, string> {
  const out = {} as Record<SetupTextKey, string>
  for (const key of SETUP_TEXT_KEYS) out[key] = setupTextInShopLanguage(db, key, shopLang)
  return out
}
