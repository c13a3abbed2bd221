import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect'
import { z } from 'zod'
import { ErrorCode } from '../../../contract/errors'
import { DECLINED_ROUTE, ORDER_ROUTE } from '../../domain/orders/constants'
import { clientPageUrl } from '../../domain/orders/links'
import { findOrderByHash } from '../../domain/orders/order.repository'
import { toMajor } from '../../../contract/rules/money'
import { formatMoney } from '../../../contract/rules/moneyText'
import { storedCurrency } from '../../domain/settings/cached'
import { findPayment, insertPaymentCallback, paymentIdOf } from '../payment.repository'
import type { PaymentRegistry } from '../registry'
import { applyNotification } from '../settle'
import { settleLane } from '../settle-lane'
import { startRefundSend } from '../refund-outbox'
import { startTicketMail } from '../../mail/templates/sendOrderPaid'
import { CARD_SCHEME_KIND } from '../types'
import { payPage, resultPage, layout, SANDBOX_PAGE_LANG } from './pages'
import { SANDBOX, SANDBOX_CALLBACK_PATH, SANDBOX_FORM_PATH, SANDBOX_PAY_PATH, SANDBOX_QR_PATH, signedCallback } from './provider'
import { registerSandboxRefundControls } from './refund-routes'
import { sandboxRefundBook } from './refunds'
import { verify } from './signature'
import { deliverCallback } from './deliver'

const idParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) })
const decisionBody = z.object({ decision: z.enum(['approve', 'decline', 'pending']) })
const formBody = z.object({ payment_id: z.string().max(128), amount: z.coerce.number().int().min(0), order: z.string().max(32), email: z.string().max(200).optional(), signature: z.string().max(128) })
const DECISION_STATUS = { approve: 'approved', decline: 'declined', pending: 'pending' } as const
/** Whether the order of `hash` is paid (by whichever payment). */
const orderPaid = async (db: Db, hash: string) => (await findOrderByHash(db, hash))?.paid === 1
/** Marks the bank page's own form post, which answers with a page, not JSON. */
const HTML = 'text/html; charset=utf-8'

/**
 * The sandbox bank, served by this server (SANDBOX_BANK=1):
 * - GET  /sandbox-bank/pay/:id  and GET /sandbox-bank/qr/:id (the QR's link): the bank page;
 * - POST /sandbox-bank/pay/:id  the buyer's decision: the bank sends its signed callback and
 *   sends the browser back to /order/{hash} or /order/declined/{hash} (QR: a result page);
 * - POST /sandbox-bank/form     the hidden payment form: its signature is checked, then the bank page;
 * - POST /payment/callback/sandbox  the bank's callback (JSON or form): verified, applied once;
 * - /sandbox-bank/refunds…  its refund controls (refund-routes.ts: refuse the next refunds, list those taken).
 * The decision reaches the shop only through the callback route, exactly like a real bank.
 */
export function registerSandboxBank(app: FastifyInstance, registry: PaymentRegistry): void {
  const provider = registry.byName(SANDBOX)[0]
  if (!provider) return
  const secret = app.config.sandboxBankSecret
  const { db } = app

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    })

    const payment = (publicId: string) => findPayment(db, publicId)
    const settling = settleLane(db, app.config.buyingLaneWaitMs)

    const showPage = async (id: string, reply: import('fastify').FastifyReply, qr: boolean) => {
      const [p, currency] = await Promise.all([payment(id), storedCurrency(db)])
      if (!p) return reply.code(404).type(HTML).send(layout('Payment not found', '<p role="alert">No such payment.</p>'))
      return reply
        .type(HTML)
        .header('cache-control', 'no-store')
        .send(payPage({ publicId: id, ordNum: p.ord_num, amount: formatMoney(toMajor(p.amount), SANDBOX_PAGE_LANG, currency), typeName: p.name_en, status: p.status, allowPending: p.protocol_kind === CARD_SCHEME_KIND, action: `${SANDBOX_PAY_PATH}${id}${qr ? '?qr=1' : ''}` }))
    }

    registerSandboxRefundControls(scope, sandboxRefundBook)

    scope.get(`${SANDBOX_PAY_PATH}:id`, { schema: { hide: true } }, async (request, reply) => showPage(idParams.parse(request.params).id, reply, false))
    scope.get(`${SANDBOX_QR_PATH}:id`, { schema: { hide: true } }, async (request, reply) => showPage(idParams.parse(request.params).id, reply, true))

    scope.post(`${SANDBOX_PAY_PATH}:id`, { schema: { hide: true } }, async (request, reply) => {
      const params = idParams.safeParse(request.params)
      const body = decisionBody.safeParse(request.body)
      if (!params.success || !body.success) return reply.code(400).type(HTML).send(layout('Bad request', '<p role="alert">Choose Approve or Decline.</p>'))
      const p = await payment(params.data.id)
      if (!p) return reply.code(404).type(HTML).send(layout('Payment not found', '<p role="alert">No such payment.</p>'))
      const status = DECISION_STATUS[body.data.decision]
      // The bank tells the shop through its callback, signed, as a separate request.
      // Sent again while the shop answers busy (deliver.ts), as a real bank retries its callbacks.
      const payload = signedCallback(secret, params.data.id, p.amount, status)
      const delivered = await deliverCallback(
        async () => {
          const res = await app.inject({ method: 'POST', url: SANDBOX_CALLBACK_PATH, payload })
          let result: string | null = null
          try {
            result = (res.json() as { result?: string }).result ?? null
          } catch {
            // Not JSON (a proxy's or a dying server's page): no result, the status decides.
          }
          return { statusCode: res.statusCode, result }
        },
        (last) => app.log.error({ payment: params.data.id, status: last.statusCode }, 'sandbox bank: callback never taken'),
      )
      if (delivered.retrying) app.log.warn({ payment: params.data.id, status: delivered.statusCode }, 'sandbox bank: callback not taken yet, retrying in the background')
      const outcome = delivered.result ?? 'error'
      if ((request.query as { qr?: string }).qr === '1') return reply.type(HTML).send(resultPage(status === 'approved', outcome))
      // The order page in the buyer's language (the bank's pages know none of the app's query).
      // A payment declined, or refunded because it could not buy the order, sends the buyer to
      // the declined page, unless the order is paid after all (by another payment: this one was
      // refunded, or declined on a stale bank page): then to the paid order, as a success does.
      const failed = status === 'declined' || outcome === 'refunded'
      const target = failed && !(await orderPaid(db, p.hash))
        ? clientPageUrl('', DECLINED_ROUTE, p.hash, p.lang)
        : clientPageUrl('', ORDER_ROUTE, p.hash, p.lang, { bank: SANDBOX, payment: params.data.id })
      return reply.redirect(target, 303)
    })

    scope.post(SANDBOX_FORM_PATH, { schema: { hide: true } }, async (request, reply) => {
      const body = formBody.safeParse(request.body)
      if (!body.success || !verify(secret, body.data.signature, 'form', body.data.payment_id, body.data.amount, body.data.order)) {
        return reply.code(403).type(HTML).send(layout('Payment refused', '<p role="alert">The payment form is not signed by the shop.</p>'))
      }
      const p = await payment(body.data.payment_id)
      if (!p || p.amount !== body.data.amount) return reply.code(403).type(HTML).send(layout('Payment refused', '<p role="alert">The payment form does not match the payment.</p>'))
      return reply.redirect(`${SANDBOX_PAY_PATH}${body.data.payment_id}`, 303)
    })

    scope.post(SANDBOX_CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const now = Date.now()
      const notification = provider.verifyCallback(request.body)
      if (!notification) {
        const raw = (request.body ?? {}) as Record<string, unknown>
        const paymentId = (typeof raw.payment_id === 'string' ? await paymentIdOf(db, raw.payment_id) : undefined) ?? null
        await insertPaymentCallback(db, { paymentId, provider: SANDBOX, status: String(raw.status ?? '').slice(0, 20), amount: Number(raw.amount) || 0, accepted: false, applied: false, outcome: 'bad-signature', now })
        return reply.code(403).send({ errorCode: ErrorCode.BAD_REQUEST, errorText: 'Callback refused: the signature is invalid' })
      }
      const { outcome, payment: paid, paidOrder, ticketMail, refund } = await settling(() => applyNotification(db, notification, now))
      // The buyer gets the ticket links once, from the notification that paid the order: the
      // e-mail was queued with the payment (settle.ts markOrderPaid); its first attempt is now.
      if (ticketMail) startTicketMail(db, app.config, app.log, ticketMail, paidOrder)
      // A payment that could not buy its order goes back to the bank: queued with the refund, sent now.
      if (refund) startRefundSend(db, registry, app.log, refund)
      const applied = outcome !== 'repeat' && outcome !== 'unknown' && outcome !== 'amount-mismatch'
      await insertPaymentCallback(db, { paymentId: paid?.id ?? null, provider: SANDBOX, status: notification.status, amount: notification.amount, accepted: true, applied, outcome, now })
      if (outcome === 'unknown') return reply.code(404).send({ errorCode: ErrorCode.NOT_FOUND, errorText: 'No such payment' })
      if (outcome === 'amount-mismatch') return reply.code(400).send({ errorCode: ErrorCode.BAD_REQUEST, errorText: 'The amount is not the payment\'s amount' })
      return { errorCode: ErrorCode.OK, errorText: '', result: outcome }
    })
  })
}
