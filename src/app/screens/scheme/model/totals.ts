import type { CartItem } from '../../../../contract/entities/cart'
import { feePerTicket, roundMoney, type Totals } from '../../event/model/cart'

/** Totals of the seat-map cart: tickets, their prices, service fees (000 §9 rules) and sum. */
export function cartTotals(items: readonly Pick<CartItem, 'quantity' | 'price' | 'priceservise' | 'currency_id'>[]): Totals {
  let count = 0
  let tickets = 0
  let fee = 0
  for (const item of items) {
    if (item.quantity <= 0) continue
    count += item.quantity
    tickets += item.quantity * item.price
    fee += item.quantity * feePerTicket(item)
  }
  return { count, tickets: roundMoney(tickets), fee: roundMoney(fee), total: roundMoney(tickets + fee) }
}
