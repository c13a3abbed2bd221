import { sql } from 'kysely'
import type { SeatStatus } from '../../../contract/entities/scheme'
import type { Db } from '../../db/connect'
import { prepared } from '../../db/prepared'
import { liveHold } from '../inventory/live'

/** The change log's repository (seat_changes, written by the database's triggers). */

/** A row of the log with the place's key in the drawing (seat or standing place). */
export interface ChangeRow {
  id: number
  calendar_id: number
  status: SeatStatus
  seat_key: string | null
  place_key: string | null
  standing_place_id: number | null
}

/** Rows with id above `afterId` (of one session, or of all), oldest first, at most `limit`. */
export async function listChangeRows(db: Db, afterId: number, limit: number, calendarId?: number): Promise<ChangeRow[]> {
  return (
    await sql<ChangeRow>`
      select c.id, c.calendar_id, c.status, s.seat_key, p.place_key, c.standing_place_id
      from seat_changes c
      left join seats s on s.id = c.seat_id
      left join standing_places p on p.id = c.standing_place_id
      where c.id > ${afterId} ${calendarId === undefined ? sql`` : sql`and c.calendar_id = ${calendarId}`}
      order by c.id
      limit ${limit}`.execute(db)
  ).rows
}

/** Tickets of standing places held live at `now`, per session and place. */
export function liveStandingHeld(db: Db, calendarIds: readonly number[], placeIds: readonly number[], now: number) {
  return db
    .selectFrom('standing_holds')
    .select(['calendar_id', 'standing_place_id', sql<number>`sum(quantity)`.as('n')])
    .where('calendar_id', 'in', [...calendarIds])
    .where('standing_place_id', 'in', [...placeIds])
    .where(liveHold('standing_holds', now))
    .groupBy(['calendar_id', 'standing_place_id'])
    .execute()
}

/** Newest change id (0 when the log is empty): the version a new stream starts from. */
export async function latestChangeId(db: Db): Promise<number> {
  const row = await latestChange.first(db, {})
  return Number(row?.m ?? 0)
}
/** Read after every burst of holds (live/feed.ts): prepared. */
const latestChange = prepared((db) => db.selectFrom('seat_changes').select(sql<number | null>`max(id)`.as('m')))

/** Oldest change id still kept (null when the log is empty). */
export async function oldestChangeId(db: Db): Promise<number | null> {
  const row = await db.selectFrom('seat_changes').select(sql<number | null>`min(id)`.as('m')).executeTakeFirst()
  return row?.m === null || row?.m === undefined ? null : Number(row.m)
}

/** Deletes change rows older than `before` (epoch ms). */
export async function pruneChanges(db: Db, before: number): Promise<void> {
  await db.deleteFrom('seat_changes').where('created_at', '<', before).execute()
}
