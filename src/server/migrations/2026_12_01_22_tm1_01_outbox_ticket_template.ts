import type { Kysely } from 'kysely'

/**
 * mail_outbox.template (issue 18.6): what a stored message's body is still to be rendered from.
 * The tickets e-mail of an order is stored in the very transaction that makes it due (the order
 * paid, a free order written, named tickets confirmed: mail/ticket-mail.ts), so a paid order can
 * never be left without its mail. That transaction writes one row and reads nothing more: the
 * body is rendered from the order at the message's first attempt (after the commit, or by the
 * retry sweep when that process died first), which then stores it and sets template back to ''.
 * '' for every other message (their body is stored with them) and for every row before this one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('template', 'text', (c) => c.notNull().defaultTo('')).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('template').execute()
}
