import type { Kysely } from 'kysely'
import { timestamp } from './schema-helpers'

/**
 * Operator console, second part (issue 17):
 * - operator_sign_in_addresses: failed sign-ins per client address in the current window and
 *   the address's lock-out, so guessing across many accounts from one address stops too (the
 *   per-account count is operators.failed_attempts). In the database, not in memory, so every
 *   server process behind the balancer sees the same count.
 * - venue_drawings.parent_id / version: map versions. The studio never edits a drawing in place:
 *   each saved edit makes a new drawing (a copy of the seats, sectors, zones and standing places
 *   with the edit applied) that points at the one it came from; sessions keep the drawing they
 *   went on sale with, new sessions take the venue's latest.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let addresses = db.schema.createTable('operator_sign_in_addresses').addColumn('ip', 'text', (c) => c.primaryKey())
  addresses = addresses.addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
  addresses = timestamp(addresses, 'window_start')
  addresses = timestamp(addresses, 'locked_until', false)
  await addresses.execute()

  await db.schema.alterTable('venue_drawings').addColumn('parent_id', 'integer').execute()
  await db.schema.alterTable('venue_drawings').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('venue_drawings').dropColumn('version').execute()
  await db.schema.alterTable('venue_drawings').dropColumn('parent_id').execute()
  await db.schema.dropTable('operator_sign_in_addresses').execute()
}
