import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { extendedHoldEnd } from '../inventory/hold-extension'
import { admittingOthers } from '../waiting/room'
import { clockGate, inGatedTransaction, type CommitGate } from './commit-gate'
import { lockOrder, orderPlaces } from './order.repository'
import { moveOrderReserve, orderSaleEnd } from './reserve-extension.repository'
import { assertChangeable, reserveSecondsLeft } from './state'

/**
 * Extending an unpaid order's reserve time (issue 20 item 4, WCAG 2.2.1): the payment countdown
 * warns before it ends and the buyer may extend it, ORDER_RESERVE_EXTENSIONS times, each by
 * ORDER_RESERVE_SECONDS, never past the start or off-sale time of any of its sessions. The order's
 * seat and standing holds move with it, so what it keeps stays kept. Under the order's row lock,
 * so two extensions (or an extension and a payment) run one after the other.
 *
 * The waiting room (issue 18.5): an extension asks for no admission token. The buyer got in when
 * he ordered (order creation is behind the room's door), and a token lasts 20 minutes, less than
 * an order's reserve with its extensions, so asking for one would refuse the extension WCAG 2.2.1
 * promises to the very buyer the room let in. But an extension keeps tickets from the visitors
 * still queueing, and an order need not have passed the door at all (made before the room was
 * switched on, or before it switched itself on by load). So it follows the cart's rule
 * (cart/hold-extension.ts): never while a room of one of the order's sessions is admitting others
 * ('hold-queue-waiting'); once everyone queueing is admitted, or the room is off, as before.
 */

export interface ReserveExtensionContext {
  now: number
  reserveSeconds: number
  maxExtensions: number
  /** The request's commit gate (commit-gate.ts): an extension answered "busy" moves nothing; without one, CLAIM_COMMIT_BY_MS. */
  gate?: CommitGate
}

export async function extendOrderReserve(db: Db, hash: string, ctx: ReserveExtensionContext): Promise<{ reservetime: number; extensions_left: number }> {
  const { now } = ctx
  return inGatedTransaction(db, ctx.gate ?? clockGate(now), async (trx) => {
    const order = await lockOrder(trx, hash)
    if (!order) throw new ApiFailure('order-not-found', { hash })
    assertChangeable(order, now)
    for (const calendarId of (await orderPlaces(trx, order.id)).calendarIds) {
      if (await admittingOthers(trx, calendarId, now)) throw new ApiFailure('hold-queue-waiting')
    }
    const used = Number(order.reserve_extensions)
    const until = extendedHoldEnd({ end: order.reserve_until, used }, { maxExtensions: ctx.maxExtensions, stepSeconds: ctx.reserveSeconds, bound: await orderSaleEnd(trx, order.id) })
    await moveOrderReserve(trx, order.id, until, used + 1)
    return { reservetime: reserveSecondsLeft({ ...order, reserve_until: until }, now), extensions_left: ctx.maxExtensions - used - 1 }
  })
}
