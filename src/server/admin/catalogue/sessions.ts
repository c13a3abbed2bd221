import type { z } from 'zod'
import type { priceInputSchema, sessionInputSchema, sessionUpdateSchema } from '../../../contract/admin/catalogue'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { Actor } from '../context'
import { writeAudit } from '../audit'
import { applyVenueBlocks, blockedKeys } from '../studio/blocks.repository'
import { releaseExpiredCartHolds } from '../../domain/inventory/holds.repository'
import { copySessionWithPrices, drawingVenue, followMovedSession, priceIdsOf, priceUse, releasePriceFromHistory, sessionHasLiveHolds, sessionHasOrders, sessionRow, zoneDrawing } from './catalogue.repository'
import { mustBeCopied } from '../studio/copy-job'
import { guardPriceStock, guardSoldSession, type NoticeContext } from './session-buyers'
import { lockSessionForMove } from '../studio/session-map.repository'
import { deleteRow, findRow, insertRow, mustBeLive, mustBeLiveEvent, mustExist, mustFind, mustFindLockedPrice, mustFindLockedSession, updateRow } from './rows.repository'
import { tx } from '../transaction'
import { addDays, venueInstant } from '../../venue-time'
import { copyCategory, guardPriceKey, guardSessionSlot, guardSoldPriceKey, sameKey } from './sale-keys.repository'

/** A seat-map event's session needs a drawing of the event's venue; a general-admission one has none. */
async function drawingFor(db: Db, event: Record<string, unknown>, drawingId: number | null): Promise<number | null> {
  if (event.scheme !== 1) return null
  if (drawingId === null) throw new ApiFailure('admin-needs-drawing')
  const drawing = await drawingVenue(db, drawingId)
  if (!drawing || drawing.venue_id !== event.venue_id) throw new ApiFailure('admin-needs-drawing')
  // A version still being copied has not all its seats yet: it would go on sale half made.
  await mustBeCopied(db, drawing.id)
  return drawing.id
}

/** One session, or a series: `repeat.count` more, every `repeat.every_days` days. */
export function createSessions(db: Db, actor: Actor, eventId: number, input: z.output<typeof sessionInputSchema>): Promise<number[]> {
  return tx(db, actor, async (trx) => {
    // Takes the event's lock (rows.repository.ts lockEvent) for the rest of the transaction: the
    // slots below are checked and taken under it, one write placing the event's sessions at a time.
    await mustBeLiveEvent(trx, eventId)
    // Read under the lock: a save of the event under way (a new venue, seat map or general
    // admission, events.ts updateEvent) finishes first, so the sessions are made on what it left,
    // not on the venue and map version it replaced; and on SQLite nothing is read before the lock.
    const event = await mustFind(trx, 'events', eventId, 'event')
    const drawing = await drawingFor(trx, event, input.drawing_id)
    const days = [input.day]
    for (let i = 1; i <= (input.repeat?.count ?? 0); i++) days.push(addDays(input.day, i * input.repeat!.every_days))
    const ids: number[] = []
    for (const day of days) {
      // A series is refused whole when any of its days is taken (the transaction rolls back).
      await guardSessionSlot(trx, eventId, day, input.time)
      const id = await insertRow(trx, actor, 'calendars', 'session', {
          event_id: eventId,
          venue_id: event.venue_id,
          drawing_id: drawing,
          day,
          time: input.time,
          capacity: input.capacity,
          active: input.active,
          sale_from: input.sale_from,
          sale_to: input.sale_to,
          pricetype_id: 1,
          // The day and time are the venue's wall clock; starts_at the instant they stand for there.
          starts_at: venueInstant(day, input.time),
        })
      // Seats the map version blocks for the venue are off sale in the new session from the start.
      if (drawing !== null) await applyVenueBlocks(trx, id, drawing, Date.now())
      ids.push(id)
    }
    return ids
  })
}

/**
 * Edits a session. One with tickets sold is moved or switched off only when the request
 * confirms it, and a move queues a notice to each of its buyers in this transaction; a
 * general-admission session's capacity stays at or above what is sold (session-buyers.ts).
 * Answers how many notices were queued.
 */
export function updateSession(db: Db, actor: Actor, id: number, input: z.output<typeof sessionUpdateSchema>, notices: Omit<NoticeContext, 'now'>): Promise<number> {
  return tx(db, actor, async (trx) => {
    const { confirm_buyers: confirmed, ...columns } = input
    // Read under the event's lock, held from here on (rows.repository.ts mustFindLockedSession):
    // of two edits at once the second decides its move, its buyers' notices and what they say
    // the session was from what the first saved. guardSessionSlot below needs the lock too.
    const before = await mustFindLockedSession(trx, id)
    const day = columns.day ?? (before.day as string)
    const time = columns.time ?? (before.time as string)
    const saleFrom = columns.sale_from === undefined ? (before.sale_from as number | null) : columns.sale_from
    const saleTo = columns.sale_to === undefined ? (before.sale_to as number | null) : columns.sale_to
    // `field` names the refused field to a program (the console says it on its "Sale ends" input): an edit of one bound may meet the other saved meanwhile.
    if (saleFrom !== null && saleTo !== null && saleFrom >= saleTo) throw new ApiFailure('invalid-fields', { fields: 'sale_to' }, { field: 'sale_to' })
    // A cancelled session's buyers were refunded (session-cancel.ts): putting it on sale again would sell seats of an event that will not happen.
    if (columns.active === 1 && before.cancelled_at !== null) throw new ApiFailure('admin-session-cancelled')
    // A move, or a switch-on of a session whose slot a copy may share (copyOneSession), must land
    // on a free slot; a cancelled session holds none (sale-keys.repository.ts guardSessionSlot).
    const moves = day !== before.day || time !== before.time
    // Nor moved: its buyers were told it is cancelled, and a move would queue them "moved"
    // notices for tickets being refunded (guardSoldSession).
    if (moves && before.cancelled_at !== null) throw new ApiFailure('admin-session-cancelled-move')
    const switchesOn = columns.active === 1 && before.active !== 1
    if ((moves || switchesOn) && before.cancelled_at === null) {
      // Switched on where it stands, only sessions on sale compete: its own switched-off copy
      // (copyOneSession) must not keep the source off sale; a move meets every session there.
      await guardSessionSlot(trx, before.event_id as number, day, time, id, { onSaleOnly: !moves })
    }
    const switchesOff = columns.active === 0 && before.active !== 0
    const queued = await guardSoldSession(trx, before, { day, time, switchesOff, capacity: columns.capacity, confirmed: confirmed === true }, { ...notices, now: Date.now() })
    await updateRow(trx, actor, 'calendars', 'session', id, { ...columns, starts_at: venueInstant(day, time) })
    if (moves) {
      // The subscription lines the move rewrote are changes to what the storefront announces: each
      // is audited as an operator's edit of one is (offers/service.ts updateComposition), right
      // after the session's own row, so the log says which subscriptions' contents changed.
      const lines = await followMovedSession(trx, before.event_id as number, id, { day: before.day as string, time: before.time as string }, { day, time })
      for (const line of lines) await writeAudit(trx, actor, { action: 'update', entity: 'composition', entityId: line.after.id, before: line.before, after: line.after })
    }
    return queued
  })
}

/**
 * A copy of one session (issue 17): the same event, venue, map version, price rows, seat-choice
 * and on-sale settings, and the same seats blocked. It starts switched off (active 0), so it
 * never goes on sale by accident under its source's date: the console opens it for the operator
 * to set its date and switch it on. It alone may share its source's slot, switched off: a move
 * or a switch-on there is refused (updateSession, sale-keys.repository.ts). Answers the new session's id.
 */
export function copyOneSession(db: Db, actor: Actor, id: number): Promise<number> {
  return tx(db, actor, async (trx) => {
    // Read under the event's lock (rows.repository.ts mustFindLockedSession): a copy made while an
    // edit of its source is saved copies what the edit saved.
    // The row as sessionRow reads it (every column of calendars), read once.
    const source = (await mustFindLockedSession(trx, id)) as unknown as NonNullable<Awaited<ReturnType<typeof sessionRow>>>
    return copySessionAudited(trx, actor, { ...source, active: 0 }, source.event_id)
  })
}

/**
 * A session's copy into `eventId` (its own event's, or an event's copy: events.ts copyEvent) with
 * its price rows and the same seats blocked, audited: the session's row names its source, and its
 * price rows are new rows the operator may edit or sell at, each audited as a price row's own copy
 * is (copyPrice), naming the row it was copied from. So a copied session's history starts with
 * where it came from, however it was copied. Answers the new session's id.
 */
export async function copySessionAudited(trx: Db, actor: Actor, source: Parameters<typeof copySessionWithPrices>[1], eventId: number): Promise<number> {
  const { id: copyId, prices } = await copySessionWithPrices(trx, source, eventId)
  if (source.drawing_id !== null) await applyVenueBlocks(trx, copyId, Number(source.drawing_id), Date.now(), await blockedKeys(trx, source.id))
  await writeAudit(trx, actor, { action: 'copy', entity: 'session', entityId: copyId, before: { from: source.id }, after: await findRow(trx, 'calendars', copyId) })
  for (const p of prices) await writeAudit(trx, actor, { action: 'copy', entity: 'price', entityId: p.to, before: { from: p.from }, after: await findRow(trx, 'prices', p.to) })
  return copyId
}

/**
 * Deletes a session nobody ordered at and no buyer holds a place of now, with its price rows;
 * one with orders is switched off instead (admin-has-orders), one with live holds waits for them
 * to end (admin-session-held). The session's row is locked first (as a map move locks it), so no
 * claim lands between the checks and the deletion. Expired cart holds are released first, as a
 * price row's deletion does; released holds are history: they forget the price rows
 * (deletePriceRow) and go with the session, as do its empty carts and the operator's blocks.
 */
export function deleteSession(db: Db, actor: Actor, id: number): Promise<void> {
  return tx(db, actor, async (trx) => {
    // The event's lock before any read (rows.repository.ts mustFindLockedSession), then the session's.
    await mustFindLockedSession(trx, id)
    await lockSessionForMove(trx, id)
    await releaseExpiredCartHolds(trx, Date.now(), [id])
    if (await sessionHasOrders(trx, id)) throw new ApiFailure('admin-has-orders')
    if (await sessionHasLiveHolds(trx, id)) throw new ApiFailure('admin-session-held', { id })
    for (const priceId of await priceIdsOf(trx, id)) await deletePriceRow(trx, actor, priceId)
    await deleteRow(trx, actor, 'calendars', 'session', id)
  })
}

/**
 * Deletes a price row that no order line and no live hold names (the caller checked): released
 * holds forget it first (releasePriceFromHistory), or their foreign key would refuse it.
 */
async function deletePriceRow(trx: Db, actor: Actor, id: number): Promise<void> {
  await releasePriceFromHistory(trx, id)
  await deleteRow(trx, actor, 'prices', 'price', id)
}

type PriceInput = z.output<typeof priceInputSchema>

/**
 * A seat-map session's zone must be one of its drawing's: its seats and standing places sell at
 * their own zone's rows only, so a row of any other zone (a general-admission one included)
 * would be listed and never sell. A general-admission session's zone is a general-admission one
 * (a drawing's zone has no places there).
 */
async function checkPrice(db: Db, calendar: Record<string, unknown>, input: PriceInput, kept?: Record<string, unknown>): Promise<void> {
  await mustExist(db, 'client_categories', [input.client_category_id], 'client_category_id')
  const zone = await zoneDrawing(db, input.zone_id)
  // A row that has its zone already keeps it (rows made before this rule): its price and quantity stay editable.
  const keptZone = kept !== undefined && kept.zone_id === input.zone_id
  if (!zone || (!keptZone && zone.drawing_id !== calendar.drawing_id)) throw new ApiFailure('admin-bad-reference', { field: 'zone_id', id: input.zone_id })
  // An archived category or zone is not a new choice; a price row that has it already keeps it.
  await mustBeLive(db, 'client_categories', [input.client_category_id], 'client_category_id', kept ? [kept.client_category_id as number] : [])
  await mustBeLive(db, 'zones', [input.zone_id], 'zone_id', kept ? [kept.zone_id as number] : [])
}

export function createPrice(db: Db, actor: Actor, calendarId: number, input: PriceInput): Promise<number> {
  return tx(db, actor, async (trx) => {
    // Read under the event's lock (rows.repository.ts mustFindLockedSession): a move of the session
    // onto another map version under way (studio/session-map.ts) finishes first, so the zone is
    // judged on the version the session sells from.
    const calendar = await mustFindLockedSession(trx, calendarId)
    await checkPrice(trx, calendar, input)
    await lockSessionForMove(trx, calendarId)
    await guardPriceKey(trx, calendarId, input)
    return insertRow(trx, actor, 'prices', 'price', { ...input, calendar_id: calendarId })
  })
}

/**
 * Edits a price row; its quantity may not go below what it has sold (session-buyers.ts
 * guardPriceStock), and its key (category, zone, kind) may neither change while tickets are sold
 * or reserved at it nor become another row's (sale-keys.repository.ts). Its price and the rest stay editable.
 */
export function updatePrice(db: Db, actor: Actor, id: number, input: PriceInput): Promise<void> {
  return tx(db, actor, async (trx) => {
    // Both read under the event's lock (rows.repository.ts mustFindLockedPrice): of two edits at
    // once the second judges its key and stock from what the first saved.
    const { price, session: calendar } = await mustFindLockedPrice(trx, id)
    await checkPrice(trx, calendar, input, price)
    if (!sameKey(price, input)) {
      // Under the session's lock, which claims take too: no sale lands between check and write.
      await lockSessionForMove(trx, calendar.id as number)
      await guardSoldPriceKey(trx, price, input, Date.now())
      await guardPriceKey(trx, calendar.id as number, input, id)
    }
    await guardPriceStock(trx, calendar, price, { id, quantity: input.quantity, for_subscription: input.for_subscription }, Date.now())
    await updateRow(trx, actor, 'prices', 'price', id, input)
  })
}

/**
 * A copy of one price row with the same values in the same session and zone, under the first
 * category that zone has no row of yet (sale-keys.repository.ts copyCategory: a copy under the source's own
 * category could never sell); the operator then edits it.
 */
export function copyPrice(db: Db, actor: Actor, id: number): Promise<number> {
  return tx(db, actor, async (trx) => {
    // Read under the event's lock (rows.repository.ts mustFindLockedPrice): a copy made while an
    // edit of the row is saved copies what the edit saved.
    const { id: _id, ...values } = (await mustFindLockedPrice(trx, id)).price
    await lockSessionForMove(trx, values.calendar_id as number)
    const category = await copyCategory(trx, values)
    return insertRow(trx, actor, 'prices', 'price', { ...values, client_category_id: category }, 'copy')
  })
}

/**
 * Deletes a price row nobody ordered at and no buyer holds now. Its session's expired cart holds
 * are released first (what every claim does; reads count them free already), so a cart left
 * to run out does not keep the row; released holds then forget it (releasePriceFromHistory).
 */
export function deletePrice(db: Db, actor: Actor, id: number): Promise<void> {
  return tx(db, actor, async (trx) => {
    const { price } = await mustFindLockedPrice(trx, id)
    await releaseExpiredCartHolds(trx, Date.now(), [price.calendar_id as number])
    const use = await priceUse(trx, id)
    if (use === 'ordered') throw new ApiFailure('admin-has-orders')
    if (use === 'held') throw new ApiFailure('admin-price-held', { id })
    await deletePriceRow(trx, actor, id)
  })
}
