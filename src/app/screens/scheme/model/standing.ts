import type { SeatStand } from '../../../../contract/entities/scheme'

/**
 * The most places of one standing area this order may hold (001 §5): the minimum of the
 * places still free, the area's per-order limit and the cart's remaining limit. `inCart` (the
 * area's places already held by this cart) counts back in, because the server's `quant` and
 * `limit_left` already exclude them. Never below 0.
 */
export function standingMax(stand: Pick<SeatStand, 'quant' | 'limit'>, inCart: number, limitLeft: number): number {
  return Math.max(0, Math.min(stand.quant + inCart, stand.limit, inCart + limitLeft))
}

/**
 * Tickets the cart may still take when buying by subscription: the server's `limit_left`, and
 * no more than the subscription has left (`quant`, null when not buying by subscription) minus
 * the tickets already in the cart. Never below 0.
 */
export function subscriptionLimitLeft(limitLeft: number, quant: number | null, items: readonly { quantity: number }[]): number {
  if (quant === null) return limitLeft
  const inCart = items.reduce((n, i) => n + i.quantity, 0)
  return Math.max(0, Math.min(limitLeft, quant - inCart))
}
