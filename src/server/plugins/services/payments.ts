import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { buildPaymentRegistry, type PaymentRegistry } from '../../payments/registry'
import { registerRefundRetry } from '../../payments/refund-outbox'

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment providers of this app, built once from its configuration. */
    payments: PaymentRegistry
  }
}

/**
 * Decorates the app with its payment registry (payments/registry.ts) and runs, on the cluster's
 * leader, the retry of refunds not yet taken by their provider (payments/refund-outbox.ts).
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('payments', buildPaymentRegistry(app.config))
    registerRefundRetry(app)
  },
  { name: 'payments', dependencies: ['leader'] },
)
