import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { RETURN_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED_FINAL, RETURN_STATUS_NOT_CONFIRMED, RETURN_STATUS_RETURNABLE } from '../../../contract/constants'
import type { Lang } from '../../../contract/lang'
import type { PaymentsTable } from '../../db/payments.table'
import { WENT_THROUGH_STATUSES } from '../orders/constants'
import { isPostgresDb, type Db } from '../../db/connect'
import { DEFAULT_RETURN_CLOSE_MINUTES, MS_PER_MIN, REQUEST_STATUS_EXPIRED, REQUEST_STATUS_LATE, type WithdrawnStatus } from './constants'
import type { PayingPayment } from './policy'
import { inTicketOrder } from '../orders/ticket-order.repository'

/**
 * The returns' repository: the return page's queries (the order's ticket lines with their
 * return state and deadline, reasons, consent), return requests and their lines, and refunds.
 */

/**
 * The return deadline rule, its one home: the epoch ms after which a ticket line can no longer
 * be returned, its session's start minus its event's rule (event_return_rules.close_minutes,
 * DEFAULT_RETURN_CLOSE_MINUTES without one). An SQL expression over the query's calendars and
 * return-rules columns, so the sweep judges it in the database (withdrawLateRequests) and every
 * read that shows or checks a deadline selects it from these same words (as `deadline`),
 * never recomputing it apart. The minutes are multiplied as bigint: PostgreSQL's integer
 * product overflows past 35,791 minutes (a rule of 25 days).
 */
function returnDeadlineSql(startsAt: 'c.starts_at', closeMinutes: 'r.close_minutes' | 'er.close_minutes'): RawBuilder<number> {
  return sql<number>`(${sql.ref(startsAt)} - coalesce(${sql.ref(closeMinutes)}, ${sql.lit(DEFAULT_RETURN_CLOSE_MINUTES)}) * cast(${sql.lit(MS_PER_MIN)} as bigint))`
}

/**
 * Whether a line's return deadline (selected as `deadline`: listReturnLines, listRequestLines)
 * has passed at `now`: it may no longer be asked for, nor its request confirmed. The deadline
 * itself counts as passed, as in withdrawLateRequests' `deadline <= now`.
 */
export function pastReturnDeadline(line: { deadline: number | string }, now: number): boolean {
  return Number(line.deadline) <= now
}

/** Ticket lines of an order with what the return page shows (its seat or standing place included) and the return deadline, in the tickets' order (orders/ticket-order.repository.ts), the order view's. */
export function listReturnLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .innerJoin('client_categories as cc', 'cc.id', 'l.client_category_id')
    .leftJoin('zones as z', 'z.id', 'l.zone_id')
    .leftJoin('event_return_rules as r', 'r.event_id', 'l.event_id')
    .leftJoin('seats as s', 's.id', 'l.seat_id')
    .leftJoin('sectors as sec', 'sec.id', 's.sector_id')
    .leftJoin('standing_places as sp', 'sp.id', 'l.standing_place_id')
    .select([
      'l.id', 'l.event_id', 'l.calendar_id', 'l.seat_id', 'l.standing_place_id', 'l.quantity', 'l.cost', 'l.price', 'l.return_status', 'l.refunded_amount',
      'sec.name as sector_name', 's.row_label', 's.number_label', 'sp.name as stand_name',
      'l.person_surname', 'l.person_name', 'l.person_middle_name',
      'e.name_ru as action_ru', 'e.name_en as action_en', 'e.name_kz as action_kz', 'e.name_ch as action_ch',
      'cc.name_ru', 'cc.name_en', 'cc.name_kz', 'cc.name_ch',
      'z.name_ru as zone_ru', 'z.name_en as zone_en', 'z.name_kz as zone_kz', 'z.name_ch as zone_ch',
      'c.day', 'c.time', returnDeadlineSql('c.starts_at', 'r.close_minutes').as('deadline'),
    ])
    .where('l.order_id', '=', orderId)
    .$call(inTicketOrder)
    .execute()
}
export type ReturnLineRow = Awaited<ReturnType<typeof listReturnLines>>[number]

/**
 * A request still waiting for its confirmation (60). The status is a literal, not a bound
 * parameter, so SQLite uses the partial index return_requests_waiting (migration
 * 2026_12_01_19_rw1_01), which it matches only as written.
 */
const waiting = (column: 'status' | 'r.status') => sql<SqlBool>`${sql.ref(column)} = ${sql.lit(RETURN_STATUS_NOT_CONFIRMED)}`

/** The reason of the newest request of each line (null when none). */
export async function reasonsByLine(db: Db, lineIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  if (lineIds.length === 0) return out
  const rows = await db
    .selectFrom('return_request_lines as rl')
    .innerJoin('return_requests as r', 'r.id', 'rl.return_request_id')
    .select(['rl.order_line_id', 'r.reason_id'])
    .where('rl.order_line_id', 'in', [...lineIds])
    .orderBy('r.id')
    .execute()
  for (const r of rows) out.set(r.order_line_id, r.reason_id)
  return out
}

export function listReasons(db: Db) {
  return db.selectFrom('return_reasons').selectAll().orderBy('sortnum').orderBy('id').execute()
}

/** The consent text of the return form: the return-scope agreement in the language (its first one). */
export async function consentText(db: Db, lang: Lang): Promise<string> {
  const row = await db.selectFrom('checkbox_lists').selectAll().where('scope', '=', 'return').orderBy('sortnum').orderBy('id').executeTakeFirst()
  if (!row) return ''
  return row[`name_${lang}`] || row.name_en || row.name_ru
}

/**
 * Requests whose link expired unused (of one order, or of all when `orderId` is null) become
 * REQUEST_STATUS_EXPIRED and their lines returnable again (status 0), so the buyer can ask
 * again. Conditional on status 60 so a concurrent confirm and this never both win. Answers
 * how many it expired. Two statements: give it a transaction (the sweep does).
 */
export async function expireStaleRequests(db: Db, orderId: number | null, now: number): Promise<number> {
  let query = db.updateTable('return_requests').set({ status: REQUEST_STATUS_EXPIRED }).where(waiting('status')).where('expires_at', '<=', now)
  if (orderId !== null) query = query.where('order_id', '=', orderId)
  const stale = await query.returning('id').execute()
  await reopenRequestLines(db, stale.map((s) => s.id))
  return stale.length
}

/**
 * Requests still waiting for their confirmation (of one order, or of all when `orderId` is null)
 * with a line past its return deadline at `now` (returnDeadlineSql, judged here in the database)
 * become REQUEST_STATUS_LATE and their lines returnable again: such a request can never be
 * confirmed. Conditional on status 60, as expireStaleRequests. Answers how many it withdrew.
 * Two statements: give it a transaction (the sweep does).
 */
export async function withdrawLateRequests(db: Db, orderId: number | null, now: number): Promise<number> {
  let query = db
    .updateTable('return_requests')
    .set({ status: REQUEST_STATUS_LATE })
    .where(waiting('status'))
    // Correlated per waiting request: its few lines by the return_request_lines key, not every request line ever made.
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('return_request_lines as rl')
          .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
          .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
          .leftJoin('event_return_rules as er', 'er.event_id', 'l.event_id')
          .select('rl.order_line_id')
          .whereRef('rl.return_request_id', '=', 'return_requests.id')
          .where(returnDeadlineSql('c.starts_at', 'er.close_minutes'), '<=', now),
      ),
    )
  if (orderId !== null) query = query.where('order_id', '=', orderId)
  const late = await query.returning('id').execute()
  await reopenRequestLines(db, late.map((r) => r.id))
  return late.length
}

/**
 * The lines of requests this call just ended unconfirmed are returnable again (60 → 0). Those
 * requests held their lines at 60 until now, so no other request holds any of them.
 */
async function reopenRequestLines(db: Db, requestIds: readonly number[]): Promise<void> {
  if (requestIds.length === 0) return
  const lines = db.selectFrom('return_request_lines').select('order_line_id').where('return_request_id', 'in', [...requestIds])
  await db.updateTable('order_lines').set({ return_status: RETURN_STATUS_RETURNABLE }).where('id', 'in', lines).where('return_status', '=', RETURN_STATUS_NOT_CONFIRMED).execute()
}

/** A reason id when it exists; undefined otherwise. */
export function findReturnReason(db: Db, id: number) {
  return db.selectFrom('return_reasons').select('id').where('id', '=', id).executeTakeFirst()
}

/** Marks lines of an order requested (60), only those still returnable (0); answers how many changed. */
export async function markLinesRequested(trx: Db, orderId: number, lineIds: readonly number[]): Promise<number> {
  const res = await trx
    .updateTable('order_lines')
    .set({ return_status: RETURN_STATUS_NOT_CONFIRMED })
    .where('id', 'in', [...lineIds])
    .where('order_id', '=', orderId)
    .where('return_status', '=', RETURN_STATUS_RETURNABLE)
    .executeTakeFirst()
  return Number(res.numUpdatedRows)
}

/** Writes a return request (status 60) and its lines; answers its id. */
export async function insertReturnRequest(trx: Db, request: { orderId: number; reasonId: number; hashConf: string; now: number; expiresAt: number }, lineIds: readonly number[]): Promise<number> {
  const { id } = await trx
    .insertInto('return_requests')
    .values({ order_id: request.orderId, reason_id: request.reasonId, hash_conf: request.hashConf, status: RETURN_STATUS_NOT_CONFIRMED, consent_at: request.now, created_at: request.now, expires_at: request.expiresAt, confirmed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx.insertInto('return_request_lines').values(lineIds.map((lineId) => ({ return_request_id: id, order_line_id: lineId }))).execute()
  return id
}

/**
 * Withdraws an unconfirmed request that can never be confirmed, as `status`: REQUEST_STATUS_EXPIRED
 * when its mail could not be sent, REQUEST_STATUS_LATE when its return deadline passed (the
 * return page tells its link's visitor which), REQUEST_STATUS_USED when a ticket of it was
 * admitted at the door, REQUEST_STATUS_REFUNDED when order care refunded some of its tickets.
 * Its lines are returnable again. The lines change only when this call withdrew the request (still 60): a request already ended may have lines
 * that a newer request holds at 60 now, and those stay as they are. True when it withdrew it.
 */
export async function withdrawReturnRequest(trx: Db, requestId: number, lineIds: readonly number[], status: WithdrawnStatus): Promise<boolean> {
  const res = await trx.updateTable('return_requests').set({ status }).where('id', '=', requestId).where('status', '=', RETURN_STATUS_NOT_CONFIRMED).executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return false
  await trx.updateTable('order_lines').set({ return_status: RETURN_STATUS_RETURNABLE }).where('id', 'in', [...lineIds]).where('return_status', '=', RETURN_STATUS_NOT_CONFIRMED).execute()
  return true
}

/**
 * Which of the given ticket lines have been admitted at the door: a counted valid entry
 * (ticket_redemptions direction 'in', result 'valid', counted 1: an entry that stands in the
 * ticket's history, redemption/service.ts replay; a later exit does not undo it). Such a ticket is
 * not returned online (create.ts, confirm.ts); order care may still refund it. Ascending ids.
 */
export async function usedLineIds(db: Db, lineIds: readonly number[]): Promise<number[]> {
  if (lineIds.length === 0) return []
  const rows = await db
    .selectFrom('ticket_redemptions')
    .select('order_line_id')
    .distinct()
    .where('order_line_id', 'in', [...lineIds])
    .where('counted', '=', 1)
    .where('direction', '=', 'in')
    .where('result', '=', 'valid')
    .execute()
  return rows.map((r) => Number(r.order_line_id)).sort((a, b) => a - b)
}

/**
 * Locks ticket lines for the rest of the transaction, in id order, as a door scan locks its
 * ticket (redemption/repository.ts lockTicket): a scan and a return of one ticket then decide one
 * after the other, so the return reads the scan's entry or the scan reads the ticket returned.
 * PostgreSQL: SELECT … FOR UPDATE. SQLite: nothing more, its one writer is held already by the
 * order's lock (orders/order.repository.ts lockOrder) the callers take first.
 */
export async function lockReturnLines(trx: Db, lineIds: readonly number[]): Promise<void> {
  if (lineIds.length === 0 || !isPostgresDb(trx)) return
  await trx.selectFrom('order_lines').select('id').where('id', 'in', [...lineIds]).orderBy('id').forUpdate().execute()
}

/**
 * Requests still waiting for their confirmation (60) that hold any of the given lines; answers
 * each with all its lines.
 */
export async function waitingRequestsOfLines(db: Db, lineIds: readonly number[]): Promise<{ id: number; lineIds: number[] }[]> {
  if (lineIds.length === 0) return []
  const rows = await db
    .selectFrom('return_request_lines as rl')
    .innerJoin('return_requests as r', 'r.id', 'rl.return_request_id')
    .select(['r.id', 'rl.order_line_id'])
    .where(waiting('r.status'))
    .where('r.id', 'in', (eb) => eb.selectFrom('return_request_lines').select('return_request_id').where('order_line_id', 'in', [...lineIds]))
    .orderBy('r.id')
    .orderBy('rl.order_line_id')
    .execute()
  const out = new Map<number, number[]>()
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.order_line_id])
  return [...out].map(([id, ids]) => ({ id, lineIds: ids }))
}

/** The lines of a request with their return deadline. */
export function listRequestLines(db: Db, requestId: number) {
  return db
    .selectFrom('return_request_lines as rl')
    .innerJoin('order_lines as l', 'l.id', 'rl.order_line_id')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .leftJoin('event_return_rules as r', 'r.event_id', 'l.event_id')
    .select(['l.id', returnDeadlineSql('c.starts_at', 'r.close_minutes').as('deadline')])
    .where('rl.return_request_id', '=', requestId)
    .orderBy('l.id')
    .execute()
}

/** The request of an order (by the order's hash) with the stored form of its hash_conf; undefined when none. */
export function findReturnRequest(db: Db, hash: string, storedConf: string) {
  return db
    .selectFrom('return_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.order_id', 'r.status', 'r.expires_at'])
    .where('r.hash_conf', '=', storedConf)
    .where('o.hash', '=', hash)
    .executeTakeFirst()
}
export type ReturnRequestRow = NonNullable<Awaited<ReturnType<typeof findReturnRequest>>>

/** A request's status and expiry as they are now. */
export function findRequestState(db: Db, requestId: number) {
  return db.selectFrom('return_requests').select(['status', 'expires_at']).where('id', '=', requestId).executeTakeFirstOrThrow()
}

/**
 * Confirms a request (60 → 70) with a conditional UPDATE (still 60, not expired at `now`):
 * true only for the one caller that changed it.
 */
export async function claimReturnRequest(trx: Db, requestId: number, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('return_requests')
    .set({ status: RETURN_STATUS_CONFIRMED, confirmed_at: now })
    .where('id', '=', requestId)
    .where('status', '=', RETURN_STATUS_NOT_CONFIRMED)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(res.numUpdatedRows) === 1
}

/** Marks a request's lines returned (60 → 70); answers the lines changed with what they took from sale. */
export function confirmRequestLines(trx: Db, requestId: number) {
  const lineIds = trx.selectFrom('return_request_lines').select('order_line_id').where('return_request_id', '=', requestId)
  return trx
    .updateTable('order_lines')
    .set({ return_status: RETURN_STATUS_CONFIRMED })
    .where('id', 'in', lineIds)
    .where('return_status', '=', RETURN_STATUS_NOT_CONFIRMED)
    .returning(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'quantity', 'cost'])
    .execute()
}

/**
 * The newest payment of an order with one of `statuses`, joined to its payment type: the one
 * query of findPaidPayment (the payment a refund is taken from: paid only) and findPayingPayment
 * (the payment that paid: refunded in full too), each selecting what it needs. They differ in the
 * statuses on purpose: once the newest payment is refunded in full nothing is left to refund of it,
 * yet it still says how the order was paid.
 */
function newestPayment(db: Db, orderId: number, statuses: readonly PaymentsTable['status'][]) {
  return db
    .selectFrom('payments as p')
    .innerJoin('payment_types as t', 't.id', 'p.payment_type_id')
    .where('p.order_id', '=', orderId)
    .where('p.status', 'in', [...statuses])
    .orderBy('p.id', 'desc')
}

/**
 * The order's paid payment (its newest still paid), its provider type, what was refunded of it so
 * far (`refunded`, sent back) and what its returns kept back for bonuses (`withheld`, refunds.bonus_withheld); null when none.
 */
export type PaidPayment = NonNullable<Awaited<ReturnType<typeof findPaidPayment>>>

export async function findPaidPayment(trx: Db, orderId: number) {
  const p = await newestPayment(trx, orderId, ['paid']).select(['p.id', 'p.public_id', 'p.amount', 't.protocol_type']).executeTakeFirst()
  if (!p) return null
  const r = await trx
    .selectFrom('refunds')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('n'), eb.fn.coalesce(eb.fn.sum<number>('bonus_withheld'), eb.val(0)).as('w')])
    .where('payment_id', '=', p.id)
    .executeTakeFirstOrThrow()
  return { ...p, refunded: Number(r.n), withheld: Number(r.w) }
}

/**
 * What a payment has left for returns to share (minor units): its amount less what its refunds
 * sent back and kept back for bonuses, so money kept back once is not given back by a later
 * return. 0 with no paid payment.
 */
export function paymentLeft(payment: Pick<PaidPayment, 'amount' | 'refunded' | 'withheld'> | null): number {
  return payment ? Number(payment.amount) - payment.refunded - payment.withheld : 0
}

/**
 * The payment that paid an order: its newest that went through (WENT_THROUGH_STATUSES: paid or
 * refunded; refunded in full it is still what paid), with its payment type's protocol; null when
 * none did. Fed to returns/policy.ts, which holds the same rule over rows already read
 * (payingPaymentOf, the order view's).
 */
export function findPayingPayment(db: Db, orderId: number): Promise<PayingPayment> {
  return newestPayment(db, orderId, WENT_THROUGH_STATUSES)
    .select('t.protocol_type')
    .executeTakeFirst()
    .then((p) => p ?? null)
}

/** A paid payment refunded in full. */
export async function markPaymentRefunded(db: Db, paymentId: number, now: number): Promise<void> {
  await db.updateTable('payments').set({ status: 'refunded', updated_at: now }).where('id', '=', paymentId).where('status', '=', 'paid').execute()
}

/** A confirmed request (70) whose money went out becomes final (80). */
export async function finishReturnRequest(db: Db, requestId: number): Promise<void> {
  await db.updateTable('return_requests').set({ status: RETURN_STATUS_CONFIRMED_FINAL }).where('id', '=', requestId).where('status', '=', RETURN_STATUS_CONFIRMED).execute()
}
