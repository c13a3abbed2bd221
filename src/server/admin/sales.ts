import { ORDER_STATUS_CANCELLED } from '../../contract/constants'
import { SALES_CHANNELS, type ChannelSales, type EventSales, type SalesCounts, type SessionSales } from '../../contract/admin/sales'
import type { Db } from '../db/connect'
import { capacityOf, salesOf, sessionLeft } from '../domain/inventory/stock'
import { isReturned, revenueLineShares, sessionPaidAmounts } from '../domain/orders/money'
import { lineServiceCosts } from '../domain/orders/money.repository'
import { promoPercents } from '../domain/orders/promo-percent.repository'
import { venueDay } from '../venue-time'
import { ApiFailure } from '../errors'
import { orderSummaries } from './order-summary'
import { blockedPerZone, categoriesById, eventCalendars, findCalendar, findEvent, liveCartHoldsPerZone, ordersOf, placesPerZoneOf, regularPrices, sessionOrderLines, zonesById } from './sales.repository'

type Names = { name_ru: string; name_en: string; name_kz: string; name_ch: string }
const NO_ZONE_NAMES: Names = { name_ru: 'Без зоны', name_en: 'No zone', name_kz: 'Аймақсыз', name_ch: '無區域' }
const zero = (): SalesCounts => ({ capacity: 0, sold: 0, held: 0, free: 0, blocked: 0, revenue: 0 })
const add = (a: SalesCounts, b: SalesCounts): SalesCounts => ({
  capacity: a.capacity + b.capacity,
  sold: a.sold + b.sold,
  held: a.held + b.held,
  free: a.free + b.free,
  blocked: a.blocked + b.blocked,
  revenue: a.revenue + b.revenue,
})

/** How the box office was paid for a sold line (null: the shop sold it). */
interface SoldLine {
  pay_kind: string | null
}
/** A ticket given at the box office: sold, and brings 0 (its desk payment is 0). */
const isComplimentary = (l: SoldLine): boolean => l.pay_kind === 'comp'
const channelOf = (l: SoldLine): ChannelSales['channel'] => (l.pay_kind === null ? 'shop' : 'boxoffice')
/** Channels in report order, present even when empty so the screen's table keeps its rows. */
const emptyChannels = () => new Map<ChannelSales['channel'], ChannelSales>(SALES_CHANNELS.map((channel) => [channel, { channel, sold: 0, complimentary: 0, revenue: 0 }]))

type OrderLine = Awaited<ReturnType<typeof sessionOrderLines>>[number]

/**
 * Kept: sold and not given back. A ticket whose return is only requested (60) still holds its
 * place and its money, as the stock rule counts it (orders/money.ts isReturned).
 */
const isKept = (l: OrderLine): boolean => l.paid === 1 && l.status !== ORDER_STATUS_CANCELLED && !isReturned(l.return_status)

/** Returned: sold, then given back by a confirmed return or a refund (its order not cancelled). */
const isGivenBack = (l: OrderLine): boolean => l.paid === 1 && l.status !== ORDER_STATUS_CANCELLED && isReturned(l.return_status)

/**
 * What each line of `orderLines` (sessionOrderLines of session `calendarId`) brought in, line id →
 * minor units: its order's paid amount split over the order's kept lines by what each was
 * charged, its own percent promo part off, with the offers attached to it (the weight a return
 * refunds by); once none of an order's tickets is kept, what it still holds (kept back for spent
 * bonuses) over its returned lines instead (orders/money.ts revenueLineShares). The one rule of
 * the Sales screen's revenue and of its export's paid column. Three grouped reads of the session.
 */
export async function sessionLineShares(db: Db, calendarId: number, orderLines: readonly OrderLine[]): Promise<Map<number, number>> {
  const [services, percents] = await Promise.all([lineServiceCosts(db, { calendarId }), promoPercents(db, { calendarId })])
  const weighed = (l: OrderLine) => ({ id: l.id, order_id: l.order_id, cost: Number(l.cost), price: Number(l.price), quantity: Number(l.quantity), services: services.get(l.id) ?? 0 })
  const orders = new Map(orderLines.map((l) => [l.order_id, { id: l.order_id, paid: l.paid }]))
  return revenueLineShares(orderLines.filter(isKept).map(weighed), orderLines.filter(isGivenBack).map(weighed), await sessionPaidAmounts(db, calendarId, [...orders.values()]), percents)
}

/**
 * Sales of one session (issue 17 item 4), read from the same rows the storefront writes: order
 * lines of paid orders are sold (tickets whose return is confirmed left out), lines of unpaid
 * orders still within their reserve time and live cart holds on the map are held; a seat-map
 * session's capacity per zone is the drawing's seats and standing places there, a
 * general-admission one's the price rows' quantities, capped by the session's own stock as the
 * storefront caps it (inventory/stock.ts capacityOf, sessionLeft): price rows of one session share
 * calendars.capacity, and its free is what the storefront shows left. A session without a price
 * row for single tickets (priceless) has nothing on sale: its places are blocked, a seat-map
 * one's drawing places and a general-admission one's capacity alike, and its capacity and free
 * are 0; places off sale are rows of their own (a seat-map zone without a price row, a priceless
 * general-admission session's capacity under no zone), so the rows add up to the totals and the
 * event's totals, the sums of its sessions', to what the screen lists. A cancelled session sells nothing: its capacity and free are 0. A sold line's revenue is its share of
 * what its order paid (sessionLineShares: payments less refunds, split over the order's kept
 * lines by what each was charged with their offers), so promo codes and bonuses are off it, a ticket's
 * offers are on it, complimentary counter tickets bring 0, and the lines of an order add up to
 * its paid_amount in the order list. It is also split by channel (shop, box office). Cost: a handful of grouped queries per session.
 */
export async function sessionSales(db: Db, calendarId: number, now: number): Promise<SessionSales> {
  const cal = await findCalendar(db, calendarId)
  if (!cal) throw new ApiFailure('admin-not-found', { what: 'session', id: calendarId })
  const prices = await regularPrices(db, calendarId)
  const pricedZones = new Set(prices.map((p) => p.zone_id))

  const capacityByZone = new Map<number | null, number>()
  /**
   * Places off sale, per zone: a seat-map session's in a zone with no price row (or none), a
   * general-admission session's capacity when it has no price row (priceless, no zone). Each is
   * a row of its own, blocked, so the session's rows add up to its totals.
   */
  const offSaleByZone = new Map<number | null, number>()
  const priceless = prices.length === 0
  if (cal.drawing_id !== null) {
    for (const r of await placesPerZoneOf(db, cal.drawing_id)) {
      const n = Number(r.n)
      if (r.zone_id === null || !pricedZones.has(r.zone_id)) offSaleByZone.set(r.zone_id, (offSaleByZone.get(r.zone_id) ?? 0) + n)
      else capacityByZone.set(r.zone_id, (capacityByZone.get(r.zone_id) ?? 0) + n)
    }
  } else if (priceless) {
    // Counted for sale before (its capacity, none of it free): the event's capacity took it, its free did not.
    const n = capacityOf(cal.capacity, prices)
    if (n > 0) offSaleByZone.set(null, n)
  } else {
    for (const p of prices) capacityByZone.set(p.zone_id, (capacityByZone.get(p.zone_id) ?? 0) + p.quantity)
  }

  const orderLines = await sessionOrderLines(db, calendarId)
  const shares = await sessionLineShares(db, calendarId, orderLines)
  const lines = orderLines.filter((l) => l.calendar_id === calendarId)
  const cartHolds = await liveCartHoldsPerZone(db, calendarId, now)

  const zones = new Map<number | null, SalesCounts>()
  const zoneOf = (id: number | null) => {
    let z = zones.get(id)
    if (!z) zones.set(id, (z = { ...zero(), capacity: capacityByZone.get(id) ?? 0 }))
    return z
  }
  for (const id of capacityByZone.keys()) zoneOf(id)
  for (const [id, n] of offSaleByZone) zoneOf(id).blocked += n
  const categories = new Map<number, { sold: number; revenue: number }>()
  const channels = emptyChannels()
  const overTime = new Map<string, { sold: number; revenue: number }>()
  for (const l of lines) {
    if (l.status === ORDER_STATUS_CANCELLED) continue
    const z = zoneOf(l.zone_id)
    if (l.paid === 1) {
      const revenue = shares.get(l.id) ?? 0
      // A returned ticket is free again (not kept, not sold); it brings only what its order's
      // returns kept back for spent bonuses once none of the order's tickets is kept (sessionLineShares).
      const sold = isKept(l) ? l.quantity : 0
      if (sold === 0 && revenue === 0) continue
      z.sold += sold
      z.revenue += revenue
      const c = categories.get(l.client_category_id) ?? { sold: 0, revenue: 0 }
      c.sold += sold
      c.revenue += revenue
      categories.set(l.client_category_id, c)
      const ch = channels.get(channelOf(l))!
      ch.sold += sold
      ch.revenue += revenue
      if (sold > 0 && isComplimentary(l)) ch.complimentary += l.quantity
      // The venue's day: a sale after midnight there belongs to the new day, as the venue's staff count it.
      const day = venueDay(l.paid_at ?? now)
      const t = overTime.get(day) ?? { sold: 0, revenue: 0 }
      t.sold += sold
      t.revenue += revenue
      overTime.set(day, t)
    } else if (l.reserve_until > now) {
      z.held += l.quantity
    }
  }
  for (const h of cartHolds) zoneOf(h.zone_id).held += Number(h.n)
  // Seats blocked for this session are off sale: out of their priced zone's capacity, into blocked.
  for (const b of cal.drawing_id === null ? [] : await blockedPerZone(db, calendarId)) {
    const n = Number(b.n)
    if (b.zone_id === null || !pricedZones.has(b.zone_id)) continue
    const z = zoneOf(b.zone_id)
    z.capacity -= n
    z.blocked += n
  }
  let totals = zero()
  for (const z of zones.values()) {
    z.free = Math.max(0, z.capacity - z.sold - z.held)
    totals = add(totals, z)
  }
  if (cal.drawing_id === null && !priceless) {
    const sales = (await salesOf(db, [calendarId], now)).get(calendarId)!
    totals = capToSession(totals, zones.values(), capacityOf(cal.capacity, prices), sessionLeft(cal.capacity, prices, sales))
  }
  const cancelled = cal.cancelled_at !== null
  if (cancelled) for (const c of [totals, ...zones.values()]) Object.assign(c, { capacity: 0, free: 0 })

  const zoneIds = [...zones.keys()].filter((z): z is number => z !== null)
  const zoneRows = zoneIds.length ? await zonesById(db, zoneIds) : []
  const zoneById = new Map(zoneRows.map((z) => [z.id, z]))
  const catIds = [...categories.keys()]
  const catRows = catIds.length ? await categoriesById(db, catIds) : []
  const catById = new Map(catRows.map((c) => [c.id, c]))
  const names = (r: Names | undefined): Names => (r ? { name_ru: r.name_ru, name_en: r.name_en, name_kz: r.name_kz, name_ch: r.name_ch } : NO_ZONE_NAMES)

  return {
    calendar_id: cal.id,
    day: cal.day,
    time: cal.time,
    cancelled,
    totals,
    zones: [...zones.entries()]
      .map(([id, c]) => ({ zone_id: id, color: zoneById.get(id ?? -1)?.color ?? '#888888', ...names(zoneById.get(id ?? -1)), ...c, priced: id !== null && pricedZones.has(id), sort: zoneById.get(id ?? -1)?.sortnum ?? Infinity }))
      .sort((a, b) => a.sort - b.sort)
      .map(({ sort: _s, ...z }) => z),
    categories: [...categories.entries()].map(([id, c]) => ({ category_id: id, ...names(catById.get(id)), ...c })),
    channels: [...channels.values()],
    over_time: [...overTime.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, t]) => ({ day, ...t })),
  }
}

/**
 * A general-admission session's counts under its own stock (calendars.capacity, else the sum of
 * its price rows): the storefront sells at most that many over all rows, so the session's
 * capacity is it; its free is `left`, what the storefront shows and sells (inventory/stock.ts
 * sessionLeft: below capacity less sold and held when the rows cannot sell that many); a zone
 * keeps at most that much capacity and free. Changes `zones` in place and answers the totals.
 */
function capToSession(totals: SalesCounts, zones: Iterable<SalesCounts>, sessionCapacity: number, left: number): SalesCounts {
  for (const z of zones) {
    z.capacity = Math.min(z.capacity, sessionCapacity)
    z.free = Math.min(z.free, left)
  }
  return { ...totals, capacity: sessionCapacity, free: left }
}

/** Sales of an event: each session's and their sums. */
export async function eventSales(db: Db, eventId: number, now: number): Promise<EventSales> {
  const event = await findEvent(db, eventId)
  if (!event) throw new ApiFailure('admin-not-found', { what: 'event', id: eventId })
  const cals = await eventCalendars(db, eventId)
  const sessions: SessionSales[] = []
  for (const c of cals) sessions.push(await sessionSales(db, c.id, now))
  let totals = zero()
  const categories = new Map<number, EventSales['categories'][number]>()
  const channels = emptyChannels()
  const overTime = new Map<string, { sold: number; revenue: number }>()
  for (const s of sessions) {
    totals = add(totals, s.totals)
    for (const c of s.channels) {
      const ch = channels.get(c.channel)!
      ch.sold += c.sold
      ch.complimentary += c.complimentary
      ch.revenue += c.revenue
    }
    for (const c of s.categories) {
      const have = categories.get(c.category_id)
      categories.set(c.category_id, have ? { ...have, sold: have.sold + c.sold, revenue: have.revenue + c.revenue } : { ...c })
    }
    for (const p of s.over_time) {
      const t = overTime.get(p.day) ?? { sold: 0, revenue: 0 }
      overTime.set(p.day, { sold: t.sold + p.sold, revenue: t.revenue + p.revenue })
    }
  }
  return {
    event_id: eventId,
    totals,
    categories: [...categories.values()],
    channels: [...channels.values()],
    over_time: [...overTime.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, t]) => ({ day, ...t })),
    sessions,
  }
}

/** Orders, newest first, optionally of one event or session. */
export async function listOrders(db: Db, q: { event_id?: number; calendar_id?: number; limit: number }, now: number) {
  return orderSummaries(db, await ordersOf(db, q), now)
}
