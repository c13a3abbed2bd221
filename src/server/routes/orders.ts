import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/errors'
import { placeGuardedOrder } from '../domain/abuse/guarded-order'
import { checkCaptcha, createCaptcha } from '../domain/captcha/store'
import { createOrder } from '../domain/admission/create'
import { buildNoScheme } from '../domain/admission/event-page'
import { limitAddressOf } from '../security/address-key'
import { startTicketMail } from '../mail/templates/sendOrderPaid'
import type { CallHandlers } from './registry'

type OrderHandlers = Required<Pick<CallHandlers, 'noScheme' | 'orderCreate' | 'captcha' | 'captchaCheck'>>

/**
 * General-admission purchase: the event page (/api/no-scheme), order creation with its
 * rate limit and captcha (the order-guard plugin), and the captcha calls.
 */
export function buildOrderHandlers(app: FastifyInstance): OrderHandlers {
  const { db } = app
  const reserveSeconds = app.config.orderReserveSeconds
  return {
    noScheme: async ({ input }) => buildNoScheme(db, input.hash),

    orderCreate: async ({ input, request }) => {
      const placed = await placeGuardedOrder(db, app.orderGuard, limitAddressOf(request), input, (now) =>
        createOrder(db, input, {
          now,
          reserveSeconds,
          sessionId: request.session?.id ?? null,
          crmClientId: request.session?.crm_client_id ?? null,
          gate: request.commitGate,
          checkEmail: app.emailCheck,
        }),
      )
      // A free order is paid at once, its tickets e-mail queued with it: its first attempt is now.
      if (placed.ticketMail) startTicketMail(db, app.config, app.log, placed.ticketMail)
      return { errorCode: ErrorCode.OK, errorText: '', hash: placed.hash }
    },

    captcha: async ({ input, reply }) => {
      reply.header('cache-control', 'no-store')
      return createCaptcha(db, Date.now(), input.kind, input.lang)
    },

    captchaCheck: async ({ input }) => ({
      result: await checkCaptcha(db, input.sid, input.code),
      sid: input.sid,
      text: input.code,
    }),
  }
}
