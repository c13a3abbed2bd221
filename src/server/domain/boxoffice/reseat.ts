import { ORDER_STATUS_CANCELLED, RETURN_STATUS_RETURNABLE } from '../../../contract/constants'
import { ticketFee } from '../../../contract/rules'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { listPriceRows } from '../events/repository'
import { guardHeldBack } from '../inventory/held-back'
import { claimSeats, releaseOrderSeats } from '../inventory/holds.repository'
import { placeText, takenFailure, type SeatPlace } from '../inventory/places'
import { findPlaces } from '../inventory/places.repository'
import { inClaimTransaction } from '../orders/claim'
import type { CommitGate } from '../orders/commit-gate'
import { lockOrder } from '../orders/order.repository'
import { findLineForReseat, insertLineChange, moveLine, type ReseatLine } from './boxoffice.repository'

export interface ReseatContext {
  now: number
  actor: string
  /** Written in the reseat's transaction (the audit row). */
  record: (trx: Db, line: ReseatLine, to: SeatPlace) => Promise<void>
  /** The request's commit gate (orders/commit-gate.ts): a reseat answered "busy" moves nothing. */
  gate?: CommitGate
}

/**
 * Moves a sold ticket to another free seat of the same session at the same price (issue 19.1),
 * without touching the order: same order, same ticket line and printed code, same money.
 *
 * The new seat must have a price row for the ticket's client category (of the same kind:
 * regular or subscription) whose price and fee equal what the ticket cost; else -1002 names the
 * seat. In one claim transaction of the session (orders/claim.ts: row-level on PostgreSQL for
 * seats, the session lock on SQLite) the new seat is claimed sold for the order like any other
 * claim (a seat held or sold meanwhile refuses with -1005 and nothing changes; a wheelchair space
 * held back refuses as it would a sale, inventory/held-back.ts guardHeldBack), the line moves
 * (conditional on its old seat, so two reseats of one ticket never both apply), the old seat is
 * released (the seat_changes trigger logs both; the caller pokes the live feed) and the change
 * is stamped for the door's sync. The ticket's QR code carries its seat, so the old code now
 * answers "replaced" at the door and the ticket page draws the new one.
 */
export async function reseatTicket(db: Db, lineId: number, seatKey: string, ctx: ReseatContext): Promise<{ calendarId: number; place: SeatPlace }> {
  const line = await findLineForReseat(db, lineId)
  if (!line) throw new ApiFailure('admin-not-found', { what: 'ticket', id: lineId })
  const sold = (l: ReseatLine) => l.seat_id !== null && l.paid === 1 && l.status !== ORDER_STATUS_CANCELLED && l.return_status === RETURN_STATUS_RETURNABLE
  if (!sold(line) || line.drawing_id === null) throw new ApiFailure('reseat-not-sold')
  const place = (await findPlaces(db, line.drawing_id, [seatKey])).get(seatKey)
  if (!place || place.kind !== 'seat') throw new ApiFailure('unknown-places', { places: seatKey })
  const rows = await listPriceRows(db, [line.calendar_id])
  const kind = rows.find((r) => r.id === line.price_id)?.for_subscription ?? 0
  const row = rows.find((r) => r.zone_id === place.zoneId && r.client_category_id === line.client_category_id && r.for_subscription === kind)
  if (!row || row.price !== line.price || ticketFee(row.price, row.priceservise, row.currency_id) !== line.service_fee) {
    throw new ApiFailure('reseat-other-price', { place: placeText(place) })
  }
  const fromSeatId = line.seat_id!
  const { now } = ctx
  await inClaimTransaction(db, line.calendar_id, now, async (trx) => {
    await lockOrder(trx, line.hash)
    // A wheelchair space the session holds back is the shop's stock rule's to give (held-back.ts):
    // a reseat into it is refused as a sale of it would be, unless its release rule frees it now.
    const session = { calendar: { id: line.calendar_id, accessible_hold: line.accessible_hold, accessible_release: line.accessible_release }, prices: rows.filter((r) => r.for_subscription === 0), subscriptionPrices: rows.filter((r) => r.for_subscription === 1), drawingId: line.drawing_id! }
    await guardHeldBack(trx, session, [place.id], now, false, () => placeText(place), 'reseat-held-back')
    const taken = await claimSeats(trx, line.calendar_id, [{ place, priceId: row.id }], { cartId: null, orderId: line.order_id, state: 'sold', expiresAt: null }, now)
    if (taken.length) throw takenFailure(taken)
    const again = await findLineForReseat(trx, lineId)
    if (!again || !sold(again) || !(await moveLine(trx, { id: lineId, fromSeatId }, { seatId: place.id, priceId: row.id, zoneId: row.zone_id }))) throw new ApiFailure('reseat-not-sold')
    await releaseOrderSeats(trx, line.order_id, [fromSeatId], now)
    await insertLineChange(trx, { lineId, orderId: line.order_id, calendarId: line.calendar_id, kind: 'reseat', fromSeatId, toSeatId: place.id, actor: ctx.actor, at: now })
    await ctx.record(trx, line, place)
  }, { calendarId: line.calendar_id, seatIds: [place.id] }, undefined, ctx.gate)
  return { calendarId: line.calendar_id, place }
}
