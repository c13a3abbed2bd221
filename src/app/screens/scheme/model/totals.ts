import type { CartItem } from '../../../../contract/entities/cart'
import { ticketTotals, type Totals } from '../../../kernel/cart'

/** Totals of the seat-map cart: tickets, their prices, service fees and sum (the money rule). */
export function cartTotals(items: readonly Pick<CartItem, 'quantity' | 'price' | 'priceservise' | 'currency_id'>[]): Totals {
  return ticketTotals(items.map((item) => ({ row: item, quantity: item.quantity })))
}
