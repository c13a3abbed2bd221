import type { Kysely } from 'kysely'

/**
 * mail_outbox.render_at: when a message still to be rendered from its template (template <> '',
 * an empty body: the tickets e-mail queued in its payment's transaction, mail/ticket-mail.ts)
 * is due for its attempt. Such a row keeps next_attempt_at null: a process of a version before
 * the template column (2026_12_01_22_tm1_01) knows only next_attempt_at, and its retry sweep
 * sends every unsent row due there with the body it holds, so during a rolling upgrade an old
 * leader would have sent the buyer an e-mail with no subject and no text. An old leader never
 * sees a row due in a column it does not know; once an attempt renders the body it is stored
 * with it and the row is due at next_attempt_at like any other, safe for every version.
 * Rows queued before this migration move their due time over.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('render_at', 'bigint').execute()
  await db.schema.createIndex('mail_outbox_render_due').on('mail_outbox').column('render_at').execute()
  await db
    .updateTable('mail_outbox')
    // SET reads the row as it was (both databases): render_at takes the old next_attempt_at.
    .set((eb) => ({ render_at: eb.ref('next_attempt_at'), next_attempt_at: null }))
    .where('template', '<>', '')
    .where('sent_at', 'is', null)
    .where('next_attempt_at', 'is not', null)
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('mail_outbox').set((eb) => ({ next_attempt_at: eb.ref('render_at') })).where('render_at', 'is not', null).execute()
  await db.schema.dropIndex('mail_outbox_render_due').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('render_at').execute()
}
