import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { releaseCancelledDiscounts } from '../../domain/loyalty/service'
import { ORDER_SWEEP_INTERVAL_MS, ORDER_SWEEP_MIN_INTERVAL_MS } from '../../domain/orders/constants'
import { expireOrders } from '../../domain/orders/expiry'
import { everyOnLeader } from '../../background/every'

/** How often discounts of orders cancelled by expiry are given back (bonuses, promo uses). */
const DISCOUNT_RELEASE_INTERVAL_MS = 30_000

/**
 * The app's background sweepers, owning their timers (run on the cluster's leader only, leader.ts):
 * - reservation expiry: unpaid orders past their reserve time are cancelled and expired cart
 *   holds released (domain/orders/expiry.ts), so the database says what the stock rule already
 *   answers; it runs twice per the shorter of the reserve and cart-hold times, between
 *   ORDER_SWEEP_MIN_INTERVAL_MS and ORDER_SWEEP_INTERVAL_MS;
 * - discounts of orders cancelled by expiry are given back (bonuses, promo uses).
 */
export const sweepersPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config } = app
    const holdMs = Math.min(config.orderReserveSeconds, config.cartHoldSeconds) * 1000
    const interval = Math.min(ORDER_SWEEP_INTERVAL_MS, Math.max(ORDER_SWEEP_MIN_INTERVAL_MS, holdMs / 2))
    everyOnLeader(app, interval, 'order expiry sweep', async () => {
      const ids = await db.transaction().execute((trx) => expireOrders(trx, Date.now()))
      if (ids.length) app.log.info({ orders: ids }, 'expired orders cancelled')
    })
    everyOnLeader(app, DISCOUNT_RELEASE_INTERVAL_MS, 'discount release', () => releaseCancelledDiscounts(db))
  },
  { name: 'sweepers', dependencies: ['leader'] },
)
