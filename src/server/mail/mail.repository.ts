import { sql } from 'kysely'
import type { MailKind } from '../../contract/admin/care'
import { RETURN_STATUS_CONFIRMED } from '../../contract/constants'
import type { Db } from '../db/connect'
import { prepared } from '../db/prepared'
import { inTicketOrder } from '../domain/orders/ticket-order.repository'

/**
 * The mail's repository: mail_outbox (the durable queue every message is stored in before its
 * first attempt, see outbox.ts and retry.ts) and what the order e-mail reads of an order's lines.
 */

/**
 * Stores a message, due for the retry sweep at `dueAt`; answers its id. `template`: what its body
 * is still to be rendered from (ticket-mail.ts; absent: the body given is the message's). A row
 * to be rendered is due at render_at, never at next_attempt_at: a process of a version before
 * templates sends whatever body a row due there holds (migration 2026_12_01_22_tm2_01).
 */
export async function insertOutboxMessage(db: Db, m: { to: string; subject: string; text: string; html: string; orderId: number | null; kind?: MailKind; template?: string; now: number; dueAt: number }): Promise<number> {
  const template = m.template ?? ''
  const due = template === '' ? { next_attempt_at: m.dueAt, render_at: null } : { next_attempt_at: null, render_at: m.dueAt }
  const row = await db
    .insertInto('mail_outbox')
    .values({ to_address: m.to, subject: m.subject, text_body: m.text, html_body: m.html, order_id: m.orderId, kind: m.kind ?? '', template, created_at: m.now, ...due })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Messages about an order (order_id), oldest first: what order care lists in its history, with
 * the order's language and number (a row still to be rendered has no subject yet: ticket-mail.ts
 * queuedSubject names it from them).
 */
export function listOrderMail(db: Db, orderId: number) {
  return db
    .selectFrom('mail_outbox as m')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select(['m.id', 'm.to_address', 'm.subject', 'm.kind', 'm.template', 'm.created_at', 'm.sent_at', 'm.file_path', 'm.failed_at', 'o.lang', 'o.ord_num'])
    .where('m.order_id', '=', orderId)
    .orderBy('m.id')
    .execute()
}

/** A message's body rendered at its attempt (a row stored with a template): stored with the attempt's outcome, the template cleared. */
export interface RenderedBody {
  subject: string
  text: string
  html?: string
}

const bodyColumns = (body: RenderedBody | undefined) => (body ? { subject: body.subject, text_body: body.text, html_body: body.html ?? '', template: '' } : {})

/**
 * When a failed message is due again (null: never), in the column its kind is due in: a row with
 * its body (stored now, or before) at next_attempt_at; a row still to be rendered (its template
 * kept: the attempt could not render it) at render_at, so a process of a version before
 * templates never sends it empty (insertOutboxMessage). Without a body the row's own template
 * decides, read by the UPDATE itself (SET reads the row as it was, on both databases).
 */
function dueColumns(due: number | null, body: RenderedBody | undefined) {
  if (body || due === null) return { next_attempt_at: due, render_at: null }
  // A literal, not a parameter: PostgreSQL cannot type a bare parameter inside CASE.
  const at = sql.lit(Math.trunc(due))
  return { next_attempt_at: sql<number | null>`case when template = '' then ${at} end`, render_at: sql<number | null>`case when template <> '' then ${at} end` }
}

/** Records a message as sent by attempt number `attempts` (with its body when the attempt rendered it). */
export async function markMailSent(db: Db, id: number, attempts: number, filePath: string, now: number, body?: RenderedBody): Promise<void> {
  await db.updateTable('mail_outbox').set({ sent_at: now, attempts, file_path: filePath, next_attempt_at: null, render_at: null, last_error: '', ...bodyColumns(body) }).where('id', '=', id).execute()
}

/** Records a failed attempt: due again at `nextAttemptAt` (dueColumns), or given up at `failedAt` (then nextAttemptAt is null); with its body when the attempt rendered it. */
export async function markMailFailed(db: Db, id: number, f: { attempts: number; error: string; nextAttemptAt: number | null; failedAt: number | null }, body?: RenderedBody): Promise<void> {
  await db.updateTable('mail_outbox').set({ attempts: f.attempts, last_error: f.error, ...dueColumns(f.nextAttemptAt, body), failed_at: f.failedAt, ...bodyColumns(body) }).where('id', '=', id).execute()
}

/**
 * Gives up a message not sent yet, at once: the retry sweep never tries it again (failed_at set,
 * due in neither column). For a message that must not arrive late, as the confirmation link of
 * a return request withdrawn because its first attempt failed (returns/create.ts).
 */
export async function giveUpMail(db: Db, id: number, error: string, now: number): Promise<void> {
  await db.updateTable('mail_outbox').set({ next_attempt_at: null, render_at: null, failed_at: now, last_error: error }).where('id', '=', id).where('sent_at', 'is', null).execute()
}

/** What stands in a stored body for a secret blanked from it (blankMailSecret). */
export const BLANKED_SECRET = '[removed]'

/**
 * Blanks `secret` (a return's hash_conf, returns/hashconf.ts) from a stored message's bodies once
 * it is sent or given up: the link carries the only copy of the secret, so a leaked database
 * holds no usable confirmation link. Subject, address and state stay (order care lists them).
 */
export async function blankMailSecret(db: Db, id: number, secret: string): Promise<void> {
  if (secret === '') return
  await db
    .updateTable('mail_outbox')
    .set({ text_body: sql<string>`replace(text_body, ${secret}, ${BLANKED_SECRET})`, html_body: sql<string>`replace(html_body, ${secret}, ${BLANKED_SECRET})` })
    .where('id', '=', id)
    .execute()
}

/** The column a message is due in: next_attempt_at (its body stored) or render_at (still to be rendered, insertOutboxMessage). */
export type DueColumn = 'next_attempt_at' | 'render_at'

/**
 * Up to `limit` unsent, not given up messages due at `now` in either column, the longest due
 * first, each with the column and time it is due at (claimDueMail's condition). One query per
 * column, so each walks its own index (mail_outbox_due, mail_outbox_render_due).
 */
export async function listDueMail(db: Db, now: number, limit: number) {
  const dueIn = (column: DueColumn) =>
    db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts', 'template', 'order_id', `${column} as due_at`])
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where(column, '<=', now)
      .orderBy(column)
      .limit(limit)
      .execute()
  // One after the other: the sweep need not hold two pooled connections.
  const stored = await dueIn('next_attempt_at')
  const unrendered = await dueIn('render_at')
  const due = [...stored.map((m) => ({ ...m, due_column: 'next_attempt_at' as DueColumn })), ...unrendered.map((m) => ({ ...m, due_column: 'render_at' as DueColumn }))]
  return due.sort((a, b) => Number(a.due_at) - Number(b.due_at)).slice(0, limit)
}

/**
 * Claims a due message for one attempt by moving its due time (in `column`) to `leaseUntil`,
 * conditional on the due time this process read, so of several processes only one sends it.
 * Answers whether this one got it.
 */
export async function claimDueMail(db: Db, id: number, column: DueColumn, dueAt: number | null, leaseUntil: number): Promise<boolean> {
  const claimed = await db
    .updateTable('mail_outbox')
    .set({ [column]: leaseUntil })
    .where('id', '=', id)
    .where(column, '=', dueAt)
    .where('sent_at', 'is', null)
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

/** An order's row by its id (a queued tickets e-mail is rendered from it); undefined when it is gone. */
export function findMailOrder(db: Db, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst()
}

/**
 * An order's ticket lines with what the e-mails name them by (mail/templates/ticketLabel.ts):
 * their event's names, session time, seat or standing place and client category, in the tickets'
 * order (the order e-mail's list, as the order view lists them: domain/orders/ticket-order.repository.ts).
 * Returned lines (orders/money.ts isReturned, as SQL) are left out: their links would lead to
 * tickets that admit no one. `lineIds`: only these lines (a return
 * request's, which are not returned yet either).
 */
export function listMailTicketLines(db: Db, orderId: number, lineIds?: readonly number[]) {
  // The paid order's mail (every payment) reads all its lines: prepared.
  if (!lineIds) return orderMailLines.rows(db, { orderId })
  return mailTicketLines(db, orderId).where('l.id', 'in', lineIds.length > 0 ? [...lineIds] : [-1]).$call(inTicketOrder).execute()
}
const orderMailLines = prepared((db, p: { orderId: number }) => mailTicketLines(db, p.orderId).$call(inTicketOrder))

function mailTicketLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('events as e', 'e.id', 'l.event_id')
    .innerJoin('calendars as c', 'c.id', 'l.calendar_id')
    .innerJoin('client_categories as cc', 'cc.id', 'l.client_category_id')
    .leftJoin('seats as s', 's.id', 'l.seat_id')
    .leftJoin('sectors as sec', 'sec.id', 's.sector_id')
    .leftJoin('standing_places as sp', 'sp.id', 'l.standing_place_id')
    .select([
      'l.id', 'l.ticket_hash', 'l.quantity', 'l.seat_id', 'e.name_ru as action_ru', 'e.name_en as action_en', 'e.name_kz as action_kz', 'e.name_ch as action_ch', 'c.day', 'c.time',
      'cc.name_ru as category_ru', 'cc.name_en as category_en', 'cc.name_kz as category_kz', 'cc.name_ch as category_ch',
      'sec.name as sector_name', 's.row_label', 's.number_label', 'sp.name as stand_name',
    ])
    .where('l.order_id', '=', orderId)
    .where('l.return_status', '<', RETURN_STATUS_CONFIRMED)
}
export type MailTicketLine = Awaited<ReturnType<ReturnType<typeof mailTicketLines>['execute']>>[number]
