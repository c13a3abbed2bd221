import type { Db } from '../../db/connect'
import { liveHold } from '../inventory/live'

/** SQL of hold extensions (issue 20): the cart's running hold end, its extension count, the move. */

export interface CartHoldState {
  cartId: number
  /** The earliest end of the cart's live holds (the countdown the visitor sees); null when nothing is held. */
  holdEnd: number | null
  extensions: number
  extendedUntil: number | null
}

export async function cartHoldState(db: Db, sessionId: string, calendarId: number, now: number): Promise<CartHoldState | null> {
  const cart = await db
    .selectFrom('carts')
    .select(['id', 'hold_extensions', 'extended_until'])
    .where('session_id', '=', sessionId)
    .where('calendar_id', '=', calendarId)
    .executeTakeFirst()
  if (!cart) return null
  const ends = await Promise.all(
    (['seat_holds', 'standing_holds'] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.min('expires_at').as('end'))
        .where('cart_id', '=', cart.id)
        .where(liveHold(table, now))
        .executeTakeFirst(),
    ),
  )
  const live = ends.map((r) => (r?.end == null ? null : Number(r.end))).filter((t): t is number => t !== null && t > now)
  return { cartId: cart.id, holdEnd: live.length ? Math.min(...live) : null, extensions: Number(cart.hold_extensions), extendedUntil: cart.extended_until === null ? null : Number(cart.extended_until) }
}

/**
 * Moves every live hold of the cart to end at `until` and records the extension. Conditional on
 * the count read (`extensionsBefore`), so two extensions sent at once count twice or one fails.
 * Returns false when another request changed the count first.
 */
export async function moveCartHoldEnd(trx: Db, cartId: number, now: number, until: number, extensionsBefore: number, extensionsAfter: number): Promise<boolean> {
  const updated = await trx
    .updateTable('carts')
    .set({ hold_extensions: extensionsAfter, extended_until: until, updated_at: now })
    .where('id', '=', cartId)
    .where('hold_extensions', '=', extensionsBefore)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) return false
  for (const table of ['seat_holds', 'standing_holds'] as const) {
    await trx.updateTable(table).set({ expires_at: until }).where('cart_id', '=', cartId).where('state', '=', 'cart').where(liveHold(table, now)).execute()
  }
  return true
}
