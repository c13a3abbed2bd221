import type { CartResponse } from '../../../contract/entities/cart'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { extendedHoldEnd } from '../inventory/hold-extension'
import { clockGate, inGatedTransaction, type CommitGate } from '../orders/commit-gate'
import { loadSchemeSession } from '../scheme/repository'
import { admittingOthers } from '../waiting/room'
import { cartHoldState, moveCartHoldEnd } from './hold-extension.repository'
import { cartOrderLimit, listCart } from './service'

/**
 * Extending the cart's hold (issue 20 item 4, WCAG 2.2.1 "Timing Adjustable"): the visitor is
 * warned before the hold ends and may extend it with one action, at least ten times
 * (CART_HOLD_EXTENSIONS), each time by the original hold time (CART_HOLD_SECONDS). An extension
 * moves every live hold of the cart to the new end, so the cart keeps one countdown. Bounded by
 * the session: never past its off-sale instant or its start. The count belongs to one countdown:
 * once the holds ran out and the visitor chose seats again, a new countdown starts from 0.
 * Never while the session's waiting room is admitting others ('hold-queue-waiting').
 */

export interface HoldExtensionContext {
  sessionId: string
  now: number
  holdSeconds: number
  maxExtensions: number
  /** The request's commit gate (orders/commit-gate.ts): an extension answered "busy" moves nothing. */
  gate?: CommitGate
}

/** `giftFlag`: the page's USE_PUSHKIN_CARD, so the answer's limit_left is that method's (listCartOf). */
export async function extendCartHold(db: Db, calendarId: number, ctx: HoldExtensionContext, giftFlag?: 0 | 1): Promise<CartResponse & { extensions_left: number }> {
  const { now } = ctx
  const session = await loadSchemeSession(db, calendarId, now)
  // Judged before the hold moves: a gift card the event does not take extends nothing.
  const limit = await cartOrderLimit(db, session, now, giftFlag)
  if (await admittingOthers(db, calendarId, now)) throw new ApiFailure('hold-queue-waiting')
  const extensionsLeft = await inGatedTransaction(db, ctx.gate ?? clockGate(now), async (trx) => {
    const state = await cartHoldState(trx, ctx.sessionId, calendarId, now)
    if (!state || state.holdEnd === null) throw new ApiFailure('hold-nothing-held')
    const used = state.extendedUntil === state.holdEnd ? state.extensions : 0
    const bound = Math.min(session.calendar.starts_at, session.calendar.sale_to ?? Number.POSITIVE_INFINITY)
    const until = extendedHoldEnd({ end: state.holdEnd, used }, { maxExtensions: ctx.maxExtensions, stepSeconds: ctx.holdSeconds, bound })
    // Two extensions sent at once: the second finds the count changed and counts as not done.
    if (!(await moveCartHoldEnd(trx, state.cartId, now, until, state.extensions, used + 1))) throw new ApiFailure('hold-nothing-held')
    return ctx.maxExtensions - used - 1
  })
  return { ...(await listCart(db, ctx.sessionId, session, now, limit)), extensions_left: extensionsLeft }
}
