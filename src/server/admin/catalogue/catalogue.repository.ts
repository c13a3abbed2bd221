import type { Selectable } from 'kysely'
import type { Db } from '../../db/connect'
import type { CompositionsTable } from '../../db/events.table'

/**
 * The catalogue's queries beyond one row at a time (rows.repository.ts): an event's placement in
 * menus and tags, copying its sessions, price rows and subscription contents, the lists the
 * console's forms read, and the checks that refuse deleting what was sold.
 */

/** A main-menu item of an event's placement with its sub-menu item (null: none). */
export interface MenuPlacement {
  main_menu_id: number
  sub_menu_id: number | null
}

/** Replaces an event's menus (each with its sub-menu item or none) and tags. */
export async function replacePlacement(db: Db, eventId: number, menus: readonly MenuPlacement[], tags: readonly number[]): Promise<void> {
  await db.deleteFrom('event_menus').where('event_id', '=', eventId).execute()
  await db.deleteFrom('event_tags').where('event_id', '=', eventId).execute()
  if (menus.length) await db.insertInto('event_menus').values(menus.map((m) => ({ event_id: eventId, main_menu_id: m.main_menu_id, sub_menu_id: m.sub_menu_id }))).execute()
  if (tags.length) await db.insertInto('event_tags').values(tags.map((t) => ({ event_id: eventId, tag_id: t }))).execute()
}

/** An event's main-menu items, the sub-menu items among them, and its tags. */
export async function placementOf(db: Db, eventId: number) {
  const menus = await db.selectFrom('event_menus').select(['main_menu_id', 'sub_menu_id']).where('event_id', '=', eventId).orderBy('main_menu_id').execute()
  const tags = await db.selectFrom('event_tags').select('tag_id').where('event_id', '=', eventId).orderBy('tag_id').execute()
  return {
    main_menu_ids: menus.map((m) => m.main_menu_id),
    sub_menus: menus.flatMap((m) => (m.sub_menu_id === null ? [] : [{ main_menu_id: m.main_menu_id, sub_menu_id: Number(m.sub_menu_id) }])),
    tag_ids: tags.map((t) => t.tag_id),
  }
}

/** The main-menu item each of `ids` (sub-menu items) belongs to; an unknown id is absent. */
export async function subMenuParents(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('sub_menus').select(['id', 'main_menu_id']).where('id', 'in', [...new Set(ids)]).execute()
  return new Map(rows.map((r) => [Number(r.id), Number(r.main_menu_id)]))
}

/** An event's sessions in the order they were made. */
export function sessionsOf(db: Db, eventId: number) {
  return db.selectFrom('calendars').selectAll().where('event_id', '=', eventId).orderBy('id').execute()
}

/** One session's row (undefined when there is none). */
export function sessionRow(db: Db, id: number) {
  return db.selectFrom('calendars').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A price row a session's copy made: the source row's id and the copy's. */
export interface CopiedPrice {
  from: number
  to: number
}

/** A copy of a session (every column but its id, and no cancellation) under `eventId`, with its price rows; answers its id and which price row became which (sessions.ts copySessionAudited audits each). */
export async function copySessionWithPrices(db: Db, session: Awaited<ReturnType<typeof sessionsOf>>[number], eventId: number): Promise<{ id: number; prices: CopiedPrice[] }> {
  const { id: calId, ...cal } = session
  // A copy is a new session: a cancelled source's mark does not follow it (its buyers were refunded, not the copy's).
  const made = await db.insertInto('calendars').values({ ...cal, event_id: eventId, cancelled_at: null }).returning('id').executeTakeFirstOrThrow()
  const prices = await db.selectFrom('prices').selectAll().where('calendar_id', '=', calId).orderBy('id').execute()
  if (prices.length === 0) return { id: made.id, prices: [] }
  const copies = await db.insertInto('prices').values(prices.map(({ id: _pid, ...p }) => ({ ...p, calendar_id: made.id }))).returning('id').execute()
  // One insert for all rows (an event's copy copies every session's); RETURNING's order is not
  // promised (SQLite), but ids are given in the order the rows go in: sorted, they pair with the
  // sources read in id order.
  const ids = copies.map((c) => c.id).sort((a, b) => a - b)
  return { id: made.id, prices: prices.map((p, i) => ({ from: p.id, to: ids[i] })) }
}

/** Copies a subscription's contents to another event; answers how many lines. */
export async function copyCompositions(db: Db, fromEvent: number, toEvent: number): Promise<number> {
  const lines = await db.selectFrom('compositions').selectAll().where('subscription_event_id', '=', fromEvent).orderBy('id').execute()
  if (lines.length) await db.insertInto('compositions').values(lines.map(({ id: _cid, ...line }) => ({ ...line, subscription_event_id: toEvent }))).execute()
  return lines.length
}

/** Whether the event has any session (on sale or not): its venue and selling kind are then fixed. */
export async function hasSessions(db: Db, eventId: number): Promise<boolean> {
  return (await db.selectFrom('calendars').select('id').where('event_id', '=', eventId).limit(1).executeTakeFirst()) !== undefined
}

/** Whether the event has an active session with at least one price row (something to sell). */
export async function hasSellableSession(db: Db, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('calendars as c')
    .innerJoin('prices as p', 'p.calendar_id', 'c.id')
    .select('c.id')
    .where('c.event_id', '=', eventId)
    .where('c.active', '=', 1)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The console's event list: each event with its number of sessions and the day of its next one
 * (the first not started at `now` and not cancelled; null when none), not the first it ever had.
 */
export function eventRows(db: Db, archived: boolean, now: number) {
  return db
    .selectFrom('events as e')
    .leftJoin('calendars as c', 'c.event_id', 'e.id')
    .select(['e.id', 'e.hash_id', 'e.name_ru', 'e.name_en', 'e.name_kz', 'e.name_ch', 'e.scheme', 'e.published', 'e.archived_at'])
    .select((eb) => [
      eb.fn.count<number>('c.id').as('sessions'),
      eb.fn.min(eb.case().when(eb.and([eb('c.starts_at', '>=', now), eb('c.cancelled_at', 'is', null)])).then(eb.ref('c.day')).end()).as('next_day'),
    ])
    .where('e.archived_at', archived ? 'is not' : 'is', null)
    .groupBy(['e.id', 'e.hash_id', 'e.name_ru', 'e.name_en', 'e.name_kz', 'e.name_ch', 'e.scheme', 'e.published', 'e.archived_at'])
    .orderBy('e.id', 'desc')
    .execute()
}

/** An event's sessions by start, and their price rows. */
export async function sessionsAndPrices(db: Db, eventId: number) {
  const sessions = await db.selectFrom('calendars').selectAll().where('event_id', '=', eventId).orderBy('starts_at').orderBy('id').execute()
  const prices = sessions.length
    ? await db.selectFrom('prices').selectAll().where('calendar_id', 'in', sessions.map((s) => s.id)).orderBy('calendar_id').orderBy('sortnum').orderBy('id').execute()
    : []
  return { sessions, prices }
}

export async function ruleIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  return (await db.selectFrom('rules').select('id').where('slug', '=', slug).executeTakeFirst())?.id
}

/** Everything the forms choose from. */
export async function referenceLists(db: Db) {
  const [kinds, menus, subMenus, tags, venues, drawings, categories, zones, rules] = await Promise.all([
    db.selectFrom('menu_kinds').selectAll().orderBy('sortnum').orderBy('id').execute(),
    db.selectFrom('main_menus').selectAll().orderBy('sortnum').orderBy('id').execute(),
    db.selectFrom('sub_menus').selectAll().orderBy('main_menu_id').orderBy('sortnum').orderBy('id').execute(),
    db.selectFrom('tags').selectAll().orderBy('sortnum').orderBy('id').execute(),
    db.selectFrom('venues').selectAll().orderBy('id').execute(),
    // Not warnings_json: the studio answers a drawing's warnings parsed and worded (plan.repository.ts); no form here reads them.
    db.selectFrom('venue_drawings').select(['id', 'venue_id', 'name', 'version', 'parent_id', 'seat_count', 'standing_count', 'created_at']).orderBy('id').execute(),
    db.selectFrom('client_categories').selectAll().orderBy('sortnum').orderBy('id').execute(),
    db.selectFrom('zones').selectAll().orderBy('drawing_id').orderBy('sortnum').orderBy('id').execute(),
    db.selectFrom('rules').select(['id', 'slug', 'sortnum', 'infname_ru', 'infname_en', 'infname_kz', 'infname_ch', 'url_ru', 'url_en', 'url_kz', 'url_ch', 'filebody_ru', 'filebody_en', 'filebody_kz', 'filebody_ch', 'archived_at']).orderBy('sortnum').execute(),
  ])
  return { kinds, menus, sub_menus: subMenus, tags, venues, drawings, categories, zones, rules }
}

export function drawingVenue(db: Db, drawingId: number) {
  return db.selectFrom('venue_drawings').select(['id', 'venue_id']).where('id', '=', drawingId).executeTakeFirst()
}

/** Whether an order line names the session (lines are kept for good, even of a cancelled order). */
export async function sessionHasOrders(db: Db, calendarId: number): Promise<boolean> {
  return (await db.selectFrom('order_lines').select('id').where('calendar_id', '=', calendarId).limit(1).executeTakeFirst()) !== undefined
}

/**
 * Whether a buyer holds a place of the session now: a live seat hold other than an operator's
 * block, or a live standing hold. Released holds are history and do not count (they go with the
 * session); neither does an empty cart (deleted with it).
 */
export async function sessionHasLiveHolds(db: Db, calendarId: number): Promise<boolean> {
  const seat = await db.selectFrom('seat_holds').select('id').where('calendar_id', '=', calendarId).where('released_at', 'is', null).where('state', '<>', 'blocked').limit(1).executeTakeFirst()
  if (seat) return true
  return (await db.selectFrom('standing_holds').select('id').where('calendar_id', '=', calendarId).where('released_at', 'is', null).limit(1).executeTakeFirst()) !== undefined
}

/**
 * What keeps a price row from being deleted: 'ordered' when an order line names it (tickets
 * were ordered at it; lines are kept for good, even of a cancelled order), 'held' when a live
 * seat or standing hold does (a buyer's cart now: an order's holds come with its lines), null
 * when nothing live does. Released holds do not count: they are history (releasePriceFromHistory).
 */
export async function priceUse(db: Db, priceId: number): Promise<'ordered' | 'held' | null> {
  if (await db.selectFrom('order_lines').select('id').where('price_id', '=', priceId).limit(1).executeTakeFirst()) return 'ordered'
  const live = (table: 'seat_holds' | 'standing_holds') => db.selectFrom(table).select('id').where('price_id', '=', priceId).where('released_at', 'is', null).limit(1).executeTakeFirst()
  if ((await live('seat_holds')) || (await live('standing_holds'))) return 'held'
  return null
}

/**
 * Makes released seat and standing holds forget a price row about to be deleted (price_id set
 * to null; the column allows it): they are kept as the seats' history (migration
 * 2026_11_21_00_00_06), and nothing reads the price of a released hold, but their foreign key
 * would refuse the deletion, so a seat-map price row once in any cart could never be deleted.
 */
export async function releasePriceFromHistory(db: Db, priceId: number): Promise<void> {
  await db.updateTable('seat_holds').set({ price_id: null }).where('price_id', '=', priceId).where('released_at', 'is not', null).execute()
  await db.updateTable('standing_holds').set({ price_id: null }).where('price_id', '=', priceId).where('released_at', 'is not', null).execute()
}

export async function priceIdsOf(db: Db, calendarId: number): Promise<number[]> {
  return (await db.selectFrom('prices').select('id').where('calendar_id', '=', calendarId).execute()).map((p) => p.id)
}

export function zoneDrawing(db: Db, zoneId: number) {
  return db.selectFrom('zones').select(['id', 'drawing_id']).where('id', '=', zoneId).executeTakeFirst()
}

/** A session's day and time (YYYY-MM-DD, HH:MM). */
export interface SessionSlot {
  day: string
  time: string
}

/** A composition line a session's move rewrote, as it was and as it is (the audit log's before and after). */
export interface MovedLine {
  before: Selectable<CompositionsTable>
  after: Selectable<CompositionsTable>
}

/**
 * Subscription composition lines that show a moved session follow it: a line linked to the event
 * with the session's old day and time takes the new ones unless another session of the event is
 * left there (a switched-off copy shares its source's slot until moved: copyOneSession), and a
 * line with the old day and no time takes the new day once no other session of the event is left
 * on the old one. The lines are the
 * operator's text, copied from the session when written (compositions keep no session id), so
 * without this the storefront's "Состав абонемента" would keep announcing the old date. Answers
 * the lines changed, in id order, for the audit log (sessions.ts updateSession).
 */
export async function followMovedSession(db: Db, eventId: number, sessionId: number, from: SessionSlot, to: SessionSlot): Promise<MovedLine[]> {
  const others = db.selectFrom('calendars').select('id').where('event_id', '=', eventId).where('day', '=', from.day).where('id', '<>', sessionId)
  // Each update answers its lines as they are now; as they were differs only in the columns it
  // set, which its filter pinned to the old values: one statement each, nothing read apart.
  const moved: MovedLine[] = []
  if (!(await others.where('time', '=', from.time).executeTakeFirst())) {
    const timed = await db
      .updateTable('compositions')
      .set({ eventstr_day: to.day, eventstr_time: to.time })
      .where('event_id', '=', eventId)
      .where('eventstr_day', '=', from.day)
      .where('eventstr_time', '=', from.time)
      .returningAll()
      .execute()
    moved.push(...timed.map((after) => ({ before: { ...after, eventstr_day: from.day, eventstr_time: from.time }, after })))
  }
  if (from.day !== to.day && !(await others.executeTakeFirst())) {
    const dayOnly = await db.updateTable('compositions').set({ eventstr_day: to.day }).where('event_id', '=', eventId).where('eventstr_day', '=', from.day).where('eventstr_time', '=', '').returningAll().execute()
    moved.push(...dayOnly.map((after) => ({ before: { ...after, eventstr_day: from.day }, after })))
  }
  return moved.sort((a, b) => a.after.id - b.after.id)
}
