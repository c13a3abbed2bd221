import { sql, type Kysely, type SqlBool } from 'kysely'

/**
 * The expiry sweep reads what is pending, not the history. On the cluster's leader it runs every
 * second or so during a rush (plugins/services/sweepers.ts: at least every ORDER_SWEEP_INTERVAL_MS,
 * and at each next expiry): it releases expired cart holds (`state = 'cart' and released_at is null
 * and expires_at <= now`), cancels unpaid orders past their reserve (`paid = 0 and status <> 90 and
 * reserve_until <= now`), and finds the next expiry of each (orders/expiry.repository.ts
 * nextExpiry). With no index on expires_at or reserve_until, the hold statements walked the whole
 * live-hold index, whose entries are every sold seat of every session ever (a sold hold is never
 * released), and the order statements read every order: five such reads a sweep, growing with
 * every sale.
 *
 * Pending holds (live, with an expiry: a cart's or an unpaid order's; a sold hold's expires_at is
 * null) and pending orders (unpaid, not cancelled) are indexed by their end, partially, so the
 * index holds only what is in flight. 90 is ORDER_STATUS_CANCELLED (contract/constants.ts), written
 * out as a migration must not move with the code; the statements that use it write 0 and 90 as
 * literals (SQLite uses a partial index only when the query's terms match it as written, not
 * through bound parameters). Cost: an index entry per hold or order while it is pending.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['seat_holds', 'standing_holds']) {
    await db.schema
      .createIndex(`${table}_pending_expiry`)
      .on(table)
      .column('expires_at')
      .where(sql<SqlBool>`released_at is null and expires_at is not null`)
      .execute()
  }
  await db.schema.createIndex('orders_pending_reserve').on('orders').column('reserve_until').where(sql<SqlBool>`paid = 0 and status <> 90`).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_pending_reserve').execute()
  await db.schema.dropIndex('standing_holds_pending_expiry').execute()
  await db.schema.dropIndex('seat_holds_pending_expiry').execute()
}
