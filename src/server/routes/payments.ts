import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/errors'
import { addDiscount, cancelDiscount, releaseCancelledDiscounts } from '../domain/loyalty/service'
import { addSpecialOffers, removeSpecialOffer } from '../domain/offers/service'
import { buildOrderView, orderNumber } from '../domain/order-page/view'
import { extendOrderReserve } from '../domain/orders/reserve-extension'
import { buildTicketView } from '../domain/tickets/view'
import { startTicketMail } from '../mail/templates/sendOrderPaid'
import { registerSandboxBank } from '../payments/sandbox/routes'
import { paymentStatusChange, startPayment } from '../payments/service'
import { messageText } from '../messages'
import { requestLang } from '../request-lang'
import { visitorOrigin } from './origin'
import type { CallHandlers } from './registry'

type PaymentHandlers = Required<
  Pick<CallHandlers, 'orderView' | 'orderGetNum' | 'orderAddSpecialOffer' | 'orderRemoveSpecialOffer' | 'orderAddDiscount' | 'orderCancelDiscount' | 'orderStatusChange' | 'orderExtend' | 'paymentStart' | 'ticket'>
>

/**
 * Order view and payment: the view, order number, special offers, discounts, QR polling,
 * payment start, and the ticket view. Thin: every call is a domain service.
 */
export function buildPaymentHandlers(app: FastifyInstance): PaymentHandlers {
  const { db } = app
  const registry = app.payments
  const ok = { errorCode: ErrorCode.OK, errorText: '' } as const
  return {
    orderView: async ({ input, reply }) => {
      reply.header('cache-control', 'no-store')
      return buildOrderView(db, registry, input.hash, app.ticketKeys)
    },
    orderGetNum: async ({ input }) => ({ response: { num: await orderNumber(db, input.hash) } }),
    // Every write of the order page commits through the request's gate (orders/commit-gate.ts).
    orderAddSpecialOffer: async ({ input, request }) => {
      await addSpecialOffers(db, input.hash, input.data, Date.now(), request.commitGate)
      return ok
    },
    orderRemoveSpecialOffer: async ({ input, request }) => {
      await removeSpecialOffer(db, input.hash, input.id, Date.now(), request.commitGate)
      return ok
    },
    orderAddDiscount: async ({ input, request }) => {
      await releaseCancelledDiscounts(db)
      const r = await addDiscount(db, input, Date.now(), request.commitGate)
      // An unknown code is no error (001 §7: promoCode '' = invalid); the note is in the visitor's language.
      return { errorCode: ErrorCode.OK, errorText: r.promoRefused ? messageText('promo-invalid', input.lang) : '', promoCode: r.promoCode }
    },
    orderCancelDiscount: async ({ input, request }) => {
      await cancelDiscount(db, input.hash, Date.now(), request.commitGate)
      return ok
    },
    orderStatusChange: async ({ input, reply }) => {
      reply.header('cache-control', 'no-store')
      return { response: await paymentStatusChange(db, input.hash) }
    },
    orderExtend: async ({ input, request }) => ({
      ...ok,
      ...(await extendOrderReserve(db, input.hash, { now: Date.now(), reserveSeconds: app.config.orderReserveSeconds, maxExtensions: app.config.orderReserveExtensions, gate: request.commitGate })),
    }),
    paymentStart: async ({ input, params, request }) => startPayment(db, registry, {
      hash: input.hash,
      typeId: params.typeId,
      lang: requestLang(request),
      // The bank sends the buyer back here: the address this buyer's browser uses.
      publicUrl: visitorOrigin(request, app.config),
      // Discounts covered the whole amount: the order is paid now, its tickets e-mail queued with it.
      onPaidWithoutBank: (ticketMail) => {
        if (ticketMail) startTicketMail(db, app.config, app.log, ticketMail)
      },
      gate: request.commitGate,
    }),
    ticket: async ({ params, reply }) => {
      reply.header('cache-control', 'no-store')
      return buildTicketView(db, params.hash, app.ticketKeys)
    },
  }
}

/** Routes beside the registry's calls: the sandbox bank's pages and callback. */
export function registerPaymentRoutes(app: FastifyInstance): void {
  registerSandboxBank(app, app.payments)
}
