import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { buildPaymentRegistry, type PaymentRegistry } from '../../payments/registry'

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment providers of this app, built once from its configuration. */
    payments: PaymentRegistry
  }
}

/** Decorates the app with its payment registry (payments/registry.ts). */
export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('payments', buildPaymentRegistry(app.config))
  },
  { name: 'payments' },
)
