import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ErrorCode } from '../../../contract/errors'
import { ApiFailure } from '../../errors'
import { consumeCaptcha } from '../captcha/store'
import { loadStoredSetup } from '../settings/service'
import { OrderGuard } from './order-guard'

/** One guard per app: general-admission and seat-map orders count against the same limits. */
const guards = new WeakMap<FastifyInstance, OrderGuard>()

export function orderGuardOf(app: FastifyInstance): OrderGuard {
  let guard = guards.get(app)
  if (!guard) {
    guard = new OrderGuard()
    guards.set(app, guard)
  }
  return guard
}

/** The captcha answer an order request may carry (000 §7: captchaSid, captchaText). */
export interface BotCheckAnswer {
  captchaSid?: string
  captchaText?: string
}

/**
 * Runs an order creation behind the per-address rate limit and captcha (see OrderGuard): -9998
 * with Retry-After when over the limit; -1001 when the captcha is due and missing or wrong; then
 * `create`. A refusal other than "no longer available" counts as a failure of the address (sold
 * out is not the visitor's fault); a placed order counts as an order. Returns the order hash.
 */
export async function placeGuardedOrder(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: BotCheckAnswer,
  create: (now: number) => Promise<string>,
): Promise<string> {
  const guard = orderGuardOf(app)
  const now = Date.now()
  const address = request.ip
  const wait = guard.hit(address, now)
  if (wait > 0) {
    reply.header('retry-after', String(wait))
    throw new ApiFailure('too-many-orders', { wait })
  }
  const setup = await loadStoredSetup(app.db)
  if (setup.captcha.enabled && guard.needsCaptcha(address, now)) {
    if (!answer.captchaSid || !answer.captchaText) {
      throw new ApiFailure('captcha-required')
    }
    if (!(await consumeCaptcha(app.db, answer.captchaSid, answer.captchaText, now))) {
      guard.recordFailure(address, now)
      throw new ApiFailure('captcha-wrong')
    }
    guard.captchaSolved(address, now)
  }
  let hash: string
  try {
    hash = await create(now)
  } catch (err) {
    if (err instanceof ApiFailure && err.errorCode !== ErrorCode.UNAVAILABLE) guard.recordFailure(address, now)
    throw err
  }
  guard.recordOrder(address, now)
  return hash
}
