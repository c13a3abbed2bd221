import type { Kysely } from 'kysely'

/**
 * Orders follow setup's app.order_return (returns/policy.ts: an order's usereturn = 1 allows its
 * returns on its own, else setup decides). orders.usereturn defaults to 1 and no writer set it, so
 * every order allowed returns of its own and switching returns off in setup did nothing. The order
 * writer now writes 0; the orders written before took the default, not a choice, so they follow
 * setup too. With returns on in setup (the default) nothing changes for them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('orders').set({ usereturn: 0 }).where('usereturn', '=', 1).execute()
}

/** Nothing to undo: which orders had the default is not known any more, and 0 grants nothing. */
export async function down(): Promise<void> {}
