import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { WENT_THROUGH_STATUSES } from './constants'

/** A ticket line as the money rule reads it (minor units per ticket, as stored at ordering). */
export interface LineMoney {
  price: number
  service_fee: number
  quantity: number
  return_status: number
}

/** An order's discount row with its promo code's terms (null fields when no promo). */
export interface OrderDiscountRow {
  order_id: number
  loyalty_card_id: number | null
  promo_code_id: number | null
  bonuses_used: number
  charged_bonus: number
  discount: number
  released_at: number | null
  promo_code: string | null
  discount_percent: number | null
  discount_amount: number | null
}

/** An added service as the money rule reads it: its cost and the return status of the ticket it is attached to (null: none). */
export interface ServiceMoney {
  cost: number
  line_return_status: number | null
}

/**
 * What the money rule reads of an order: its ticket lines, its services (by id) and its
 * discount row. Whether a service went back with its ticket is the money rule's to say
 * (orders/money.ts orderMoney).
 */
export interface MoneyParts {
  lines: LineMoney[]
  services: ServiceMoney[]
  discount: OrderDiscountRow | null
}

/** One row of the combined read: which part it is, its order, and up to eight numbers and a code. */
interface PartRow {
  part: 'd' | 'l' | 's'
  ord: number
  n1: number | null
  n2: number | null
  n3: number | null
  n4: number | null
  n5: number | null
  n6: number | null
  n7: number | null
  n8: number | null
  code: string | null
}

const num = (v: number | null): number => Number(v ?? 0)
const numOrNull = (v: number | null): number | null => (v === null ? null : Number(v))

/**
 * An order's money parts in one statement (three branches of a UNION ALL): the order view, a
 * payment's start, its settlement and its e-mail each read them, several inside a transaction
 * holding the order's lock, so three round trips were two too many in a rush. The NULLs are cast
 * because PostgreSQL types a UNION's columns branch by branch and an untyped NULL would make one
 * text; `cast(… as …)` is the spelling SQLite reads too.
 */
export async function readMoneyParts(db: Db, orderId: number): Promise<MoneyParts> {
  const int = sql`cast(null as integer)`
  const big = sql`cast(null as bigint)`
  const { rows } = await sql<PartRow>`
    select 'l' as part, id as ord, price as n1, service_fee as n2, quantity as n3, return_status as n4, ${int} as n5, ${big} as n6, ${int} as n7, ${int} as n8, cast(null as text) as code
      from order_lines where order_id = ${orderId}
    union all
    select 's', s.id, s.cost, l.return_status, ${int}, ${int}, ${int}, ${big}, ${int}, ${int}, cast(null as text)
      from order_services s left join order_lines l on l.id = s.order_line_id where s.order_id = ${orderId}
    union all
    select 'd', 0, d.loyalty_card_id, d.promo_code_id, d.bonuses_used, d.charged_bonus, d.discount, d.released_at, coalesce(d.promo_percent, p.discount_percent), coalesce(d.promo_amount, p.discount_amount), p.code
      from order_discounts d left join promo_codes p on p.id = d.promo_code_id where d.order_id = ${orderId}
    order by 1, 2`.execute(db)
  const parts: MoneyParts = { lines: [], services: [], discount: null }
  for (const r of rows) {
    if (r.part === 'l') parts.lines.push({ price: num(r.n1), service_fee: num(r.n2), quantity: num(r.n3), return_status: num(r.n4) })
    else if (r.part === 's') parts.services.push({ cost: num(r.n1), line_return_status: numOrNull(r.n2) })
    else {
      parts.discount = {
        order_id: orderId,
        loyalty_card_id: numOrNull(r.n1),
        promo_code_id: numOrNull(r.n2),
        bonuses_used: num(r.n3),
        charged_bonus: num(r.n4),
        discount: num(r.n5),
        released_at: numOrNull(r.n6),
        promo_code: r.code,
        discount_percent: numOrNull(r.n7),
        discount_amount: numOrNull(r.n8),
      }
    }
  }
  return parts
}

/**
 * Orders by id (a page of them), or every order with a line in one session (the Sales screen
 * reads a whole session: more orders than one statement may name by id).
 */
export type OrderScope = readonly number[] | { calendarId: number }

/** What the paid-amount rule (orders/money.ts paidOfPayments) reads of an order: its payments' amounts (here summed by status), and its refunds summed. */
export interface OrderPayments {
  payments: { amount: number; status: string }[]
  refunded: number
}

/** A scope's orders as the right side of `order_id in`: the ids named, or the session's orders by the (calendar_id, order_id) index. */
function scopeOrders(db: Db, scope: OrderScope) {
  return 'calendarId' in scope ? db.selectFrom('order_lines').select('order_id').where('calendar_id', '=', scope.calendarId) : [...new Set(scope)]
}

/**
 * The payments and refunds of each order of `scope`, for the paid-amount rule (orders/money.ts
 * paidOfPayments, the rule's one home: the arithmetic is there, not here): the amounts of its
 * payments that went through, summed by status, and its refunds summed (order id → them; absent:
 * neither). Two grouped statements for a whole page or session of orders (payments and refunds
 * are indexed by order), never one per order.
 */
export async function paymentsOfOrders(db: Db, scope: OrderScope): Promise<Map<number, OrderPayments>> {
  const out = new Map<number, OrderPayments>()
  if (!('calendarId' in scope) && scope.length === 0) return out
  const taken = await db
    .selectFrom('payments')
    .select(['order_id', 'status', (eb) => eb.fn.sum<number>('amount').as('n')])
    .where('order_id', 'in', scopeOrders(db, scope))
    .where('status', 'in', WENT_THROUGH_STATUSES)
    .groupBy(['order_id', 'status'])
    .execute()
  const given = await db
    .selectFrom('refunds')
    .select(['order_id', (eb) => eb.fn.sum<number>('amount').as('n')])
    .where('order_id', 'in', scopeOrders(db, scope))
    .groupBy('order_id')
    .execute()
  const of = (orderId: number) => out.get(orderId) ?? out.set(orderId, { payments: [], refunded: 0 }).get(orderId)!
  for (const r of taken) of(r.order_id).payments.push({ amount: Number(r.n), status: r.status })
  for (const r of given) of(r.order_id).refunded = Number(r.n)
  return out
}

/**
 * What the added services (offers) attached to each ticket line of the orders of `scope` cost
 * (line id → their costs summed, minor units; services attached to no ticket are absent): what an
 * order paid for a ticket's offers is that ticket's money (orders/money.ts keptLineShares), and a
 * return gives them back with it (returns/refund-payment.ts). One grouped statement by the
 * order_id index, for one order (a return) or a session's orders (the Sales screen).
 */
export async function lineServiceCosts(db: Db, scope: OrderScope): Promise<Map<number, number>> {
  if (!('calendarId' in scope) && scope.length === 0) return new Map()
  const rows = await db
    .selectFrom('order_services')
    .select(['order_line_id', (eb) => eb.fn.sum<number>('cost').as('n')])
    .where('order_id', 'in', scopeOrders(db, scope))
    .where('order_line_id', 'is not', null)
    .groupBy('order_line_id')
    .execute()
  return new Map(rows.map((r) => [r.order_line_id!, Number(r.n)]))
}
