import { DEFAULT_LANG, isLang, LANG_PARAM, type Lang } from '../../contract/langCodes'

/**
 * The console's language when it opens: the address's `?lang=` (a link an operator was sent, as
 * the shop's pages take it), else the one this browser chose last, else the default.
 */
export function initialConsoleLang(search: string, saved: string | null): Lang {
  const asked = new URLSearchParams(search).get(LANG_PARAM)
  if (isLang(asked)) return asked
  return isLang(saved) ? saved : DEFAULT_LANG
}
