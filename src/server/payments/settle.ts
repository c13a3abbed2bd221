import { CARD_SCHEME_FAILURE, CARD_SCHEME_PENDING, CARD_SCHEME_SUCCESS, ORDER_STATUS_CANCELLED } from '../../contract/constants'
import { isPostgresDb, type Db } from '../db/connect'
import { expireOrders } from '../domain/orders/expiry'
import { ALL_PLACES, SEATS_ONLY, sellOrderHolds, type HeldPlaces } from '../domain/inventory/holds.repository'
import { lockCalendars } from '../domain/inventory/stock.repository'
import { chargeBonuses } from '../domain/loyalty/service'
import { orderMoney } from '../domain/orders/money'
import { lockOrder, markOrderPaidOnce, orderPlaces, type OrderRow } from '../domain/orders/order.repository'
import { orderOnCancelledSession } from '../domain/sessions/cancelled.repository'
import { closeOpenPayment, findPayment, markPaymentVerifying, refundOpenPayment, type PaymentInfo } from './payment.repository'
import { REFUND_FIRST_ATTEMPT_LEASE_MS } from './refund-outbox'
import type { QueuedRefund } from './refund-outbox.repository'
import type { BankNotification } from './provider'
import { RefundNeeded, reviveOrder } from './revive'
import { CARD_SCHEME_KIND } from './types'
import type { PaidOrder } from '../mail/templates/sendOrderPaid'
import { queueTicketMail, type QueuedTicketMail } from '../mail/ticket-mail'

/** Attempts of a settlement that PostgreSQL aborted as a deadlock or serialization failure. */
const SETTLE_ATTEMPTS = 3

/** What a notification did: the first delivery changes the payment, repeats change nothing. */
export type SettleOutcome = 'paid' | 'refunded' | 'declined' | 'pending' | 'repeat' | 'unknown' | 'amount-mismatch'

/**
 * A settlement's outcome; when it paid the order, the tickets e-mail it queued in its
 * transaction (null: none is due, e.g. named tickets not confirmed yet) for the caller to give its
 * first attempt after the commit, and the order's row as it left it with the amount it checked
 * the order's money against, so that attempt reads neither again (mail/templates/sendOrderPaid.ts;
 * the row is absent when a revival changed its status).
 */
interface Settled {
  outcome: SettleOutcome
  ticketMail?: QueuedTicketMail | null
  paidOrder?: PaidOrder
  /** When it refunded the payment: the refund queued for the provider, for the caller to give its first attempt after the commit (refund-outbox.ts). */
  refund?: QueuedRefund
}

const settled = (outcome: SettleOutcome): Settled => ({ outcome })
/** What settling `p` paid: its order's row as markOrderPaid left it, at the payment's amount (checked equal), and its queued e-mail. */
const paidBy = (p: PaymentInfo, order: OrderRow, now: number, ticketMail: QueuedTicketMail | null): Settled => ({ outcome: 'paid', ticketMail, paidOrder: { order: { ...order, paid: 1, paid_at: now }, payable: p.amount } })

/** markOrderPaid's options. */
export interface MarkPaidOptions {
  /** The held places sold (ALL_PLACES by default). */
  places?: HeldPlaces
  /**
   * Whether the tickets e-mail is queued with the payment (true by default; the box office
   * only when the operator asks for it).
   */
  mailTickets?: boolean
}

/**
 * Marks an order paid and sells its held places. Conditional on paid = 0 and a status other than
 * cancelled, so it happens once whoever calls it, and never to a cancelled order (null when it was
 * paid already or is cancelled: a settlement revives a lapsed order before it pays it). Charges the loyalty bonuses of the purchase,
 * and queues the order's tickets e-mail in the same transaction (mail/ticket-mail.ts: it commits
 * with the payment or not at all; one INSERT, when the order is confirmed and has an address).
 * `order`: the row as the caller locked it, with its status as the transaction leaves it.
 * Answers how many seat holds it sold and the queued e-mail (null: none), whose first attempt is
 * the caller's to start after the commit (mail/templates/sendOrderPaid.ts startTicketMail).
 */
export async function markOrderPaid(trx: Db, order: OrderRow, amountPaid: number, now: number, opts: MarkPaidOptions = {}): Promise<{ seatsSold: number; ticketMail: QueuedTicketMail | null } | null> {
  if (!(await markOrderPaidOnce(trx, order.id, now))) return null
  const sold = await sellOrderHolds(trx, order.id, opts.places ?? ALL_PLACES)
  await chargeBonuses(trx, order, amountPaid, now)
  const ticketMail = opts.mailTickets === false ? null : await queueTicketMail(trx, order, now)
  return { seatsSold: sold.seats, ticketMail }
}

/** The order's own row lock was not enough: settle again under its sessions' locks. */
class SessionLocksNeeded extends Error {}

async function withRetry<T>(db: Db, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (err) {
      const code = (err as { code?: unknown }).code
      if (attempt < SETTLE_ATTEMPTS && isPostgresDb(db) && (code === '40P01' || code === '40001')) continue
      throw err
    }
  }
}

/**
 * An approved payment, in one transaction: the payment row moves from pending (or cancelled:
 * started before the order changed; or failed: the bank declined it first and captured it
 * after all) to paid exactly once; then, under the session locks, the
 * order is checked: still the amount paid, not paid by another payment, no line on a cancelled
 * session (however long ago it was cancelled: the cancellation cancelled the order whole, and its
 * sweep reads a session only for a while), and if its reservation expired its tickets are taken
 * again (revive.ts). If any of that fails the whole transaction rolls back and the payment is
 * refunded instead.
 *
 * An order of numbered seats only, not cancelled, on PostgreSQL, is settled under its own row
 * lock alone (settleSeatsOnly): its seats are its live holds, which the live-hold unique index
 * keeps from anyone else, and whoever would take one must first cancel the order (orders/expiry.ts),
 * which waits for this lock and then finds it paid. In an on-sale rush every payment of a
 * session took that session's lock in turn, each waiting on a pooled connection: 500 payments
 * at once, p50 1.7-2.2 s and p99 2.6-3.3 s, against 1.4-1.5 s and 2.1-2.6 s settled this way
 * (bench:load:cpu --pay, alternated; the rate, bound by the CPU a payment costs, did not move).
 * Anything else (general admission or standing places, whose stock is counted across the
 * session; an order cancelled meanwhile, to revive; one on a cancelled session, to refuse; a seat
 * hold gone) is settled the locked way. One cancelled in the instant between the order's read and
 * this commit is paid, and the cancellation's sweep refunds it (admin/catalogue/session-refunds.ts).
 */
async function settleApproved(db: Db, p: PaymentInfo, now: number): Promise<Settled> {
  const places = await orderPlaces(db, p.order_id)
  // An order on a cancelled session is refused under the session locks (the check below).
  const rowLevel = isPostgresDb(db) && places.otherLines === 0 && places.seatLines > 0 && places.cancelledSessions === 0
  try {
    if (rowLevel) {
      try {
        return await withRetry(db, () => db.transaction().execute((trx) => settleSeatsOnly(trx, p, places.seatLines, now)))
      } catch (err) {
        if (!(err instanceof SessionLocksNeeded)) throw err
      }
    }
    return await withRetry(db, () =>
      db.transaction().execute(async (trx) => {
        if (!(await closeOpenPayment(trx, p.id, 'paid', p.protocol_kind === CARD_SCHEME_KIND ? CARD_SCHEME_SUCCESS : null, now))) return settled('repeat')
        // Sessions first, then the order: the same lock order as order creation and the cart.
        await lockCalendars(trx, places.calendarIds)
        await expireOrders(trx, now, places.calendarIds)
        const order = await lockOrder(trx, p.hash)
        if (!order) throw new RefundNeeded('the order no longer exists')
        if (order.paid === 1) throw new RefundNeeded('the order was already paid by another payment')
        // Under the session locks, which the cancellation's mark waits for: a payment for a
        // cancelled session is refunded here, however late the bank approves it (the sweep of
        // cancelled sessions reads them only CANCELLED_SWEEP_WINDOW_MS after the cancellation).
        if (await orderOnCancelledSession(trx, order.id)) throw new RefundNeeded('a session of the order was cancelled')
        const revived = order.status === ORDER_STATUS_CANCELLED
        // A revived order is back in the status it had before it lapsed (its tickets e-mail depends on it).
        const status = revived ? await reviveOrder(trx, order, now) : order.status
        const money = await orderMoney(trx, order)
        if (money.payable !== p.amount) throw new RefundNeeded(`the order now costs ${money.payable}, the payment was ${p.amount}`)
        const paid = await markOrderPaid(trx, { ...order, status }, p.amount, now)
        const ticketMail = paid?.ticketMail ?? null
        return revived ? { outcome: 'paid', ticketMail } : paidBy(p, order, now, ticketMail)
      }),
    )
  } catch (err) {
    if (!(err instanceof RefundNeeded)) throw err
    return refundPayment(db, p, err.message, now)
  }
}

/**
 * settleApproved's way for an order of `seatLines` numbered seats: the payment closed, the order
 * locked, checked and paid, with no session lock. Throws SessionLocksNeeded (rolling all of it
 * back) when the order was cancelled or a seat hold of it is gone: the locked way decides then.
 */
async function settleSeatsOnly(trx: Db, p: PaymentInfo, seatLines: number, now: number): Promise<Settled> {
  if (!(await closeOpenPayment(trx, p.id, 'paid', p.protocol_kind === CARD_SCHEME_KIND ? CARD_SCHEME_SUCCESS : null, now))) return settled('repeat')
  const order = await lockOrder(trx, p.hash)
  if (!order) throw new RefundNeeded('the order no longer exists')
  if (order.paid === 1) throw new RefundNeeded('the order was already paid by another payment')
  if (order.status === ORDER_STATUS_CANCELLED) throw new SessionLocksNeeded()
  const money = await orderMoney(trx, order)
  if (money.payable !== p.amount) throw new RefundNeeded(`the order now costs ${money.payable}, the payment was ${p.amount}`)
  const paid = await markOrderPaid(trx, order, p.amount, now, { places: SEATS_ONLY })
  if (!paid || paid.seatsSold !== seatLines) throw new SessionLocksNeeded()
  return paidBy(p, order, now, paid.ticketMail)
}

/**
 * Refunds a payment that cannot buy its order; once, whoever asks. The refund is queued for the
 * provider in the same transaction and answered for its first attempt after the commit.
 */
async function refundPayment(db: Db, p: PaymentInfo, reason: string, now: number): Promise<Settled> {
  const refund = await db.transaction().execute((trx) => refundOpenPayment(trx, p, reason, p.protocol_kind === CARD_SCHEME_KIND ? CARD_SCHEME_FAILURE : null, now, now + REFUND_FIRST_ATTEMPT_LEASE_MS))
  return refund ? { outcome: 'refunded', refund } : settled('repeat')
}

/** What applying a notification did, the payment it named (null when unknown) and the order it paid (Settled). */
export interface Applied extends Settled {
  payment: PaymentInfo | null
}

/**
 * Applies a verified bank notification. Amounts must equal the payment's own (the server's):
 * a notification for another amount is refused. Every transition is a conditional UPDATE from
 * the states it may come from, so a repeated or late notification is counted once. The payment
 * read here is answered with the outcome: the callback records it and mails its order without
 * reading it again.
 */
export async function applyNotification(db: Db, n: BankNotification, now = Date.now()): Promise<Applied> {
  const payment = await findPayment(db, n.publicId)
  if (!payment) return { outcome: 'unknown', payment: null }
  return { ...(await settleNotification(db, payment, n, now)), payment }
}

async function settleNotification(db: Db, p: PaymentInfo, n: BankNotification, now: number): Promise<Settled> {
  if (n.amount !== p.amount) return settled('amount-mismatch')
  const cardScheme = p.protocol_kind === CARD_SCHEME_KIND
  if (n.status === 'pending') {
    if (!cardScheme) return settled('repeat')
    return settled((await markPaymentVerifying(db, p.id, CARD_SCHEME_PENDING, now)) ? 'pending' : 'repeat')
  }
  if (n.status === 'declined') {
    // Only an open payment is declined: one paid or refunded stays so. An approval after a
    // decline is settled below (the money was taken after all).
    return settled((await closeOpenPayment(db, p.id, 'failed', cardScheme ? CARD_SCHEME_FAILURE : null, now)) ? 'declined' : 'repeat')
  }
  return settleApproved(db, p, now)
}
