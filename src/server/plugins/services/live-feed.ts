import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { LiveFeed } from '../../domain/live/feed'

declare module 'fastify' {
  interface FastifyInstance {
    /** Seat status changes of every session, for the live stream (routes/seat-events.ts). */
    liveFeed: LiveFeed
  }
}

/**
 * The app's live seat feed, started when the app is ready and stopped when it closes.
 * PostgreSQL deployments listen for other processes' changes; SQLite runs in one process.
 */
export const liveFeedPlugin = fp(
  async (app: FastifyInstance) => {
    const database = app.config.database
    const feed = new LiveFeed(app.db, {
      pgUrl: database.kind === 'postgres' ? database.url : undefined,
      onError: (err) => app.log.error({ err }, 'live seat feed failed'),
      shouldPrune: () => app.leader.isLeader(),
    })
    app.decorate('liveFeed', feed)
    app.addHook('onReady', async () => {
      await feed.start()
    })
    app.addHook('onClose', async () => {
      await feed.stop()
    })
  },
  { name: 'live-feed', dependencies: ['leader'] },
)
