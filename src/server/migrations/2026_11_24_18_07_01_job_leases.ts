import type { Kysely } from 'kysely'

/**
 * job_leases: which process of a cluster runs the background work (issue 18.1). One row per
 * kind of work; a process holds it until expires_at and renews it well before; a crashed or
 * frozen holder stops renewing and another process takes the row over (background/leader.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_leases').execute()
}
