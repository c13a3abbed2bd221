import type { Kysely } from 'kysely'

/**
 * seat_holds.price_id and standing_holds.price_id had no index. A price row's deletion (the
 * console's, one at a time or with its session) first makes released holds forget it
 * (catalogue.repository.ts releasePriceFromHistory: UPDATE … WHERE price_id = ?), asks whether a
 * live hold names it (priceUse), and then the foreign key of both tables checks that no hold still
 * names it: each of those went through every hold ever written, and holds are kept as the seats'
 * history, so the cost grew with every cart a sale ever saw. Cost: an index entry per hold.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('seat_holds_price_idx').on('seat_holds').column('price_id').execute()
  await db.schema.createIndex('standing_holds_price_idx').on('standing_holds').column('price_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('standing_holds_price_idx').execute()
  await db.schema.dropIndex('seat_holds_price_idx').execute()
}
