import { CARD_SCHEME_FAILURE, CARD_SCHEME_PENDING, CARD_SCHEME_SUCCESS, ORDER_STATUS_CANCELLED } from '../../contract/constants'
import { isPostgresDb, type Db } from '../db/connect'
import { expireOrders } from '../domain/orders/expiry'
import { lockCalendars } from '../domain/inventory/stock.repository'
import { chargeBonuses } from '../domain/loyalty/service'
import { orderMoney } from '../domain/orders/money'
import { lockOrder, type OrderRow } from '../domain/orders/order.repository'
import type { BankNotification } from './provider'
import { RefundNeeded, reviveOrder } from './revive'
import { CARD_SCHEME_KIND } from './types'

/** Attempts of a settlement that PostgreSQL aborted as a deadlock or serialization failure. */
const SETTLE_ATTEMPTS = 3

/** What a notification did: the first delivery changes the payment, repeats change nothing. */
export type SettleOutcome = 'paid' | 'refunded' | 'declined' | 'pending' | 'repeat' | 'unknown' | 'amount-mismatch'

function findPayment(db: Db, publicId: string) {
  return db
    .selectFrom('payments as p')
    .innerJoin('payment_types as t', 't.id', 'p.payment_type_id')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.order_id', 'p.amount', 'p.status', 't.protocol_kind', 'o.hash'])
    .where('p.public_id', '=', publicId)
    .executeTakeFirst()
}
type PaymentInfo = NonNullable<Awaited<ReturnType<typeof findPayment>>>

/**
 * Marks an order paid and sells its held places. Conditional on paid = 0, so it happens once
 * whoever calls it. Charges the loyalty bonuses of the purchase.
 */
export async function markOrderPaid(trx: Db, order: OrderRow, amountPaid: number, now: number): Promise<boolean> {
  const res = await trx.updateTable('orders').set({ paid: 1, paid_at: now }).where('id', '=', order.id).where('paid', '=', 0).executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return false
  await trx.updateTable('seat_holds').set({ state: 'sold', expires_at: null }).where('order_id', '=', order.id).where('released_at', 'is', null).execute()
  await trx.updateTable('standing_holds').set({ state: 'sold', expires_at: null }).where('order_id', '=', order.id).where('released_at', 'is', null).execute()
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
  const calendarIds = (await db.selectFrom('order_lines').select('calendar_id').distinct().where('order_id', '=', p.order_id).execute()).map((r) => r.calendar_id)
  try {
    return await withRetry(db, () =>
      db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('payments')
          .set({ status: 'paid', updated_at: now, ...(p.protocol_kind === CARD_SCHEME_KIND ? { verify_code: CARD_SCHEME_SUCCESS } : {}) })
          .where('id', '=', p.id)
          .where('status', 'in', ['pending', 'cancelled'])
          .executeTakeFirst()
        if (Number(claimed.numUpdatedRows) !== 1) return 'repeat' as const
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
  return db.transaction().execute(async (trx) => {
    const res = await trx.updateTable('payments').set({ status: 'refunded', provider_ref: `refunded: ${reason}`.slice(0, 200), updated_at: now }).where('id', '=', p.id).where('status', 'in', ['pending', 'cancelled']).executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return 'repeat' as const
    await trx.insertInto('refunds').values({ order_id: p.order_id, return_request_id: null, payment_id: p.id, amount: p.amount, created_at: now }).execute()
    return 'refunded' as const
  })
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
    const res = await db.updateTable('payments').set({ verify_code: CARD_SCHEME_PENDING, updated_at: now }).where('id', '=', p.id).where('status', '=', 'pending').where('verify_code', 'is', null).executeTakeFirst()
    return Number(res.numUpdatedRows) === 1 ? 'pending' : 'repeat'
  }
  if (n.status === 'declined') {
    const res = await db
      .updateTable('payments')
      .set({ status: 'failed', updated_at: now, ...(cardScheme ? { verify_code: CARD_SCHEME_FAILURE } : {}) })
      .where('id', '=', p.id)
      .where('status', 'in', ['pending', 'cancelled'])
      .executeTakeFirst()
    return Number(res.numUpdatedRows) === 1 ? 'declined' : 'repeat'
  }
  return settleApproved(db, p, now)
}

/** The order hash of a payment (bank pages redirect the buyer back to it). */
export async function orderHashOfPayment(db: Db, publicId: string): Promise<string | null> {
  return (await findPayment(db, publicId))?.hash ?? null
}
