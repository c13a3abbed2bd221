import type { Selectable } from 'kysely'
import type { CheckinList } from '../../../contract/admin/door'
import { ORDER_STATUS_CANCELLED as ORDER_CANCELLED, ORDER_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED as RETURNED } from '../../../contract/constants'
import type { Db } from '../../db/connect'
import type { CheckinListsTable } from '../../db/redemptions.table'
import type { RedeemPolicy } from './outcome'

/** Check-in lists (gates) of a session: the rows, the console's choices, and the door's sessions. */

type ListRow = Selectable<CheckinListsTable>
export interface ListInput {
  name: string
  category_ids: number[]
  sector_ids: number[]
  exits: boolean
  reentry: boolean
}

const ids = (json: string): number[] => {
  const parsed = JSON.parse(json) as unknown
  return Array.isArray(parsed) ? parsed.filter((x): x is number => typeof x === 'number') : []
}

export function toList(row: ListRow): CheckinList {
  return { id: row.id, calendar_id: row.calendar_id, name: row.name, category_ids: ids(row.category_ids), sector_ids: ids(row.sector_ids), exits: row.exits === 1, reentry: row.reentry === 1 }
}

/** The door policy of a list (its re-entry rule and filters). */
export function policyOf(list: CheckinList): RedeemPolicy {
  return { reentry: list.reentry, list: { id: list.id, categoryIds: list.category_ids, sectorIds: list.sector_ids } }
}

/** A list by id; an archived one only with `archived` (uploads of scans made before it was archived still count). */
export function findList(db: Db, id: number, archived = false) {
  let q = db.selectFrom('checkin_lists').selectAll().where('id', '=', id)
  if (!archived) q = q.where('archived', '=', 0)
  return q.executeTakeFirst()
}

export async function listsOfSessions(db: Db, calendarIds: readonly number[]): Promise<CheckinList[]> {
  if (calendarIds.length === 0) return []
  const rows = await db.selectFrom('checkin_lists').selectAll().where('calendar_id', 'in', [...calendarIds]).where('archived', '=', 0).orderBy('id').execute()
  return rows.map(toList)
}

export async function insertList(db: Db, calendarId: number, input: ListInput, now: number): Promise<CheckinList> {
  const row = await db
    .insertInto('checkin_lists')
    .values({ calendar_id: calendarId, name: input.name, category_ids: JSON.stringify(input.category_ids), sector_ids: JSON.stringify(input.sector_ids), exits: input.exits ? 1 : 0, reentry: input.reentry ? 1 : 0, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toList(row)
}

export async function updateList(db: Db, id: number, input: ListInput & { archived?: boolean }): Promise<void> {
  await db
    .updateTable('checkin_lists')
    .set({ name: input.name, category_ids: JSON.stringify(input.category_ids), sector_ids: JSON.stringify(input.sector_ids), exits: input.exits ? 1 : 0, reentry: input.reentry ? 1 : 0, ...(input.archived !== undefined ? { archived: input.archived ? 1 : 0 } : {}) })
    .where('id', '=', id)
    .execute()
}

/** Price categories the session sells and sectors of its drawing: what a list may filter on. */
export async function listChoices(db: Db, calendarId: number) {
  const categories = await db
    .selectFrom('prices as p')
    .innerJoin('client_categories as cc', 'cc.id', 'p.client_category_id')
    .select(['cc.id', 'cc.name_ru as name', 'cc.name_en', 'cc.name_kz', 'cc.name_ch'])
    .where('p.calendar_id', '=', calendarId)
    .distinct()
    .orderBy('cc.id')
    .execute()
  const sectors = await db
    .selectFrom('calendars as c')
    .innerJoin('sectors as s', 's.drawing_id', 'c.drawing_id')
    .select(['s.id', 's.name'])
    .where('c.id', '=', calendarId)
    .orderBy('s.sector_index')
    .execute()
  return { categories, sectors }
}

/** Sessions with what the door judges them by (door-window.ts openAtDoor): start, switch, on-sale bounds, their event's archive mark. */
function doorSessionQuery(db: Db) {
  return db
    .selectFrom('calendars as c')
    .innerJoin('events as e', 'e.id', 'c.event_id')
    .select(['c.id', 'c.starts_at', 'c.active', 'c.sale_from', 'c.sale_to', 'e.archived_at as event_archived_at'])
}

/** These sessions as the door judges them. */
export function doorSessionFacts(db: Db, calendarIds: readonly number[]) {
  return doorSessionQuery(db).where('c.id', 'in', [...calendarIds]).execute()
}

/**
 * Sessions starting from `from` to `to` (epoch ms), earliest first, with their events' names.
 * Switched-off sessions and archived events come too: the caller drops them by the door's one
 * rule (openAtDoor). The window spans two and a half days: a few hundred sessions at most on a
 * busy site, read whole so that switched-off ones never crowd out those at the door.
 */
export function doorSessionRows(db: Db, from: number, to: number) {
  return doorSessionQuery(db)
    .select(['c.day', 'c.time', 'e.name_ru', 'e.name_en', 'e.name_kz', 'e.name_ch'])
    .where('c.starts_at', '>=', from)
    .where('c.starts_at', '<=', to)
    .orderBy('c.starts_at')
    .orderBy('c.id')
    .execute()
}

/**
 * The tickets the door admits in a session (or in an event's sessions from a moment on): lines
 * of paid orders that are not cancelled, not returned (a return requested but not confirmed
 * still admits, as the stock rule counts it taken). Its one home: the door's count (gateCounts,
 * which also leaves out named orders awaiting their holders), the confirmations' counts (admittedCount),
 * the buyers a session's move or switch-off concerns (admittedOrders), what an event's
 * archiving would shut out (admittedTicketsOfEvent) and what a cancelled session still owes its
 * buyers (cancelledSessionsOwing, admittedLineIds).
 */
function admittedLines(db: Db, sessions: number | { eventId: number; from: number } | { cancelledSince: number }) {
  const among =
    typeof sessions === 'number'
      ? [sessions]
      : 'cancelledSince' in sessions
        ? db.selectFrom('calendars').select('id').where('cancelled_at', '>', sessions.cancelledSince)
        : db.selectFrom('calendars').select('id').where('event_id', '=', sessions.eventId).where('starts_at', '>=', sessions.from)
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .where('l.calendar_id', 'in', among)
    .where('o.paid', '=', 1)
    .where('o.status', '!=', ORDER_CANCELLED)
    .where('l.return_status', '<', RETURNED)
}

/**
 * Tickets the door admits (admittedLines' rule) in the sessions of event `eventId` starting at
 * `from` (epoch ms) or later: what archiving the event would shut out (door-window.ts openAtDoor
 * refuses an archived event's sessions). One read by the event's sessions.
 */
export async function admittedTicketsOfEvent(db: Db, eventId: number, from: number): Promise<number> {
  const row = await admittedLines(db, { eventId, from })
    .select((eb) => eb.fn.sum<number | string | null>('l.quantity').as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * The orders holding tickets the door admits in a session (admittedLines), one row each with its
 * tickets there and what an e-mail to its buyer needs (address, language, number, page hash),
 * all of them or a `page` of them.
 * Read by the (calendar_id) index of order_lines; a session's orders, not the shop's.
 */
export function admittedOrders(db: Db, calendarId: number, page?: { afterId: number; limit: number }) {
  const q = admittedLines(db, calendarId)
    .select((eb) => ['o.id', 'o.ord_num', 'o.hash', 'o.email', 'o.lang', eb.fn.sum<number | string>('l.quantity').as('tickets')])
    .groupBy(['o.id', 'o.ord_num', 'o.hash', 'o.email', 'o.lang'])
    .orderBy('o.id')
  // A page (a cancelled session's refunds, by order id): the next `limit` orders after `afterId`.
  return (page ? q.where('o.id', '>', page.afterId).limit(page.limit) : q).execute()
}

/**
 * How many orders and tickets the door admits in a session (admittedLines): the counts a move's,
 * a switch-off's or a cancellation's confirmation names, in one read rather than every order.
 * `noEmail`: those orders without an e-mail address (box-office sales may have none), whose
 * buyers no notice reaches, so the operator is told to reach them another way.
 */
export async function admittedCount(db: Db, calendarId: number): Promise<{ orders: number; tickets: number; noEmail: number }> {
  const row = await admittedLines(db, calendarId)
    .select((eb) => [
      eb.fn.count<number | string>('o.id').distinct().as('orders'),
      eb.fn.sum<number | string | null>('l.quantity').as('tickets'),
      eb.fn
        .count<number | string>(eb.case().when(eb.or([eb('o.email', 'is', null), eb('o.email', '=', '')])).then(eb.ref('o.id')).end())
        .distinct()
        .as('no_email'),
    ])
    .executeTakeFirst()
  return { orders: Number(row?.orders ?? 0), tickets: Number(row?.tickets ?? 0), noEmail: Number(row?.no_email ?? 0) }
}

/** The ids of order `orderId`'s lines the door admits in session `calendarId` (what its cancellation refunds). */
export async function admittedLineIds(db: Db, calendarId: number, orderId: number): Promise<number[]> {
  const rows = await admittedLines(db, calendarId).select('l.id').where('o.id', '=', orderId).orderBy('l.id').execute()
  return rows.map((r) => r.id)
}

/**
 * Sessions cancelled after `since` (calendars.cancelled_at) where the door would still admit a
 * ticket: what the leader's refund sweep has left to do (admin/catalogue/session-refunds.ts),
 * oldest session first. One read over those sessions' lines (the order_lines (calendar_id)
 * index): a cancellation refunded long ago is past `since` and costs the sweep nothing.
 */
export async function cancelledSessionsOwing(db: Db, since: number, limit: number): Promise<number[]> {
  const rows = await admittedLines(db, { cancelledSince: since }).select('l.calendar_id').distinct().orderBy('l.calendar_id').limit(limit).execute()
  return rows.map((r) => r.calendar_id)
}

/**
 * Live counts of a session's doors: per gate (list, or the gate name of list-less scans) the
 * people who entered and left by counted scans that stand, refusals, and flagged entries; and
 * how many tickets may enter (those the door admits: named orders' holders entered) and how many
 * are inside (last standing scan is an entry).
 */
export async function gateCounts(db: Db, calendarId: number) {
  const rows = await db
    .selectFrom('ticket_redemptions as r')
    .leftJoin('order_lines as l', 'l.id', 'r.order_line_id')
    .select((eb) => [
      'r.list_id',
      'r.gate',
      eb.fn.sum<number | string | null>(eb.case().when(eb.and([eb('r.direction', '=', 'in'), eb('r.result', '=', 'valid')])).then(eb.ref('l.quantity')).else(0).end()).as('entered'),
      eb.fn.sum<number | string | null>(eb.case().when(eb.and([eb('r.direction', '=', 'out'), eb('r.result', '=', 'valid')])).then(eb.ref('l.quantity')).else(0).end()).as('exited'),
      eb.fn.sum<number | string | null>(eb.case().when('r.result', '!=', 'valid').then(1).else(0).end()).as('refused'),
      eb.fn.sum<number | string | null>(eb.case().when('r.flagged', '=', 1).then(1).else(0).end()).as('flagged'),
      eb.fn.max<number | string | null>('r.received_at').as('last_at'),
    ])
    .where('r.calendar_id', '=', calendarId)
    .groupBy(['r.list_id', 'r.gate'])
    .orderBy('r.gate')
    .execute()
  // What the door would admit: a paid order still awaiting its holders' names is refused as
  // 'unnamed' (service.ts standing) until they are entered, so its tickets may not enter yet.
  const tickets = await admittedLines(db, calendarId)
    .where('o.status', '=', ORDER_STATUS_CONFIRMED)
    .select((eb) => eb.fn.sum<number | string | null>('l.quantity').as('n'))
    .executeTakeFirst()
  // Inside: tickets whose latest standing scan (by scan time) is an entry.
  const latest = await db
    .selectFrom('ticket_redemptions as r')
    .innerJoin('order_lines as l', 'l.id', 'r.order_line_id')
    .select(['r.order_line_id', 'r.direction', 'r.scanned_at', 'r.id', 'l.quantity'])
    .where('r.calendar_id', '=', calendarId)
    .where('r.counted', '=', 1)
    .where('r.result', '=', 'valid')
    .orderBy('r.scanned_at')
    .orderBy('r.id')
    .execute()
  const last = new Map<number, { direction: string; quantity: number }>()
  for (const r of latest) last.set(r.order_line_id!, { direction: r.direction, quantity: r.quantity })
  let inside = 0
  for (const v of last.values()) if (v.direction === 'in') inside += v.quantity
  const num = (v: number | string | null | undefined) => Number(v ?? 0)
  return {
    calendar_id: calendarId,
    tickets: num(tickets?.n),
    inside,
    gates: rows.map((r) => ({ list_id: r.list_id, gate: r.gate, entered: num(r.entered), exited: num(r.exited), refused: num(r.refused), flagged: num(r.flagged), last_at: r.last_at === null ? null : num(r.last_at) })),
  }
}
