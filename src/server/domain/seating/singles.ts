import type { CartSingle } from '../../../contract/entities/cart'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { joinLocalized } from '../../messages'
import { TAKEN_NAMED_MAX } from '../inventory/constants'
import { placeText } from '../inventory/places'
import { placesById } from '../inventory/places.repository'
import type { CalendarRow, EventRow, PriceRowDb } from '../events/repository'
import { seatingIndexOf, sessionSeatsById } from './load'
import { liveSeatHolds } from './seating.repository'
import { singlesLeftBy } from './orphans'
import { posOfId, type SeatingIndex } from './rows'

/**
 * What the single-seat rule reads of a seat-map session (scheme/repository.ts SchemeSession has
 * it): named by its parts, so that seating needs nothing from scheme (the seat-map order reads
 * its places from the seating index).
 */
export interface SinglesSession {
  event: Pick<EventRow, 'orphan_rule'>
  calendar: Pick<CalendarRow, 'id' | 'orphan_rule'>
  prices: readonly Pick<PriceRowDb, 'zone_id'>[]
  subscriptionPrices: readonly Pick<PriceRowDb, 'zone_id'>[]
  drawingId: number
}

/** What the server does when a choice of seats by hand leaves a single empty seat. */
export type OrphanRule = 'warn' | 'enforce'

/** The session's rule, else the event's; anything but 'enforce' warns. */
export function orphanRuleOf(session: Pick<SinglesSession, 'event' | 'calendar'>): OrphanRule {
  const rule = session.calendar.orphan_rule ?? session.event.orphan_rule
  return rule === 'enforce' ? 'enforce' : 'warn'
}

/** Live holds on some seats, already read (seat id → holding cart, null for an order or a sale); seats not in `seatIds` are unknown. */
export interface RowHolds {
  seatIds: ReadonlySet<number>
  holds: ReadonlyMap<number, number | null>
}

function rowSeatsOf(index: SeatingIndex, chosen: readonly number[]): number[] {
  const rowSeatIds: number[] = []
  for (const s of new Set(chosen.map((p) => index.segOf[p]))) {
    for (let p = index.segStart[s]; p < index.segStart[s + 1]; p++) rowSeatIds.push(index.ids[p])
  }
  return rowSeatIds
}

/** The seats of the rows (row segments) `seatIds` are in: what singlesOfCart judges. */
export async function singlesRowSeats(db: Db, session: SinglesSession, seatIds: readonly number[]): Promise<number[]> {
  const index = await seatingIndexOf(db, session.drawingId)
  return rowSeatsOf(index, seatIds.map((id) => posOfId(index, id)).filter((p): p is number => p !== undefined))
}

/**
 * Seats the cart's choice leaves single (singlesLeftBy on the live state): empty = in a zone
 * priced in this session and not held by anyone but this cart. Reads the live holds of the rows
 * the cart holds seats in only, and not at all when `known` covers them (the hold statement
 * brought them back).
 */
export async function singlesOfCart(db: Db, session: SinglesSession, cartSeatIds: readonly number[], cartId: number, now: number, known?: RowHolds): Promise<number[]> {
  if (cartSeatIds.length === 0) return []
  const index = await seatingIndexOf(db, session.drawingId)
  const chosen = cartSeatIds.map((id) => posOfId(index, id)).filter((p): p is number => p !== undefined)
  const rowSeatIds = rowSeatsOf(index, chosen)
  const holds = known && rowSeatIds.every((id) => known.seatIds.has(id)) ? known.holds : await liveSeatHolds(db, session.calendar.id, now, rowSeatIds)
  const priced = new Set([...session.prices, ...session.subscriptionPrices].map((p) => p.zone_id))
  const empty = (p: number) => {
    if (!priced.has(index.zone[p])) return false
    const holder = holds.get(index.ids[p])
    return holder === undefined || holder === cartId
  }
  return singlesLeftBy(index, chosen, empty).map((p) => index.ids[p])
}

/** Single seats as the cart answer lists them. */
export async function singlesView(db: Db, session: SinglesSession, seatIds: readonly number[]): Promise<CartSingle[]> {
  if (seatIds.length === 0) return []
  const seats = await sessionSeatsById(db, session.drawingId, seatIds)
  return seatIds.flatMap((id) => {
    const s = seats.get(id)
    return s ? [{ seat_id: s.key, sector: s.sector, row: s.row, seat: s.seat }] : []
  })
}

/** Loads the seating index before the claim transaction when the rule will need it, so its first build never runs under the session lock. */
export async function prepareSinglesCheck(db: Db, session: SinglesSession): Promise<void> {
  if (orphanRuleOf(session) === 'enforce') await seatingIndexOf(db, session.drawingId)
}

/**
 * Under the 'enforce' rule: refuses (rolling the caller's transaction back) a cart whose choice
 * leaves a single empty seat, naming the seats. Called inside the claim transaction after new
 * seats are held, so it sees the holds it judges.
 */
export async function enforceNoSingles(trx: Db, session: SinglesSession, cartSeatIds: readonly number[], cartId: number, now: number): Promise<void> {
  if (orphanRuleOf(session) !== 'enforce') return
  const singles = await singlesOfCart(trx, session, cartSeatIds, cartId, now)
  if (singles.length === 0) return
  const { seats } = await placesById(trx, singles.slice(0, TAKEN_NAMED_MAX), [])
  const named = [...seats.values()].map(placeText)
  throw new ApiFailure('seat-single-left', { places: joinLocalized(named, '; ') })
}
