import type { Kysely } from 'kysely'

/**
 * Waiting rooms of sessions (issue 18.5): the operator's switch with the on-sale moment and the
 * admission rate, and the visitors with their draw key and place. In the database, so the queue
 * survives restarts and every process and machine sees the same one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('waiting_rooms')
    .addColumn('calendar_id', 'integer', (c) => c.primaryKey().references('calendars.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('opens_at', 'bigint', (c) => c.notNull())
    .addColumn('admit_per_minute', 'integer', (c) => c.notNull())
    .addColumn('drawn_at', 'bigint')
    .addColumn('next_position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('waiting_visitors')
    .addColumn('calendar_id', 'integer', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('draw_key', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer')
    .addPrimaryKeyConstraint('waiting_visitors_pk', ['calendar_id', 'session_id'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waiting_visitors').execute()
  await db.schema.dropTable('waiting_rooms').execute()
}
