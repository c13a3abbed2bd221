import type { AdminOrder } from '../../contract/admin/sales'
import type { Db } from '../db/connect'
import { boxOfficeKinds } from '../domain/boxoffice/boxoffice.repository'
import { paidAmounts } from '../domain/orders/money'
import type { OrderRow } from '../domain/orders/order.repository'
import { buyerName } from '../domain/orders/state'
import { orderStateOf, type OrderStateRow } from './order-state'

/**
 * An order's row as the console's order lists read it (sales.repository.ts ordersOf, care.repository.ts
 * careOrderRows): the order's columns and its ticket and line counts, aggregated with the read.
 */
export type OrderSummaryRow = OrderStateRow &
  Pick<OrderRow, 'id' | 'ord_num' | 'hash' | 'total' | 'fio' | 'surname' | 'name' | 'patronymic' | 'email' | 'phone'> & {
    created_at: number | string
    paid_at: number | string | null
    tickets: number | string | null
    returned_tickets: number | string | null
  }

/**
 * The one mapping of order rows to the console's order (contract/admin/sales.ts adminOrderSchema):
 * the Orders list of the Sales screen, order care's search and its order view. Two more reads for
 * the whole page, never one per order: box-office kinds and what the payments took.
 */
export async function orderSummaries(db: Db, rows: readonly OrderSummaryRow[], now: number): Promise<AdminOrder[]> {
  const desk = await boxOfficeKinds(db, rows.map((o) => o.id))
  const paid = await paidAmounts(db, rows)
  return rows.map((o) => ({
    id: o.id,
    ord_num: o.ord_num,
    hash: o.hash,
    state: orderStateOf(o, now),
    total: o.total,
    paid_amount: paid.get(o.id) ?? 0,
    fio: buyerName(o),
    email: o.email,
    phone: o.phone,
    tickets: Number(o.tickets ?? 0),
    returned_tickets: Number(o.returned_tickets ?? 0),
    created_at: Number(o.created_at),
    paid_at: o.paid_at === null ? null : Number(o.paid_at),
    boxOffice: desk.get(o.id) ?? null,
  }))
}
