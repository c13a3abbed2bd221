import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/errors'
import { placeGuardedOrder } from '../domain/abuse/guarded-order'
import { checkCaptcha, createCaptcha } from '../domain/captcha/store'
import { ORDER_SWEEP_INTERVAL_MS, ORDER_SWEEP_MIN_INTERVAL_MS } from '../domain/orders/constants'
import { createOrder } from '../domain/orders/create'
import { buildNoScheme } from '../domain/orders/event-page'
import { startExpirySweeper, type Sweeper } from '../domain/orders/expiry'
import { queueOrderPaidMail } from '../mail/templates/sendOrderPaid'
import type { CallHandlers } from './registry'

type OrderHandlers = Required<Pick<CallHandlers, 'noScheme' | 'orderCreate' | 'captcha' | 'captchaCheck'>>

/**
 * General-admission purchase: the event page (/api/no-scheme), order creation with its
 * rate limit and captcha, and the captcha calls. Also starts the reservation-expiry sweeper when
 * the app is ready and stops it when the app closes.
 */
export function buildOrderHandlers(app: FastifyInstance): OrderHandlers {
  const { db } = app
  const reserveSeconds = app.config.orderReserveSeconds
  let sweeper: Sweeper | null = null
  app.addHook('onReady', async () => {
    const interval = Math.min(ORDER_SWEEP_INTERVAL_MS, Math.max(ORDER_SWEEP_MIN_INTERVAL_MS, (Math.min(reserveSeconds, app.config.cartHoldSeconds) * 1000) / 2))
    sweeper = startExpirySweeper(
      db,
      interval,
      (err) => app.log.error({ err }, 'order expiry sweep failed'),
      (ids) => app.log.info({ orders: ids }, 'expired orders cancelled'),
    )
  })
  app.addHook('onClose', async () => {
    await sweeper?.stop()
  })

  return {
    noScheme: async ({ input }) => buildNoScheme(db, input.hash),

    orderCreate: async ({ input, request, reply }) => {
      const hash = await placeGuardedOrder(app, request, reply, input, (now) =>
        createOrder(db, input, {
          now,
          reserveSeconds,
          sessionId: request.session?.id ?? null,
          crmClientId: request.session?.crm_client_id ?? null,
        }),
      )
      // A free order is paid at once: its tickets are e-mailed now (nothing is sent otherwise).
      queueOrderPaidMail(db, app.config, app.log, hash)
      return { errorCode: ErrorCode.OK, errorText: '', hash }
    },

    captcha: async ({ reply }) => {
      reply.header('cache-control', 'no-store')
      return createCaptcha(db)
    },

    captchaCheck: async ({ input }) => ({
      result: await checkCaptcha(db, input.sid, input.code),
      sid: input.sid,
      text: input.code,
    }),
  }
}
