import { sql, type Kysely } from 'kysely'

/**
 * A cart's live holds read from an index, not from every live hold of every session. Each hold of
 * the on-sale rush (seatwise_hold_cart_seats, migration 2026_11_25_18_e1_01) answers the cart's
 * live seat holds (`where cart_id = $1 and released_at is null …`) and, for a cart it already
 * had, counts them and looks for its live standing holds; the cart list and the general claim
 * path read the same. seat_holds had no index on cart_id, so PostgreSQL walked
 * seat_holds_live_uq's whole partial index (every live hold, all sessions) and filtered by cart:
 * EXPLAIN on 20,000 live holds showed a bitmap scan of all 20,000 rows per hold, a cost that grows
 * with the rush's own sales. Partial (released_at is null) like seat_holds_live_uq, so released
 * holds cost no index entry; both databases take a partial index. Cost: one index entry per live
 * hold, written with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('seat_holds_cart_live').on('seat_holds').column('cart_id').where(sql.ref('released_at'), 'is', null).execute()
  await db.schema.createIndex('standing_holds_cart_live').on('standing_holds').column('cart_id').where(sql.ref('released_at'), 'is', null).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('standing_holds_cart_live').execute()
  await db.schema.dropIndex('seat_holds_cart_live').execute()
}
