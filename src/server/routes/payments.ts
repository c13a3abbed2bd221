import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/errors'
import { addDiscount, cancelDiscount, releaseCancelledDiscounts } from '../domain/loyalty/service'
import { addSpecialOffers, removeSpecialOffer } from '../domain/offers/service'
import { buildOrderView, orderNumber } from '../domain/orderview/view'
import { buildTicketView } from '../domain/tickets/view'
import { queueOrderPaidMail } from '../mail/templates/sendOrderPaid'
import { buildPaymentRegistry, type PaymentRegistry } from '../payments/registry'
import { registerSandboxBank } from '../payments/sandbox/routes'
import { paymentStatusChange, startPayment } from '../payments/service'
import { messageText } from '../messages'
import { requestLang } from '../plugins/error-handler'
import { visitorOrigin } from './origin'
import type { CallHandlers } from './registry'

type PaymentHandlers = Required<
  Pick<CallHandlers, 'orderView' | 'orderGetNum' | 'orderAddSpecialOffer' | 'orderRemoveSpecialOffer' | 'orderAddDiscount' | 'orderCancelDiscount' | 'orderStatusChange' | 'paymentStart' | 'ticket'>
>

/** How often discounts of orders cancelled by expiry are given back (bonuses, promo uses). */
const DISCOUNT_RELEASE_INTERVAL_MS = 30_000

const registries = new WeakMap<FastifyInstance, PaymentRegistry>()

/** The payment providers of an app (built once from its configuration). */
export function paymentRegistryOf(app: FastifyInstance): PaymentRegistry {
  let registry = registries.get(app)
  if (!registry) {
    registry = buildPaymentRegistry(app.config)
    registries.set(app, registry)
  }
  return registry
}

/**
 * Order view and payment: the view, order number, special offers, discounts, QR polling,
 * payment start, and the ticket view. Thin: every call is a domain service.
 */
export function buildPaymentHandlers(app: FastifyInstance): PaymentHandlers {
  const { db } = app
  const registry = paymentRegistryOf(app)
  const ok = { errorCode: ErrorCode.OK, errorText: '' } as const
  return {
    orderView: async ({ input, reply }) => {
      reply.header('cache-control', 'no-store')
      return buildOrderView(db, registry, input.hash)
    },
    orderGetNum: async ({ input }) => ({ response: { num: await orderNumber(db, input.hash) } }),
    orderAddSpecialOffer: async ({ input }) => {
      await addSpecialOffers(db, input.hash, input.data)
      return ok
    },
    orderRemoveSpecialOffer: async ({ input }) => {
      await removeSpecialOffer(db, input.hash, input.id)
      return ok
    },
    orderAddDiscount: async ({ input }) => {
      await releaseCancelledDiscounts(db)
      const r = await addDiscount(db, input)
      // An unknown code is no error (001 §7: promoCode '' = invalid); the note is in the visitor's language.
      return { errorCode: ErrorCode.OK, errorText: r.promoRefused ? messageText('promo-invalid', input.lang) : '', promoCode: r.promoCode }
    },
    orderCancelDiscount: async ({ input }) => {
      await cancelDiscount(db, input.hash)
      return ok
    },
    orderStatusChange: async ({ input, reply }) => {
      reply.header('cache-control', 'no-store')
      return { response: await paymentStatusChange(db, input.hash) }
    },
    paymentStart: async ({ input, params, request }) => startPayment(db, registry, {
      hash: input.hash,
      typeId: params.typeId,
      lang: requestLang(request),
      // The bank sends the buyer back here: the address this buyer's browser uses.
      publicUrl: visitorOrigin(request, app.config),
      // Discounts covered the whole amount: the order is paid now, so its tickets are mailed now.
      onPaidWithoutBank: (hash) => queueOrderPaidMail(db, app.config, app.log, hash),
    }),
    ticket: async ({ params, reply }) => {
      reply.header('cache-control', 'no-store')
      return buildTicketView(db, params.hash)
    },
  }
}

/**
 * Routes beside the registry's calls: the sandbox bank's pages and callback. Also gives back,
 * periodically, the discounts of orders cancelled by expiry.
 */
export function registerPaymentRoutes(app: FastifyInstance): void {
  registerSandboxBank(app, paymentRegistryOf(app))
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | null = null
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return
      running = releaseCancelledDiscounts(app.db)
        .catch((err: unknown) => app.log.error({ err }, 'discount release failed'))
        .finally(() => {
          running = null
        })
    }, DISCOUNT_RELEASE_INTERVAL_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
