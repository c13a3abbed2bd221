import type { Kysely } from 'kysely'
import { fk, id, timestamp } from './schema-helpers'

/**
 * cart_items was made with the carts (2026_11_21_00_00_05) for general-admission carts that were
 * never built: general admission orders straight from the event page, and the seat map's carts
 * hold places in seat_holds and standing_holds. Nothing wrote it, yet every deletion of a cart
 * (a pruned session) and of a price row looked it up. Down makes it again, empty, as it was.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_items').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  let items = id(db, db.schema.createTable('cart_items'))
  items = fk(items, 'cart_id', 'carts.id', { notNull: true, onDelete: 'cascade' })
  items = fk(items, 'price_id', 'prices.id', { notNull: true, onDelete: 'cascade' })
  items = fk(items, 'seat_id', 'seats.id')
  items = fk(items, 'standing_place_id', 'standing_places.id')
  items = items.addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
  await timestamp(items, 'created_at').execute()
  await db.schema.createIndex('cart_items_cart_idx').on('cart_items').column('cart_id').execute()
}
