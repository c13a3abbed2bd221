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
 * wrong; then `create`. A refusal other than "no longer available" counts as a failure of the
 * address (sold out is not the visitor's fault); a placed order counts as an order. Returns what
 * `create` returned.
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
  const { wait, captchaDue } = await guard.hit(address, now, setup.captcha.enabled)
  if (wait > 0) throw new ApiFailure('too-many-orders', { wait })
  if (captchaDue) {
    if (!answer.captchaSid || !answer.captchaText) {
      throw new ApiFailure('captcha-required')
    }
    if (!(await consumeCaptcha(db, answer.captchaSid, answer.captchaText, now))) {
      await guard.recordFailure(address, now)
      throw new ApiFailure('captcha-wrong')
    }
    await guard.captchaSolved(address)
  }
  // The captcha's counts are kept only while it is on: off, they would cost every order a write
  // of the counter store (in a rush, one statement of about ten) for a trigger nobody reads. What
  // it costs: an operator who switches the captcha on starts every address's count from zero.
  const counting = setup.captcha.enabled
  let placed: T
  try {
    placed = await create(now)
  } catch (err) {
    if (counting && err instanceof ApiFailure && err.errorCode !== ErrorCode.UNAVAILABLE) await guard.recordFailure(address, now)
    throw err
  }
  if (counting) await guard.recordOrder(address, now)
  return placed
}
