import type { Kysely } from 'kysely'

/**
 * Hold extensions (issue 20, WCAG 2.2.1): a visitor may extend the cart's hold, and an unpaid
 * order's reserve, a bounded number of times per countdown.
 * - carts.hold_extensions: extensions used in the countdown that ends at `extended_until`.
 * - carts.extended_until: the hold end the last extension set (epoch ms); a cart whose holds end
 *   at another instant has started a new countdown since, and its count starts again at 0.
 * - orders.reserve_extensions: extensions of the order's reserve time used.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('carts').addColumn('hold_extensions', 'integer', (c) => c.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('carts').addColumn('extended_until', 'bigint').execute()
  await db.schema.alterTable('orders').addColumn('reserve_extensions', 'integer', (c) => c.notNull().defaultTo(0)).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('reserve_extensions').execute()
  await db.schema.alterTable('carts').dropColumn('extended_until').execute()
  await db.schema.alterTable('carts').dropColumn('hold_extensions').execute()
}
