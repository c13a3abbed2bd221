import { sql, type Kysely } from 'kysely'

/**
 * An order's live holds read from an index, not from the whole table. A payment sells its order's
 * holds, a cancellation or an expired reserve releases them, a return releases some
 * (holds.repository.ts: sellOrderHolds, releaseOrderHolds, releaseOrderSeats; reserve-extension
 * moves their expiry): each `where order_id = … and released_at is null`. seat_holds and
 * standing_holds had no index on order_id, so PostgreSQL read every row of the table, released
 * history included (EXPLAIN: Seq Scan on seat_holds), on every paid order of a rush, a cost that
 * grows with every place ever held. Partial (released_at is null), like the cart's index
 * (migration 2026_11_26_18_wh1_01): released holds cost no entry. Cost: one index entry per live
 * hold of an order, written when the cart's hold moves to the order.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('seat_holds_order_live').on('seat_holds').column('order_id').where(sql.ref('released_at'), 'is', null).execute()
  await db.schema.createIndex('standing_holds_order_live').on('standing_holds').column('order_id').where(sql.ref('released_at'), 'is', null).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('standing_holds_order_live').execute()
  await db.schema.dropIndex('seat_holds_order_live').execute()
}
