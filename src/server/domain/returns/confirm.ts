import { RETURN_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED_FINAL, RETURN_STATUS_NOT_CONFIRMED } from '../../../contract/constants'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { PaymentRegistry } from '../../payments/registry'
import { lockOrder } from '../orders/order.repository'
import { storedHashConf } from './hashconf'
import { releaseReturned } from './release'

/** What a confirmation did: the refund (minor units) and the sessions whose seats changed. */
export interface ConfirmResult {
  refunded: number
  calendarIds: number[]
}

function findRequest(db: Db, hash: string, hashConf: string) {
  return db
    .selectFrom('return_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.order_id', 'r.status', 'r.expires_at'])
    .where('r.hash_conf', '=', storedHashConf(hashConf))
    .where('o.hash', '=', hash)
    .executeTakeFirst()
}
type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>

const linkUsed = () => new ApiFailure('return-link-used')
const linkExpired = () => new ApiFailure('return-link-expired')

function refusalOf(r: Pick<RequestRow, 'status' | 'expires_at'>, now: number): ApiFailure | null {
  if (r.status === RETURN_STATUS_CONFIRMED || r.status === RETURN_STATUS_CONFIRMED_FINAL) return linkUsed()
  if (r.status !== RETURN_STATUS_NOT_CONFIRMED || Number(r.expires_at) <= now) return linkExpired()
  return null
}

/** The paid payment of an order, its provider type and what was already refunded of it. */
async function paidPayment(trx: Db, orderId: number) {
  const p = await trx
    .selectFrom('payments as p')
    .innerJoin('payment_types as t', 't.id', 'p.payment_type_id')
    .select(['p.id', 'p.public_id', 'p.amount', 't.protocol_type'])
    .where('p.order_id', '=', orderId)
    .where('p.status', '=', 'paid')
    .orderBy('p.id', 'desc')
    .executeTakeFirst()
  if (!p) return null
  const r = await trx.selectFrom('refunds').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('n')).where('payment_id', '=', p.id).executeTakeFirstOrThrow()
  return { ...p, refunded: Number(r.n) }
}

/**
 * POST /api/order/return-confirm. The link must exist for this order, be unused and not
 * expired. One transaction, under the order's lock, moves the request from 60 to 70 with a
 * conditional UPDATE: of two simultaneous confirms exactly one changes a row, the other finds
 * it used, so the money goes back once. The winner marks the lines 70, puts their seats and
 * quantities back on sale and records the refund: the lines' cost, never more than the payment
 * took minus what was refunded of it before (discounts make the paid sum smaller than the cost).
 * After commit the refund is sent through the payment's provider and the request becomes 80.
 * If the provider refuses, the request stays 70 (confirmed, money not sent) and the call fails;
 * nothing can refund it twice because the 60 → 70 step is gone.
 */
export async function confirmReturn(db: Db, registry: PaymentRegistry, hash: string, hashConf: string, now = Date.now()): Promise<ConfirmResult> {
  const found = await findRequest(db, hash, hashConf)
  if (!found) throw new ApiFailure('return-link-invalid')
  const early = refusalOf(found, now)
  if (early) throw early
  const done = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, hash)
    if (!order) throw new ApiFailure('order-not-found', { hash })
    const claimed = await trx
      .updateTable('return_requests')
      .set({ status: RETURN_STATUS_CONFIRMED, confirmed_at: now })
      .where('id', '=', found.id)
      .where('status', '=', RETURN_STATUS_NOT_CONFIRMED)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) {
      const again = await trx.selectFrom('return_requests').select(['status', 'expires_at']).where('id', '=', found.id).executeTakeFirstOrThrow()
      throw refusalOf(again, now) ?? linkUsed()
    }
    const lineIds = trx.selectFrom('return_request_lines').select('order_line_id').where('return_request_id', '=', found.id)
    const lines = await trx
      .updateTable('order_lines')
      .set({ return_status: RETURN_STATUS_CONFIRMED })
      .where('id', 'in', lineIds)
      .where('return_status', '=', RETURN_STATUS_NOT_CONFIRMED)
      .returning(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'quantity', 'cost'])
      .execute()
    await releaseReturned(trx, order.id, lines, now)
    const cost = lines.reduce((s, l) => s + l.cost, 0)
    const payment = await paidPayment(trx, order.id)
    const amount = payment ? Math.max(0, Math.min(cost, payment.amount - payment.refunded)) : 0
    if (amount > 0) await trx.insertInto('refunds').values({ order_id: order.id, return_request_id: found.id, payment_id: payment!.id, amount, created_at: now }).execute()
    return { amount, payment, calendarIds: [...new Set(lines.map((l) => l.calendar_id))] }
  })

  const { amount, payment } = done
  if (amount > 0 && payment) {
    const provider = registry.forProtocol(payment.protocol_type)
    if (!provider) throw new ApiFailure('refund-provider-down')
    try {
      await provider.refund({ id: payment.id, publicId: payment.public_id ?? '', amount: payment.amount }, amount)
    } catch {
      throw new ApiFailure('refund-bank-refused')
    }
    if (payment.refunded + amount >= payment.amount) {
      await db.updateTable('payments').set({ status: 'refunded', updated_at: now }).where('id', '=', payment.id).where('status', '=', 'paid').execute()
    }
  }
  await db.updateTable('return_requests').set({ status: RETURN_STATUS_CONFIRMED_FINAL }).where('id', '=', found.id).where('status', '=', RETURN_STATUS_CONFIRMED).execute()
  return { refunded: amount, calendarIds: done.calendarIds }
}
