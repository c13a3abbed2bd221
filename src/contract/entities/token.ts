import { z } from 'zod'

/** GET /api/token answer: response = a fresh CSRF token, sent back as X-CSRF-TOKEN. */
export const tokenResponseSchema = z.object({ response: z.string() })

/** Header names every POST carries (both §7). */
export const CSRF_HEADER = 'X-CSRF-TOKEN'
export const XHR_HEADER = 'X-Requested-With'
export const XHR_VALUE = 'XMLHttpRequest'
