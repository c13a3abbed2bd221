import type { Kysely } from 'kysely'

/**
 * order_lines.price_id had no index (2026_12_01_18_ph1_01 gave the holds' price_id theirs). A
 * price row's deletion (the console's, one at a time or with its session) first asks whether an
 * order line names it (catalogue.repository.ts priceUse: SELECT … WHERE price_id = ? LIMIT 1), and
 * the deletion's foreign key check looks for such a line again: both read every line ever sold,
 * so removing a price cost more with every ticket the shop sold. Cost: an index entry per line.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_lines_price_idx').on('order_lines').column('price_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_lines_price_idx').execute()
}
