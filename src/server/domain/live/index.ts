import type { FastifyInstance } from 'fastify'
import { LiveFeed } from './feed'

const feeds = new WeakMap<FastifyInstance, LiveFeed>()

/**
 * The live feed of an app, created on first use: started when the app is ready, stopped when it
 * closes. PostgreSQL deployments listen for other processes' changes; SQLite runs in one process.
 */
export function liveFeedOf(app: FastifyInstance): LiveFeed {
  let feed = feeds.get(app)
  if (feed) return feed
  const database = app.config.database
  feed = new LiveFeed(app.db, {
    pgUrl: database.kind === 'postgres' ? database.url : undefined,
    onError: (err) => app.log.error({ err }, 'live seat feed failed'),
  })
  feeds.set(app, feed)
  const f = feed
  app.addHook('onReady', async () => {
    await f.start()
  })
  app.addHook('onClose', async () => {
    await f.stop()
  })
  return feed
}
