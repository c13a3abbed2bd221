import { DEFAULT_LANG, isLang, LANG_PARAM, type Lang } from '../../contract/langCodes'

/**
 * The console's language chosen for it when it opens: the address's `?lang=` (a link an operator
 * was sent, as the shop's pages take it), else the one this browser chose last; null when neither
 * says, and then the signed-in operator's own language (their account's) decides.
 */
export function chosenConsoleLang(search: string, saved: string | null): Lang | null {
  const asked = new URLSearchParams(search).get(LANG_PARAM)
  if (isLang(asked)) return asked
  return isLang(saved) ? saved : null
}

/** Our language for a browser language's primary subtag (BCP 47): Kazakh is kk, written kz by some browsers; Chinese zh. */
const BY_SUBTAG: Readonly<Record<string, Lang>> = { ru: 'ru', en: 'en', kk: 'kz', kz: 'kz', zh: 'ch' }

/**
 * What the console (and the door app) speaks before anyone chose a language or signed in: the
 * first of the browser's languages (navigator.languages, in the person's order) that is one of
 * ours, e.g. en-US → en, kk-KZ → kz, zh-CN → ch; Russian when none is (de-DE). Not a choice: it is
 * not stored, and the signed-in operator's own language still replaces it.
 */
export function browserConsoleLang(languages: readonly string[]): Lang {
  for (const tag of languages) {
    const lang = BY_SUBTAG[tag.trim().toLowerCase().split(/[-_]/)[0]]
    if (lang !== undefined) return lang
  }
  return DEFAULT_LANG
}

/** The browser's languages in its order (navigator.language alone where languages is empty). */
export function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length > 0 ? navigator.languages : [navigator.language]
}
