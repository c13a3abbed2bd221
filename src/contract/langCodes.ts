/**
 * Interface languages (document 001 §9): ru is the default, en the fallback. Apart from lang.ts
 * (which adds the zod schemas) so that the storefront's entry can resolve the visitor's language
 * for its early requests without evaluating zod in its first task (app/boot/earlyAnswers.ts).
 */
export const LANGS = ['ru', 'en', 'kz', 'ch'] as const
export type Lang = (typeof LANGS)[number]
export const DEFAULT_LANG: Lang = 'ru'
export const FALLBACK_LANG: Lang = 'en'

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value)
}

/** The query parameter a client page reads its language from (document 001 §2). */
export const LANG_PARAM = 'lang'

/**
 * Puts a page link's language in its query: omitted for the default language, as every link
 * the app and the server build (app/lib/links.ts buildLink, server/domain/orders/links.ts).
 */
export function setLangParam(params: URLSearchParams, lang: Lang): void {
  if (lang !== DEFAULT_LANG) params.set(LANG_PARAM, lang)
}
