import { createApiClient } from '../../contract/client'

/**
 * The app's one API client. Same origin: the server serves the built app and /api together
 * (vite's dev server proxies /api). The contract client handles the CSRF token and parses
 * every answer with the call's schema, so screens only ever see parsed shapes.
 */
export const api = createApiClient({ baseUrl: '' })
