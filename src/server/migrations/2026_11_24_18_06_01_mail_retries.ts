import type { Kysely } from 'kysely'

/**
 * mail_outbox as a durable queue with retries (issue 18.6): next_attempt_at (epoch ms) is when an
 * unsent message is tried again (null: sent, or no retry planned), failed_at when it was given
 * up after its last attempt (mail/retry.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('next_attempt_at', 'bigint').execute()
  await db.schema.alterTable('mail_outbox').addColumn('failed_at', 'bigint').execute()
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').column('next_attempt_at').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_due').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('failed_at').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('next_attempt_at').execute()
}
