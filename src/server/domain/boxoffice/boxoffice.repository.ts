import { randomBytes } from 'node:crypto'
import type { PayKind } from '../../../contract/admin/boxoffice'
import type { Db } from '../../db/connect'
import { DESK_PROTOCOL } from '../../payments/desk'

/**
 * The box office's queries (issue 19.1): its payment types, desk payments, the sale mark that
 * reports read, and the tickets it reseats. Orders and their lines are written by the order
 * module (orders/order.repository.ts); this file only marks and moves what that wrote.
 */

/** Desk types sort after every shop type (seeds and reports pick the first type by sortnum). */
const DESK_SORTNUM = 1000
const DESK_NAMES: Record<PayKind, [string, string, string, string]> = {
  cash: ['Касса: наличные', 'Box office: cash', 'Касса: қолма-қол', '售票處：現金'],
  card: ['Касса: карта на кассе', 'Box office: card at the desk', 'Касса: кассадағы карта', '售票處：櫃檯刷卡'],
  comp: ['Касса: пригласительный', 'Box office: complimentary', 'Касса: шақыру билеті', '售票處：招待票'],
}
const kindOf = (k: PayKind) => `DESK_${k.toUpperCase()}`
/** Random bytes of a desk payment's public id (same width as the shop's: payments.public_id is unique). */
const PUBLIC_ID_BYTES = 16

/**
 * The payment type of a desk payment kind, made on first use (inactive: never offered to
 * buyers; listActivePaymentTypes skips it). Two processes making it at once may both insert:
 * the lowest id is used by everyone afterwards, the other row is never referenced.
 */
export async function deskPaymentTypeId(db: Db, kind: PayKind): Promise<number> {
  const find = () => db.selectFrom('payment_types').select('id').where('protocol_type', '=', DESK_PROTOCOL).where('protocol_kind', '=', kindOf(kind)).orderBy('id').executeTakeFirst()
  const have = await find()
  if (have) return have.id
  const [ru, en, kz, ch] = DESK_NAMES[kind]
  await db
    .insertInto('payment_types')
    .values({ protocol_type: DESK_PROTOCOL, protocol_kind: kindOf(kind), sortnum: DESK_SORTNUM, active: 0, name_ru: ru, name_en: en, name_kz: kz, name_ch: ch, descript_ru: '', descript_en: '', descript_kz: '', descript_ch: '' })
    .execute()
  return (await find())!.id
}

/** A payment taken at the desk: written paid at once (the money is in the operator's hand). */
export async function insertDeskPayment(trx: Db, p: { orderId: number; typeId: number; amount: number; now: number }): Promise<void> {
  await trx
    .insertInto('payments')
    .values({ order_id: p.orderId, payment_type_id: p.typeId, amount: p.amount, status: 'paid', provider_ref: DESK_PROTOCOL, public_id: randomBytes(PUBLIC_ID_BYTES).toString('base64url'), verify_code: null, created_at: p.now, updated_at: p.now })
    .execute()
}

export async function insertBoxOfficeSale(trx: Db, s: { orderId: number; operatorId: number | null; actor: string; payKind: PayKind; now: number }): Promise<void> {
  await trx.insertInto('box_office_sales').values({ order_id: s.orderId, operator_id: s.operatorId, actor: s.actor, pay_kind: s.payKind, created_at: s.now }).execute()
}

/** How orders were sold at the box office (order id → pay kind); orders not listed were sold by the shop. */
export async function boxOfficeKinds(db: Db, orderIds: readonly number[]): Promise<Map<number, PayKind>> {
  if (orderIds.length === 0) return new Map()
  const rows = await db.selectFrom('box_office_sales').select(['order_id', 'pay_kind']).where('order_id', 'in', [...orderIds]).execute()
  return new Map(rows.map((r) => [r.order_id, r.pay_kind as PayKind]))
}

/** A ticket line with what a reseat checks: its order's state, its seat, price and session map. */
export function findLineForReseat(db: Db, lineId: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .select(['l.id', 'l.order_id', 'l.calendar_id', 'l.seat_id', 'l.price_id', 'l.client_category_id', 'l.price', 'l.service_fee', 'l.return_status', 'o.hash', 'o.paid', 'o.status', 'o.use_pushkin_card', 'c.drawing_id', 'c.accessible_hold', 'c.accessible_release'])
    .where('l.id', '=', lineId)
    .executeTakeFirst()
}
export type ReseatLine = NonNullable<Awaited<ReturnType<typeof findLineForReseat>>>

/** Moves a line to its new seat and price row (same money); answers whether it was still on the old seat. */
export async function moveLine(trx: Db, line: { id: number; fromSeatId: number }, to: { seatId: number; priceId: number; zoneId: number | null }): Promise<boolean> {
  const res = await trx.updateTable('order_lines').set({ seat_id: to.seatId, price_id: to.priceId, zone_id: to.zoneId }).where('id', '=', line.id).where('seat_id', '=', line.fromSeatId).executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/**
 * Stamps a ticket's change after sale. The door's incremental sync sends again every ticket with
 * a change since its cursor (redemption/sync.repository.ts), so a reseated or refunded ticket
 * reaches phones that synced before.
 */
export async function insertLineChange(trx: Db, c: { lineId: number; orderId: number; calendarId: number; kind: 'reseat' | 'refund'; fromSeatId: number | null; toSeatId: number | null; actor: string; at: number }): Promise<void> {
  await trx.insertInto('order_line_changes').values({ order_line_id: c.lineId, order_id: c.orderId, calendar_id: c.calendarId, kind: c.kind, from_seat_id: c.fromSeatId, to_seat_id: c.toSeatId, actor: c.actor, at: c.at }).execute()
}

/** An order's ticket changes (reseats, refunds), oldest first, for its history. */
export function listLineChanges(db: Db, orderId: number) {
  return db.selectFrom('order_line_changes').select(['order_line_id', 'kind', 'from_seat_id', 'to_seat_id', 'actor', 'at']).where('order_id', '=', orderId).orderBy('id').execute()
}
