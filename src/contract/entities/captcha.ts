import { z } from 'zod'
import { CAPTCHA_MAX_LENGTH } from '../constants'
import { requestLangSchema } from '../lang'

/**
 * The two forms of the captcha. 'image' is the spec's picture; 'question' is our accessible
 * alternative in another modality (WCAG 1.1.1, CAPTCHA exception): a sum written in words in
 * the visitor's language, answered in digits, for a visitor who cannot see the picture.
 */
export const CAPTCHA_KINDS = ['image', 'question'] as const
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number]

/**
 * GET /api/captcha query (our addition to the spec's "no payload"; both optional, so the spec's
 * bare call still answers a picture): kind picks the form, lang the language of a question.
 */
export const captchaRequestSchema = z.object({
  kind: z.enum(CAPTCHA_KINDS).default('image'),
  lang: requestLangSchema,
})

/**
 * GET /api/captcha answer: code = the image as SVG markup; sid = the captcha's id. A 'question'
 * captcha answers code '' and the question's text in `question` (absent for a picture); its
 * answer is checked by /api/captcha/check and the order calls exactly like a picture's code.
 */
export const captchaSchema = z.object({
  code: z.string(),
  sid: z.string(),
  question: z.string().optional(),
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
