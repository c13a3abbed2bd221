import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Leader, leaderTimings } from '../../background/leader'

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this process runs the cluster's background work (background/leader.ts). */
    leader: Leader
  }
}

/**
 * Decorates the app with its Leader (its lease as long as LEADER_LEASE_MS, config.ts) and runs it
 * while the app is up: it takes part from onReady (the schema is migrated by then) and gives the
 * lease back on close.
 */
export const leaderPlugin = fp(
  async (app: FastifyInstance) => {
    const leader = new Leader(app.db, app.log, leaderTimings(app.config.leaderLeaseMs))
    app.decorate('leader', leader)
    app.addHook('onReady', () => leader.start())
    app.addHook('onClose', () => leader.stop())
  },
  { name: 'leader' },
)
