import type { Kysely } from 'kysely'
import { up as createLiveCartIndexes } from './2026_11_26_18_wh1_01_cart_live_holds_index'

/**
 * A session's deletion finds what refers to it by index. Expired sessions are pruned in bulk
 * (sessions/repository.ts deleteExpiredSessions) and a sign-in or sign-out moves a visitor to a
 * new session id and deletes the old one (moveSession). Each deleted session cascades to its carts,
 * and the foreign keys' actions then look for the rows that name the cart or the session:
 * seat_holds and standing_holds by cart_id (set null), cart_items by cart_id (cascade), orders by
 * session_id (set null); moveSession also moves orders and waiting_visitors by session_id. None of
 * these had an index that serves them: the cart indexes of migration 2026_11_26_18_wh1_01 cover
 * live holds only, which a foreign key's action (no released_at condition) cannot use, and
 * waiting_visitors' key leads with calendar_id. auto_explain on one session's delete with 30,000
 * holds in the table: a sequential scan of seat_holds (6.6 ms), orders and cart_items, per cart,
 * growing with every hold ever written; a pruning of thousands of sessions multiplied it.
 *
 * The cart indexes become whole (every hold's cart, live or released: the live reads filter a
 * cart's few released holds), and orders, cart_items and waiting_visitors get theirs. Cost: an
 * index entry per hold (before: per live hold), per order, per cart item, per waiting visitor.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('seat_holds_cart_live').execute()
  await db.schema.createIndex('seat_holds_cart_idx').on('seat_holds').column('cart_id').execute()
  await db.schema.dropIndex('standing_holds_cart_live').execute()
  await db.schema.createIndex('standing_holds_cart_idx').on('standing_holds').column('cart_id').execute()
  await db.schema.createIndex('orders_session_idx').on('orders').column('session_id').execute()
  await db.schema.createIndex('cart_items_cart_idx').on('cart_items').column('cart_id').execute()
  await db.schema.createIndex('waiting_visitors_session_idx').on('waiting_visitors').column('session_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('waiting_visitors_session_idx').execute()
  await db.schema.dropIndex('cart_items_cart_idx').execute()
  await db.schema.dropIndex('orders_session_idx').execute()
  await db.schema.dropIndex('standing_holds_cart_idx').execute()
  await db.schema.dropIndex('seat_holds_cart_idx').execute()
  await createLiveCartIndexes(db)
}
