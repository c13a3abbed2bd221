import { isLang, LANG_PARAM, type Lang } from '../../contract/langCodes'

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
