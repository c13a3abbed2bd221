import type { EventSales, SalesCounts, SessionSales } from '../../contract/admin/sales'
import type { Db } from '../db/connect'
import { ApiFailure } from '../errors'

/** Order status of a cancelled order (its tickets are free again). */
const ORDER_STATUS_CANCELLED = 90

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
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * Sales of one session (issue 17 item 4), read from the same rows the storefront writes: order
 * lines of paid orders are sold (returned tickets left out), lines of unpaid orders still within
 * their reserve time and live cart holds on the map are held; a seat-map session's capacity per
 * zone is the drawing's seats and standing places there, a general-admission one's the price
 * rows' quantities. Cost: a handful of grouped queries per session.
 */
export async function sessionSales(db: Db, calendarId: number, now: number): Promise<SessionSales> {
  const cal = await db.selectFrom('calendars').selectAll().where('id', '=', calendarId).executeTakeFirst()
  if (!cal) throw new ApiFailure('admin-not-found', { what: 'session', id: calendarId })
  const prices = await db.selectFrom('prices').select(['zone_id', 'quantity']).where('calendar_id', '=', calendarId).where('for_subscription', '=', 0).execute()
  const pricedZones = new Set(prices.map((p) => p.zone_id))

  const capacityByZone = new Map<number | null, number>()
  let blocked = 0
  if (cal.drawing_id !== null) {
    const seats = await db.selectFrom('seats').select(['zone_id', (eb) => eb.fn.countAll<number>().as('n')]).where('drawing_id', '=', cal.drawing_id).groupBy('zone_id').execute()
    const standing = await db.selectFrom('standing_places').select(['zone_id', (eb) => eb.fn.sum<number>('capacity').as('n')]).where('drawing_id', '=', cal.drawing_id).groupBy('zone_id').execute()
    for (const r of [...seats, ...standing]) {
      const n = Number(r.n)
      if (r.zone_id === null || !pricedZones.has(r.zone_id)) blocked += n
      else capacityByZone.set(r.zone_id, (capacityByZone.get(r.zone_id) ?? 0) + n)
    }
  } else {
    for (const p of prices) capacityByZone.set(p.zone_id, (capacityByZone.get(p.zone_id) ?? 0) + p.quantity)
  }

  const lines = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.zone_id', 'l.client_category_id', 'l.quantity', 'l.cost', 'l.return_status', 'o.paid', 'o.status', 'o.reserve_until', 'o.paid_at'])
    .where('l.calendar_id', '=', calendarId)
    .execute()
  const cartHolds = await db
    .selectFrom('seat_holds as h')
    .innerJoin('seats as s', 's.id', 'h.seat_id')
    .select(['s.zone_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('h.calendar_id', '=', calendarId)
    .where('h.state', '=', 'cart')
    .where('h.released_at', 'is', null)
    .where('h.expires_at', '>', now)
    .groupBy('s.zone_id')
    .execute()

  const zones = new Map<number | null, SalesCounts>()
  const zoneOf = (id: number | null) => {
    let z = zones.get(id)
    if (!z) zones.set(id, (z = { ...zero(), capacity: capacityByZone.get(id) ?? 0 }))
    return z
  }
  for (const id of capacityByZone.keys()) zoneOf(id)
  const categories = new Map<number, { sold: number; revenue: number }>()
  const overTime = new Map<string, { sold: number; revenue: number }>()
  for (const l of lines) {
    if (l.status === ORDER_STATUS_CANCELLED) continue
    const z = zoneOf(l.zone_id)
    if (l.paid === 1) {
      if (l.return_status !== 0) continue
      z.sold += l.quantity
      z.revenue += l.cost
      const c = categories.get(l.client_category_id) ?? { sold: 0, revenue: 0 }
      c.sold += l.quantity
      c.revenue += l.cost
      categories.set(l.client_category_id, c)
      const day = utcDay(l.paid_at ?? now)
      const t = overTime.get(day) ?? { sold: 0, revenue: 0 }
      t.sold += l.quantity
      t.revenue += l.cost
      overTime.set(day, t)
    } else if (l.reserve_until > now) {
      z.held += l.quantity
    }
  }
  for (const h of cartHolds) zoneOf(h.zone_id).held += Number(h.n)
  let totals = { ...zero(), blocked }
  for (const z of zones.values()) {
    z.free = Math.max(0, z.capacity - z.sold - z.held)
    totals = add(totals, z)
  }

  const zoneIds = [...zones.keys()].filter((z): z is number => z !== null)
  const zoneRows = zoneIds.length ? await db.selectFrom('zones').select(['id', 'color', 'sortnum', 'name_ru', 'name_en', 'name_kz', 'name_ch']).where('id', 'in', zoneIds).execute() : []
  const zoneById = new Map(zoneRows.map((z) => [z.id, z]))
  const catIds = [...categories.keys()]
  const catRows = catIds.length ? await db.selectFrom('client_categories').select(['id', 'name_ru', 'name_en', 'name_kz', 'name_ch']).where('id', 'in', catIds).execute() : []
  const catById = new Map(catRows.map((c) => [c.id, c]))
  const names = (r: Names | undefined): Names => (r ? { name_ru: r.name_ru, name_en: r.name_en, name_kz: r.name_kz, name_ch: r.name_ch } : NO_ZONE_NAMES)

  return {
    calendar_id: cal.id,
    day: cal.day,
    time: cal.time,
    totals,
    zones: [...zones.entries()]
      .map(([id, c]) => ({ zone_id: id, color: zoneById.get(id ?? -1)?.color ?? '#888888', ...names(zoneById.get(id ?? -1)), ...c, sort: zoneById.get(id ?? -1)?.sortnum ?? Infinity }))
      .sort((a, b) => a.sort - b.sort)
      .map(({ sort: _s, ...z }) => z),
    categories: [...categories.entries()].map(([id, c]) => ({ category_id: id, ...names(catById.get(id)), ...c })),
    over_time: [...overTime.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, t]) => ({ day, ...t })),
  }
}

/** Sales of an event: each session's and their sums. */
export async function eventSales(db: Db, eventId: number, now: number): Promise<EventSales> {
  const event = await db.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst()
  if (!event) throw new ApiFailure('admin-not-found', { what: 'event', id: eventId })
  const cals = await db.selectFrom('calendars').select('id').where('event_id', '=', eventId).orderBy('starts_at').orderBy('id').execute()
  const sessions: SessionSales[] = []
  for (const c of cals) sessions.push(await sessionSales(db, c.id, now))
  let totals = zero()
  const categories = new Map<number, EventSales['categories'][number]>()
  const overTime = new Map<string, { sold: number; revenue: number }>()
  for (const s of sessions) {
    totals = add(totals, s.totals)
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
    over_time: [...overTime.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, t]) => ({ day, ...t })),
    sessions,
  }
}

/** Orders, newest first, optionally of one event or session. */
export async function listOrders(db: Db, q: { event_id?: number; calendar_id?: number; limit: number }, now: number) {
  let ids = db.selectFrom('order_lines').select('order_id').distinct()
  if (q.event_id !== undefined) ids = ids.where('event_id', '=', q.event_id)
  if (q.calendar_id !== undefined) ids = ids.where('calendar_id', '=', q.calendar_id)
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select(['o.id', 'o.ord_num', 'o.hash', 'o.status', 'o.paid', 'o.total', 'o.fio', 'o.surname', 'o.name', 'o.email', 'o.phone', 'o.reserve_until', 'o.created_at', 'o.paid_at', (eb) => eb.fn.sum<number>('l.quantity').as('tickets')])
    .where('o.id', 'in', ids)
    .groupBy(['o.id', 'o.ord_num', 'o.hash', 'o.status', 'o.paid', 'o.total', 'o.fio', 'o.surname', 'o.name', 'o.email', 'o.phone', 'o.reserve_until', 'o.created_at', 'o.paid_at'])
    .orderBy('o.id', 'desc')
    .limit(q.limit)
    .execute()
  return rows.map((o) => ({
    id: o.id,
    ord_num: o.ord_num,
    hash: o.hash,
    state: (o.paid === 1 ? 'paid' : o.status === ORDER_STATUS_CANCELLED ? 'cancelled' : o.reserve_until <= now ? 'expired' : 'reserved') as 'paid' | 'reserved' | 'cancelled' | 'expired',
    total: o.total,
    fio: o.fio || [o.surname, o.name].filter(Boolean).join(' '),
    email: o.email,
    phone: o.phone,
    tickets: Number(o.tickets),
    created_at: o.created_at,
    paid_at: o.paid_at,
  }))
}
