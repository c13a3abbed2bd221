import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { liveHold } from '../../domain/inventory/live'

/**
 * Seats blocked per session (issue 17 item 3): seat_holds rows of state 'blocked', no cart, no
 * order, never expiring. The one stock rule (domain/inventory/live.ts) counts such a row as a
 * live hold, so the shop's availability, claims and map read a blocked seat as taken; the
 * seat_holds triggers log it to seat_changes ('sold' when blocked, 'free' when released), so the
 * live stream carries it like any sale. The live-hold unique index keeps one live row per seat.
 */

/** Seat ids per statement (each id one bound parameter). */
export const BLOCK_CHUNK = 5000

/** Keys of the given seats that something other than a block holds live at `now` (at most `limit`). */
export async function takenSeatKeys(db: Db, calendarId: number, seatIds: readonly number[], now: number, limit: number): Promise<string[]> {
  const out: string[] = []
  for (let i = 0; i < seatIds.length && out.length < limit; i += BLOCK_CHUNK) {
    const rows = await db
      .selectFrom('seat_holds as h')
      .innerJoin('seats as s', 's.id', 'h.seat_id')
      .select('s.seat_key')
      .where('h.calendar_id', '=', calendarId)
      .where('h.seat_id', 'in', seatIds.slice(i, i + BLOCK_CHUNK))
      .where('h.state', '<>', 'blocked')
      .where(liveHold('h', now))
      .orderBy('s.id')
      .limit(limit - out.length)
      .execute()
    out.push(...rows.map((r) => r.seat_key))
  }
  return out
}

/**
 * Inserts a 'blocked' hold for each given seat with no live hold row (ON CONFLICT on the
 * live-hold unique index skips seats blocked already). Answers how many it inserted.
 */
export async function insertBlocks(db: Db, calendarId: number, seatIds: readonly number[], now: number): Promise<number> {
  let n = 0
  for (let i = 0; i < seatIds.length; i += BLOCK_CHUNK) {
    const part = seatIds.slice(i, i + BLOCK_CHUNK)
    const rows = await db
      .insertInto('seat_holds')
      .values(part.map((id) => ({ calendar_id: calendarId, seat_id: id, state: 'blocked' as const, created_at: now, expires_at: null })))
      .onConflict((oc) => oc.columns(['calendar_id', 'seat_id']).where('released_at', 'is', null).doNothing())
      .returning('seat_id')
      .execute()
    n += rows.length
  }
  return n
}

/** How many of the given seats are blocked (a live 'blocked' row) in the session. */
export async function countBlocked(db: Db, calendarId: number, seatIds: readonly number[]): Promise<number> {
  let n = 0
  for (let i = 0; i < seatIds.length; i += BLOCK_CHUNK) {
    const r = await db
      .selectFrom('seat_holds')
      .select(sql<number>`count(*)`.as('n'))
      .where('calendar_id', '=', calendarId)
      .where('seat_id', 'in', seatIds.slice(i, i + BLOCK_CHUNK))
      .where('state', '=', 'blocked')
      .where('released_at', 'is', null)
      .executeTakeFirstOrThrow()
    n += Number(r.n)
  }
  return n
}

/** Releases the session's blocks on the given seats; answers how many. */
export async function releaseBlocks(db: Db, calendarId: number, seatIds: readonly number[], now: number): Promise<number> {
  let n = 0
  for (let i = 0; i < seatIds.length; i += BLOCK_CHUNK) {
    const r = await db
      .updateTable('seat_holds')
      .set({ released_at: now })
      .where('calendar_id', '=', calendarId)
      .where('seat_id', 'in', seatIds.slice(i, i + BLOCK_CHUNK))
      .where('state', '=', 'blocked')
      .where('released_at', 'is', null)
      .executeTakeFirst()
    n += Number(r.numUpdatedRows)
  }
  return n
}

/** Keys of the seats blocked in a session now. */
export async function blockedKeys(db: Db, calendarId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('seat_holds as h')
    .innerJoin('seats as s', 's.id', 'h.seat_id')
    .select('s.seat_key')
    .where('h.calendar_id', '=', calendarId)
    .where('h.state', '=', 'blocked')
    .where('h.released_at', 'is', null)
    .orderBy('s.id')
    .execute()
  return rows.map((r) => r.seat_key)
}

/**
 * Blocks, in a session put on a map version, the seats the version blocks for the venue plus
 * `alsoKeys` (a session's own blocks carried over from its previous version): one INSERT …
 * SELECT, the seats never passing through Node. Answers how many.
 */
export async function applyVenueBlocks(db: Db, calendarId: number, drawingId: number, now: number, alsoKeys: readonly string[] = []): Promise<number> {
  const cal = sql.lit(calendarId)
  const at = sql.lit(now)
  let n = 0
  const run = async (keys: readonly string[] | null) => {
    const rows = await db
      .insertInto('seat_holds')
      .columns(['calendar_id', 'seat_id', 'state', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('seats')
          .select([cal.as('calendar_id'), 'id as seat_id', sql.lit('blocked').as('state'), at.as('created_at')])
          .where('drawing_id', '=', drawingId)
          .where((w) => (keys === null ? w('blocked', '=', 1) : w('seat_key', 'in', [...keys])))
          .orderBy('id'),
      )
      .onConflict((oc) => oc.columns(['calendar_id', 'seat_id']).where('released_at', 'is', null).doNothing())
      .returning('seat_id')
      .execute()
    n += rows.length
  }
  await run(null)
  for (let i = 0; i < alsoKeys.length; i += BLOCK_CHUNK) await run(alsoKeys.slice(i, i + BLOCK_CHUNK))
  return n
}

/** The session's live blocks released (it leaves their map version). */
export async function releaseAllBlocks(db: Db, calendarId: number, now: number): Promise<void> {
  await db.updateTable('seat_holds').set({ released_at: now }).where('calendar_id', '=', calendarId).where('state', '=', 'blocked').where('released_at', 'is', null).execute()
}
