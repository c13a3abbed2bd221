import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { releaseCancelledDiscounts } from '../../domain/loyalty/service'
import { ORDER_SWEEP_INTERVAL_MS, ORDER_SWEEP_MIN_INTERVAL_MS } from '../../domain/orders/constants'
import { expireOrders } from '../../domain/orders/expiry'
import { nextExpiry } from '../../domain/orders/expiry.repository'
import { RETURN_SWEEP_INTERVAL_MS } from '../../domain/returns/constants'
import { sweepReturnRequests } from '../../domain/returns/sweep'
import { deleteExpiredSessions } from '../../domain/sessions/repository'
import { everyOnLeader } from '../../background/every'

/** How often discounts of orders cancelled by expiry are given back (bonuses, promo uses). */
const DISCOUNT_RELEASE_INTERVAL_MS = 30_000
/** Expired visitor sessions are deleted this often (their carts go with them; orders keep a null session). */
export const SESSION_SWEEP_INTERVAL_MS = 3600 * 1000
/**
 * The expiry sweep wakes this long after the next hold's expiry time: the release compares
 * expires_at <= now, so waking a little late is what makes that hold count; timers may also
 * fire a few ms early.
 */
export const EXPIRY_WAKE_LAG_MS = 25

/**
 * When to wake the expiry sweep for a hold or reservation due at `due`, or null when the periodic
 * run (every `intervalMs`) comes first: anything created after this lookup expires at least a
 * hold time later, more than the interval, so the periodic run finds it and schedules its wake.
 */
export function expiryWakeDelay(due: number | null, now: number, intervalMs: number): number | null {
  if (due === null) return null
  const delay = Math.max(0, due - now) + EXPIRY_WAKE_LAG_MS
  return delay < intervalMs ? delay : null
}

/**
 * The app's background sweepers, owning their timers (run on the cluster's leader only, leader.ts):
 * - reservation expiry: unpaid orders past their reserve time are cancelled and expired cart
 *   holds released (domain/orders/expiry.ts), so the database says what the stock rule already
 *   answers; it runs twice per the shorter of the reserve and cart-hold times, between
 *   ORDER_SWEEP_MIN_INTERVAL_MS and ORDER_SWEEP_INTERVAL_MS, and also wakes at the next expiry
 *   time (nextExpiry), then pokes the live feed, so open maps see a seat come free within a
 *   moment of its hold's end (not up to a sweep interval later). With several processes each
 *   wakes; the release is a conditional UPDATE, so the second finds nothing to do;
 * - discounts of orders cancelled by expiry are given back (bonuses, promo uses);
 * - expired visitor sessions (plugins/session.ts) are deleted;
 * - return requests that can no longer be confirmed (link run out, or return deadline passed)
 *   are withdrawn (domain/returns/sweep.ts), so no page shows them as waiting.
 */
export const sweepersPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config } = app
    const holdMs = Math.min(config.orderReserveSeconds, config.cartHoldSeconds) * 1000
    const interval = Math.min(ORDER_SWEEP_INTERVAL_MS, Math.max(ORDER_SWEEP_MIN_INTERVAL_MS, holdMs / 2))
    let wake: NodeJS.Timeout | undefined
    app.addHook('onClose', async () => clearTimeout(wake))
    const sweep: () => void = everyOnLeader(app, interval, 'order expiry sweep', async () => {
      const ids = await db.transaction().execute((trx) => expireOrders(trx, Date.now()))
      if (ids.length) app.log.info({ orders: ids }, 'expired orders cancelled')
      // Holds released here are in the change log now: streams of this process hear at once.
      app.liveFeed.poke()
      const now = Date.now()
      const delay = expiryWakeDelay(await nextExpiry(db, now), now, interval)
      clearTimeout(wake)
      if (delay !== null) {
        wake = setTimeout(sweep, delay)
        wake.unref()
      }
    })
    everyOnLeader(app, DISCOUNT_RELEASE_INTERVAL_MS, 'discount release', () => releaseCancelledDiscounts(db))
    everyOnLeader(app, SESSION_SWEEP_INTERVAL_MS, 'session sweep', async () => {
      const n = await deleteExpiredSessions(db, Date.now())
      if (n) app.log.info({ sessions: n }, 'expired sessions deleted')
    })
    everyOnLeader(app, RETURN_SWEEP_INTERVAL_MS, 'return request sweep', async () => {
      const swept = await sweepReturnRequests(db, Date.now())
      if (swept.expired || swept.withdrawn) app.log.info(swept, 'return requests expired or withdrawn')
    })
  },
  { name: 'sweepers', dependencies: ['leader', 'live-feed'] },
)
