import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { releaseCancelledDiscounts } from '../../domain/loyalty/service'
import { ORDER_SWEEP_INTERVAL_MS, ORDER_SWEEP_MIN_INTERVAL_MS } from '../../domain/orders/constants'
import { expireOrders } from '../../domain/orders/expiry'
import { deleteExpiredSessions } from '../../domain/sessions/repository'

/** How often discounts of orders cancelled by expiry are given back (bonuses, promo uses). */
const DISCOUNT_RELEASE_INTERVAL_MS = 30_000
/** Expired visitor sessions are deleted this often (their carts go with them; orders keep a null session). */
export const SESSION_SWEEP_INTERVAL_MS = 3600 * 1000

/**
 * A job run every `intervalMs` once the app is ready: the timer is unref'd (it never keeps the
 * process alive); a run never overlaps the previous one; a failed run is logged and the next
 * one tries again; on close the timer stops and a run in progress is awaited, so the database
 * can close after it.
 */
function every(app: FastifyInstance, intervalMs: number, what: string, run: () => Promise<unknown>): void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | null = null
  let stopped = false
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running || stopped) return
      running = run()
        .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
        .finally(() => {
          running = null
        })
    }, intervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    stopped = true
    clearInterval(timer)
    await running
  })
}

/**
 * The app's background sweepers, owning their timers:
 * - reservation expiry: unpaid orders past their reserve time are cancelled and expired cart
 *   holds released (domain/orders/expiry.ts), so the database says what the stock rule already
 *   answers; it runs twice per the shorter of the reserve and cart-hold times, between
 *   ORDER_SWEEP_MIN_INTERVAL_MS and ORDER_SWEEP_INTERVAL_MS;
 * - discounts of orders cancelled by expiry are given back (bonuses, promo uses);
 * - expired visitor sessions (plugins/session.ts) are deleted.
 */
export const sweepersPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config } = app
    const holdMs = Math.min(config.orderReserveSeconds, config.cartHoldSeconds) * 1000
    const interval = Math.min(ORDER_SWEEP_INTERVAL_MS, Math.max(ORDER_SWEEP_MIN_INTERVAL_MS, holdMs / 2))
    every(app, interval, 'order expiry sweep', async () => {
      const ids = await db.transaction().execute((trx) => expireOrders(trx, Date.now()))
      if (ids.length) app.log.info({ orders: ids }, 'expired orders cancelled')
    })
    every(app, DISCOUNT_RELEASE_INTERVAL_MS, 'discount release', () => releaseCancelledDiscounts(db))
    every(app, SESSION_SWEEP_INTERVAL_MS, 'session sweep', async () => {
      const n = await deleteExpiredSessions(db, Date.now())
      if (n) app.log.info({ sessions: n }, 'expired sessions deleted')
    })
  },
  { name: 'sweepers' },
)
