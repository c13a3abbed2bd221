import type { PayKind } from '../../../contract/admin/boxoffice'
import { ORDER_STATUS_CANCELLED } from '../../../contract/constants'
import { orderCreateRequestSchema, orderCreateSchemeRequestSchema } from '../../../contract/entities/order'
import type { Lang } from '../../../contract/lang'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { QueuedTicketMail } from '../../mail/ticket-mail'
import { markOrderPaid } from '../../payments/settle'
import { createOrder } from '../admission/create'
import { acceptEveryEmail } from '../buyer/email-domain'
import { orderCheckboxes } from '../events/checkboxes-cached'
import { orderMoney } from '../orders/money'
import type { PlacedOrder } from '../orders/claim'
import { clockGate, inGatedTransaction, type CommitGate } from '../orders/commit-gate'
import { endReservation, findOrderByHash, lockOrder, orderPlaces, type OrderRow } from '../orders/order.repository'
import { expireOrders } from '../orders/expiry'
import { lockCalendars } from '../inventory/stock.repository'
import { createSchemeOrder } from '../scheme/order'
import { orderOnCancelledSession } from '../sessions/cancelled.repository'
import { deskPaymentTypeId, insertBoxOfficeSale, insertDeskPayment } from './boxoffice.repository'

/** What the counter sells: seats of a session's map (the operator's cart) or general-admission lines. */
export interface BoxOfficeSale {
  hash: string
  payKind: PayKind
  fio: string
  phone: string
  email: string
  lang: Lang
  /** E-mail the tickets: queued with the payment (mail/ticket-mail.ts), when the order is confirmed; refused without an address. */
  sendMail?: boolean
  calendarId?: number
  tickets?: { seat_id: string; clientcategory_id: number; quantity: number }[]
  data?: unknown[]
}

export interface SaleContext {
  now: number
  reserveSeconds: number
  /** The operator's storefront session in this browser: its map cart holds become the order's (null: claimed now). */
  cartSessionId: string | null
  operatorId: number | null
  actor: string
  /** Written in the payment's transaction (the audit row), so the sale and its record commit together. */
  record: (trx: Db, order: { id: number; ord_num: number }, amount: number) => Promise<void>
  /**
   * The request's commit gate (orders/commit-gate.ts): a sale answered "busy" by the request's
   * deadline leaves no order. Both steps commit through it: once the order committed the deadline
   * stands aside, so the payment's answer goes out. Without one, CLAIM_COMMIT_BY_MS after `now`.
   */
  gate?: CommitGate
}

/**
 * A counter sale (issue 19.1), in two steps:
 *
 * 1. The order, through the shop's one order path: the seat-map planner (scheme/order.ts
 *    createSchemeOrder) or the general-admission planner (admission/create.ts createOrder), so
 *    prices, the per-order limit, the hold rules and the all-or-nothing claim are the shop's own.
 *    The buyer's agreements are ticked by the operator on the buyer's behalf (said at the desk).
 * 2. Payment at the desk, in one transaction under the sessions' and the order's locks, the order
 *    checked still live first (lockLiveOrder: an operator may cancel it, or its session, between
 *    the steps): a paid payment of the desk kind (cash, card at the desk; complimentary pays 0),
 *    the order paid and its places sold (payments/settle.ts markOrderPaid, the one place an
 *    order becomes paid), the sale marked as the box office's (reports), the audit row. A free order (maybefree, every price 0) goes
 *    the same way as a sale of 0: step 1 writes it unpaid (paysItself; the shop's path would
 *    write it paid at once), so it is never paid without its desk payment and audit row.
 *
 * If step 2 fails, for whatever reason (a refusal, or the database failing), the order is
 * cancelled through the reservation's end, so its places go back on sale at once rather than
 * when its reserve time runs out, and nothing of the sale stays. Answers the order, the amount
 * and its status: an event with named tickets leaves it unconfirmed (paid, holders not yet
 * known), as the shop leaves a free named order, until order care enters the holders
 * (care-handlers.ts).
 */
export async function sellAtBoxOffice(db: Db, sale: BoxOfficeSale, ctx: SaleContext): Promise<{ id: number; hash: string; ord_num: number; amount: number; status: number; ticketMail: QueuedTicketMail | null }> {
  // A walk-in buyer may give no e-mail (reached by phone, which stays required: a moved or
  // cancelled session's operator calls them, catalogue/session-buyers.ts no_email); asking to
  // mail the tickets to nobody is refused before any order is written, rather than ignored.
  if (sale.sendMail === true && sale.email.trim() === '') throw new ApiFailure('boxoffice-mail-no-email')
  const checkboxList = (await orderCheckboxes(db)).map((c) => ({ id: c.id, checked: 1 as const }))
  const buyer = { fio: sale.fio, phone: sale.phone, email: sale.email, re_email: sale.email, lang: sale.lang, checkboxList, USE_PUSHKIN_CARD: 0 as const }
  const invalid = (fields: string) => new ApiFailure('invalid-fields', { fields })
  // The shop's order path as the desk uses it: paid in step 2, the address spelled at the desk (no
  // DNS check) and optional (the shop's rules otherwise: name, phone, a well-formed address if any).
  const desk = { now: ctx.now, reserveSeconds: ctx.reserveSeconds, crmClientId: null, paysItself: true, gate: ctx.gate, checkEmail: acceptEveryEmail, emailOptional: true }
  let placed: PlacedOrder
  if (sale.tickets && sale.calendarId !== undefined) {
    const parsed = orderCreateSchemeRequestSchema.safeParse({ ...buyer, action_id: sale.hash, tickets: sale.tickets, calendarId: sale.calendarId })
    if (!parsed.success) throw invalid(parsed.error.issues.map((i) => i.path.join('.')).join(', '))
    // Seats the operator holds beside the sale (the next buyer's, chosen while this one was in flight) stay held.
    placed = await createSchemeOrder(db, parsed.data, { ...desk, sessionId: ctx.cartSessionId, keepCartRest: true })
  } else if (sale.data) {
    const parsed = orderCreateRequestSchema.safeParse({ ...buyer, hash: sale.hash, data: sale.data })
    if (!parsed.success) throw invalid(parsed.error.issues.map((i) => i.path.join('.')).join(', '))
    placed = await createOrder(db, parsed.data, { ...desk, sessionId: null })
  } else {
    throw new ApiFailure('boxoffice-nothing')
  }
  const { hash } = placed

  const typeId = await deskPaymentTypeId(db, sale.payKind)
  try {
    const { calendarIds } = await orderPlaces(db, (await findOrderByHash(db, hash))!.id)
    return await inGatedTransaction(db, ctx.gate ?? clockGate(ctx.now), async (trx) => {
      const order = await lockLiveOrder(trx, hash, calendarIds)
      const money = await orderMoney(trx, order)
      // A free order's payable is 0: it is recorded as the desk's sale of 0, like any other.
      const amount = sale.payKind === 'comp' ? 0 : money.payable
      await insertDeskPayment(trx, { orderId: order.id, typeId, amount, now: ctx.now })
      // An order just made whose hash only this call knows is paid by nobody else; should it be
      // (or be cancelled: markOrderPaid pays only a live order), the sale is refused (409) and the
      // desk's rows roll back, rather than a 500.
      const paid = await markOrderPaid(trx, order, amount, ctx.now, { mailTickets: sale.sendMail === true })
      if (!paid) throw new ApiFailure('order-paid')
      await insertBoxOfficeSale(trx, { orderId: order.id, operatorId: ctx.operatorId, actor: ctx.actor, payKind: sale.payKind, now: ctx.now })
      await ctx.record(trx, order, amount)
      return { id: order.id, hash, ord_num: order.ord_num, amount, status: order.status, ticketMail: paid.ticketMail }
    })
  } catch (err) {
    const order = await findOrderByHash(db, hash)
    if (order && (await endReservation(db, order.id, ctx.now))) await expireOrders(db, ctx.now)
    throw err
  }
}

/**
 * Step 2's order, locked and checked live, as the bank's settlement checks it (payments/settle.ts):
 * between the steps an operator may cancel the order's session (session-cancel.ts ends its unpaid
 * orders) or the order itself (order care), and a desk payment then made a paid order of a
 * cancelled session, or a paid order in status cancelled. Sessions first, then the order (the lock
 * order of claims and settlement): the session lock is the one the cancellation's mark takes, so
 * either this payment commits before the mark (the order is then sold, and the cancellation
 * refunds it) or it sees the mark. Expired orders of the sessions are cancelled under those locks
 * at the clock's time, not the request's start: a reservation that ran out meanwhile is free stock
 * by the one stock rule already, and its order is not paid as if it held its places.
 */
async function lockLiveOrder(trx: Db, hash: string, calendarIds: readonly number[]): Promise<OrderRow> {
  await lockCalendars(trx, calendarIds)
  await expireOrders(trx, Date.now(), calendarIds)
  const order = (await lockOrder(trx, hash))!
  if (order.paid === 1) throw new ApiFailure('order-paid')
  // Before the order's own status: a cancelled session's orders are cancelled after its mark commits.
  if (await orderOnCancelledSession(trx, order.id)) throw new ApiFailure('boxoffice-session-cancelled')
  if (order.status === ORDER_STATUS_CANCELLED) throw new ApiFailure('boxoffice-order-cancelled')
  return order
}
