import type { Db } from '../../db/connect'
import { returnSubscriptionTickets, subscriptionTicketsOf } from './order.repository'

/**
 * Gives subscription tickets back to the client's subscriptions: what the given orders took
 * (cancelled unpaid at reservation expiry, orders/expiry.ts) or what the given ticket lines took
 * (returned: returns/release.ts, for the visitor's return and the console's refund alike). One
 * rule for both, so a ticket bought by subscription goes back to it however it leaves the order.
 * The caller makes sure each order or line comes here once (the expiry's and the return's
 * conditional UPDATEs decide who gives back).
 */
export async function giveBackSubscriptionTickets(db: Db, of: { orderIds: readonly number[] } | { lineIds: readonly number[] }): Promise<void> {
  const ids = 'orderIds' in of ? of.orderIds : of.lineIds
  if (ids.length === 0) return
  const used = await subscriptionTicketsOf(db, of)
  for (const u of used) await returnSubscriptionTickets(db, u.crm_subscription_id!, Number(u.n))
}
