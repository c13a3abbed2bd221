import { PROCULTURE_NONE, PROCULTURE_ONLY } from '../../../contract/constants'
import type { BestSeatsRequest, BestSeatsResponse } from '../../../contract/entities/best'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { findCart } from '../inventory/holds.repository'
import { updateCart, type CartContext } from './service'
import { cartGiftCard, limitFailure, ticketLimit } from '../scheme/pricing'
import type { SchemeSession } from '../scheme/repository'
import { withHoldSession } from '../scheme/session-cache'
import { showprocultureFor } from '../settings/cached'
import { FREE, pickBest, TAKEN, WANTED, type BestPick } from '../seating/best'
import { BEST_ATTEMPTS } from '../seating/constants'
import { seatingIndexOf } from '../seating/load'
import { liveSeatHolds } from '../seating/seating.repository'
import { accessIndexOf, pickAccessible } from '../seating/accessible-pick'
import { releaseByRule } from '../inventory/held-back'
import { heldBackOf, listAccessSeats, type HeldBackSeat } from '../inventory/held-back.repository'
import { posOfId, type SeatingIndex } from '../seating/rows'

/**
 * POST /api/cart/best: picks the best seats (best.ts) on the live state of the session and holds
 * them through the cart's own claim path (updateCart: prices, limits, all or nothing), so a
 * best-available hold is refused for exactly the reasons a hand-picked one is. The pick reads
 * the state outside the claim transaction; when another visitor takes a chosen seat meanwhile
 * the claim answers places-taken and the pick runs again on the new state (BEST_ATTEMPTS).
 *
 * Seats in `exclude` are not chosen; those this cart holds are released in the same update
 * ("show me others" gives the held block back while holding the next).
 */
export function holdBestSeats(db: Db, input: BestSeatsRequest, ctx: CartContext): Promise<BestSeatsResponse> {
  return oneAtATime(db, input.calendar_id, () => pickAndHold(db, input, ctx))
}

/**
 * Best-available requests of one session run one after the other in this process: at an
 * on-sale rush they would otherwise all pick the same best block and all but one retry. Other
 * processes still race; the claim decides and the loser picks again.
 */
const queues = new WeakMap<Db, Map<number, Promise<unknown>>>()
function oneAtATime<T>(db: Db, calendarId: number, work: () => Promise<T>): Promise<T> {
  let perDb = queues.get(db)
  if (!perDb) queues.set(db, (perDb = new Map()))
  const queue = perDb
  const run = (queue.get(calendarId) ?? Promise.resolve()).then(work, work)
  queue.set(calendarId, run)
  const done = () => {
    if (queue.get(calendarId) === run) queue.delete(calendarId)
  }
  run.then(done, done)
  return run
}

async function pickAndHold(db: Db, input: BestSeatsRequest, ctx: CartContext): Promise<BestSeatsResponse> {
  for (let attempt = 1; ; attempt++) {
    const now = attempt === 1 ? ctx.now : Date.now()
    // A refusal is judged again on fresh session rows (withHoldSession); a seat taken meanwhile picks again.
    const out = await withHoldSession(db, input.calendar_id, now, (session) => pickAndHoldOnce(db, session, input, ctx, now, attempt < BEST_ATTEMPTS))
    if (out !== PICK_AGAIN) return out
  }
}

const PICK_AGAIN = Symbol('pick again')

async function pickAndHoldOnce(db: Db, session: SchemeSession, input: BestSeatsRequest, ctx: CartContext, now: number, mayRetry: boolean): Promise<BestSeatsResponse | typeof PICK_AGAIN> {
  const giftCard = cartGiftCard(session.event, await showprocultureFor(db, session.event, now), input.USE_PUSHKIN_CARD)
  const limit = ticketLimit(session.event, giftCard)
  if (input.quantity > limit) throw limitFailure(limit, input.quantity)
  const index = await seatingIndexOf(db, session.drawingId)
  const cartId = await findCart(db, ctx.sessionId, session.calendar.id, false, now)
  const holds = await liveSeatHolds(db, session.calendar.id, now)
  const exclude = new Set(input.exclude ?? [])
  const status = statusOf(index, session, input, giftCard, holds, cartId, exclude)
  const pick = await pickFor(db, index, session, input, status, now)
  if (!pick) throw input.accessible ? new ApiFailure('accessible-none', { companions: input.quantity - 1 }) : new ApiFailure('best-none', { n: input.quantity })
  const release = [...exclude].filter((key) => {
    const p = index.posByKey.get(key)
    return p !== undefined && cartId !== null && holds.get(index.ids[p]) === cartId
  })
  try {
    const cart = await updateCart(
      db,
      {
        calendar_id: input.calendar_id,
        changes: [
          ...release.map((seat_id) => ({ seat_id, clientcategory_id: input.clientcategory_id, quantity: 0 })),
          ...pick.positions.map((p) => ({ seat_id: index.keys[p], clientcategory_id: input.clientcategory_id, quantity: 1 })),
        ],
        USE_PUSHKIN_CARD: input.USE_PUSHKIN_CARD,
        subscritId: input.subscritId,
      },
      // The pick already kept clear of single seats wherever it could.
      { ...ctx, now, singlesAllowed: pick.leavesSingle || input.accessible === true, accessible: input.accessible === true },
    )
    return answer(cart, index, pick)
  } catch (err) {
    if (mayRetry && err instanceof ApiFailure && err.reason === 'places-taken') return PICK_AGAIN
    throw err
  }
}

/**
 * The pick on `status`: accessible requests take a wheelchair space with its companions
 * (accessible-pick.ts, held-back seats included); general ones never take held-back seats, and
 * when nothing else is left the release rule is judged for them (a release is logged) and the
 * pick runs once more on what it freed.
 */
async function pickFor(db: Db, index: SeatingIndex, session: SchemeSession, input: BestSeatsRequest, status: Uint8Array, now: number): Promise<BestPick | null> {
  if (input.accessible) return pickAccessible(index, status, accessIndexOf(index, await listAccessSeats(db, session.drawingId)), input.quantity - 1)
  if (session.calendar.accessible_hold !== 1) return pickBest(index, status, input.quantity)
  const heldBack = await heldBackOf(db, session.calendar.id, session.drawingId)
  const general = Uint8Array.from(status)
  const wall = (seats: readonly HeldBackSeat[]) => {
    for (const s of seats) {
      const p = posOfId(index, s.id)
      if (p !== undefined) general[p] = TAKEN
    }
  }
  wall(heldBack)
  const pick = pickBest(index, general, input.quantity)
  if (pick || heldBack.length === 0) return pick
  const still = await db.transaction().execute((trx) => releaseByRule(trx, session, heldBack, now))
  if (still.length === heldBack.length) return null
  general.set(status)
  wall(still)
  return pickBest(index, general, input.quantity)
}

function answer(cart: Awaited<ReturnType<typeof updateCart>>, index: SeatingIndex, pick: BestPick): BestSeatsResponse {
  return { ...cart, chosen: pick.positions.map((p) => index.keys[p]), together: pick.together, leaves_single: pick.leavesSingle }
}

/**
 * The status of every seat for the pick: TAKEN when not for sale in this session (zone not
 * priced) or held by anyone (this cart too, unless excluded: its seats stay), FREE when empty but
 * not wanted (another level, no price for the category or the payment, excluded), else WANTED.
 */
function statusOf(
  index: SeatingIndex,
  session: SchemeSession,
  input: BestSeatsRequest,
  giftCard: boolean,
  holds: Map<number, number | null>,
  cartId: number | null,
  exclude: Set<string>,
): Uint8Array {
  const rows = input.subscritId ? session.subscriptionPrices : session.prices
  const priced = new Set([...session.prices, ...session.subscriptionPrices].map((p) => p.zone_id))
  const wanted = new Set(
    rows
      .filter((p) => p.client_category_id === input.clientcategory_id)
      .filter((p) => input.zonelevel_id === undefined || p.zone_id === input.zonelevel_id)
      .filter((p) => input.subscritId !== undefined || (giftCard ? p.useproculture !== PROCULTURE_NONE : p.useproculture !== PROCULTURE_ONLY))
      .filter((p) => input.subscritId !== undefined || p.price > 0 || session.event.maybefree === 1)
      .map((p) => p.zone_id),
  )
  const byZone = Uint8Array.from(index.zones, (zone) => (priced.has(zone) ? (wanted.has(zone) ? WANTED : FREE) : TAKEN))
  const status = new Uint8Array(index.count)
  for (let p = 0; p < index.count; p++) status[p] = byZone[index.zoneIdx[p]]
  for (const [seatId, holder] of holds) {
    const p = posOfId(index, seatId)
    if (p === undefined) continue
    status[p] = holder !== null && holder === cartId && exclude.has(index.keys[p]) ? FREE : TAKEN
  }
  for (const key of exclude) {
    const p = index.posByKey.get(key)
    if (p !== undefined && status[p] === WANTED) status[p] = FREE
  }
  return status
}
