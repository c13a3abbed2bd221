import type { Kysely } from 'kysely'
import { fk, id, timestamp } from './schema-helpers'

/**
 * Box office and order care (issue 19.1, 19.2), new tables only so the order writer's tables stay
 * as they are:
 * - box_office_sales: an order sold at the counter (one row per order): who sold it and how it
 *   was paid (cash, card at the desk, complimentary). Reports mark such orders by it.
 * - order_line_changes: a ticket's changes after sale that the door must hear of: a reseat
 *   (from/to seat) or an operator's refund. `at` is the server's time; the door's incremental
 *   sync (domain/redemption/sync.repository.ts) sends again every ticket changed since its cursor.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('box_office_sales')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('operator_id', 'integer')
    .addColumn('actor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pay_kind', 'text', (c) => c.notNull())
    .$call((t) => timestamp(t, 'created_at'))
    .execute()
  let changes = db.schema.createTable('order_line_changes').$call((t) => id(db, t))
  changes = fk(changes, 'order_line_id', 'order_lines.id', { notNull: true, onDelete: 'cascade' })
  await changes
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('calendar_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_seat_id', 'integer')
    .addColumn('to_seat_id', 'integer')
    .addColumn('actor', 'text', (c) => c.notNull().defaultTo(''))
    .$call((t) => timestamp(t, 'at'))
    .execute()
  await db.schema.createIndex('order_line_changes_session_at').on('order_line_changes').columns(['calendar_id', 'at']).execute()
  await db.schema.createIndex('order_line_changes_order').on('order_line_changes').column('order_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_line_changes').execute()
  await db.schema.dropTable('box_office_sales').execute()
}
