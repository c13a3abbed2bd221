import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { OrderGuard } from '../../domain/abuse/order-guard'

declare module 'fastify' {
  interface FastifyInstance {
    /** One guard per app: general-admission and seat-map orders count against the same limits. */
    orderGuard: OrderGuard
  }
}

/** Decorates the app with its order guard (per-address rate limit and captcha, domain/abuse). */
export const orderGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('orderGuard', new OrderGuard())
  },
  { name: 'order-guard' },
)
