import { ErrorCode } from '../../../contract/errors'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { consumeCaptcha } from '../captcha/store'
import { storedSetupCached } from '../settings/cached'
import type { OrderGuard } from './order-guard'

/** The captcha answer an order request may carry (000 §7: captchaSid, captchaText). */
export interface BotCheckAnswer {
  captchaSid?: string
  captchaText?: string
}

/**
 * Runs an order creation behind the per-address rate limit and captcha (see OrderGuard):
 * 'too-many-orders' (with `wait` seconds, which the error handler sends as Retry-After) when
 * over the limit; 'captcha-required' / 'captcha-wrong' when the captcha is due and missing or
 * wrong; then `create`. The guard counts the attempt before `create` runs, so concurrent requests
 * each decide on their own count. When `create` throws, the attempt is given back; a refusal
 * (ApiFailure) other than "no longer available" counts as a failure of the address (sold out is
 * not the visitor's fault). Returns what `create` returned.
 */
export async function placeGuardedOrder<T>(
  db: Db,
  guard: OrderGuard,
  address: string,
  answer: BotCheckAnswer,
  create: (now: number) => Promise<T>,
): Promise<T> {
  const now = Date.now()
  const setup = await storedSetupCached(db)
  // The captcha's counts are kept only while it is on: off, they would cost every order a write
  // of the counter store (in a rush, one statement of about ten) for a trigger nobody reads. What
  // it costs: an operator who switches the captcha on starts every address's count from zero.
  const counting = setup.captcha.enabled
  const counted = await guard.hit(address, now, counting)
  const { wait, captchaDue } = counted
  // The window this request's attempt is counted in (a solved captcha counts it afresh).
  let attempt = counted.attempt
  if (wait > 0) throw new ApiFailure('too-many-orders', { wait })
  if (captchaDue) {
    if (!answer.captchaSid || !answer.captchaText) {
      throw new ApiFailure('captcha-required')
    }
    if (!(await consumeCaptcha(db, answer.captchaSid, answer.captchaText, now))) {
      await guard.recordFailure(address, now)
      throw new ApiFailure('captcha-wrong')
    }
    attempt = await guard.captchaSolved(address, now)
  }
  try {
    return await create(now)
  } catch (err) {
    // No order was placed, whatever the error (a busy database too). The bookkeeping is best
    // effort: the visitor hears the order's own refusal, not a failure of the counter store.
    if (attempt) await guard.attemptRefused(address, now, err instanceof ApiFailure && err.errorCode !== ErrorCode.UNAVAILABLE, attempt).catch(() => undefined)
    throw err
  }
}
