/**
 * Paying in the load benchmark (issue 18.7 "no lost paid order"): buyers pay their seat-map
 * orders as the storefront does (POST /api/payment/start/{card type}, then Approve on the sandbox
 * bank's page, whose callback settles the order), while the cluster's faults run. Every payment
 * whose Approve sent the buyer back to the order page (not the declined page) is one the bank
 * confirmed to the client; afterwards the database must hold each such order paid, with its lines
 * and ticket codes.
 */
import type { Db } from '../../src/server/db/connect'
import { DECLINED_ROUTE, ORDER_ROUTE, PAYMENT_START_PATH } from '../../src/server/domain/orders/constants'
import type { Buyer, CallResult } from './buyers'

/** Share of the distinct-seat buyers with an order who go on to pay it. */
export const PAY_SHARE = 0.5
/** The sandbox bank's redirect type (its own page, then its signed callback). */
const PAY_PROTOCOL = 'card'
/** orders.status of a cancelled order. */
const CANCELLED = 90
/** Orders looked up per query (well under both databases' parameter limits). */
const CHUNK = 500

/** A payment the bank confirmed to the buyer: its order and the payment's public id. */
export interface Confirmed {
  hash: string
  payment: string
}

/** The card payment type offered for an order (from the order view, as the storefront reads it). */
export async function cardTypeId(b: Buyer, hash: string): Promise<number> {
  const view = (await b.call('POST', '/api/order/view', { hash, lang: 'ru' })).body as { payments?: Array<{ creditcompany_id: number; protocol_type: string }> } | null
  const type = view?.payments?.find((p) => p.protocol_type === PAY_PROTOCOL)
  if (!type) throw new Error(`order ${hash} offers no ${PAY_PROTOCOL} payment: ${JSON.stringify(view)}`)
  return type.creditcompany_id
}

/** Starts the payment and presses Approve; the answer is the bank's (303 to the order page when confirmed). */
export async function pay(b: Buyer, hash: string, typeId: number): Promise<{ result: CallResult; confirmed: Confirmed | null }> {
  const start = await b.call('POST', `${PAYMENT_START_PATH}${typeId}`, { hash, lang: 'ru' })
  const bankUrl = typeof start.body?.bankUrl === 'string' ? start.body.bankUrl : null
  if (start.status !== 200 || !bankUrl) return { result: start, confirmed: null }
  const bankPath = new URL(bankUrl, b.base).pathname
  const result = await b.form(bankPath, { decision: 'approve' })
  const location = typeof result.body?.location === 'string' ? new URL(result.body.location, b.base) : null
  const confirmed = result.status === 303 && location !== null && location.pathname === `${ORDER_ROUTE}${hash}` && !location.pathname.startsWith(DECLINED_ROUTE)
  return { result, confirmed: confirmed ? { hash, payment: bankPath.split('/').at(-1)! } : null }
}

/** Every confirmed payment's order paid, not cancelled, its payment paid, with lines that all carry ticket codes. */
export async function checkPaidOrders(db: Db, confirmed: readonly Confirmed[]) {
  const lost: Array<Confirmed & { why: string }> = []
  for (let i = 0; i < confirmed.length; i += CHUNK) {
    const part = confirmed.slice(i, i + CHUNK)
    const orders = await db.selectFrom('orders').select(['id', 'hash', 'paid', 'status']).where('hash', 'in', part.map((c) => c.hash)).execute()
    const payments = await db.selectFrom('payments').select(['public_id', 'order_id', 'status']).where('public_id', 'in', part.map((c) => c.payment)).execute()
    const ids = orders.map((o) => Number(o.id))
    const lines = ids.length ? await db.selectFrom('order_lines').select(['order_id', 'ticket_hash', 'ticket_code']).where('order_id', 'in', ids).execute() : []
    for (const c of part) {
      const o = orders.find((x) => x.hash === c.hash)
      const p = payments.find((x) => x.public_id === c.payment)
      const mine = o ? lines.filter((l) => Number(l.order_id) === Number(o.id)) : []
      const why = !o
        ? 'no order'
        : Number(o.paid) !== 1 || Number(o.status) === CANCELLED
          ? `order paid=${o.paid} status=${o.status}`
          : !p || Number(p.order_id) !== Number(o.id) || p.status !== 'paid'
            ? `payment ${p?.status ?? 'missing'}`
            : mine.length === 0
              ? 'no lines'
              : mine.some((l) => !l.ticket_hash || !l.ticket_code)
                ? 'line without ticket'
                : null
      if (why) lost.push({ ...c, why })
    }
  }
  return { confirmed_payments: confirmed.length, paid_with_tickets: confirmed.length - lost.length, lost_paid_orders: lost.length, lost_examples: lost.slice(0, 10), pass: lost.length === 0 }
}
