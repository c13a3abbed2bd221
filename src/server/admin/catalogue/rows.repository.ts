import { sql, type Expression, type Kysely } from 'kysely'
import { isPostgresDb, type Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { AdminEntity } from '../../messages/admin-entities'
import { writeAudit } from '../audit'
import type { Actor } from '../context'

/**
 * Create and update of one row with its audit entry, for the catalogue's tables. The table name
 * comes from our own code (never from a request), so the untyped view of the database is safe.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>
const any = (db: Db) => db as unknown as AnyDb

export async function findRow(db: Db, table: string, id: number): Promise<Record<string, unknown> | undefined> {
  return (await any(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Record<string, unknown> | undefined
}

/** The row, or the console's not-found refusal naming it as `what` (a closed set, named in every language). */
export async function mustFind(db: Db, table: string, id: number, what: AdminEntity): Promise<Record<string, unknown>> {
  const row = await findRow(db, table, id)
  if (!row) throw new ApiFailure('admin-not-found', { what, id })
  return row
}

/**
 * Locks event `eventId`'s row for the rest of the transaction. Archiving and restoring take it
 * first (events.ts archiveEvent, unarchiveEvent) and every change an archived event refuses takes
 * it before judging (mustBeLiveEvent, mustBeLiveSession, mustFindLockedSession,
 * mustFindLockedPrice), so a change under way when an archive starts waits for it and then reads
 * it archived, instead of landing on an event the archive has just closed; two writes placing the
 * event's sessions check their slots one after the other (sale-keys.repository.ts guardSessionSlot).
 * Lock order of the console's writes (two writes taking two of these the other way round
 * deadlock on PostgreSQL, which aborts one after deadlock_timeout: the operator gets 503 busy):
 * 1. the event's row (this lock; mustBeLiveEvent, mustFindLockedSession… take it first);
 * 2. a map version's drawing_states row: a studio save locks it (studio/version.repository.ts
 *    lockForSave), and migration 2026_11_24_17_d9_01's trigger seals it on every write of
 *    calendars.drawing_id (a session added, copied, or moved: studio/session-map.ts); a write
 *    sealing several takes them in ascending id first (events.ts copyEvent through
 *    studio/version.repository.ts lockVersionsInOrder), so two such writes never cross here;
 * 3. the event's sessions' rows (session-map.repository.ts lockSessionForMove,
 *    stock.repository.ts lockCalendars), as the archive takes them.
 * Whatever takes 2 or 3 for a session holds that session's event first, so two such writes of
 * one event take turns at 1 and never cross at 2 and 3 (a move seals after the session's row).
 * A studio save for one session (studio/edit.ts) therefore locks the session's event before the
 * version: it locked the version first and deadlocked with a session being added to or moved
 * onto that version in the same event (tests/integration/studio-lock-order.test.ts). So does the
 * last step of its copy (studio/copy-job.ts copyStep), before it ends the copy job and writes the
 * new version's rows, and reads the session under it: it read it first and moved back a session
 * another operator had moved elsewhere meanwhile (tests/integration/studio-copy-lock-order.test.ts).
 * A studio save for no session takes only 2; a sale takes only 3 (and key-share locks 1 does not block).
 * SQLite has one write lock for the whole file, taken by a transaction's first statement (a
 * write: this lock, lockForSave's upsert), so there is no second lock to take in another order.
 *
 * PostgreSQL: FOR NO KEY UPDATE, which neither waits for nor blocks the key-share locks an order's
 * inserts take on the event through foreign keys, so no sale waits on a console write. Not FOR
 * SHARE: two saves of one event would each hold it and then deadlock on their UPDATEs of the row.
 * SQLite runs one transaction at a time in the process (Kysely's driver holds its one connection
 * for the whole transaction), so there is no race; against another connection such as the CLI's,
 * the transaction's BEGIN IMMEDIATE (db/sqlite-immediate.ts) has taken the write lock already.
 * The no-op UPDATE kept here (as stock.repository.ts lockCalendars) took it before every
 * transaction began so; it now changes nothing but stays harmless (one indexed statement). Raw
 * SQL, so the per-process caches are not voided by a write that changes nothing (db/write-watch.ts).
 */
export async function lockEvent(db: Db, eventId: number): Promise<void> {
  await lockEventWhere(db, eventId)
}

/**
 * lockEvent of the event `eventId` names: its id, or a subquery that finds it from a row of it
 * (eventOfSession, eventOfPrice), so the locking statement itself finds the event and nothing is
 * read before the lock. None found: nothing is locked (the caller's read then says not found).
 */
async function lockEventWhere(db: Db, eventId: number | Expression<unknown>): Promise<void> {
  if (isPostgresDb(db)) await any(db).selectFrom('events').select('id').where('id', '=', eventId).forNoKeyUpdate().execute()
  else await sql`update events set published = published where id = ${eventId}`.execute(db)
}

/** The event of session `calendarId`, for lockEventWhere (a session never changes events). */
const eventOfSession = (db: Db, calendarId: number) => any(db).selectFrom('calendars').select('event_id').where('id', '=', calendarId)
/** The event of price row `priceId`'s session, for lockEventWhere (a price row never changes sessions). */
const eventOfPrice = (db: Db, priceId: number) => any(db).selectFrom('calendars').select('event_id').where('id', '=', any(db).selectFrom('prices').select('calendar_id').where('id', '=', priceId))

/**
 * Refuses a change to an archived event: its fields, sessions, price rows, seat-choice rules,
 * image, or a session's waiting room, seat blocks or map version (admin-event-archived, 409).
 * Archiving is for events that are done (events.ts archiveEvent): the shop and the console's lists
 * no longer show it and it cannot be published; Restore (unarchive) makes it editable again, as it
 * makes it publishable. Copying it stays allowed: the copy is a new event. Archived reference rows
 * (venues, tags…) stay editable instead: events still use them, where nothing uses an archived event.
 */
export async function mustBeLiveEvent(db: Db, eventId: number): Promise<void> {
  // Read under the event's lock: an archive under way makes the change wait, then refuse.
  await lockEvent(db, eventId)
  await refuseArchived(db, eventId)
}

/**
 * mustBeLiveEvent's refusal, for a caller that holds the event's lock already (taken by
 * mustFindLockedSession's or lockEventOfSession's statement) and judges under it.
 */
export async function refuseArchived(db: Db, eventId: number): Promise<void> {
  const event = (await any(db).selectFrom('events').select('archived_at').where('id', '=', eventId).executeTakeFirst()) as { archived_at: number | null } | undefined
  if (event !== undefined && event.archived_at !== null) throw new ApiFailure('admin-event-archived', { id: eventId })
}

/**
 * lockEvent for the event of session `calendarId`, found by the locking statement itself, for a
 * write that reads the session only under the lock (session-cancel.ts: a repeat of an archived
 * event's cancellation is not refused, so it judges with refuseArchived itself).
 */
export async function lockEventOfSession(db: Db, calendarId: number): Promise<void> {
  await lockEventWhere(db, eventOfSession(db, calendarId))
}

/**
 * The rule for every change to a session or a price row decided from what they hold: take the
 * event's lock first, found by the locking statement itself (lockEventWhere), then read, then refuse
 * an archived event as mustBeLiveEvent does. So nothing is read before the lock: of two changes at
 * once the second waits and reads what the first saved, not the row both started from. On SQLite
 * the transaction holds the write lock before any read (BEGIN IMMEDIATE, db/sqlite-immediate.ts),
 * so another connection's write (the CLI's, a second process's) is waited for, where a read
 * transaction's upgrade would be refused busy at once (no busy handler is called for it).
 *
 * mustBeLiveSession: session `calendarId`'s row read so, or undefined when there is none (the
 * caller's not-found says so).
 */
export async function mustBeLiveSession(db: Db, calendarId: number): Promise<Record<string, unknown> | undefined> {
  await lockEventOfSession(db, calendarId)
  const session = await findRow(db, 'calendars', calendarId)
  if (session !== undefined) await refuseArchived(db, session.event_id as number)
  return session
}

/** mustBeLiveSession for a change of the session (sessions.ts updateSession, deleteSession, createPrice…): none is admin-not-found. */
export async function mustFindLockedSession(db: Db, calendarId: number): Promise<Record<string, unknown>> {
  const session = await mustBeLiveSession(db, calendarId)
  if (session === undefined) throw new ApiFailure('admin-not-found', { what: 'session', id: calendarId })
  return session
}

/** mustFindLockedSession for a change of price row `priceId` (sessions.ts updatePrice, copyPrice, deletePrice): the row and its session. */
export async function mustFindLockedPrice(db: Db, priceId: number): Promise<{ price: Record<string, unknown>; session: Record<string, unknown> }> {
  await lockEventWhere(db, eventOfPrice(db, priceId))
  const price = await mustFind(db, 'prices', priceId, 'price')
  const session = await mustFind(db, 'calendars', price.calendar_id as number, 'session')
  await refuseArchived(db, session.event_id as number)
  return { price, session }
}

/** Refuses ids that do not exist in `table` (a form naming a menu, venue or tag nobody made). */
export async function mustExist(db: Db, table: string, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return
  const rows = (await any(db).selectFrom(table).select('id').where('id', 'in', [...new Set(ids)]).execute()) as { id: number }[]
  const found = new Set(rows.map((r) => r.id))
  const missing = ids.find((i) => !found.has(i))
  if (missing !== undefined) throw new ApiFailure('admin-bad-reference', { field, id: missing })
}

/**
 * Refuses an archived row as a new choice (an event's venue, menu items and tags, a price row's
 * category and zone); `kept` are the ids the edited row has already, which stay allowed so an
 * event or price row that uses an archived row can still be saved. `table` has archived_at.
 */
export async function mustBeLive(db: Db, table: string, ids: readonly number[], field: string, kept: readonly number[] = []): Promise<void> {
  const fresh = [...new Set(ids)].filter((i) => !kept.includes(i))
  if (fresh.length === 0) return
  const archived = (await any(db).selectFrom(table).select('id').where('id', 'in', fresh).where('archived_at', 'is not', null).orderBy('id').executeTakeFirst()) as { id: number } | undefined
  if (archived) throw new ApiFailure('admin-archived-choice', { field, id: archived.id })
}

export async function insertRow(db: Db, actor: Actor, table: string, entity: string, values: Record<string, unknown>, action = 'create'): Promise<number> {
  const row = (await any(db).insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }
  await writeAudit(db, actor, { action, entity, entityId: row.id, after: await findRow(db, table, row.id) })
  return row.id
}

export async function updateRow(db: Db, actor: Actor, table: string, entity: AdminEntity, id: number, values: Record<string, unknown>, action = 'update'): Promise<void> {
  const before = await mustFind(db, table, id, entity)
  if (Object.keys(values).length) await any(db).updateTable(table).set(values).where('id', '=', id).execute()
  await writeAudit(db, actor, { action, entity, entityId: id, before, after: await findRow(db, table, id) })
}

export async function deleteRow(db: Db, actor: Actor, table: string, entity: AdminEntity, id: number): Promise<void> {
  const before = await mustFind(db, table, id, entity)
  await any(db).deleteFrom(table).where('id', '=', id).execute()
  await writeAudit(db, actor, { action: 'delete', entity, entityId: id, before })
}
