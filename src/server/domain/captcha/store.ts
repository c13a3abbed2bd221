import { createHash, randomBytes } from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import type { Captcha, CaptchaKind } from '../../../contract/entities/captcha'
import { DEFAULT_LANG, type Lang } from '../../../contract/lang'
import type { Db } from '../../db/connect'
import { deleteCaptcha, deleteExpiredCaptchas, insertCaptcha, markCaptchaSolved, takeCaptcha } from './captcha.repository'
import { countCaptchaAttempt } from './attempts.repository'
import { newQuestion } from './question'

/** A captcha must be answered within this time. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000
/** Wrong answers to /api/captcha/check before the image (or question) is thrown away (the client loads a new one). */
export const CAPTCHA_MAX_ATTEMPTS = 5
/** Characters in the picture: the spec's input takes at most 8 (CAPTCHA_MAX_LENGTH). */
export const CAPTCHA_LENGTH = 5
/** Characters left out because people confuse them in a distorted picture. */
const CAPTCHA_IGNORED_CHARS = '0oO1iIlL'
/** Noise lines across the picture. */
const CAPTCHA_NOISE_LINES = 2
/** Random bytes of a captcha id (128 bits). */
const CAPTCHA_SID_BYTES = 16

/**
 * Answers are compared case-insensitively, spaces ignored, after NFKC: a Chinese or Japanese
 * input method types full-width digits and letters ('４７'), which mean the ASCII ones.
 */
const normalize = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toLowerCase()

/** What is stored instead of the answer: SHA-256 of sid and answer (a leaked table reveals no answer directly). */
export function captchaDigest(sid: string, text: string): string {
  return createHash('sha256').update(`${sid}:${normalize(text)}`).digest('hex')
}

/**
 * Stores a captcha answer and returns its sid. GET /api/captcha uses it with svg-captcha's
 * text; tests use it to set an answer they know.
 */
export async function storeCaptchaAnswer(db: Db, text: string, now = Date.now()): Promise<string> {
  const sid = randomBytes(CAPTCHA_SID_BYTES).toString('base64url')
  await deleteExpiredCaptchas(db, now)
  await insertCaptcha(db, { sid, answer: captchaDigest(sid, text), created_at: now, expires_at: now + CAPTCHA_TTL_MS })
  return sid
}

/**
 * GET /api/captcha: a new picture drawn locally (SVG markup) and its sid, or with kind
 * 'question' the text alternative in `lang` (question.ts), stored and checked the same way.
 */
export async function createCaptcha(db: Db, now = Date.now(), kind: CaptchaKind = 'image', lang: Lang = DEFAULT_LANG): Promise<Captcha> {
  if (kind === 'question') {
    const { question, answer } = newQuestion(lang)
    return { code: '', sid: await storeCaptchaAnswer(db, answer, now), question }
  }
  const picture = svgCaptcha.create({ size: CAPTCHA_LENGTH, ignoreChars: CAPTCHA_IGNORED_CHARS, noise: CAPTCHA_NOISE_LINES, color: true })
  const sid = await storeCaptchaAnswer(db, picture.text, now)
  return { code: picture.data, sid }
}

/**
 * POST /api/captcha/check: true when the answer is right. A right answer marks the captcha
 * solved (an order may then present it once); a wrong one counts an attempt, and after
 * CAPTCHA_MAX_ATTEMPTS the captcha is deleted.
 */
export async function checkCaptcha(db: Db, sid: string, text: string, now = Date.now()): Promise<boolean> {
  // One conditional increment claims the attempt (any number of processes checking the same sid
  // at once each get their own attempt number, and none past the limit), then the answer is
  // compared. The right answer uses an attempt too, so a picture is checked at most
  // CAPTCHA_MAX_ATTEMPTS times, however many requests race.
  const row = await countCaptchaAttempt(db, sid, now, CAPTCHA_MAX_ATTEMPTS)
  if (!row) return false
  if (row.answer === captchaDigest(sid, text)) {
    await markCaptchaSolved(db, sid, now)
    return true
  }
  if (row.attempts >= CAPTCHA_MAX_ATTEMPTS) await deleteCaptcha(db, sid)
  return false
}

/**
 * Uses a captcha for an order: true when sid and answer match an unexpired captcha. The row is
 * deleted either way (one conditional DELETE), so an answer works once and a wrong answer
 * needs a new picture.
 */
export async function consumeCaptcha(db: Db, sid: string, text: string, now = Date.now()): Promise<boolean> {
  const row = await takeCaptcha(db, sid)
  return row !== undefined && row.expires_at > now && row.answer === captchaDigest(sid, text)
}
