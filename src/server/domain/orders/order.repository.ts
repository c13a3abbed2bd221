import { randomBytes, randomInt } from 'node:crypto'
import { sql, type Insertable, type SqlBool } from 'kysely'
import { ORDER_STATUS_CANCELLED, ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import { isPostgresDb, type Db } from '../../db/connect'
import { prepared, preparedByShape, rowMarkers, rowParams } from '../../db/prepared'
import { ORDER_HASH_BYTES, ORDER_NUMBER_BASE, TICKET_CODE_DIGITS, TICKET_HASH_BYTES } from './constants'
import type { OrderLinesTable } from '../../db/orders.table'
import type { OrderDraft } from './draft'
import { inTicketOrder } from './ticket-order.repository'

/**
 * The order's repository: the one writer of `orders` and `order_lines` (insertOrder), the
 * readers of an order and what hangs off it (lines, services, discount; its payments and refunds:
 * order-payments.repository.ts), and its lock.
 */

const newHash = (bytes: number) => randomBytes(bytes).toString('base64url')
const newTicketCode = () => Array.from({ length: TICKET_CODE_DIGITS }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('')

/**
 * Writes an order draft's order row and its number (ORDER_NUMBER_BASE + id); its lines follow
 * with insertOrderLines once the stock is claimed (claim.ts), so an order that loses a race
 * writes as little as possible before it rolls back. A free order (every price 0) is paid at
 * once and never expires (draft.paidAtOnce), unless its caller pays it itself, as the box office
 * does. Returns the new order's id and public hash.
 *
 * On PostgreSQL one statement: the id is drawn from the identity's sequence in a CTE (a volatile
 * CTE runs once) and both columns take it. SQLite has no sequence to draw from first, so it writes
 * a unique placeholder number and sets the real one once the id is known (one writer at a time,
 * in-process: the second statement costs no round trip there). In a rush each statement of the
 * claim transaction is a round trip held under the seats' row locks.
 */
export async function insertOrder(trx: Db, draft: OrderDraft): Promise<{ id: number; hash: string }> {
  const hash = newHash(ORDER_HASH_BYTES)
  const values = orderValues(draft, hash)
  if (isPostgresDb(trx)) {
    const { id } = await insertOrderOnPg.firstOrThrow(trx, values)
    return { id, hash }
  }
  // Unique placeholder until the id is known (ORDER_NUMBER_BASE + id, below).
  const { id } = await trx.insertInto('orders').values({ ...values, ord_num: -randomInt(1, 2 ** 31 - 1) }).returning('id').executeTakeFirstOrThrow()
  await trx.updateTable('orders').set({ ord_num: ORDER_NUMBER_BASE + id }).where('id', '=', id).execute()
  return { id, hash }
}

/** PostgreSQL draws the order's id first, so its number is written with the row: one prepared statement. */
const insertOrderOnPg = prepared((db, p: OrderValues) => {
  const drawn = sql<number>`(select id from next_order)`
  const values = Object.fromEntries(ORDER_COLUMNS.map((c) => [c, p[c]])) as OrderValues
  return db
    .with('next_order', (d) => d.selectNoFrom(sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))::integer`.as('id')))
    .insertInto('orders')
    .values({ ...values, id: drawn, ord_num: sql<number>`${drawn} + ${ORDER_NUMBER_BASE}` })
    .returning('id')
})
type OrderValues = ReturnType<typeof orderValues>

/** orderValues' columns, every one (the type refuses a column missing or extra): the prepared insert's list. */
const ORDER_COLUMN_SET: Record<keyof OrderValues, true> = {
  hash: true, session_id: true, crm_client_id: true, crm_subscription_id: true, status: true, lang: true,
  fio: true, surname: true, name: true, patronymic: true, phone: true, email: true, referrer: true,
  paid: true, paid_at: true, use_pushkin_card: true, usereturn: true, total: true, service_total: true,
  reserve_until: true, created_at: true, confirmed_at: true,
}
const ORDER_COLUMNS = Object.keys(ORDER_COLUMN_SET) as (keyof OrderValues)[]

/** The order row's columns from its draft, all but its number. */
function orderValues(draft: OrderDraft, hash: string) {
  const free = draft.paidAtOnce
  return {
    hash,
    session_id: draft.sessionId,
    crm_client_id: draft.crmClientId,
    crm_subscription_id: draft.subscriptionId,
    status: draft.status,
    lang: draft.lang,
    fio: draft.fio,
    surname: draft.surname,
    name: draft.name,
    patronymic: draft.patronymic,
    phone: draft.phone,
    email: draft.email,
    referrer: draft.referrer,
    paid: free ? 1 : 0,
    paid_at: free ? draft.createdAt : null,
    use_pushkin_card: draft.giftCard ? 1 : 0,
    // No returns of its own: setup's app.order_return decides (returns/policy.ts). The column's
    // default (1) would grant them to every order and leave that setting without effect.
    usereturn: 0,
    total: draft.total,
    service_total: draft.serviceTotal,
    reserve_until: draft.reserveUntil,
    created_at: draft.createdAt,
    confirmed_at: draft.status === ORDER_STATUS_CONFIRMED ? draft.createdAt : null,
  }
}

/**
 * Writes the lines of an order draft: one order_lines row per ticket (named-ticket data, returns
 * and ticket codes are per ticket), each with its own ticket hash and code.
 */
export async function insertOrderLines(trx: Db, orderId: number, draft: OrderDraft): Promise<void> {
  const rows = draft.lines.flatMap((l) =>
    // Typed here so that a column written but missing from LINE_COLUMN_SET fails to compile.
    Array.from({ length: l.quantity }, (): LineValues => ({
      order_id: orderId,
      event_id: l.eventId,
      calendar_id: l.calendarId,
      price_id: l.priceId,
      client_category_id: l.clientCategoryId,
      zone_id: l.zoneId,
      crm_subscription_id: draft.subscriptionId,
      seat_id: l.seatId,
      standing_place_id: l.standingPlaceId,
      quantity: 1,
      price: l.price,
      service_fee: l.fee,
      cost: l.price + l.fee,
      ticket_hash: newHash(TICKET_HASH_BYTES),
      ticket_code: newTicketCode(),
    })),
  )
  if (rows.length) await insertLines(rows.length).rows(trx, rowParams(rows, LINE_COLUMNS))
}
type LineValues = Required<Pick<Insertable<OrderLinesTable>, keyof typeof LINE_COLUMN_SET>>

/** The columns insertOrderLines writes: the prepared insert's list. */
const LINE_COLUMN_SET = {
  order_id: true, event_id: true, calendar_id: true, price_id: true, client_category_id: true, zone_id: true,
  crm_subscription_id: true, seat_id: true, standing_place_id: true, quantity: true, price: true,
  service_fee: true, cost: true, ticket_hash: true, ticket_code: true,
} satisfies Partial<Record<keyof OrderLinesTable, true>>
const LINE_COLUMNS = Object.keys(LINE_COLUMN_SET)

/** The lines' insert, prepared per ticket count (an order's tickets are capped). */
const insertLines = preparedByShape((count: number) => (db, p: object) =>
  db.insertInto('order_lines').values(rowMarkers(p, LINE_COLUMNS, count) as Insertable<OrderLinesTable>[]),
)

/**
 * Conditional decrement: takes `n` tickets off a subscription only when it still has them;
 * refuses otherwise (-9998). Runs in the order's claim transaction, so a refusal rolls the
 * order and its claims back; expireOrders gives the tickets back when the order lapses.
 */
export async function takeSubscriptionTickets(trx: Db, subscriptionId: number, n: number): Promise<boolean> {
  const res = await trx
    .updateTable('crm_subscriptions')
    .set((eb) => ({ quant: eb('quant', '-', n) }))
    .where('id', '=', subscriptionId)
    .where('quant', '>=', n)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** Gives `n` tickets back to a subscription (its order was cancelled, or its tickets returned). */
export async function returnSubscriptionTickets(db: Db, subscriptionId: number, n: number): Promise<void> {
  await db.updateTable('crm_subscriptions').set((eb) => ({ quant: eb('quant', '+', n) })).where('id', '=', subscriptionId).execute()
}

/**
 * Tickets per subscription used by the given orders (to give back when they are cancelled) or by
 * the given ticket lines (returned).
 */
export function subscriptionTicketsOf(db: Db, of: { orderIds: readonly number[] } | { lineIds: readonly number[] }) {
  return db
    .selectFrom('order_lines')
    .select(['crm_subscription_id', sql<number>`sum(quantity)`.as('n')])
    .$call((q) => ('orderIds' in of ? q.where('order_id', 'in', [...of.orderIds]) : q.where('id', 'in', [...of.lineIds])))
    .where('crm_subscription_id', 'is not', null)
    .groupBy('crm_subscription_id')
    .execute()
}

/** An order by its public hash; undefined when unknown. */
export function findOrderByHash(db: Db, hash: string) {
  return db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirst()
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrderByHash>>>

/**
 * Locks an order row for the rest of the transaction, so two calls changing one order (offers,
 * discounts, payment) run one after the other: SELECT … FOR UPDATE on PostgreSQL; on SQLite the
 * transactions of the process already run one at a time and each holds the write lock from its
 * BEGIN IMMEDIATE (db/sqlite-immediate.ts), so the no-op UPDATE kept here (which took that lock
 * before) changes nothing. Answers the row as it is under the lock.
 */
export async function lockOrder(trx: Db, hash: string): Promise<OrderRow | undefined> {
  if (isPostgresDb(trx)) return orderLockedByHash.first(trx, { hash })
  await trx.updateTable('orders').set((eb) => ({ paid: eb.ref('paid') })).where('hash', '=', hash).execute()
  return findOrderByHash(trx, hash)
}

/** Every payment and bank callback locks its order (PostgreSQL): prepared. */
const orderLockedByHash = prepared((db, p: { hash: string }) => db.selectFrom('orders').selectAll().where('hash', '=', p.hash).forUpdate())

/**
 * Unpaid and not cancelled, as SQL on an orders row: what may still expire. It is the predicate of
 * the index of pending orders by reserve end (migration 2026_11_29_18_sl1_04), written with
 * literals so that SQLite, which matches a partial index's terms as written, uses it too.
 */
export const pendingOrder = sql<SqlBool>`(paid = 0 and status <> ${sql.lit(ORDER_STATUS_CANCELLED)})`

/**
 * Cancels unpaid orders past their reserve time (status 90), with a conditional UPDATE (still
 * unpaid, not cancelled, past reserve_until) so concurrent callers never cancel one twice or
 * cancel a paid order; `calendarIds` limits it to orders with lines in those sessions. Answers
 * the ids it cancelled.
 */
export async function cancelExpiredOrders(db: Db, now: number, calendarIds?: readonly number[]): Promise<number[]> {
  let query = db
    .updateTable('orders')
    .set({ status: ORDER_STATUS_CANCELLED, cancelled_at: now })
    .where(pendingOrder)
    .where('reserve_until', '<=', now)
  if (calendarIds) {
    const ids = [...calendarIds]
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('order_lines as l').select('l.id').whereRef('l.order_id', '=', 'orders.id').where('l.calendar_id', 'in', ids)),
    )
  }
  return (await query.returning('id').execute()).map((r) => r.id)
}

/** Cancels those of `orderIds` that are unpaid and past their reserve time (the same conditional UPDATE); answers the ids cancelled. */
export async function cancelExpiredOrdersById(db: Db, now: number, orderIds: readonly number[]): Promise<number[]> {
  const cancelled = await db
    .updateTable('orders')
    .set({ status: ORDER_STATUS_CANCELLED, cancelled_at: now })
    .where(pendingOrder)
    .where('reserve_until', '<=', now)
    .where('id', 'in', [...orderIds])
    .returning('id')
    .execute()
  return cancelled.map((r) => r.id)
}

/** Confirms an order (status 20) at `now`: its named-ticket data is complete. */
export async function confirmOrder(trx: Db, orderId: number, now: number): Promise<void> {
  await trx.updateTable('orders').set({ status: ORDER_STATUS_CONFIRMED, confirmed_at: now }).where('id', '=', orderId).execute()
}

/**
 * Marks an unpaid order paid at `now`; answers false when it was paid already (whoever calls it, it
 * happens once) or is cancelled: a cancelled order is paid only once revived (payments/revive.ts
 * reopens it first), never as it stands (a desk sale's order cancelled meanwhile, boxoffice/sell.ts).
 */
export async function markOrderPaidOnce(trx: Db, orderId: number, now: number): Promise<boolean> {
  const res = await trx.updateTable('orders').set({ paid: 1, paid_at: now }).where('id', '=', orderId).where('paid', '=', 0).where('status', '<>', ORDER_STATUS_CANCELLED).executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** Takes a cancelled order back to `status` (a late payment took its tickets again). */
export async function reopenOrder(trx: Db, orderId: number, status: number): Promise<void> {
  await trx.updateTable('orders').set({ status, cancelled_at: null }).where('id', '=', orderId).execute()
}

/**
 * An order's sessions, how many of its lines are numbered seats and how many are not (general
 * admission, standing places), and how many of its sessions were cancelled (calendars.cancelled_at:
 * a payment for it is refunded, payments/settle.ts).
 */
export async function orderPlaces(db: Db, orderId: number): Promise<{ calendarIds: number[]; seatLines: number; otherLines: number; cancelledSessions: number }> {
  const rows = await orderPlacesBySession.rows(db, { orderId })
  return {
    calendarIds: rows.map((r) => r.calendar_id),
    seatLines: rows.reduce((n, r) => n + Number(r.seats), 0),
    otherLines: rows.reduce((n, r) => n + Number(r.others), 0),
    cancelledSessions: rows.filter((r) => r.cancelled !== null).length,
  }
}

const orderPlacesBySession = prepared((db, p: { orderId: number }) =>
  db
    .selectFrom('order_lines as l')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .select(['l.calendar_id', sql<number>`sum(case when l.seat_id is null then 0 else 1 end)`.as('seats'), sql<number>`sum(case when l.seat_id is null then 1 else 0 end)`.as('others'), sql<number | string | null>`max(c.cancelled_at)`.as('cancelled')])
    .where('l.order_id', '=', p.orderId)
    .groupBy('l.calendar_id')
    .orderBy('l.calendar_id'),
)

/** An order's lines with what their tickets take: session, price, place and subscription. */
export function listLineStock(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines')
    .select(['id', 'calendar_id', 'price_id', 'seat_id', 'standing_place_id', 'quantity', 'crm_subscription_id'])
    .where('order_id', '=', orderId)
    .execute()
}

/** The order hash of a ticket (by its ticket hash) and the line's id; undefined when unknown. */
export function findTicketOrder(db: Db, ticketHash: string) {
  return db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select(['l.id', 'o.hash']).where('l.ticket_hash', '=', ticketHash).executeTakeFirst()
}

/** Each ticket line of an order with its event (what a service may be added to). */
export function listLineEvents(db: Db, orderId: number) {
  return db.selectFrom('order_lines').select(['id', 'event_id']).where('order_id', '=', orderId).execute()
}

/** Ticket lines of an order with every text the view shows, in the tickets' order (ticket-order.repository.ts: the session starting first first). */
export function listTicketLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .leftJoin('venues as v', (j) => j.on((eb) => eb('v.id', '=', eb.fn.coalesce('c.venue_id', 'e.venue_id'))))
    .innerJoin('client_categories as cc', 'cc.id', 'l.client_category_id')
    .leftJoin('zones as z', 'z.id', 'l.zone_id')
    .leftJoin('seats as s', 's.id', 'l.seat_id')
    .leftJoin('sectors as sec', 'sec.id', 's.sector_id')
    .leftJoin('standing_places as sp', 'sp.id', 'l.standing_place_id')
    .select([
      'l.id', 'l.event_id', 'l.calendar_id', 'l.quantity', 'l.price', 'l.service_fee', 'l.cost', 'l.ticket_hash', 'l.ticket_code', 'l.tickettype',
      'l.person_surname', 'l.person_name', 'l.person_middle_name', 'l.return_status', 'l.seat_id', 'l.standing_place_id', 'l.client_category_id',
      'e.name_ru as action_ru', 'e.name_en as action_en', 'e.name_kz as action_kz', 'e.name_ch as action_ch', 'e.age_from',
      'c.day', 'c.time',
      'v.name_ru as seatroot_ru', 'v.name_en as seatroot_en', 'v.name_kz as seatroot_kz', 'v.name_ch as seatroot_ch',
      'v.address_ru', 'v.address_en', 'v.address_kz', 'v.address_ch',
      'cc.name_ru as category_ru', 'cc.name_en as category_en', 'cc.name_kz as category_kz', 'cc.name_ch as category_ch',
      'z.name_ru as zonelevel_ru', 'z.name_en as zonelevel_en', 'z.name_kz as zonelevel_kz', 'z.name_ch as zonelevel_ch',
      'sec.name as sector_name', 's.row_label', 's.number_label', 'sp.name as stand_name',
    ])
    .where('l.order_id', '=', orderId)
    .$call(inTicketOrder)
    .execute()
}
export type TicketLineRow = Awaited<ReturnType<typeof listTicketLines>>[number]

/** Services (special offers) added to an order, with their texts. */
export function listOrderServices(db: Db, orderId: number) {
  return db
    .selectFrom('order_services as os')
    .innerJoin('services as s', 's.id', 'os.service_id')
    .leftJoin('order_lines as l', 'l.id', 'os.order_line_id')
    .select(['os.id', 'os.order_line_id', 'os.service_id', 'os.cost', 's.package_id', 's.limit_per_order', 'l.event_id', 's.name_ru', 's.name_en', 's.name_kz', 's.name_ch'])
    .where('os.order_id', '=', orderId)
    .orderBy('os.id')
    .execute()
}
export type OrderServiceRow = Awaited<ReturnType<typeof listOrderServices>>[number]

/** Adds services (special offers) to an order. */
export async function insertOrderServices(trx: Db, rows: readonly { order_id: number; order_line_id: number; service_id: number; cost: number; created_at: number }[]): Promise<void> {
  if (rows.length) await trx.insertInto('order_services').values([...rows]).execute()
}

/** Removes one added service of an order; false when the order has no such service. */
export async function deleteOrderService(trx: Db, orderId: number, id: number): Promise<boolean> {
  const res = await trx.deleteFrom('order_services').where('id', '=', id).where('order_id', '=', orderId).executeTakeFirst()
  return Number(res.numDeletedRows) === 1
}

/** Active services that may be added to lines of the given events (event_id null = every event). */
export function listOfferableServices(db: Db, eventIds: readonly number[]) {
  if (eventIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('services')
    .selectAll()
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('event_id', 'is', null), eb('event_id', 'in', [...eventIds])]))
    .orderBy('sortnum')
    .orderBy('id')
    .execute()
}
export type ServiceRow = Awaited<ReturnType<typeof listOfferableServices>>[number]


/** The loyalty card of a CRM client, if it has one. */
export function findClientCard(db: Db, crmClientId: number | null) {
  if (crmClientId === null) return Promise.resolve(undefined)
  return db.selectFrom('loyalty_cards').selectAll().where('crm_client_id', '=', crmClientId).orderBy('id').executeTakeFirst()
}
export type LoyaltyCardRow = NonNullable<Awaited<ReturnType<typeof findClientCard>>>

/**
 * Ends an unpaid order's reservation now (an operator cancels it, issue 19.2): the expiry
 * (expiry.ts) then cancels it as any order past its time, so its places go back on sale the
 * same way. Answers whether the order was unpaid and still reserved.
 */
export async function endReservation(trx: Db, orderId: number, now: number): Promise<boolean> {
  return (await endReservations(trx, [orderId], now)) > 0
}

/**
 * endReservation for a set of orders in one UPDATE (a cancelled session's unpaid orders, a chunk
 * at a time: admin/catalogue/session-cancel.ts): those still unpaid and not cancelled. Answers how
 * many it ended.
 */
export async function endReservations(db: Db, orderIds: readonly number[], now: number): Promise<number> {
  if (orderIds.length === 0) return 0
  const r = await db.updateTable('orders').set({ reserve_until: now }).where('id', 'in', [...orderIds]).where('paid', '=', 0).where('status', '<>', ORDER_STATUS_CANCELLED).executeTakeFirst()
  return Number(r.numUpdatedRows)
}
