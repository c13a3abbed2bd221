import type { Kysely } from 'kysely'

/**
 * Per-event return rules (001 §4 "Per event, refund is possible only while the return deadline
 * time is above 0"): event_return_rules.close_minutes = how many minutes before a session
 * starts its tickets stop being returnable. An event without a row uses the server default
 * (domain/returns/constants.ts). Kept in its own table so the events table stays as migrated.
 * Also an index for the return requests of an order (the return page reads them per order).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_return_rules')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('close_minutes', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('return_requests_order_idx').on('return_requests').column('order_id').execute()
  await db.schema.createIndex('return_request_lines_line_idx').on('return_request_lines').column('order_line_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('return_request_lines_line_idx').execute()
  await db.schema.dropIndex('return_requests_order_idx').execute()
  await db.schema.dropTable('event_return_rules').execute()
}
