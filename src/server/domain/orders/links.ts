import { isLang, setLangParam } from '../../../contract/lang'

/**
 * A client page the server sends a buyer to (bank return, paid-without-bank answer, widget back
 * link, e-mail links), in the order's language: the app reads its language from `?lang=`
 * (omitted for the default, as the app's own links do), so a link without it would show an
 * English buyer's order in Russian after the bank. `base` is the public URL, or '' for a
 * redirect on this server; `extra` adds query values after the language.
 */
export function clientPageUrl(base: string, route: string, key: string, lang: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  if (isLang(lang)) setLangParam(params, lang)
  for (const [name, value] of Object.entries(extra)) params.set(name, value)
  const query = params.toString()
  return `${base}${route}${encodeURIComponent(key)}${query === '' ? '' : `?${query}`}`
}
