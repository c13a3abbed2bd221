import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { OrderGuard } from '../../domain/abuse/order-guard'
import { DbCounterStore } from '../../domain/abuse/db-counter-store'
import { MemoryCounterStore, type CounterStore } from '../../security/counter-store'
import { RedisCounterStore } from '../../security/redis-counter-store'
import { everyOnLeader } from '../../background/every'
import { acceptEveryEmail, EmailDomainCheck, type EmailCheck } from '../../domain/buyer/email-domain'

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-address counters shared by the cluster (security/counter-store.ts). */
    counters: CounterStore
    /** One guard per app: general-admission and seat-map orders count against the same limits. */
    orderGuard: OrderGuard
    /** The storefront's order calls refuse a buyer e-mail whose domain takes no mail; every address passes when EMAIL_DOMAIN_CHECK is off. */
    emailCheck: EmailCheck
  }
}

/** How often the leader drops ended counter windows from the database. */
const COUNTER_PRUNE_INTERVAL_MS = 5 * 60_000

/**
 * The counter store the configuration calls for: Redis when REDIS_URL is set, the database on
 * PostgreSQL (every process of the cluster shares it), this process's memory on SQLite (one
 * process; a restart forgets it).
 */
export function openCounterStore(app: FastifyInstance): CounterStore {
  const { config } = app
  if (config.redis) return new RedisCounterStore(config.redis.url, config.redis.prefix, app.log)
  if (config.database.kind === 'postgres') return new DbCounterStore(app.db)
  return new MemoryCounterStore()
}

/** Decorates the app with its counter store, order guard (per-address rate limit and captcha, domain/abuse) and buyer e-mail check. */
export const orderGuardPlugin = fp(
  async (app: FastifyInstance) => {
    const counters = openCounterStore(app)
    app.decorate('counters', counters)
    app.decorate('orderGuard', new OrderGuard(counters))
    const emailDomains = app.config.emailDomainCheck ? new EmailDomainCheck(app.config.emailDomainCheck) : undefined
    app.decorate('emailCheck', emailDomains ? (email: string) => emailDomains.assertReachable(email) : acceptEveryEmail)
    if (emailDomains) app.addHook('onClose', async () => emailDomains.close())
    everyOnLeader(app, COUNTER_PRUNE_INTERVAL_MS, 'counter prune', () => counters.prune(Date.now()))
    app.addHook('onClose', () => counters.close())
  },
  { name: 'order-guard', dependencies: ['leader'] },
)
