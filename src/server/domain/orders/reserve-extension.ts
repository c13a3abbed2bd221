import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { extendedHoldEnd } from '../inventory/hold-extension'
import { lockOrder } from './order.repository'
import { moveOrderReserve, orderSaleEnd } from './reserve-extension.repository'
import { assertChangeable, reserveSecondsLeft } from './state'

/**
 * Extending an unpaid order's reserve time (issue 20 item 4, WCAG 2.2.1): the payment countdown
 * warns before it ends and the buyer may extend it, ORDER_RESERVE_EXTENSIONS times, each by
 * ORDER_RESERVE_SECONDS, never past the start or off-sale time of any of its sessions. The order's
 * seat and standing holds move with it, so what it keeps stays kept. Under the order's row lock,
 * so two extensions (or an extension and a payment) run one after the other.
 */

export interface ReserveExtensionContext {
  now: number
  reserveSeconds: number
  maxExtensions: number
}

export async function extendOrderReserve(db: Db, hash: string, ctx: ReserveExtensionContext): Promise<{ reservetime: number; extensions_left: number }> {
  const { now } = ctx
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, hash)
    if (!order) throw new ApiFailure('order-not-found', { hash })
    assertChangeable(order, now)
    const used = Number(order.reserve_extensions)
    const until = extendedHoldEnd({ end: order.reserve_until, used }, { maxExtensions: ctx.maxExtensions, stepSeconds: ctx.reserveSeconds, bound: await orderSaleEnd(trx, order.id) })
    await moveOrderReserve(trx, order.id, until, used + 1)
    return { reservetime: reserveSecondsLeft({ ...order, reserve_until: until }, now), extensions_left: ctx.maxExtensions - used - 1 }
  })
}
