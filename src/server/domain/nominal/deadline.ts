/**
 * The named-ticket confirm deadline, one rule for the page's countdown (order-data) and the
 * confirm call: only an unpaid order loses its seats when the reserve time ends; a paid one
 * (free orders, or paid before naming) keeps them, so its visitor data is taken at any time.
 */
export function hasConfirmDeadline(order: { paid: number }): boolean {
  return order.paid === 0
}

/** True when confirm must be refused as expired (reserve time over on an unpaid order). */
export function confirmExpired(order: { paid: number; reserve_until: number }, now: number): boolean {
  return hasConfirmDeadline(order) && order.reserve_until <= now
}
