import { GIFT_CARD_TICKET_LIMIT } from '../../../../contract/constants'
import type { CartItem, CartResponse } from '../../../../contract/entities/cart'
import type { PriceRow } from '../../../../contract/entities/price'
import type { PaymentMethod } from '../../../../contract/rules/payment'
import { rowAllowed } from '../../../kernel/payment'

/** A change of the cart as /api/cart/update takes it (quantity 0 releases the place). */
export interface CartChange {
  seat_id: string
  clientcategory_id: number
  quantity: number
}

/** The price row a newly chosen place takes: the zone's first allowed row (the operator's order). */
export function defaultRow(rows: readonly PriceRow[], zonelevelId: number, method: PaymentMethod): PriceRow | null {
  return rows.find((r) => r.zonelevel_id === zonelevelId && rowAllowed(r, method)) ?? null
}

/** What the page sells on now: the rows of the chosen mode, the method, and the most tickets the cart may hold. */
export interface CartTerms {
  rows: readonly PriceRow[]
  method: PaymentMethod
  bySubscription: boolean
  limit: number
}

/** A place the fit lets go of (`count` tickets of it: all of a seat, part of a standing place cut to the limit). */
export interface Dropped {
  item: CartItem
  count: number
}

export interface CartFit {
  /** The one /api/cart/update that makes the cart fit; empty when it fits as it is. */
  changes: CartChange[]
  /** Let go because the cart holds more than the limit (the later-held ones). */
  overLimit: Dropped[]
  /** Let go because their zone has no price row on these terms. */
  notSold: Dropped[]
}

/**
 * Fits a restored cart to the terms the page now sells on (a payment method or the subscription
 * box was switched, or the page reloaded): the server refuses an order whose rows the method may
 * not use or whose tickets pass its limit, so the visitor is never left to find which seats to
 * drop. Each place keeps its row when the terms allow it, else takes its zone's default row
 * (as a newly chosen place would), else is released. Places count against the limit in the
 * cart's order (the order they were held), so the first held are kept and the later ones go;
 * a standing place is cut to what is left rather than dropped whole.
 */
export function fitCart(items: readonly CartItem[], terms: CartTerms): CartFit {
  const fit: CartFit = { changes: [], overLimit: [], notSold: [] }
  let taken = 0
  for (const item of items) {
    const keepsRow = rowAllowed(item, terms.method) && (item.for_subscription === 1) === terms.bySubscription
    const row = keepsRow ? item : defaultRow(terms.rows, item.zonelevel_id, terms.method)
    const release = { seat_id: item.seat_id, clientcategory_id: item.clientcategory_id, quantity: 0 }
    if (row === null) {
      fit.notSold.push({ item, count: item.quantity })
      fit.changes.push(release)
      continue
    }
    const quantity = Math.min(item.quantity, Math.max(0, terms.limit - taken))
    taken += quantity
    if (quantity < item.quantity) fit.overLimit.push({ item, count: item.quantity - quantity })
    if (quantity === 0) fit.changes.push(release)
    else if (!keepsRow || quantity !== item.quantity) fit.changes.push({ seat_id: item.seat_id, clientcategory_id: row.clientcategory_id, quantity })
  }
  return fit
}

/**
 * The most tickets the cart may hold on these terms, from the cart's answer (its limit_left is by
 * the method the call sent). limit_left stops at 0, so an answer for a cart over its limit does
 * not say by how much: the gift card's own limit and what the subscription has left (`quant`,
 * null when not buying by it) bound it here too.
 */
export function cartLimit(answer: Pick<CartResponse, 'items' | 'limit_left'>, method: PaymentMethod, quant: number | null): number {
  const held = answer.items.reduce((n, i) => n + i.quantity, 0)
  return Math.min(answer.limit_left + held, method === 'gift' ? GIFT_CARD_TICKET_LIMIT : Number.POSITIVE_INFINITY, quant ?? Number.POSITIVE_INFINITY)
}
