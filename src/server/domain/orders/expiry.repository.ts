import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { pendingOrder } from './order.repository'

/**
 * When the next cart hold or unpaid reservation runs out after `now` (epoch ms), or null when
 * none is pending: the sweeper wakes then, so open maps hear of an expiry at once instead of at
 * its next periodic run.
 */
export async function nextExpiry(db: Db, now: number): Promise<number | null> {
  const cartEnd = (table: 'seat_holds' | 'standing_holds') =>
    db
      .selectFrom(table)
      .select(sql<number | null>`min(expires_at)`.as('m'))
      .where('state', '=', 'cart')
      .where('released_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
  const seats = await cartEnd('seat_holds')
  const stands = await cartEnd('standing_holds')
  const orders = await db
    .selectFrom('orders')
    .select(sql<number | null>`min(reserve_until)`.as('m'))
    .where(pendingOrder)
    .where('reserve_until', '>', now)
    .executeTakeFirst()
  const ends = [seats?.m, stands?.m, orders?.m].filter((m): m is number => m !== null && m !== undefined).map(Number)
  return ends.length ? Math.min(...ends) : null
}
