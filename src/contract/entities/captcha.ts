import { z } from 'zod'
import { CAPTCHA_MAX_LENGTH } from '../constants'

/** GET /api/captcha answer: code = the image as SVG markup; sid = the captcha's id. */
export const captchaSchema = z.object({
  code: z.string(),
  sid: z.string(),
})
export type Captcha = z.infer<typeof captchaSchema>

export const captchaCheckRequestSchema = z.object({
  code: z.string().min(1).max(CAPTCHA_MAX_LENGTH),
  sid: z.string().min(1).max(128),
})

/**
 * POST /api/captcha/check answer (our design of the spec's "valid or invalid; in the listing flow
 * result, sid, text"): result true = valid. sid and text echo the checked captcha so the order
 * call can send them as captchaSid and captchaText. An invalid result is not an error answer:
 * the client loads a new image.
 */
export const captchaCheckResponseSchema = z.object({
  result: z.boolean(),
  sid: z.string(),
  text: z.string(),
})
