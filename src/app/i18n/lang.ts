import { DEFAULT_LANG, LANGS, isLang, type Lang } from '../../contract/langCodes'

/**
 * Which interface language to show. The `lang` query parameter decides, limited to the
 * languages setup lists (document 001 §9: "a language is available only if listed in setup").
 * Anything else, or no parameter, gives the default language when it is available, otherwise
 * the first available one.
 */
export function resolveLang(queryLang: string | null | undefined, available: readonly Lang[]): Lang {
  const allowed = available.length > 0 ? available : LANGS
  const wanted = queryLang?.trim().toLowerCase()
  if (isLang(wanted) && allowed.includes(wanted)) return wanted
  return allowed.includes(DEFAULT_LANG) ? DEFAULT_LANG : allowed[0]
}

/**
 * BCP 47 tags for the html lang attribute and Intl formatting. The product's codes are not
 * language tags: "kz" is a country (Kazakh is kk) and "ch" would mean Chamorro; the spec says
 * the Chinese texts are Traditional Chinese.
 */
export const LANG_TAG: Record<Lang, string> = {
  ru: 'ru',
  en: 'en',
  kz: 'kk',
  ch: 'zh-Hant',
}

/** Each language's own name, as the language selector shows it. */
export const LANG_NATIVE_NAME: Record<Lang, string> = {
  ru: 'Русский',
  en: 'English',
  kz: 'Қазақша',
  ch: '中文',
}
