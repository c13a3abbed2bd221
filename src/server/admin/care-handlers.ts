import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS_CONFIRMED } from '../../contract/constants'
import { MAIL_KINDS, type OrderCare } from '../../contract/admin/care'
import { wasPaid } from '../../contract/admin/sales-export'
import { seatPlaceText } from '../../contract/rules/seat-place'
import { careAudit, careEntries, careLines, careOrderRows, careReturns, searchOrderIds, seatLabels } from '../domain/care/care.repository'
import { listLineChanges } from '../domain/boxoffice/boxoffice.repository'
import { refundTickets } from '../domain/care/refund'
import { confirmNominal } from '../domain/nominal/confirm'
import { buildOrderData } from '../domain/nominal/order-data'
import { listNominalCheckboxes } from '../domain/nominal/repository'
import { listOrderRefunds } from '../domain/care/refund.repository'
import { expireOrdersById } from '../domain/orders/expiry'
import { isReturned } from '../domain/orders/money'
import { endReservation } from '../domain/orders/order.repository'
import { personName } from '../domain/tickets/lines'
import { ApiFailure } from '../errors'
import { requestLang } from '../request-lang'
import { listOrderMail } from '../mail/mail.repository'
import { attemptTicketMail, sendOrderPaidMail } from '../mail/templates/sendOrderPaid'
import { queuedSubject } from '../mail/ticket-mail'
import { writeAudit } from './audit'
import { orderStateOf } from './order-state'
import { orderSummaries } from './order-summary'
import type { AdminHandlers } from './routes'
import { tx } from './transaction'

type Row = Awaited<ReturnType<typeof careOrderRows>>[number]

/** Order care (issue 19.2): search, the order with its history (e-mails, reseats, refunds too), cancel unpaid, refund, resend tickets. */
export function careHandlers(app: FastifyInstance): AdminHandlers {
  const db = app.db
  const orderRow = async (id: number): Promise<Row> => {
    const [row] = await careOrderRows(db, [id])
    if (!row) throw new ApiFailure('admin-not-found', { what: 'order', id })
    return row
  }
  return {
    orderSearch: async ({ input }) => {
      const now = Date.now()
      return { orders: await orderSummaries(db, await careOrderRows(db, await searchOrderIds(db, input.q, input.limit)), now) }
    },
    orderCare: async ({ params, request }) => {
      const now = Date.now()
      // Places are worded in the operator's language: "Stalls, row 1, seat 8".
      const lang = requestLang(request)
      const o = await orderRow(params.id)
      const lines = await careLines(db, o.id)
      const entries = await careEntries(db, o.id)
      const history: OrderCare['history'] = [{ at: Number(o.created_at), kind: 'created', detail: '' }]
      if (o.paid_at !== null) history.push({ at: Number(o.paid_at), kind: 'paid', detail: '' })
      if (o.cancelled_at !== null) history.push({ at: Number(o.cancelled_at), kind: 'cancelled', detail: '' })
      // An order of named tickets is confirmed when its holders are entered (by the buyer or an operator).
      const holders = lines.filter((l) => personName(l) !== '').length
      if (o.confirmed_at !== null && holders > 0) history.push({ at: Number(o.confirmed_at), kind: 'named', detail: String(holders) })
      const refunds = await listOrderRefunds(db, o.id)
      // A refund's money: what was sent, and what was kept back for earned bonuses the card had spent (when any).
      const money = (r: (typeof refunds)[number]) => ({ amount: Number(r.amount), ...(Number(r.bonus_withheld) > 0 && { withheld: Number(r.bonus_withheld) }) })
      for (const r of await careReturns(db, o.id)) {
        history.push({ at: Number(r.created_at), kind: 'return_requested', detail: '' })
        // A visitor's return says what its refund sent and kept back (none when nothing was paid).
        const refund = refunds.find((x) => x.return_request_id === r.id)
        if (r.confirmed_at !== null) history.push({ at: Number(r.confirmed_at), kind: 'returned', detail: '', ...(refund && money(refund)) })
      }
      for (const e of entries) history.push({ at: Number(e.scanned_at), kind: 'checked_in', detail: `${e.ticket_code} · ${e.gate}` })
      for (const a of await careAudit(db, o.id)) history.push({ at: Number(a.created_at), kind: 'operator', action: a.action, detail: a.actor })
      for (const m of await listOrderMail(db, o.id)) {
        const outcome = m.sent_at !== null || m.file_path !== '' ? 'sent' : m.failed_at !== null ? 'failed' : 'queued'
        // The subject is in the language the message was written in; its kind, when kept, the console names in its own.
        const mail = MAIL_KINDS.find((k) => k === m.kind)
        history.push({ at: Number(m.sent_at ?? m.created_at), kind: 'mailed', outcome, ...(mail && { mail }), detail: `${queuedSubject(m)} · ${m.to_address}` })
      }
      const changes = await listLineChanges(db, o.id)
      const seats = new Map((await seatLabels(db, changes.flatMap((c) => [c.from_seat_id, c.to_seat_id]).filter((x): x is number => x !== null))).map((s) => [s.id, seatPlaceText({ sector: s.sector_name, row: s.row_label, seat: s.number_label }, lang)]))
      const codeOf = (lineId: number) => lines.find((l) => l.id === lineId)?.ticket_code ?? String(lineId)
      for (const c of changes) {
        if (c.kind === 'reseat') history.push({ at: Number(c.at), kind: 'reseated', detail: `${codeOf(c.order_line_id)}: ${seats.get(c.from_seat_id ?? 0) ?? ''} → ${seats.get(c.to_seat_id ?? 0) ?? ''} · ${c.actor}` })
      }
      for (const r of refunds) {
        // A payment refunded at its settlement (it could not buy the order) was nobody's action: not "refunded by an operator".
        if (r.return_request_id === null) history.push({ at: Number(r.created_at), kind: r.settlement_refund === 1 ? 'payment_refunded' : 'refunded', detail: '', ...money(r) })
      }
      history.sort((a, b) => a.at - b.at)
      const state = orderStateOf(o, now)
      const open = lines.some((l) => !isReturned(l.return_status))
      // Paid, whatever of it was returned since (partly_refunded, refunded): what is still open can be acted on.
      const paidFor = wasPaid(state)
      return {
        order: (await orderSummaries(db, [o], now))[0],
        lines: lines.map((l) => {
          const entry = entries.find((e) => e.order_line_id === l.id)
          return {
            id: l.id,
            code: l.ticket_code,
            event: { ru: l.name_ru, en: l.name_en, kz: l.name_kz, ch: l.name_ch },
            day: l.day,
            time: l.time,
            place: l.seat_id !== null ? seatPlaceText({ sector: l.sector_name, row: l.row_label, seat: l.number_label }, lang) : (l.stand_name ?? ''),
            category: { ru: l.cat_ru, en: l.cat_en, kz: l.cat_kz, ch: l.cat_ch },
            holder: personName(l),
            quantity: l.quantity,
            returned: isReturned(l.return_status),
            seated: l.seat_id !== null,
            calendarId: l.calendar_id,
            eventHash: l.hash_id,
            checkedIn: entry ? { at: Number(entry.scanned_at), gate: entry.gate } : null,
          }
        }),
        history,
        can: {
          cancel: state === 'reserved' || state === 'expired',
          // A resend needs a ticket left to link (sendOrderPaidMail sends none for an order all returned).
          resend: paidFor && open && o.status === ORDER_STATUS_CONFIRMED && o.email !== '',
          refund: paidFor && open,
          reseat: paidFor && lines.some((l) => l.seat_id !== null && l.return_status === 0),
          // Only a named-ticket order is created unconfirmed; it waits for its holders, while it has a
          // ticket left to name (the confirmation refuses one whose every ticket was refunded: nominal-returned).
          name: (paidFor || state === 'reserved') && open && o.status !== ORDER_STATUS_CONFIRMED,
        },
      }
    },
    orderCancel: async ({ params, actor }) => {
      const now = Date.now()
      const o = await orderRow(params.id)
      const cancelled = await tx(db, actor, async (trx) => {
        if (!(await endReservation(trx, o.id, now))) return false
        // Cancelled in the same transaction, by the one expiry path (its places back on sale as when
        // a hold runs out; a payment racing it wins only if it committed first: expiry skips paid
        // orders). Left to a later expiry, the order stayed open between this commit and that one:
        // a second operator's cancel found it still open and was answered done and audited too,
        // and a buyer's reserve extension taking the order's lock then could extend it past the
        // expiry, keeping an order the operator was told is cancelled.
        await expireOrdersById(trx, now, [o.id])
        await writeAudit(trx, actor, { action: 'cancel', entity: 'order', entityId: o.id, before: { state: orderStateOf(o, now) }, after: { state: 'cancelled' } })
        return true
      })
      if (!cancelled) throw new ApiFailure('order-not-cancellable')
      // Its places were logged free in that transaction: open maps (and, on PostgreSQL, the other
      // processes) hear it now, not at their next poll, as after a refund or a desk sale.
      app.liveFeed.changed()
      return { ok: true as const }
    },
    orderRefund: async ({ params, input, actor }) => {
      const result = await refundTickets(db, app.payments, params.id, input.lineIds, {
        now: Date.now(),
        actor: actor.label,
        log: app.log,
        gate: actor.gate,
        record: (trx, r) => writeAudit(trx, actor, { action: 'refund', entity: 'order', entityId: params.id, after: { amount: r.amount, ...(r.withheld > 0 && { bonusWithheld: r.withheld }), lines: r.lineIds } }),
      })
      // The refunded seats were logged free in the same transaction: open maps hear it now.
      if (result.calendarIds.length) app.liveFeed.changed()
      return { amount: result.amount, ...(result.withheld > 0 && { withheld: result.withheld }), lines: result.lines, repeat: result.repeat, ...(result.pending ? { pending: true } : {}) }
    },
    orderNames: async ({ params, input }) => buildOrderData(db, (await orderRow(params.id)).hash, input.lang ?? 'ru'),
    orderName: async ({ params, input, actor }) => {
      const o = await orderRow(params.id)
      const { lang, ...columns } = input
      // The operator confirms the named-ticket consents on the holders' behalf (said at the desk).
      const checkboxList = (await listNominalCheckboxes(db)).map((c) => ({ id: c.id, checked: 1 as const }))
      // Through the request's commit gate, as the shop's confirmation: it locks the order a buyer may be paying.
      // The audit row is written in its transaction: names never change without it, nor it without them.
      const record = (trx: typeof db, orderId: number) => writeAudit(trx, actor, { action: 'name-tickets', entity: 'order', entityId: orderId, after: { tickets: columns.id.length } })
      const { ticketMail } = await confirmNominal(db, { ...columns, hash: o.hash, lang: lang ?? 'ru', checkboxList }, Date.now(), actor.gate, record)
      // A paid order's tickets go out now that they carry their holders (the shop does the same for a free named order):
      // queued with the confirmation, the first attempt awaited so the operator sees whether it went.
      const result = ticketMail ? await attemptTicketMail(db, app.config, ticketMail, 1) : null
      return { ok: true as const, mailed: Boolean(result && (result.sent || result.filePath)) }
    },
    orderResend: async ({ params, actor }) => {
      const o = await orderRow(params.id)
      const result = await sendOrderPaidMail(db, app.config, o.hash)
      if (!result) throw new ApiFailure('order-no-tickets-mail')
      await writeAudit(db, actor, { action: result.sent || result.filePath ? 'resend-tickets' : 'resend-tickets-failed', entity: 'order', entityId: o.id, after: { to: o.email } })
      if (!result.sent && !result.filePath) throw new ApiFailure('order-mail-failed', { detail: result.error ?? '' })
      return { ok: true as const }
    },
  }
}
