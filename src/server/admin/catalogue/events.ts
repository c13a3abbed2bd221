import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { eventInputSchema } from '../../../contract/admin/catalogue'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'
import type { Actor } from '../context'
import { findRow, insertRow, mustExist, mustFind, tx, updateRow } from './rows'

type EventInput = z.output<typeof eventInputSchema>
/** Characters of a new event's public hash (like the demo's: 96 bits). */
const HASH_BYTES = 12

const newHash = () => randomBytes(HASH_BYTES).toString('base64url')

function eventColumns(input: EventInput): Record<string, unknown> {
  const { main_menu_ids: _m, tag_ids: _t, ...columns } = input
  return columns
}

async function checkReferences(db: Db, input: EventInput): Promise<void> {
  await mustExist(db, 'menu_kinds', [input.menu_kind_id], 'menu_kind_id')
  await mustExist(db, 'venues', [input.venue_id], 'venue_id')
  await mustExist(db, 'main_menus', input.main_menu_ids, 'main_menu_ids')
  await mustExist(db, 'tags', input.tag_ids, 'tag_ids')
}

async function setPlacement(db: Db, eventId: number, input: EventInput): Promise<void> {
  await db.deleteFrom('event_menus').where('event_id', '=', eventId).execute()
  await db.deleteFrom('event_tags').where('event_id', '=', eventId).execute()
  const menus = [...new Set(input.main_menu_ids)]
  const tags = [...new Set(input.tag_ids)]
  if (menus.length) await db.insertInto('event_menus').values(menus.map((m) => ({ event_id: eventId, main_menu_id: m, sub_menu_id: null }))).execute()
  if (tags.length) await db.insertInto('event_tags').values(tags.map((t) => ({ event_id: eventId, tag_id: t }))).execute()
}

async function placement(db: Db, eventId: number) {
  const menus = await db.selectFrom('event_menus').select('main_menu_id').where('event_id', '=', eventId).orderBy('main_menu_id').execute()
  const tags = await db.selectFrom('event_tags').select('tag_id').where('event_id', '=', eventId).orderBy('tag_id').execute()
  return { main_menu_ids: menus.map((m) => m.main_menu_id), tag_ids: tags.map((t) => t.tag_id) }
}

/** A new event, unpublished: nothing shows in the listing until it is published. */
export function createEvent(db: Db, actor: Actor, input: EventInput): Promise<number> {
  return tx(db, async (trx) => {
    await checkReferences(trx, input)
    const id = await insertRow(trx, actor, 'events', 'event', { ...eventColumns(input), hash_id: newHash(), published: 0 })
    await setPlacement(trx, id, input)
    return id
  })
}

export function updateEvent(db: Db, actor: Actor, id: number, input: EventInput): Promise<void> {
  return tx(db, async (trx) => {
    await mustFind(trx, 'events', id, 'event')
    await checkReferences(trx, input)
    const before = await placement(trx, id)
    await updateRow(trx, actor, 'events', 'event', id, eventColumns(input))
    await setPlacement(trx, id, input)
    const after = await placement(trx, id)
    if (JSON.stringify(before) !== JSON.stringify(after)) await writeAudit(trx, actor, { action: 'update-placement', entity: 'event', entityId: id, before, after })
  })
}

/** A copy with its menus, tags, sessions and price rows; unpublished, named "(copy)" nowhere: the operator renames it. */
export function copyEvent(db: Db, actor: Actor, id: number): Promise<number> {
  return tx(db, async (trx) => {
    const source = await mustFind(trx, 'events', id, 'event')
    const { id: _id, hash_id: _h, published: _p, archived_at: _a, ...columns } = source
    const copyId = await insertRow(trx, actor, 'events', 'event', { ...columns, hash_id: newHash(), published: 0, archived_at: null })
    const place = await placement(trx, id)
    await setPlacement(trx, copyId, { ...(source as unknown as EventInput), ...place })
    const sessions = await trx.selectFrom('calendars').selectAll().where('event_id', '=', id).orderBy('id').execute()
    for (const s of sessions) {
      const { id: calId, ...cal } = s
      const newCal = await trx.insertInto('calendars').values({ ...cal, event_id: copyId }).returning('id').executeTakeFirstOrThrow()
      const prices = await trx.selectFrom('prices').selectAll().where('calendar_id', '=', calId).execute()
      if (prices.length) await trx.insertInto('prices').values(prices.map(({ id: _pid, ...p }) => ({ ...p, calendar_id: newCal.id }))).execute()
    }
    await writeAudit(trx, actor, { action: 'copy', entity: 'event', entityId: copyId, before: { from: id }, after: { sessions: sessions.length } })
    return copyId
  })
}

export function archiveEvent(db: Db, actor: Actor, id: number): Promise<void> {
  return tx(db, (trx) => updateRow(trx, actor, 'events', 'event', id, { published: 0, archived_at: Date.now() }, 'archive'))
}

/**
 * Publishes (1) or withdraws (0) an event. Publishing needs something to sell: an active
 * session with at least one price row; an archived event stays archived.
 */
export function publishEvent(db: Db, actor: Actor, id: number, published: 0 | 1): Promise<void> {
  return tx(db, async (trx) => {
    const event = await mustFind(trx, 'events', id, 'event')
    if (published === 1) {
      if (event.archived_at !== null) throw new ApiFailure('admin-archived')
      const sellable = await trx
        .selectFrom('calendars as c')
        .innerJoin('prices as p', 'p.calendar_id', 'c.id')
        .select('c.id')
        .where('c.event_id', '=', id)
        .where('c.active', '=', 1)
        .limit(1)
        .executeTakeFirst()
      if (!sellable) throw new ApiFailure('admin-nothing-to-sell')
    }
    await updateRow(trx, actor, 'events', 'event', id, { published }, published ? 'publish' : 'unpublish')
  })
}

export async function listEvents(db: Db, archived: boolean) {
  const rows = await db
    .selectFrom('events as e')
    .leftJoin('calendars as c', 'c.event_id', 'e.id')
    .select(['e.id', 'e.hash_id', 'e.name_ru', 'e.name_en', 'e.name_kz', 'e.name_ch', 'e.scheme', 'e.published', 'e.archived_at'])
    .select((eb) => [eb.fn.count<number>('c.id').as('sessions'), eb.fn.min('c.day').as('next_day')])
    .where('e.archived_at', archived ? 'is not' : 'is', null)
    .groupBy(['e.id', 'e.hash_id', 'e.name_ru', 'e.name_en', 'e.name_kz', 'e.name_ch', 'e.scheme', 'e.published', 'e.archived_at'])
    .orderBy('e.id', 'desc')
    .execute()
  return rows.map((r) => ({ ...r, sessions: Number(r.sessions), next_day: (r.next_day as string | null) ?? null }))
}

export async function eventDetail(db: Db, id: number) {
  const event = await findRow(db, 'events', id)
  if (!event) throw new ApiFailure('admin-not-found', { what: 'event', id })
  const sessions = await db.selectFrom('calendars').selectAll().where('event_id', '=', id).orderBy('starts_at').orderBy('id').execute()
  const prices = sessions.length
    ? await db.selectFrom('prices').selectAll().where('calendar_id', 'in', sessions.map((s) => s.id)).orderBy('calendar_id').orderBy('sortnum').orderBy('id').execute()
    : []
  return { event, ...(await placement(db, id)), sessions, prices }
}
