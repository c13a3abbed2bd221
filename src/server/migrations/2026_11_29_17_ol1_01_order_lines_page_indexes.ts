import type { Kysely } from 'kysely'

/**
 * The console's order list (GET /api/admin/orders, admin/sales.repository.ts ordersOf) shows a
 * page of an event's or a session's orders, newest first. It found them by `event_id` on
 * order_lines, which had no index: every line ever sold was read for each page, and the page was
 * cut only after every order of the event had been grouped. The list now picks the page's order
 * ids first, newest first, from an index whose entries end in order_id, so a page reads about its
 * own lines: (event_id, order_id) for an event, (calendar_id, order_id) for a session. The
 * session's composite serves whatever the old (calendar_id) index did (the stock counts, the
 * Sales screen), which it replaces, so an order line still costs one index entry for its session.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_lines_event_order_idx').on('order_lines').columns(['event_id', 'order_id']).execute()
  await db.schema.createIndex('order_lines_calendar_order_idx').on('order_lines').columns(['calendar_id', 'order_id']).execute()
  await db.schema.dropIndex('order_lines_calendar_idx').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_lines_calendar_idx').on('order_lines').column('calendar_id').execute()
  await db.schema.dropIndex('order_lines_calendar_order_idx').execute()
  await db.schema.dropIndex('order_lines_event_order_idx').execute()
}
