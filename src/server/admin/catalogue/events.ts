import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { eventInputSchema } from '../../../contract/admin/catalogue'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'
import type { Actor } from '../context'
import { copyCompositions, eventRows, hasSellableSession, hasSessions, placementOf, replacePlacement, sessionsAndPrices, sessionsOf, subMenuParents, type MenuPlacement } from './catalogue.repository'
import { lockSessionForMove } from '../studio/session-map.repository'
import { lockVersionsInOrder } from '../studio/version.repository'
import { nextEventVersion } from './event-version.repository'
import { findRow, insertRow, lockEvent, mustBeLive, mustBeLiveEvent, mustExist, mustFind, updateRow } from './rows.repository'
import { copySessionAudited } from './sessions'
import { tx } from '../transaction'
import { admittedTicketsOfEvent } from '../../domain/redemption/lists.repository'
import { DOOR_PAST_MS } from '../../domain/redemption/door-window'

type EventInput = z.output<typeof eventInputSchema>
/** Characters of a new event's public hash (like the demo's: 96 bits). */
const HASH_BYTES = 12

const newHash = () => randomBytes(HASH_BYTES).toString('base64url')

function eventColumns(input: EventInput): Record<string, unknown> {
  const { main_menu_ids: _m, sub_menus: _s, tag_ids: _t, version: _v, ...columns } = input
  return columns
}

/** What the event has already: archived rows among them stay allowed when it is saved again. */
type Kept = { venue_id?: number; menu_kind_id?: number; main_menu_ids: number[]; sub_menus: MenuPlacement[]; tag_ids: number[] }

async function checkReferences(db: Db, input: EventInput, kept: Kept = { main_menu_ids: [], sub_menus: [], tag_ids: [] }): Promise<void> {
  await mustExist(db, 'menu_kinds', [input.menu_kind_id], 'menu_kind_id')
  await mustExist(db, 'venues', [input.venue_id], 'venue_id')
  await mustExist(db, 'main_menus', input.main_menu_ids, 'main_menu_ids')
  await mustExist(db, 'tags', input.tag_ids, 'tag_ids')
  await mustBeLive(db, 'menu_kinds', [input.menu_kind_id], 'menu_kind_id', kept.menu_kind_id === undefined ? [] : [kept.menu_kind_id])
  await mustBeLive(db, 'venues', [input.venue_id], 'venue_id', kept.venue_id === undefined ? [] : [kept.venue_id])
  await mustBeLive(db, 'main_menus', input.main_menu_ids, 'main_menu_ids', kept.main_menu_ids)
  await mustBeLive(db, 'tags', input.tag_ids, 'tag_ids', kept.tag_ids)
}

/**
 * Each chosen main-menu item with its sub-menu item: the ones the input names, or, when the input
 * leaves sub_menus out, the ones the event had (`kept`) for the main items it keeps.
 */
function menuPlacement(input: EventInput, kept: readonly MenuPlacement[]): MenuPlacement[] {
  const subs = new Map((input.sub_menus ?? kept).map((p) => [p.main_menu_id, p.sub_menu_id]))
  return [...new Set(input.main_menu_ids)].map((m) => ({ main_menu_id: m, sub_menu_id: subs.get(m) ?? null }))
}

/** Refuses a sub-menu item nobody made (admin-bad-reference) or one of another main item (admin-sub-menu-mismatch). */
async function checkSubMenus(db: Db, menus: readonly MenuPlacement[]): Promise<void> {
  const picks = menus.filter((m): m is { main_menu_id: number; sub_menu_id: number } => m.sub_menu_id !== null)
  const parents = await subMenuParents(db, picks.map((p) => p.sub_menu_id))
  for (const p of picks) {
    const parent = parents.get(p.sub_menu_id)
    if (parent === undefined) throw new ApiFailure('admin-bad-reference', { field: 'sub_menus', id: p.sub_menu_id })
    if (parent !== p.main_menu_id) throw new ApiFailure('admin-sub-menu-mismatch', { sub_menu_id: p.sub_menu_id, main_menu_id: p.main_menu_id })
  }
}

async function setPlacement(db: Db, eventId: number, input: EventInput, kept: readonly MenuPlacement[] = []): Promise<void> {
  const menus = menuPlacement(input, kept)
  await checkSubMenus(db, menus)
  await replacePlacement(db, eventId, menus, [...new Set(input.tag_ids)])
}
const placement = placementOf

/** A new event, unpublished: nothing shows in the listing until it is published. */
export function createEvent(db: Db, actor: Actor, input: EventInput): Promise<number> {
  return tx(db, actor, async (trx) => {
    await checkReferences(trx, input)
    const id = await insertRow(trx, actor, 'events', 'event', { ...eventColumns(input), hash_id: newHash(), published: 0 })
    await setPlacement(trx, id, input)
    return id
  })
}

/**
 * Refuses changing how an event is sold (`scheme`) or where (`venue_id`) once it has sessions:
 * each session keeps the venue and, on a seat map, the map version it was made with (its holds
 * and sales are on that map's seats), and the seat-map planner and the general-admission one
 * each read the event's flag. Map → general admission would sell seat-map sessions by price-row
 * quantity, general admission → map would leave every session without a map, and a new venue
 * would leave them on the old venue's map versions. Deleting the sessions (those nobody
 * ordered) or a new event is the way.
 */
async function refuseSellingChange(db: Db, id: number, stored: Record<string, unknown>, input: EventInput): Promise<void> {
  const changed = [input.scheme !== stored.scheme && 'scheme', input.venue_id !== stored.venue_id && 'venue_id'].filter((f): f is string => f !== false)
  if (changed.length > 0 && (await hasSessions(db, id))) throw new ApiFailure('admin-event-has-sessions', { field: changed.join(', ') })
}

/**
 * Saves an event's fields, menus and tags; answers its new version. With `input.version`, a save
 * from a form loaded before another save is refused (admin-event-changed) and changes nothing:
 * the whole form is sent, so it would put back every field the other operator changed.
 */
export function updateEvent(db: Db, actor: Actor, id: number, input: EventInput): Promise<number> {
  return tx(db, actor, async (trx) => {
    // The event's lock before any read (rows.repository.ts lockEvent): a save or a session's change
    // under way finishes first and the checks below read what it left; on SQLite the write lock is
    // asked for first, so another connection's write is waited for instead of refused busy.
    await mustBeLiveEvent(trx, id)
    const stored = await mustFind(trx, 'events', id, 'event')
    const version = await nextEventVersion(trx, id, input.version)
    // `stale` tells the editor apart from the other conflicts (it offers to load the saved event).
    if (version === null) throw new ApiFailure('admin-event-changed', {}, { stale: true })
    await refuseSellingChange(trx, id, stored, input)
    const before = await placement(trx, id)
    await checkReferences(trx, input, { ...before, venue_id: (stored.venue_id as number | null) ?? undefined, menu_kind_id: stored.menu_kind_id as number })
    await updateRow(trx, actor, 'events', 'event', id, eventColumns(input))
    await setPlacement(trx, id, input, before.sub_menus)
    const after = await placement(trx, id)
    if (JSON.stringify(before) !== JSON.stringify(after)) await writeAudit(trx, actor, { action: 'update-placement', entity: 'event', entityId: id, before, after })
    return version
  })
}

/** A copy with its menus, tags, sessions, price rows and (a subscription's) contents; unpublished, named "(copy)" nowhere: the operator renames it. */
export function copyEvent(db: Db, actor: Actor, id: number): Promise<number> {
  return tx(db, actor, async (trx) => {
    // The source event's lock before any read (rows.repository.ts lockEvent): a save of it, its
    // sessions or price rows under way finishes first and the copy is of what it left; on SQLite the
    // write lock is asked for first, so another connection's write is waited for, not refused busy.
    // An archived event may be copied (the copy is a new event): lockEvent, not mustBeLiveEvent.
    await lockEvent(trx, id)
    const source = await mustFind(trx, 'events', id, 'event')
    const { id: _id, hash_id: _h, published: _p, archived_at: _a, ...columns } = source
    const copyId = await insertRow(trx, actor, 'events', 'event', { ...columns, hash_id: newHash(), published: 0, archived_at: null, version: 0 })
    const place = await placement(trx, id)
    await setPlacement(trx, copyId, { ...(source as unknown as EventInput), ...place })
    const sessions = await sessionsOf(trx, id)
    // Each session copied seals its map version (rows.repository.ts lockEvent, step 2), and in
    // session order two copies with sessions on the same two versions the other way round would
    // deadlock: neither holds the other's event, and the new events are rows nobody else has. So
    // the versions are locked first, in ascending id, as every copy locks them.
    await lockVersionsInOrder(trx, sessions.flatMap((s) => (s.drawing_id === null ? [] : [Number(s.drawing_id)])))
    // Each off sale in the same seats (the version's venue blocks and the source session's own), audited as a session's copy.
    for (const s of sessions) await copySessionAudited(trx, actor, s, copyId)
    // A subscription's copy keeps its contents (the lines still name the same events).
    const lines = await copyCompositions(trx, id, copyId)
    await writeAudit(trx, actor, { action: 'copy', entity: 'event', entityId: copyId, before: { from: id }, after: { sessions: sessions.length, composition_lines: lines } })
    return copyId
  })
}

/**
 * Archives an event (hidden from the console's lists and the shop). Refused while a session of it
 * the door still works or will work (starting DOOR_PAST_MS ago or later) has tickets the door
 * admits: the door refuses an archived event's sessions (redemption/door-window.ts), so their
 * holders would be turned away untold. The operator refunds them or waits until the sessions are
 * over; archiving is for events that are done.
 */
export function archiveEvent(db: Db, actor: Actor, id: number, now = Date.now()): Promise<void> {
  return tx(db, actor, async (trx) => {
    // The event's row first (rows.repository.ts lockEvent): a change to it or its sessions under
    // way finishes first, and one that comes now waits and then finds it archived (mustBeLiveEvent).
    await lockEvent(trx, id)
    await mustFind(trx, 'events', id, 'event')
    const from = now - DOOR_PAST_MS
    // Then each session the door still works, in id order (the lock a claim takes:
    // orders/claim.ts lockCalendars), so no sale lands between the count and the archiving.
    for (const s of await sessionsOf(trx, id)) if (Number(s.starts_at) >= from) await lockSessionForMove(trx, s.id)
    const tickets = await admittedTicketsOfEvent(trx, id, from)
    if (tickets > 0) throw new ApiFailure('admin-event-sold', { tickets })
    await updateRow(trx, actor, 'events', 'event', id, { published: 0, archived_at: now }, 'archive')
  })
}

/** Restores an archived event to the console's lists, unpublished: the operator publishes it again when it is ready. */
export function unarchiveEvent(db: Db, actor: Actor, id: number): Promise<void> {
  return tx(db, actor, async (trx) => {
    // Judged under the event's lock (rows.repository.ts lockEvent), as an archive or a publish is:
    // of two restores at once the second waits and reads it restored, and on SQLite the write
    // lock is taken before the read, so a write of another connection is waited for, not refused busy.
    await lockEvent(trx, id)
    const event = await mustFind(trx, 'events', id, 'event')
    // A repeat (already restored) changes nothing and writes no second audit row.
    if (event.archived_at !== null) await updateRow(trx, actor, 'events', 'event', id, { archived_at: null }, 'unarchive')
  })
}

/**
 * Publishes (1) or withdraws (0) an event. Publishing needs something to sell: an active
 * session with at least one price row; an archived event stays archived.
 */
export function publishEvent(db: Db, actor: Actor, id: number, published: 0 | 1): Promise<void> {
  return tx(db, actor, async (trx) => {
    // Judged under the event's lock: a publish racing an archive must not leave it archived and published.
    await lockEvent(trx, id)
    const event = await mustFind(trx, 'events', id, 'event')
    if (published === 1) {
      if (event.archived_at !== null) throw new ApiFailure('admin-archived')
      if (!(await hasSellableSession(trx, id))) throw new ApiFailure('admin-nothing-to-sell')
    }
    await updateRow(trx, actor, 'events', 'event', id, { published }, published ? 'publish' : 'unpublish')
  })
}

export async function listEvents(db: Db, archived: boolean, now = Date.now()) {
  const rows = await eventRows(db, archived, now)
  return rows.map((r) => ({ ...r, sessions: Number(r.sessions), next_day: (r.next_day as string | null) ?? null }))
}

export async function eventDetail(db: Db, id: number) {
  const event = await findRow(db, 'events', id)
  if (!event) throw new ApiFailure('admin-not-found', { what: 'event', id })
  return { event, ...(await placement(db, id)), ...(await sessionsAndPrices(db, id)) }
}
