import type { Db } from '../db/connect'

/**
 * The mail's repository: mail_outbox (the durable queue every message is stored in before its
 * first attempt, see outbox.ts and retry.ts) and what the order e-mail reads of an order's lines.
 */

/**
 * Stores a message, due for the retry sweep at `dueAt`; answers its id. `template`: what its body
 * is still to be rendered from (ticket-mail.ts; absent: the body given is the message's).
 */
export async function insertOutboxMessage(db: Db, m: { to: string; subject: string; text: string; html: string; orderId: number | null; template?: string; now: number; dueAt: number }): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ to_address: m.to, subject: m.subject, text_body: m.text, html_body: m.html, order_id: m.orderId, template: m.template ?? '', created_at: m.now, next_attempt_at: m.dueAt })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Messages about an order (order_id), oldest first: what order care lists in its history. */
export function listOrderMail(db: Db, orderId: number) {
  return db.selectFrom('mail_outbox').select(['id', 'to_address', 'subject', 'created_at', 'sent_at', 'file_path', 'failed_at']).where('order_id', '=', orderId).orderBy('id').execute()
}

/** A message's body rendered at its attempt (a row stored with a template): stored with the attempt's outcome, the template cleared. */
export interface RenderedBody {
  subject: string
  text: string
  html?: string
}

const bodyColumns = (body: RenderedBody | undefined) => (body ? { subject: body.subject, text_body: body.text, html_body: body.html ?? '', template: '' } : {})

/** Records a message as sent by attempt number `attempts` (with its body when the attempt rendered it). */
export async function markMailSent(db: Db, id: number, attempts: number, filePath: string, now: number, body?: RenderedBody): Promise<void> {
  await db.updateTable('mail_outbox').set({ sent_at: now, attempts, file_path: filePath, next_attempt_at: null, last_error: '', ...bodyColumns(body) }).where('id', '=', id).execute()
}

/** Records a failed attempt: due again at `nextAttemptAt`, or given up at `failedAt` (then nextAttemptAt is null); with its body when the attempt rendered it. */
export async function markMailFailed(db: Db, id: number, f: { attempts: number; error: string; nextAttemptAt: number | null; failedAt: number | null }, body?: RenderedBody): Promise<void> {
  await db.updateTable('mail_outbox').set({ attempts: f.attempts, last_error: f.error, next_attempt_at: f.nextAttemptAt, failed_at: f.failedAt, ...bodyColumns(body) }).where('id', '=', id).execute()
}

/** Up to `limit` unsent, not given up messages whose next attempt is due at `now`, the longest due first. */
export function listDueMail(db: Db, now: number, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts', 'next_attempt_at', 'template', 'order_id'])
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute()
}

/**
 * Claims a due message for one attempt by moving its next attempt to `leaseUntil`, conditional
 * on the due time this process read, so of several processes only one sends it. Answers whether
 * this one got it.
 */
export async function claimDueMail(db: Db, id: number, dueAt: number | null, leaseUntil: number): Promise<boolean> {
  const claimed = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('next_attempt_at', '=', dueAt)
    .where('sent_at', 'is', null)
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

/** An order's row by its id (a queued tickets e-mail is rendered from it); undefined when it is gone. */
export function findMailOrder(db: Db, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()
}

/** An order's ticket lines with their event's names and session time, in line order (the order e-mail's list). */
export function listMailTicketLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .select(['l.ticket_hash', 'l.quantity', 'e.name_ru as action_ru', 'e.name_en as action_en', 'e.name_kz as action_kz', 'e.name_ch as action_ch', 'c.day', 'c.time'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute()
}
