import { randomBytes } from 'node:crypto'
import { ORDER_STATUS_CANCELLED, ORDER_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED } from '../../src/contract/constants'
import type { Db } from '../../src/server/db/connect'

/** Order numbers of the orders written here: apart from the shop's own, which count up from the seed's. */
let ordNum = 700_000 + Math.floor(Math.random() * 100_000)

export interface OrderShape {
  paid: boolean
  status?: number
  /** Its one line's tickets returned (confirmed). */
  returned?: boolean
  quantity?: number
  lang?: string
  email?: string
}

/**
 * An order with one general-admission line of `quantity` tickets in `calendarId` (its first price
 * row), written straight into the tables as the shop leaves one: paid or within its reserve,
 * cancelled, or its tickets returned. For tests of what a session's sales mean to the console;
 * the shop's own order path has its tests.
 */
export async function writeOrder(db: Db, calendarId: number, o: OrderShape): Promise<{ id: number; hash: string; ordNum: number }> {
  const price = await db.selectFrom('prices').selectAll().where('calendar_id', '=', calendarId).orderBy('id').executeTakeFirstOrThrow()
  const { event_id: eventId } = await db.selectFrom('calendars').select('event_id').where('id', '=', calendarId).executeTakeFirstOrThrow()
  const hash = randomBytes(16).toString('hex')
  const now = Date.now()
  const num = ordNum++
  const { id } = await db
    .insertInto('orders')
    .values({ hash, ord_num: num, session_id: null, crm_client_id: null, crm_subscription_id: null, status: o.status ?? ORDER_STATUS_CONFIRMED, lang: o.lang ?? 'en', fio: 'Buyer', email: o.email ?? `buyer-${hash.slice(0, 6)}@example.org`, paid: o.paid ? 1 : 0, use_pushkin_card: 0, usereturn: 0, total: 1000, reserve_until: now + 900_000, created_at: now, confirmed_at: now, paid_at: o.paid ? now : null, cancelled_at: o.status === ORDER_STATUS_CANCELLED ? now : null })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('order_lines')
    .values({ order_id: id, event_id: eventId, calendar_id: calendarId, price_id: price.id, client_category_id: price.client_category_id, zone_id: price.zone_id, seat_id: null, standing_place_id: null, crm_subscription_id: null, quantity: o.quantity ?? 1, price: 1000, cost: 1000, ticket_hash: randomBytes(16).toString('hex'), ticket_code: randomBytes(8).toString('hex'), age: null, document_type_id: null, country_id: null, region_id: null, return_status: o.returned ? RETURN_STATUS_CONFIRMED : 0 })
    .execute()
  return { id, hash, ordNum: num }
}
