import { sql } from 'kysely'
import { isPostgresDb, type Db } from '../../db/connect'

/** Statements of moving a session onto another map version (session-map.ts). */

/**
 * Locks the session's row for its move, for the rest of the transaction. PostgreSQL: FOR UPDATE,
 * the one row lock that conflicts with FOR KEY SHARE, which every seat claim of the session holds
 * from its first statement (orders/claim.ts, and seatwise_hold_cart_seats): the move waits for
 * the claims under way and sees what they wrote, and a claim coming later waits for the move and
 * then finds the session on the new version (and refuses its places). FOR NO KEY UPDATE (the
 * session lock of lockCalendars, and what the move's UPDATE of drawing_id takes by itself) lets
 * row-level claims through. What it costs: the session's claims wait for the move's few
 * milliseconds, and only a session nobody has bought in can be moved. SQLite: its write lock at
 * once, as lockCalendars takes it (one writer: the claims of the process wait their turn anyway).
 */
export async function lockSessionForMove(db: Db, calendarId: number): Promise<void> {
  if (isPostgresDb(db)) {
    await db.selectFrom('calendars').select('id').where('id', '=', calendarId).forUpdate().execute()
    return
  }
  // Raw SQL: through the builder a write of calendars voids every per-process cache (db/write-watch.ts); this one changes nothing.
  await sql`update calendars set active = active where id = ${calendarId}`.execute(db)
}

export function drawingVenue(db: Db, drawingId: number) {
  return db.selectFrom('venue_drawings').select(['id', 'venue_id']).where('id', '=', drawingId).executeTakeFirst()
}

/**
 * Whether anything of a buyer exists in the session: a hold other than a block, a cart or an
 * order line. Blocks are the venue's own and move with the session.
 */
export async function sessionInUse(db: Db, calendarId: number): Promise<boolean> {
  const used = await Promise.all([
    db.selectFrom('seat_holds').select('id').where('calendar_id', '=', calendarId).where('state', '<>', 'blocked').limit(1).executeTakeFirst(),
    db.selectFrom('standing_holds').select('id').where('calendar_id', '=', calendarId).limit(1).executeTakeFirst(),
    db.selectFrom('order_lines').select('id').where('calendar_id', '=', calendarId).limit(1).executeTakeFirst(),
    db.selectFrom('carts').select('id').where('calendar_id', '=', calendarId).limit(1).executeTakeFirst(),
  ])
  return used.some(Boolean)
}

export function sessionPriceZones(db: Db, calendarId: number) {
  return db.selectFrom('prices as p').innerJoin('zones as z', 'z.id', 'p.zone_id').select(['p.id', 'p.zone_id', 'z.zone_key']).where('p.calendar_id', '=', calendarId).execute()
}

export function drawingZones(db: Db, drawingId: number) {
  return db.selectFrom('zones').select(['id', 'zone_key']).where('drawing_id', '=', drawingId).execute()
}

export async function setPriceZone(db: Db, priceId: number, zoneId: number): Promise<void> {
  await db.updateTable('prices').set({ zone_id: zoneId }).where('id', '=', priceId).execute()
}

export async function setSessionDrawing(db: Db, calendarId: number, drawingId: number): Promise<void> {
  await db.updateTable('calendars').set({ drawing_id: drawingId }).where('id', '=', calendarId).execute()
}

/** The map version a session is on (null: general admission; undefined: no such session). */
export async function sessionDrawing(db: Db, calendarId: number): Promise<number | null | undefined> {
  const row = await db.selectFrom('calendars').select('drawing_id').where('id', '=', calendarId).executeTakeFirst()
  return row === undefined ? undefined : row.drawing_id === null ? null : Number(row.drawing_id)
}
