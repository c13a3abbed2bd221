import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { findClientSubscription } from '../events/repository'

/**
 * Buying seat-map tickets by subscription (crmClient.subscritId of create-scheme, subscritId of
 * the cart): the subscription must be the signed-in client's (the session's, never the body's)
 * for this event and still valid, and no more tickets than it has left may be held or ordered.
 * The cart and the order ask the same questions here, so a cart never holds what the order
 * would refuse.
 */

/** The session client's subscription `id` for this event (the events domain's lookup), or a clear -1002; null when none is asked. */
export async function findSubscription(db: Db, id: number | undefined, crmClientId: number | null, eventId: number, now: number) {
  if (id === undefined) return null
  if (crmClientId === null) throw new ApiFailure('subscription-sign-in')
  const sub = await findClientSubscription(db, id, crmClientId, eventId, now)
  if (!sub) throw new ApiFailure('subscription-not-yours', { id })
  return sub
}

/** The limit answer (-9998, modal.error-limit) when more tickets are asked than the subscription has left. */
export function subscriptionLimitFailure(left: number, asked: number): ApiFailure {
  return new ApiFailure('subscription-left', { left, asked })
}
