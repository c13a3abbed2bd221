import { ORDER_STATUS_CONFIRMED } from '../../contract/constants'
import type { Db } from '../db/connect'
import { claimSeats, holdStanding, standingCapacity, standingTaken } from '../domain/inventory/holds.repository'
import { ORDER_STATUS_CREATED } from '../domain/orders/constants'
import { listPriceRows } from '../domain/events/repository'
import { capacityOf, salesOf } from '../domain/inventory/stock'
import { listLineStock, reopenOrder, takeSubscriptionTickets, type OrderRow } from '../domain/orders/order.repository'
import { listCalendarStock } from '../domain/inventory/stock.repository'
import type { SeatPlace } from '../domain/inventory/places'

/** Thrown inside a settlement transaction when the payment must be refunded instead. */
export class RefundNeeded extends Error {}

/**
 * A payment arrived for an order its reservation expired from (cancelled by the sweeper or on
 * the spot). Takes its tickets again if they are still there, under the session locks the
 * caller holds: general-admission stock by the same count as order creation, seats by claiming
 * them again (the live-hold unique index refuses a seat someone else took), standing places by
 * their capacity, subscription tickets by a conditional decrement. Anything gone throws
 * RefundNeeded, which rolls all of it back. Answers the status the order is back in (confirmed
 * when it was before it lapsed, else created).
 */
export async function reviveOrder(trx: Db, order: OrderRow, now: number): Promise<number> {
  const lines = await listLineStock(trx, order.id)
  const calendarIds = [...new Set(lines.map((l) => l.calendar_id))]

  const ga = lines.filter((l) => l.seat_id === null && l.standing_place_id === null)
  if (ga.length) {
    const sales = await salesOf(trx, calendarIds, now)
    const rows = await listPriceRows(trx, calendarIds)
    const capacities = new Map((await listCalendarStock(trx, calendarIds)).map((c) => [c.id, c.capacity]))
    for (const calendarId of calendarIds) {
      const mine = ga.filter((l) => l.calendar_id === calendarId)
      if (!mine.length) continue
      const s = sales.get(calendarId)!
      const calRows = rows.filter((r) => r.calendar_id === calendarId)
      const asked = mine.reduce((n, l) => n + l.quantity, 0)
      if (asked > capacityOf(capacities.get(calendarId) ?? null, calRows) - s.sold) throw new RefundNeeded('the tickets of the session are sold out')
      const byPrice = new Map<number, number>()
      for (const l of mine) byPrice.set(l.price_id, (byPrice.get(l.price_id) ?? 0) + l.quantity)
      for (const [priceId, n] of byPrice) {
        const stock = calRows.find((r) => r.id === priceId)?.quantity ?? 0
        if (n > stock - (s.byPrice.get(priceId) ?? 0)) throw new RefundNeeded('the tickets of this price are sold out')
      }
    }
  }

  const owner = { cartId: null, orderId: order.id, state: 'sold' as const, expiresAt: null }
  for (const calendarId of calendarIds) {
    const seats = lines.filter((l) => l.calendar_id === calendarId && l.seat_id !== null)
    if (seats.length) {
      // claimSeats only needs the seat id; the labels are for error texts we do not produce here.
      const places = seats.map((l) => ({ place: { kind: 'seat', key: String(l.seat_id), id: l.seat_id!, zoneId: null, sector: '', row: '', seat: '' } as SeatPlace, priceId: l.price_id }))
      const taken = await claimSeats(trx, calendarId, places, owner, now)
      if (taken.length) throw new RefundNeeded(`${taken.length} seats were taken by other buyers`)
    }
    const stands = lines.filter((l) => l.calendar_id === calendarId && l.standing_place_id !== null)
    if (stands.length) {
      const want = new Map<number, { n: number; priceId: number }>()
      for (const l of stands) want.set(l.standing_place_id!, { n: (want.get(l.standing_place_id!)?.n ?? 0) + l.quantity, priceId: l.price_id })
      const others = await standingTaken(trx, calendarId, [...want.keys()], now, null)
      const caps = await standingCapacity(trx, [...want.keys()])
      for (const [placeId, w] of want) {
        const capacity = caps.get(placeId) ?? 0
        if (w.n > capacity - (others.get(placeId) ?? 0)) throw new RefundNeeded('the standing places are sold out')
        await holdStanding(trx, calendarId, placeId, w.priceId, w.n, owner, now)
      }
    }
  }

  const bySubscription = new Map<number, number>()
  for (const l of lines) if (l.crm_subscription_id !== null) bySubscription.set(l.crm_subscription_id, (bySubscription.get(l.crm_subscription_id) ?? 0) + l.quantity)
  for (const [id, n] of bySubscription) {
    if (!(await takeSubscriptionTickets(trx, id, n))) throw new RefundNeeded('the subscription has no tickets left')
  }

  const status = order.confirmed_at !== null ? ORDER_STATUS_CONFIRMED : ORDER_STATUS_CREATED
  await reopenOrder(trx, order.id, status)
  return status
}
