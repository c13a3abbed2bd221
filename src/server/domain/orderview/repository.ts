import { isPostgresDb, type Db } from '../../db/connect'

/** Queries of the order view, its money and the calls that change an order. */

/** An order by its public hash; undefined when unknown. */
export function findOrderByHash(db: Db, hash: string) {
  return db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirst()
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrderByHash>>>

/**
 * Locks an order row for the rest of the transaction, so two calls changing one order (offers,
 * discounts, payment) run one after the other: SELECT … FOR UPDATE on PostgreSQL; on SQLite a
 * no-op UPDATE takes the write lock at once (transactions of the process already run one at a
 * time). Answers the row as it is under the lock.
 */
export async function lockOrder(trx: Db, hash: string): Promise<OrderRow | undefined> {
  if (isPostgresDb(trx)) return trx.selectFrom('orders').selectAll().where('hash', '=', hash).forUpdate().executeTakeFirst()
  await trx.updateTable('orders').set((eb) => ({ paid: eb.ref('paid') })).where('hash', '=', hash).execute()
  return findOrderByHash(trx, hash)
}

/** Ticket lines of an order with every text the view shows, in line order. */
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
      'l.person_surname', 'l.person_name', 'l.person_middle_name', 'l.return_status', 'l.seat_id', 'l.standing_place_id',
      'e.name_ru as action_ru', 'e.name_en as action_en', 'e.name_kz as action_kz', 'e.name_ch as action_ch', 'e.age_from',
      'c.day', 'c.time',
      'v.name_ru as seatroot_ru', 'v.name_en as seatroot_en', 'v.name_kz as seatroot_kz', 'v.name_ch as seatroot_ch',
      'v.address_ru', 'v.address_en', 'v.address_kz', 'v.address_ch',
      'cc.name_ru as category_ru', 'cc.name_en as category_en', 'cc.name_kz as category_kz', 'cc.name_ch as category_ch',
      'z.name_ru as zonelevel_ru', 'z.name_en as zonelevel_en', 'z.name_kz as zonelevel_kz', 'z.name_ch as zonelevel_ch',
      'sec.name as sector_name', 's.row_label', 's.number_label', 'sp.name as stand_name',
    ])
    .where('l.order_id', '=', orderId)
    .orderBy('l.calendar_id')
    .orderBy('l.id')
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

/** Cost of each service added to an order, minor units. */
export async function listServiceCosts(db: Db, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('order_services').select('cost').where('order_id', '=', orderId).orderBy('id').execute()
  return rows.map((r) => r.cost)
}

/** What each ticket line of an order costs (minor units, per ticket) and whether it was returned. */
export function listLineMoney(db: Db, orderId: number) {
  return db.selectFrom('order_lines').select(['price', 'service_fee', 'quantity', 'return_status']).where('order_id', '=', orderId).orderBy('id').execute()
}

/** Money given back on an order (returns and refused payments), minor units. */
export async function refundedTotal(db: Db, orderId: number): Promise<number> {
  const r = await db.selectFrom('refunds').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow()
  return Number(r.n)
}

/** The live (not released) discount of an order with its promo code, if any. */
export function findOrderDiscount(db: Db, orderId: number) {
  return db
    .selectFrom('order_discounts as d')
    .leftJoin('promo_codes as p', 'p.id', 'd.promo_code_id')
    .select(['d.order_id', 'd.loyalty_card_id', 'd.promo_code_id', 'd.bonuses_used', 'd.charged_bonus', 'd.discount', 'd.released_at', 'p.code as promo_code', 'p.discount_percent', 'p.discount_amount'])
    .where('d.order_id', '=', orderId)
    .executeTakeFirst()
}
export type OrderDiscountRow = NonNullable<Awaited<ReturnType<typeof findOrderDiscount>>>

/** Payments of an order, newest first. */
export function listPayments(db: Db, orderId: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('payment_types as t', 't.id', 'p.payment_type_id')
    .select(['p.id', 'p.payment_type_id', 'p.amount', 'p.status', 'p.public_id', 'p.verify_code', 'p.qr_url', 'p.created_at', 'p.updated_at', 't.protocol_type', 't.protocol_kind'])
    .where('p.order_id', '=', orderId)
    .orderBy('p.id', 'desc')
    .execute()
}
export type PaymentRow = Awaited<ReturnType<typeof listPayments>>[number]

/** The loyalty card of a CRM client, if it has one. */
export function findClientCard(db: Db, crmClientId: number | null) {
  if (crmClientId === null) return Promise.resolve(undefined)
  return db.selectFrom('loyalty_cards').selectAll().where('crm_client_id', '=', crmClientId).orderBy('id').executeTakeFirst()
}
export type LoyaltyCardRow = NonNullable<Awaited<ReturnType<typeof findClientCard>>>
