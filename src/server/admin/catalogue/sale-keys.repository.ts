import { RETURN_STATUS_CONFIRMED } from '../../../contract/constants'
import type { Db } from '../../db/connect'
import { liveHold, liveOrder } from '../../domain/inventory/live'
import { ApiFailure } from '../../errors'

/**
 * What the storefront tells sessions and price rows apart by, kept unique by the console.
 * An order line names its session by event + day + time and its price row by category + zone
 * (+ ticket or subscription kind) within that session (admission/plan.ts takes the first match),
 * so a second session at one slot, or a second row with one key, is listed but can never sell.
 * Each check runs under a lock the competing write takes too, so two requests cannot both pass.
 */

/** A price row's key in its session: what an order line names it by. */
export interface PriceKey {
  client_category_id: number
  zone_id: number
  for_subscription: number
}

/**
 * Refuses a session of `eventId` at `day` `time` when another session of the event is there
 * (`exceptId`: the session being edited). A cancelled session does not hold its slot: it is
 * switched off for good (sessions.ts updateSession refuses switching it on), and the storefront
 * reads only sessions on sale (events/repository.ts listOpenCalendars, what plan.ts matches
 * lines against), so it never competes for an order line; its sold orders name it by id, not by
 * its slot. An operator who cancelled a show may so put a new one at the same time. A session
 * switched off (not cancelled) does hold its slot: switching it on again is one click.
 * `onSaleOnly`: only sessions switched on count (a session switched on where it stands).
 * The caller holds the event's lock (rows.repository.ts lockEvent).
 */
export async function guardSessionSlot(trx: Db, eventId: number, day: string, time: string, exceptId?: number, opts: { onSaleOnly?: boolean } = {}): Promise<void> {
  let query = trx.selectFrom('calendars').select('id').where('event_id', '=', eventId).where('day', '=', day).where('time', '=', time).where('cancelled_at', 'is', null)
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
  if (opts.onSaleOnly) query = query.where('active', '=', 1)
  const other = await query.orderBy('id').limit(1).executeTakeFirst()
  if (other) throw new ApiFailure('admin-session-slot-taken', { id: other.id, day, time })
}

/** The first row of the session with `key` other than `exceptId` (undefined: the key is free). */
async function rowWithKey(trx: Db, calendarId: number, key: PriceKey, exceptId?: number): Promise<number | undefined> {
  let query = trx
    .selectFrom('prices')
    .select('id')
    .where('calendar_id', '=', calendarId)
    .where('client_category_id', '=', key.client_category_id)
    .where('zone_id', '=', key.zone_id)
    .where('for_subscription', '=', key.for_subscription)
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
  return (await query.orderBy('id').limit(1).executeTakeFirst())?.id
}

/**
 * Refuses a price row whose key another row of the session has (`exceptId`: the row being
 * edited). The caller holds the session's row lock (session-map.repository.ts lockSessionForMove).
 */
export async function guardPriceKey(trx: Db, calendarId: number, key: PriceKey, exceptId?: number): Promise<void> {
  const other = await rowWithKey(trx, calendarId, key, exceptId)
  if (other !== undefined) throw new ApiFailure('admin-price-duplicate', { id: other })
}

export const sameKey = (a: Record<string, unknown>, b: PriceKey) =>
  Number(a.client_category_id) === b.client_category_id && Number(a.zone_id) === b.zone_id && Number(a.for_subscription) === b.for_subscription

/**
 * Whether tickets are sold or reserved at price row `id` at `now`, by the one stock rule
 * (inventory/live.ts): a line of a live order not returned (general admission, seat or standing
 * place alike), or a live seat or standing hold (a buyer's cart).
 */
async function priceHasLiveSales(trx: Db, id: number, now: number): Promise<boolean> {
  const line = await trx
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('l.id')
    .where('l.price_id', '=', id)
    .where(liveOrder('o', now))
    .where('l.return_status', '<', RETURN_STATUS_CONFIRMED)
    .limit(1)
    .executeTakeFirst()
  if (line) return true
  const seat = await trx.selectFrom('seat_holds as h').select('h.id').where('h.price_id', '=', id).where(liveHold('h', now)).limit(1).executeTakeFirst()
  if (seat) return true
  return (await trx.selectFrom('standing_holds as h').select('h.id').where('h.price_id', '=', id).where(liveHold('h', now)).limit(1).executeTakeFirst()) !== undefined
}

/**
 * Refuses changing the key of price row `before` while tickets are sold or reserved at it: the
 * sold tickets carry its category and zone, and the Sales screen counts them by the row's zone
 * (a row moved to another zone would show its sales there). Its price and quantity stay
 * editable (quantity under guardPriceStock). The caller holds the session's row lock, which
 * claims take too (stock.repository.ts lockCalendars), so no sale lands between check and write.
 */
export async function guardSoldPriceKey(trx: Db, before: Record<string, unknown>, after: PriceKey, now: number): Promise<void> {
  if (sameKey(before, after)) return
  if (await priceHasLiveSales(trx, before.id as number, now)) throw new ApiFailure('admin-price-key-sold')
}

/**
 * The category a copy of price row `source` takes: the first live one (the console's order:
 * sortnum, id) that has no row of the source's zone and kind in its session yet. A copy with
 * the source's own category would be a row the storefront never sells (see above); the
 * console's copy button (app/admin/EventSessions.tsx) has no edit form after it, so the copy is
 * made sellable at once, the category being the one thing an operator copies a row to change
 * (the adult price to a child's, a pensioner's). Refuses when every category has one.
 */
export async function copyCategory(trx: Db, source: Record<string, unknown>): Promise<number> {
  const taken = trx
    .selectFrom('prices')
    .select('client_category_id')
    .where('calendar_id', '=', source.calendar_id as number)
    .where('zone_id', '=', source.zone_id as number)
    .where('for_subscription', '=', source.for_subscription as number)
  const free = await trx
    .selectFrom('client_categories')
    .select('id')
    .where('archived_at', 'is', null)
    .where('id', 'not in', taken)
    .orderBy('sortnum')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  if (!free) throw new ApiFailure('admin-price-copy-full')
  return free.id
}
