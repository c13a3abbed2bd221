import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ORDER_STATUS_CANCELLED, ORDER_STATUS_CONFIRMED } from '../../contract/constants'
import { seatPlaceText } from '../../contract/rules/seat-place'
import { SESSION_COOKIE } from '../security/cookies'
import { findSession } from '../domain/sessions/repository'
import { boxOfficeKinds } from '../domain/boxoffice/boxoffice.repository'
import { reseatTicket } from '../domain/boxoffice/reseat'
import { sellAtBoxOffice } from '../domain/boxoffice/sell'
import { findOrderByHash, listTicketLines } from '../domain/orders/order.repository'
import { printingAllowed } from '../domain/orders/state'
import { toTicketLine } from '../domain/tickets/lines'
import { careOrderRows } from '../domain/care/care.repository'
import { ApiFailure } from '../errors'
import { requestLang } from '../request-lang'
import { attemptTicketMail } from '../mail/templates/sendOrderPaid'
import { writeAudit } from './audit'
import type { AdminHandlers } from './routes'
import { formatSession } from '../../contract/rules/dayText'

/** Minor units per major unit of the ticket view's prices. */
const MINOR_PER_MAJOR = 100

/**
 * The operator's storefront session in this browser, if any: the box office's map uses the
 * storefront's cart calls (the same holds as any buyer's), whose cart belongs to that session.
 */
async function cartSessionOf(app: FastifyInstance, request: FastifyRequest, now: number): Promise<string | null> {
  const raw = request.cookies[SESSION_COOKIE]
  if (!raw) return null
  const unsigned = request.unsignCookie(raw)
  if (!unsigned.valid || !unsigned.value) return null
  return (await findSession(app.db, unsigned.value, now))?.id ?? null
}

/** Box office (issue 19.1): sell at the counter, reseat a sold ticket, print an order's tickets. */
export function boxOfficeHandlers(app: FastifyInstance): AdminHandlers {
  const { db } = app
  return {
    boxOfficeSell: async ({ input, actor, request }) => {
      const now = Date.now()
      // The order's language (its tickets e-mail, a moved or cancelled session's notice): the one
      // the sale names, else the console's, in which the operator serves the buyer (the console
      // sends it with every call), never a fixed Russian.
      const { ticketMail, ...sale } = await sellAtBoxOffice(db, { ...input, lang: input.lang ?? requestLang(request) }, {
        now,
        reserveSeconds: app.config.orderReserveSeconds,
        cartSessionId: await cartSessionOf(app, request, now),
        operatorId: actor.operatorId,
        actor: actor.label,
        record: (trx, order, amount) => writeAudit(trx, actor, { action: 'boxoffice-sale', entity: 'order', entityId: order.id, after: { ord_num: order.ord_num, payKind: input.payKind, amount } }),
        // A sale answered "busy" by the request's deadline leaves no order (plugins/request-deadline.ts).
        gate: actor.gate,
      })
      // The sold places were logged in the same transaction: open maps hear it now.
      app.liveFeed.changed()
      let mailed = false
      // Queued with the sale, its first attempt awaited. Named tickets have none until their
      // holders are entered (their confirmation queues it): nothing was sent, nor failed, so no
      // audit row says it did.
      if (input.sendMail && ticketMail) {
        const result = await attemptTicketMail(db, app.config, ticketMail, 1)
        mailed = Boolean(result && (result.sent || result.filePath))
        await writeAudit(db, actor, { action: mailed ? 'send-tickets' : 'send-tickets-failed', entity: 'order', entityId: sale.id, after: { to: input.email } })
      }
      return { ...sale, mailed, needsNames: sale.status !== ORDER_STATUS_CONFIRMED }
    },
    ticketReseat: async ({ input, actor, request }) => {
      const { place } = await reseatTicket(db, input.lineId, input.seat, {
        now: Date.now(),
        actor: actor.label,
        gate: actor.gate,
        record: (trx, line, to) => writeAudit(trx, actor, { action: 'reseat', entity: 'order', entityId: line.order_id, before: { line: line.id, seat: line.seat_id }, after: { line: line.id, seat: to.id } }),
      })
      app.liveFeed.changed()
      // Worded in the operator's language (the console sends it in the query): "Stalls, row 1, seat 9".
      return { ok: true as const, place: seatPlaceText(place, requestLang(request)) }
    },
    orderPrint: async ({ params, input }) => {
      const lang = input.lang ?? 'ru'
      const [row] = await careOrderRows(db, [params.id])
      const order = row ? await findOrderByHash(db, row.hash) : undefined
      if (!order) throw new ApiFailure('admin-not-found', { what: 'order', id: params.id })
      // An order never paid (reserved, expired or cancelled unpaid) has no tickets: said so, not shown as returned ones.
      if (order.paid !== 1) throw new ApiFailure('order-not-printable')
      // Named tickets are printed once they carry their holders (order care enters them).
      if (order.paid === 1 && order.status !== ORDER_STATUS_CANCELLED && order.status !== ORDER_STATUS_CONFIRMED) throw new ApiFailure('order-unconfirmed')
      // The same rule as the buyer's order page: codes only for a paid order whose printing is allowed.
      const keys = printingAllowed(order) ? app.ticketKeys : null
      const tickets = await Promise.all((await listTicketLines(db, order.id)).map((l) => toTicketLine(l, keys)))
      // A complimentary desk sale's tickets cost the buyer nothing: printed with 0, as its e-mail
      // and order page give its sum, never the list price (an invitation is not sold on at a price).
      const complimentary = (await boxOfficeKinds(db, [order.id])).get(order.id) === 'comp'
      return {
        ord_num: order.ord_num,
        tickets: tickets.map((t) => ({
          id: t.id,
          code: t.ticketcode,
          image: t._qrcode || t._barcode,
          event: t[`action_${lang}`] || t.action_ru,
          // Written as the console's language writes a date ("December 9, 2026, 18:30"), not the stored "2026-12-09 18:30".
          when: formatSession(t.day, t.time, lang),
          // Where to go, as the order page says it: the venue and its address.
          venue: t[`seatroot_${lang}`] || t.seatroot_ru,
          address: t[`address_${lang}`] || t.address_ru,
          // The printed ticket says which label is which: "Stalls left, row 1, seat 8" (a standing place: its name).
          place: seatPlaceText({ sector: t[`sector_${lang}`], row: t[`row_${lang}`], seat: t[`seat_${lang}`] }, lang),
          zone: t[`zonelevel_${lang}`] || t.zonelevel_ru,
          category: t[`category_${lang}`] || t.category_ru,
          // The view's major units back to minor units (two decimals in every currency we sell in).
          price: complimentary ? 0 : Math.round(t.price * MINOR_PER_MAJOR),
        })),
      }
    },
  }
}
