import type { Db } from '../../db/connect'

/** Statements of moving a session onto another map version (session-map.ts). */

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
