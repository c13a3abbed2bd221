import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { sweepCancelledSessions, type SessionRefundDeps } from '../../admin/catalogue/session-refunds'
import { everyOnLeader } from '../../background/every'

declare module 'fastify' {
  interface FastifyInstance {
    /** Refunds of cancelled sessions (admin/catalogue/session-refunds.ts): `kick()` asks the leader to go on with them now. */
    sessionRefunds: { kick: () => void; deps: SessionRefundDeps }
  }
}

/**
 * How often the leader looks for cancelled sessions still owing refunds when nothing kicked it:
 * after a restart, a crash mid-way or a change of leader, the refunds go on within this long.
 */
export const SESSION_REFUND_INTERVAL_MS = 15_000

/**
 * The refunds of cancelled sessions in the background, on the cluster's leader (once per cluster:
 * app.leader): every cancelled session's tickets still admitted, order by order, each order one
 * transaction (refund, its notice, its audit row). A cancellation whose request left orders
 * unrefunded kicks it: at once when that process leads, else the leader's tick finds them (the
 * background jobs have no cross-process wake-up: the one LISTEN is the live seat feed's, and map
 * copies and the order expiry wait for the tick the same way). It stops between orders when the app closes or this process
 * loses the lease; the next leader re-reads what is left, so nothing is lost and nothing refunded
 * twice (refundTickets claims each line once).
 */
export const sessionRefundsPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false
    app.addHook('preClose', async () => {
      closing = true
    })
    const deps: SessionRefundDeps = { db: app.db, payments: app.payments, log: app.log, publicUrl: app.config.publicUrl, changed: () => app.liveFeed.changed() }
    const stop = () => closing || !app.leader.isLeader()
    const kick = everyOnLeader(app, SESSION_REFUND_INTERVAL_MS, 'cancelled session refunds', async () => {
      const refunded = await sweepCancelledSessions(deps, stop)
      if (refunded) app.log.info({ orders: refunded }, 'orders of cancelled sessions refunded')
    })
    app.decorate('sessionRefunds', { kick, deps })
  },
  { name: 'session-refunds', dependencies: ['leader', 'payments', 'live-feed'] },
)
