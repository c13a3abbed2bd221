import type { Kysely } from 'kysely'
import { timestamp } from './schema-helpers'

/**
 * Sign-in failures that tell nothing about which e-mails are accounts (audit of the console's
 * access, item 2):
 * - operator_sign_in_emails: wrong passwords for an e-mail that is no active account, counted and
 *   locked like an account's (operators.failed_attempts / locked_until), so five wrong passwords
 *   answer 401, 401, 401, 401, 423 whether the e-mail is an operator's or not. Keyed by the
 *   SHA-256 of the normalised e-mail (no e-mail in clear); a row is dropped once its last failure
 *   is older than the failures' memory (admin/auth.ts SIGN_IN_FAILURE_MEMORY_MS), hence the index,
 *   so random e-mails leave no rows behind.
 * - operators.last_failed_at: the same memory for accounts (a failure count older than it starts
 *   again), or the two would answer differently after a pause. Rows with failures counted when this
 *   runs count them from now (the time is read once here, as a migration must not move with the code).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let emails = db.schema.createTable('operator_sign_in_emails').addColumn('email_hash', 'text', (c) => c.primaryKey())
  emails = emails.addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
  emails = timestamp(emails, 'last_failed_at')
  emails = timestamp(emails, 'locked_until', false)
  await emails.execute()
  await db.schema.createIndex('operator_sign_in_emails_last_failed_idx').on('operator_sign_in_emails').column('last_failed_at').execute()

  await db.schema.alterTable('operators').addColumn('last_failed_at', 'bigint').execute()
  await db.updateTable('operators').set({ last_failed_at: Date.now() }).where('failed_attempts', '>', 0).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operators').dropColumn('last_failed_at').execute()
  await db.schema.dropIndex('operator_sign_in_emails_last_failed_idx').execute()
  await db.schema.dropTable('operator_sign_in_emails').execute()
}
