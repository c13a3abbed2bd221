import { ORDER_STATUS_CONFIRMED } from '../../contract/constants'
import type { Db } from '../db/connect'
import { insertOutboxMessage } from './mail.repository'
import { MAIL_FIRST_ATTEMPT_LEASE_MS } from './outbox'
import { ticketMailSubject } from './templates/orderMail'

/**
 * The tickets e-mail of an order, queued durably (issue 18.6).
 *
 * It is stored in the transaction that makes it due, by queueTicketMail: the payment that marks
 * the order paid (payments/settle.ts markOrderPaid, the one place an order becomes paid), the
 * free order written paid at once (orders/claim.ts placeOrder), the named tickets confirmed on a
 * paid order (nominal/confirm.ts). So the mail commits with the order's change or neither does:
 * before, the row was written by a promise started after the commit, and a failure there (a lock
 * or pool timeout, the process killed in between) left a paid order whose mail was never sent.
 * The transaction pays one INSERT for it and reads nothing more: the row holds the address and
 * the order, and its body is rendered from the order at the first attempt (template 'tickets',
 * mail/templates/sendOrderPaid.ts attemptTicketMail), which follows the commit at once in the
 * same process, or comes from the retry sweep of the cluster's leader (mail/retry.ts) once the
 * first attempt's lease has passed when that process died first.
 *
 * One event, one row: the order becomes paid once (a conditional update) and is confirmed once,
 * and each of those transactions writes the row at most once; a repeated bank callback changes
 * nothing and so writes nothing.
 */

/** mail_outbox.template of a tickets e-mail whose body is still to be rendered from its order. */
export const TICKET_MAIL_TEMPLATE = 'tickets'

/** A tickets e-mail stored by queueTicketMail: its outbox row and its order. */
export interface QueuedTicketMail {
  id: number
  orderId: number
}

/**
 * Stores the tickets e-mail of an order in the caller's transaction `trx`, when the order as it
 * stands once that transaction commits is due one: paid (the caller's to say: it has just paid
 * it, or it was paid already), confirmed (named tickets carry their holders; an unconfirmed named
 * order gets its mail at its confirmation) and with an e-mail address. Answers the stored row
 * (give it its first attempt after the commit: attemptTicketMail), or null when none is due.
 * The row is due for the retry sweep only after the first attempt's lease, as sendMail's.
 */
export async function queueTicketMail(trx: Db, order: { id: number; email: string; status: number }, now: number): Promise<QueuedTicketMail | null> {
  if (order.status !== ORDER_STATUS_CONFIRMED || !order.email) return null
  const id = await insertOutboxMessage(trx, { to: order.email, subject: '', text: '', html: '', orderId: order.id, kind: 'tickets', template: TICKET_MAIL_TEMPLATE, now, dueAt: now + MAIL_FIRST_ATTEMPT_LEASE_MS })
  return { id, orderId: order.id }
}

/**
 * The subject order care shows for a stored message: its own, or, for a tickets e-mail still
 * queued (its body and subject are rendered only at its attempt), the subject it will be sent
 * with, from its order's language and number, as the line will read once it is sent.
 */
export function queuedSubject(m: { subject: string; template: string; lang: string; ord_num: number }): string {
  return m.template === TICKET_MAIL_TEMPLATE ? ticketMailSubject(m.lang, m.ord_num) : m.subject
}
