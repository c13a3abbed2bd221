import type { Kysely } from 'kysely'

/**
 * operators.devices_from: device cookies issued before it no longer pass the account's lock-out
 * (admin/known-device.ts). Set when an owner disables the operator, so enabling them again
 * without a new password does not bring back a device cookie copied off a lost laptop (a new
 * password ends them anyway: the cookie is signed over the password hash). Null: none ended.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('devices_from', 'bigint').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operators').dropColumn('devices_from').execute()
}
