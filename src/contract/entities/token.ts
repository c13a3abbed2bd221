import { z } from 'zod'

/** GET /api/token answer: response = a fresh CSRF token, sent back as X-CSRF-TOKEN. */
export const tokenResponseSchema = z.object({ response: z.string() })

export { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from './tokenHeaders'
