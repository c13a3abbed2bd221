import { CARD_SCHEME_FAILURE, CARD_SCHEME_PENDING, CARD_SCHEME_SUCCESS, ORDER_STATUS_CANCELLED } from '../../contract/constants'
import { isPostgresDb, type Db } from '../db/connect'
import { expireOrders } from '../domain/orders/expiry'
import { sellOrderHolds } from '../domain/inventory/holds.repository'
import { lockCalendars } from '../domain/inventory/stock.repository'
import { chargeBonuses } from '../domain/loyalty/service'
import { orderMoney } from '../domain/orders/money'
import { lockOrder, markOrderPaidOnce, orderCalendarIds, type OrderRow } from '../domain/orders/order.repository'
import { closeOpenPayment, findPayment, markPaymentVerifying, refundOpenPayment, type PaymentInfo } from './payment.repository'
import type { BankNotification } from './provider'
import { RefundNeeded, reviveOrder } from './revive'
import { CARD_SCHEME_KIND } from './types'

/** Attempts of a settlement that PostgreSQL aborted as a deadlock or serialization failure. */
const SETTLE_ATTEMPTS = 3

/** What a notification did: the first delivery changes the payment, repeats change nothing. */
export type SettleOutcome = 'paid' | 'refunded' | 'declined' | 'pending' | 'repeat' | 'unknown' | 'amount-mismatch'

/**
 * Marks an order paid and sells its held places. Conditional on paid = 0, so it happens once
 * whoever calls it. Charges the loyalty bonuses of the purchase.
 */
export async function markOrderPaid(trx: Db, order: OrderRow, amountPaid: number, now: number): Promise<boolean> {
  if (!(await markOrderPaidOnce(trx, order.id, now))) return false
  await sellOrderHolds(trx, order.id)
  await chargeBonuses(trx, order, amountPaid, now)
  return true
}

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
 * started before the order changed) to paid exactly once; then, under the session locks, the
 * order is checked: still the amount paid, not paid by another payment, and if its reservation
 * expired its tickets are taken again (revive.ts). If any of that fails the whole transaction
 * rolls back and the payment is refunded instead.
 */
async function settleApproved(db: Db, p: PaymentInfo, now: number): Promise<SettleOutcome> {
  const calendarIds = await orderCalendarIds(db, p.order_id)
  try {
    return await withRetry(db, () =>
      db.transaction().execute(async (trx) => {
        if (!(await closeOpenPayment(trx, p.id, 'paid', p.protocol_kind === CARD_SCHEME_KIND ? CARD_SCHEME_SUCCESS : null, now))) return 'repeat' as const
        // Sessions first, then the order: the same lock order as order creation and the cart.
        await lockCalendars(trx, calendarIds)
        await expireOrders(trx, now, calendarIds)
        const order = await lockOrder(trx, p.hash)
        if (!order) throw new RefundNeeded('the order no longer exists')
        if (order.paid === 1) throw new RefundNeeded('the order was already paid by another payment')
        if (order.status === ORDER_STATUS_CANCELLED) await reviveOrder(trx, order, now)
        const money = await orderMoney(trx, order)
        if (money.payable !== p.amount) throw new RefundNeeded(`the order now costs ${money.payable}, the payment was ${p.amount}`)
        await markOrderPaid(trx, order, p.amount, now)
        return 'paid' as const
      }),
    )
  } catch (err) {
    if (!(err instanceof RefundNeeded)) throw err
    return refundPayment(db, p, err.message, now)
  }
}

/** Refunds a payment that cannot buy its order; once, whoever asks. */
async function refundPayment(db: Db, p: PaymentInfo, reason: string, now: number): Promise<SettleOutcome> {
  return db.transaction().execute(async (trx) => ((await refundOpenPayment(trx, p, reason, now)) ? 'refunded' : 'repeat'))
}

/**
 * Applies a verified bank notification. Amounts must equal the payment's own (the server's):
 * a notification for another amount is refused. Every transition is a conditional UPDATE from
 * the states it may come from, so a repeated or late notification is counted once.
 */
export async function applyNotification(db: Db, n: BankNotification, now = Date.now()): Promise<SettleOutcome> {
  const p = await findPayment(db, n.publicId)
  if (!p) return 'unknown'
  if (n.amount !== p.amount) return 'amount-mismatch'
  const cardScheme = p.protocol_kind === CARD_SCHEME_KIND
  if (n.status === 'pending') {
    if (!cardScheme) return 'repeat'
    return (await markPaymentVerifying(db, p.id, CARD_SCHEME_PENDING, now)) ? 'pending' : 'repeat'
  }
  if (n.status === 'declined') {
    return (await closeOpenPayment(db, p.id, 'failed', cardScheme ? CARD_SCHEME_FAILURE : null, now)) ? 'declined' : 'repeat'
  }
  return settleApproved(db, p, now)
}

/** The order hash of a payment (bank pages redirect the buyer back to it). */
export async function orderHashOfPayment(db: Db, publicId: string): Promise<string | null> {
  return (await findPayment(db, publicId))?.hash ?? null
}
