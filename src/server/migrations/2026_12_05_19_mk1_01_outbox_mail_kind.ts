import type { Kysely } from 'kysely'

/**
 * mail_outbox.kind: what an order's message is (the tickets, a return's confirmation link, a
 * session moved or cancelled: contract/admin/care.ts MAIL_KINDS), written when it is stored, so
 * order care names it in the operator's language. Its subject is in the language it was written
 * in (the buyer's), which an operator of another language may not read.
 *
 * Of the rows stored before it only a tickets e-mail still to be rendered (template 'tickets')
 * says what it is; the others keep '' (not known), and order care shows their subject alone, as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('kind', 'text', (c) => c.notNull().defaultTo('')).execute()
  await backfillTicketMailKind(db)
}

/** Marks the stored tickets e-mails still to be rendered, which their template names, as what they are; answers how many. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function backfillTicketMailKind(db: Kysely<any>): Promise<number> {
  const result = await db.updateTable('mail_outbox').set({ kind: 'tickets' }).where('template', '=', 'tickets').where('kind', '=', '').executeTakeFirst()
  return Number(result.numUpdatedRows)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('kind').execute()
}
