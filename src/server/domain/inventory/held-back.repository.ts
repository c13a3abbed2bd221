import { sql } from 'kysely'
import type { Db } from '../../db/connect'
import { heldBackSeat, liveHold } from './live'
import { chunks } from './places'

/**
 * Accessible seating's repository (issue 20 item 3): seat types of a drawing, the seats a session
 * holds back, the counts the release rules read and the releases written. Every count reads the
 * one stock rule (live.ts: liveHold, heldBackSeat).
 */

export interface HeldBackSeat {
  id: number
  seat_key: string
  sector_id: number
  zone_id: number | null
}

/** Which of `seatIds` the session holds back now (heldBackSeat). */
export async function heldBackAmong(db: Db, calendarId: number, seatIds: readonly number[]): Promise<HeldBackSeat[]> {
  const out: HeldBackSeat[] = []
  for (const part of chunks([...seatIds])) {
    const rows = await db
      .selectFrom('seats as s')
      .innerJoin('calendars as c', (j) => j.on('c.id', '=', calendarId))
      .select(['s.id', 's.seat_key', 's.sector_id', 's.zone_id'])
      .where('s.id', 'in', part)
      .where(heldBackSeat('s', 'c'))
      .execute()
    out.push(...rows)
  }
  return out
}

/** Every seat of the session's drawing the session holds back now (for best available's status). */
export function heldBackOf(db: Db, calendarId: number, drawingId: number): Promise<HeldBackSeat[]> {
  return db
    .selectFrom('seats as s')
    .innerJoin('calendars as c', (j) => j.on('c.id', '=', calendarId))
    .select(['s.id', 's.seat_key', 's.sector_id', 's.zone_id'])
    .where('s.drawing_id', '=', drawingId)
    .where('s.access_type', 'in', ['wheelchair', 'companion'])
    .where(heldBackSeat('s', 'c'))
    .execute()
}

/**
 * Seats on general sale still free in the session: in a priced zone, not held back, not held by
 * anyone (liveHold); narrowed to a sector or a zone. Cost: one indexed scan of the drawing's
 * seats in that scope, with an index probe of seat_holds per seat; run only when a held-back seat
 * is asked for.
 */
export async function freeGeneralSeats(db: Db, calendarId: number, drawingId: number, pricedZones: readonly number[], scope: { sectorId?: number; zoneId?: number }, now: number): Promise<number> {
  if (pricedZones.length === 0) return 0
  let q = db
    .selectFrom('seats as s')
    .innerJoin('calendars as c', (j) => j.on('c.id', '=', calendarId))
    .select(sql<number>`count(*)`.as('n'))
    .where('s.drawing_id', '=', drawingId)
    .where('s.zone_id', 'in', [...pricedZones])
    .where((eb) => eb.not(heldBackSeat('s', 'c')))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('seat_holds as h').select('h.id').whereRef('h.seat_id', '=', 's.id').where('h.calendar_id', '=', calendarId).where(liveHold('h', now)))))
  if (scope.sectorId !== undefined) q = q.where('s.sector_id', '=', scope.sectorId)
  if (scope.zoneId !== undefined) q = q.where('s.zone_id', '=', scope.zoneId)
  const row = await q.executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Records a release; false when it was recorded already (another request released it first). */
export async function insertRelease(db: Db, calendarId: number, scope: 'all' | 'sector' | 'zone', scopeId: number, now: number): Promise<boolean> {
  const rows = await db
    .insertInto('accessible_releases')
    .values({ calendar_id: calendarId, scope, scope_id: scopeId, released_at: now })
    .onConflict((oc) => oc.columns(['calendar_id', 'scope', 'scope_id']).doNothing())
    .returning('id')
    .execute()
  return rows.length > 0
}

/** A session's releases, oldest first. */
export function listReleases(db: Db, calendarId: number) {
  return db.selectFrom('accessible_releases').select(['scope', 'scope_id', 'released_at']).where('calendar_id', '=', calendarId).orderBy('id').execute()
}

/** A session's hold-back setting. */
export function saveAccessibleSetting(db: Db, calendarId: number, hold: number, release: string) {
  return db.updateTable('calendars').set({ accessible_hold: hold, accessible_release: release }).where('id', '=', calendarId).executeTakeFirst()
}

/** Wheelchair spaces and their companion seats of a drawing: position keys for accessible best available. */
export function listAccessSeats(db: Db, drawingId: number) {
  return db.selectFrom('seats').select(['id', 'seat_key', 'access_type', 'companion_of']).where('drawing_id', '=', drawingId).where('access_type', 'is not', null).orderBy('id').execute()
}

/**
 * The audit row of a release by rule, in the shape admin/audit.ts writes (no operator, no token:
 * the rule made it). Written here, not through writeAudit: the console's module depends on the
 * domain, so the domain may not import it back.
 */
export function insertReleaseAudit(db: Db, actor: string, calendarId: number, before: unknown, after: unknown, now: number) {
  return db
    .insertInto('audit_log')
    .values({ operator_id: null, api_token_id: null, actor, action: 'accessible-release', entity: 'session', entity_id: String(calendarId), before_json: JSON.stringify(before), after_json: JSON.stringify(after), ip: '', created_at: now })
    .execute()
}
