import { sql } from 'kysely'
import type { SeatStatus } from '../../../contract/entities/scheme'
import type { Db } from '../../db/connect'
import { liveHold } from '../inventory/live'

/** One change of the log with the place's key in the drawing. */
export interface Change {
  id: number
  calendarId: number
  /** seat_id of the map: the seat key or the standing place key. */
  key: string
  status: SeatStatus
}

interface ChangeRow {
  id: number
  calendar_id: number
  status: SeatStatus
  seat_key: string | null
  place_key: string | null
  standing_place_id: number | null
}

/**
 * Changes with id above `afterId` (of one session, or of all), oldest first, with the place keys.
 * A standing place's status is what the place offers now: 'free' while it has room, else
 * 'sold' (the map reads its exact quant from /api/scheme/map).
 */
export async function readChanges(db: Db, afterId: number, limit: number, calendarId?: number): Promise<Change[]> {
  const rows = (
    await sql<ChangeRow>`
      select c.id, c.calendar_id, c.status, s.seat_key, p.place_key, c.standing_place_id
      from seat_changes c
      left join seats s on s.id = c.seat_id
      left join standing_places p on p.id = c.standing_place_id
      where c.id > ${afterId} ${calendarId === undefined ? sql`` : sql`and c.calendar_id = ${calendarId}`}
      order by c.id
      limit ${limit}`.execute(db)
  ).rows
  const standing = rows.filter((r) => r.standing_place_id !== null)
  const room = standing.length ? await standingRoom(db, standing) : new Map<string, number>()
  const out: Change[] = []
  for (const r of rows) {
    const key = r.seat_key ?? r.place_key
    if (key === null) continue
    const status = r.standing_place_id === null ? r.status : (room.get(`${r.calendar_id}:${r.standing_place_id}`) ?? 0) > 0 ? 'free' : 'sold'
    out.push({ id: Number(r.id), calendarId: r.calendar_id, key, status })
  }
  return out
}

async function standingRoom(db: Db, rows: readonly ChangeRow[]): Promise<Map<string, number>> {
  const now = Date.now()
  const out = new Map<string, number>()
  const places = [...new Set(rows.map((r) => r.standing_place_id!))]
  const calendars = [...new Set(rows.map((r) => r.calendar_id))]
  const capacity = await db.selectFrom('standing_places').select(['id', 'capacity']).where('id', 'in', places).execute()
  const held = await db
    .selectFrom('standing_holds')
    .select(['calendar_id', 'standing_place_id', sql<number>`sum(quantity)`.as('n')])
    .where('calendar_id', 'in', calendars)
    .where('standing_place_id', 'in', places)
    .where(liveHold('standing_holds', now))
    .groupBy(['calendar_id', 'standing_place_id'])
    .execute()
  const heldBy = new Map(held.map((h) => [`${h.calendar_id}:${h.standing_place_id}`, Number(h.n)]))
  for (const r of rows) {
    const cap = capacity.find((c) => c.id === r.standing_place_id)?.capacity ?? 0
    const key = `${r.calendar_id}:${r.standing_place_id}`
    out.set(key, cap - (heldBy.get(key) ?? 0))
  }
  return out
}

/** Newest change id (0 when the log is empty): the version a new stream starts from. */
export async function latestChangeId(db: Db): Promise<number> {
  const row = await db.selectFrom('seat_changes').select(sql<number | null>`max(id)`.as('m')).executeTakeFirst()
  return Number(row?.m ?? 0)
}

/** Oldest change id still kept (null when the log is empty). */
export async function oldestChangeId(db: Db): Promise<number | null> {
  const row = await db.selectFrom('seat_changes').select(sql<number | null>`min(id)`.as('m')).executeTakeFirst()
  return row?.m === null || row?.m === undefined ? null : Number(row.m)
}

/** Deletes change rows older than `before` (epoch ms). */
export async function pruneChanges(db: Db, before: number): Promise<void> {
  await db.deleteFrom('seat_changes').where('created_at', '<', before).execute()
}
