import { sql, type Selectable } from 'kysely'
import type { Db } from '../../db/connect'
import type { WaitingRoomsTable, WaitingVisitorsTable } from '../../db/cluster.table'

export type WaitingRoomRow = Selectable<WaitingRoomsTable>
export type WaitingVisitorRow = WaitingVisitorsTable

export async function findRoom(db: Db, calendarId: number): Promise<WaitingRoomRow | undefined> {
  return db.selectFrom('waiting_rooms').selectAll().where('calendar_id', '=', calendarId).executeTakeFirst()
}

export interface RoomSettings {
  enabled: number
  opens_at: number
  admit_per_minute: number
  auto_per_minute: number | null
}

/** A session as the console names it: its event (names in four languages, whether archived), day and time; undefined when there is none. */
export async function findSessionTitle(db: Db, calendarId: number) {
  return db
    .selectFrom('calendars as c')
    .innerJoin('events as e', 'e.id', 'c.event_id')
    .select(['c.event_id', 'c.day', 'c.time', 'e.name_ru', 'e.name_en', 'e.name_kz', 'e.name_ch', 'e.archived_at'])
    .where('c.id', '=', calendarId)
    .executeTakeFirst()
}

/**
 * Sets a session's room (the operator's call). Places handed out are kept, and so is the
 * admission watermark. The draw is made again (drawn_at cleared) when the on-sale moment is put
 * in the future or a room that was off is switched on: those who join before the new moment
 * wait without a place, and are drawn in random order at it behind the places already given
 * (with the old drawn_at kept, each was put at the back as he asked after the moment: arriving
 * early, or polling fast, bought a better place).
 */
export async function saveRoom(db: Db, calendarId: number, room: RoomSettings, now: number): Promise<void> {
  await db
    .insertInto('waiting_rooms')
    .values({ calendar_id: calendarId, ...room, drawn_at: null, next_position: 0, updated_at: now })
    .onConflict((oc) =>
      oc.column('calendar_id').doUpdateSet((eb) => ({
        ...room,
        updated_at: now,
        // "Switched on again" is judged on the row as the upsert finds it (under its lock), not on
        // a read before it.
        drawn_at:
          room.opens_at > now ? null
          : room.enabled === 1 ? eb.case().when('waiting_rooms.enabled', '=', 0).then(null).else(eb.ref('waiting_rooms.drawn_at')).end()
          : eb.ref('waiting_rooms.drawn_at'),
      })),
    )
    .execute()
}

export async function findVisitor(db: Db, calendarId: number, sessionId: string): Promise<WaitingVisitorRow | undefined> {
  return db.selectFrom('waiting_visitors').selectAll().where('calendar_id', '=', calendarId).where('session_id', '=', sessionId).executeTakeFirst()
}

/** Adds a visitor without a place (ON CONFLICT: a second call of the same session changes nothing). */
export async function insertVisitor(db: Db, calendarId: number, sessionId: string, drawKey: number, now: number): Promise<void> {
  await db
    .insertInto('waiting_visitors')
    .values({ calendar_id: calendarId, session_id: sessionId, joined_at: now, draw_key: drawKey, position: null, asked_at: now })
    .onConflict((oc) => oc.columns(['calendar_id', 'session_id']).doNothing())
    .execute()
}

/** Records that a visitor asked where he stands (admission passes places silent too long: admission.ts). */
export async function touchVisitor(db: Db, calendarId: number, sessionId: string, now: number): Promise<void> {
  await db.updateTable('waiting_visitors').set({ asked_at: now }).where('calendar_id', '=', calendarId).where('session_id', '=', sessionId).execute()
}

/**
 * Places after `after` up to `upTo` whose visitors asked at or after `askedSince`, in order, at
 * most `limit` (the index on calendar_id, position walks them).
 */
export async function livePlaces(db: Db, calendarId: number, after: number, upTo: number, askedSince: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('waiting_visitors')
    .select('position')
    .where('calendar_id', '=', calendarId)
    .where('position', '>', after)
    .where('position', '<=', upTo)
    .where('asked_at', '>=', askedSince)
    .orderBy('position')
    .limit(limit)
    .execute()
  return rows.map((r) => Number(r.position))
}

/** True when a visitor who asked at or after `askedSince` waits behind place `admitted` (or has no place yet). */
export async function hasLiveWaiting(db: Db, calendarId: number, admitted: number, askedSince: number): Promise<boolean> {
  const row = await db
    .selectFrom('waiting_visitors')
    .select('session_id')
    .where('calendar_id', '=', calendarId)
    .where('asked_at', '>=', askedSince)
    .where((eb) => eb.or([eb('position', 'is', null), eb('position', '>', admitted)]))
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function countVisitors(db: Db, calendarId: number): Promise<number> {
  const row = await db.selectFrom('waiting_visitors').select((eb) => eb.fn.countAll<number>().as('n')).where('calendar_id', '=', calendarId).executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The on-sale draw, once per room (a conditional UPDATE marks it drawn; of several processes
 * one wins): every visitor without a place gets one by its random draw key, and the room's last
 * place is set after them. Answers whether this call drew.
 */
export async function drawOnce(db: Db, calendarId: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('waiting_rooms')
      .set({ drawn_at: now })
      .where('calendar_id', '=', calendarId)
      .where('drawn_at', 'is', null)
      .where('opens_at', '<=', now)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) return false
    // Behind the places already handed out (a draw made again after the operator moved the
    // on-sale moment keeps them): the room's row is locked by the claim above.
    await sql`
      update waiting_visitors set position = r.rn + (select next_position from waiting_rooms where calendar_id = ${calendarId})
      from (select session_id, row_number() over (order by draw_key, session_id) as rn
            from waiting_visitors where calendar_id = ${calendarId} and position is null) r
      where waiting_visitors.calendar_id = ${calendarId} and waiting_visitors.session_id = r.session_id`.execute(trx)
    const n = await trx.selectFrom('waiting_visitors').select((eb) => eb.fn.max<number | null>('position').as('m')).where('calendar_id', '=', calendarId).executeTakeFirstOrThrow()
    await trx.updateTable('waiting_rooms').set({ next_position: Number(n.m ?? 0) }).where('calendar_id', '=', calendarId).execute()
    return true
  })
}

/** A place at the back for a visitor who has none after the draw (one atomic increment of the room). */
export async function placeAtBack(db: Db, calendarId: number, sessionId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('waiting_rooms')
      .set((eb) => ({ next_position: eb('next_position', '+', 1) }))
      .where('calendar_id', '=', calendarId)
      .returning('next_position')
      .executeTakeFirstOrThrow()
    const position = Number(row.next_position)
    await trx.updateTable('waiting_visitors').set({ position }).where('calendar_id', '=', calendarId).where('session_id', '=', sessionId).where('position', 'is', null).execute()
    return position
  })
}

/**
 * Moves a room's admission watermark from `from` to `to` (admission.ts), only if nobody moved it
 * since `from` was read: one conditional UPDATE, so of processes racing one wins and a slot is
 * never given twice. Answers whether this call moved it. The places it passed whose visitors had
 * not asked since `askedSince` (passed without a slot) lose them in the same transaction: such a
 * visitor coming back is placed at the back, rather than let in beyond the rate.
 */
export async function advanceAdmission(db: Db, calendarId: number, from: { admitted: number; admittedUntil: number }, to: { admitted: number; admittedUntil: number }, askedSince: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('waiting_rooms')
      .set({ admitted: to.admitted, admitted_until: to.admittedUntil })
      .where('calendar_id', '=', calendarId)
      .where('admitted', '=', from.admitted)
      .where('admitted_until', '=', from.admittedUntil)
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) return false
    await trx
      .updateTable('waiting_visitors')
      .set({ position: null })
      .where('calendar_id', '=', calendarId)
      .where('position', '>', from.admitted)
      .where('position', '<=', to.admitted)
      .where('asked_at', '<', askedSince)
      .execute()
    return true
  })
}

/**
 * The automatic switch (issue 18.5): a room that is off turns on, its on-sale moment `opensAt`
 * (a moment ahead, so those refused at the switch join before the draw and are drawn at random).
 * Conditional on `enabled = 0` and on the row being the one whose load was counted
 * (`updatedAt`), so of several processes crossing the load at once one switches, and a count of
 * settings the operator has since changed switches nothing; answers whether this call did. The
 * places and admissions of a queue kept from before stay (as when the operator switches it on
 * again): those who join now are drawn behind them.
 */
export async function switchOnByLoad(db: Db, calendarId: number, now: number, opensAt: number, updatedAt: number): Promise<boolean> {
  const done = await db
    .updateTable('waiting_rooms')
    .set({ enabled: 1, opens_at: opensAt, drawn_at: null, updated_at: now })
    .where('calendar_id', '=', calendarId)
    .where('enabled', '=', 0)
    .where('updated_at', '=', updatedAt)
    .executeTakeFirst()
  return Number(done.numUpdatedRows) === 1
}

/**
 * The waiting rooms of the sessions a general-admission order names (by the event's hash and
 * each line's day and time): one indexed join, only sessions that have a room row.
 */
export async function roomsOfSlots(db: Db, hash: string, slots: ReadonlyArray<{ day: string; time: string }>): Promise<WaitingRoomRow[]> {
  if (slots.length === 0) return []
  return db
    .selectFrom('waiting_rooms as w')
    .innerJoin('calendars as c', 'c.id', 'w.calendar_id')
    .innerJoin('events as e', 'e.id', 'c.event_id')
    .selectAll('w')
    .where('e.hash_id', '=', hash)
    .where((eb) => eb.or(slots.map((s) => eb.and([eb('c.day', '=', s.day), eb('c.time', '=', s.time)]))))
    .execute()
}

/** Visitors of a room that hold a place (drawn or queued behind), for the console. */
export async function countPlaced(db: Db, calendarId: number): Promise<number> {
  const row = await db
    .selectFrom('waiting_visitors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('calendar_id', '=', calendarId)
    .where('position', 'is not', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
