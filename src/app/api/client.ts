import { createApiClient } from '../../contract/client'
import { DEFAULT_LANG, type Lang } from '../../contract/lang'

let requestLang: Lang = DEFAULT_LANG

/** The language every call asks its answers (and refusals) in; the session store keeps it current. */
export function setRequestLang(lang: Lang): void {
  requestLang = lang
}

/**
 * The app's one API client. Same origin: the server serves the built app and /api together
 * (vite's dev server proxies /api). The contract client handles the CSRF token and parses
 * every answer with the call's schema, so screens only ever see parsed shapes.
 */
export const api = createApiClient({ baseUrl: '', lang: () => requestLang })
