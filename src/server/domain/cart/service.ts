import type { z } from 'zod'
import type { CartResponse, cartUpdateRequestSchema } from '../../../contract/entities/cart'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import type { PriceRowDb } from '../events/repository'
import { placeText, takenFailure, UNKNOWN_NAMED_MAX, type Place, type SeatPlace, type StandPlace } from '../inventory/places'
import { placesById } from '../inventory/places.repository'
import { cartGiftCard, cartItemView, limitFailure, priceFor, subscriptionPriceFor, ticketLimit } from '../scheme/pricing'
import { loadSchemeSession, type SchemeSession } from '../scheme/repository'
import { withHoldSession } from '../scheme/session-cache'
import { showprocultureFor } from '../settings/cached'
import { findSubscription, subscriptionLimitFailure } from '../scheme/subscription'
import { refuseSubscriptionGift } from '../orders/payment-method'
import { sessionPlacesByKey, sessionSeatsById } from '../seating/load'
import { enforceNoSingles, orphanRuleOf, prepareSinglesCheck, singlesOfCart, singlesRowSeats, singlesView, type RowHolds } from '../seating/singles'
import { cartHolds, claimSeats, findCart, holdStanding, openCart, releaseCartHolds, repriceSeatHold, standingTaken, type CartHolds } from '../inventory/holds.repository'
import { inClaimTransaction } from '../orders/claim'
import type { CommitGate } from '../orders/commit-gate'
import { guardHeldBack } from '../inventory/held-back'
import { holdSeatsInOneStatement } from './seats-hold'

export type CartUpdateInput = z.output<typeof cartUpdateRequestSchema>

export interface CartContext {
  sessionId: string
  now: number
  holdSeconds: number
  /** The session's signed-in CRM client: the only one whose subscription a cart may use. */
  crmClientId: number | null
  /** Skip the 'enforce' single-seat rule: best available already kept clear of single seats wherever it could. */
  singlesAllowed?: boolean
  /** An accessible request (accessible best available): held-back wheelchair spaces and companion seats may be held. */
  accessible?: boolean
  /**
   * Set when the visitor's session was not read before the call (a hold the buying lane let
   * through unread, plugins/buying-lane.ts): the CSRF token the request sent, which the
   * one-statement hold checks against the session's row, and `settle`, which reads and checks the
   * session (403 -1000 when it fails) and which every other path runs before it changes anything.
   * `crmClientId` is null then; a call that needs it settles first (routes/scheme.ts).
   */
  unchecked?: { csrfToken: string; settle: () => Promise<void> }
  /** The request's commit gate: a hold answered "busy" by the request deadline is rolled back (orders/commit-gate.ts). */
  gate?: CommitGate
}

/** Most tickets of one standing place a cart may take: its free places, the zone's row stock (when set) and the order limit left. */
export function standingMax(free: number, price: Pick<PriceRowDb, 'quantity'>, limitLeft: number): number {
  return Math.max(0, Math.min(free, price.quantity > 0 ? price.quantity : Number.POSITIVE_INFINITY, limitLeft))
}

/**
 * POST /api/cart/update: applies the visitor's changes to the cart of one session, all or
 * nothing. quantity 0 releases a place; a seat takes quantity 1; a standing place takes the
 * quantity asked (replacing what the cart held there). New holds share the cart's running hold
 * time (one countdown per cart, as seats.io's hold token), or start CART_HOLD_SECONDS when the
 * cart was empty. Buying by subscription (subscritId) places are priced by the session's
 * subscription rows, so the cart shows what the order will cost; a zone the subscription does not
 * cover is refused (-1002). Refuses: unknown places and prices (-1002), more tickets than the order limit
 * or, buying by subscription (subscritId), than the subscription has left (-9998, as
 * create-scheme would), places someone else holds or bought (-1005 naming them). Nothing
 * changes on refusal.
 */
export async function updateCart(db: Db, input: CartUpdateInput, ctx: CartContext): Promise<CartResponse> {
  // At most HOLD_SESSION_TTL_MS old: a hold fixes no money (the order reads the session fresh),
  // and a refusal is judged again on fresh rows (withHoldSession).
  return withHoldSession(db, input.calendar_id, ctx.now, (session) => updateCartIn(db, session, input, ctx))
}

async function updateCartIn(db: Db, session: SchemeSession, input: CartUpdateInput, ctx: CartContext): Promise<CartResponse> {
  const { now } = ctx
  const { event } = session
  const giftCard = cartGiftCard(event, await showprocultureFor(db, event, now), input.USE_PUSHKIN_CARD)
  const subscription = await findSubscription(db, input.subscritId, ctx.crmClientId, event.id, now)
  refuseSubscriptionGift(giftCard, subscription !== null)
  const orderLimit = ticketLimit(event, giftCard)
  // The most this cart may hold: the order limit, and what the subscription has left.
  const limit = subscription ? Math.min(orderLimit, subscription.quant) : orderLimit

  const keys = input.changes.map((c) => c.seat_id)
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i)
  if (duplicate !== undefined) throw new ApiFailure('place-twice', { place: duplicate })
  const places = await sessionPlacesByKey(db, session.drawingId, keys)
  const unknown = keys.filter((k) => !places.has(k))
  if (unknown.length) throw new ApiFailure('unknown-places', { places: unknown.slice(0, UNKNOWN_NAMED_MAX).join(', ') })

  const changes = input.changes.map((c) => {
    const place = places.get(c.seat_id)!
    if (place.kind === 'seat' && c.quantity > 1) throw new ApiFailure('seat-quantity', { place: placeText(place) })
    // Buying by subscription the place takes its zone's subscription row, as the order will
    // (a zone the subscription does not cover is refused here, before the cart).
    const price = c.quantity <= 0 ? null : subscription ? subscriptionPriceFor(session.subscriptionPrices, place, c.clientcategory_id) : priceFor(session.prices, place, c.clientcategory_id, giftCard, event)
    return { place, price, quantity: c.quantity }
  })

  if (!ctx.singlesAllowed) await prepareSinglesCheck(db, session)
  // Numbered seats without the single-seat rule are claimed row by row (orders/claim.ts
  // SeatScope); standing places and that rule count across the session and keep its lock. The
  // cart's own row is locked by findCart's update, so two requests of one visitor take turns.
  const singlesJudged = !ctx.singlesAllowed && orphanRuleOf(session) === 'enforce'
  // A session holding back accessible spaces judges its release rule over the session: its lock too.
  const seatsOnly = !singlesJudged && session.calendar.accessible_hold !== 1 && changes.every((c) => c.place.kind === 'seat')
  const scope = seatsOnly ? { calendarId: session.calendar.id, seatIds: changes.filter((c) => c.quantity > 0).map((c) => c.place.id) } : undefined
  const known = () => new Map([...places.values()].filter((p): p is SeatPlace => p.kind === 'seat').map((p) => [p.id, p]))
  if (seatsOnly && changes.every((c) => c.quantity > 0)) {
    // Seats only added, nothing judged across the session: one round trip (seats-hold.ts), or null for the path below.
    const seats = changes.map((c) => ({ place: c.place as SeatPlace, priceId: c.price!.id }))
    // The statement brings back the live holds on these seats' rows: the single-seat warning's read.
    const rowSeatIds = await singlesRowSeats(db, session, seats.map((s) => s.place.id))
    const held = await holdSeatsInOneStatement(db, { sessionId: ctx.sessionId, calendarId: session.calendar.id, now, holdSeconds: ctx.holdSeconds, orderLimit, subscriptionLeft: subscription ? subscription.quant : null, seats, rowSeatIds, csrfToken: ctx.unchecked?.csrfToken ?? null, gate: ctx.gate })
    if (held) return cartView(db, session, held.cartId, held.holds, now, limit, known(), false, held.rowHolds)
  }
  await ctx.unchecked?.settle()
  // The places are of the version the session was read on: the claim refuses them if the studio has moved it since.
  const after = await inClaimTransaction(db, session.calendar.id, now, async (trx) => {
    const cart = await openCart(trx, ctx.sessionId, session.calendar.id, now)
    const cartId = cart.id
    // A cart created just now holds nothing: two reads saved on a visitor's first hold.
    const before: CartHolds = cart.fresh ? { seats: [], stands: [] } : await cartHolds(trx, cartId, now)
    const heldSeats = new Map(before.seats.map((h) => [h.seat_id, h]))
    // Releases first: deselected places, and standing places whose quantity is being replaced.
    const releaseSeats = changes.filter((c) => c.place.kind === 'seat' && c.quantity === 0).map((c) => c.place.id)
    const releaseStands = changes.filter((c) => c.place.kind === 'stand').map((c) => c.place.id)
    await releaseCartHolds(trx, cartId, now, { seatIds: releaseSeats, standIds: releaseStands })

    const newSeats: { place: SeatPlace; priceId: number }[] = []
    for (const c of changes) {
      if (c.place.kind !== 'seat' || c.quantity === 0) continue
      const held = heldSeats.get(c.place.id)
      if (!held) newSeats.push({ place: c.place, priceId: c.price!.id })
      else if (held.price_id !== c.price!.id) {
        await repriceSeatHold(trx, held.id, c.price!.id)
        heldSeats.set(c.place.id, { ...held, price_id: c.price!.id })
      }
    }
    const seatNames = new Map(newSeats.map((s) => [s.place.id, placeText(s.place)]))
    await guardHeldBack(trx, session, newSeats.map((s) => s.place.id), now, ctx.accessible === true, (s) => seatNames.get(s.id) ?? s.seat_key)
    const keptSeats = before.seats.filter((h) => !releaseSeats.includes(h.seat_id)).length
    const keptStands = before.stands.filter((h) => !releaseStands.includes(h.standing_place_id)).reduce((n, h) => n + h.quantity, 0)
    const standChanges = changes.filter((c): c is typeof c & { place: StandPlace } => c.place.kind === 'stand' && c.quantity > 0)
    const total = keptSeats + keptStands + newSeats.length + standChanges.reduce((n, c) => n + c.quantity, 0)
    if (total > orderLimit) throw limitFailure(orderLimit, total)
    if (subscription && total > subscription.quant) throw subscriptionLimitFailure(subscription.quant, total)

    const running = [...before.seats, ...before.stands].map((h) => h.expires_at ?? 0).filter((t) => t > now)
    const expiresAt = running.length ? Math.min(...running) : now + ctx.holdSeconds * 1000
    const owner = { cartId, orderId: null, state: 'cart' as const, expiresAt }

    const taken: Place[] = await claimSeats(trx, session.calendar.id, newSeats, owner, now)
    const others = await standingTaken(trx, session.calendar.id, standChanges.map((c) => c.place.id), now, cartId)
    const limitLeft = limit - (total - standChanges.reduce((n, c) => n + c.quantity, 0))
    for (const c of standChanges) {
      const free = Math.max(0, c.place.capacity - (others.get(c.place.id) ?? 0))
      if (c.quantity > free) {
        taken.push(c.place)
        continue
      }
      const max = standingMax(free, c.price!, limitLeft)
      if (c.quantity > max) {
        throw new ApiFailure('stand-limit', { max, place: placeText(c.place), asked: c.quantity })
      }
      await holdStanding(trx, session.calendar.id, c.place.id, c.price!.id, c.quantity, owner, now)
    }
    if (taken.length) throw takenFailure(taken)
    // The single-seat rule (issue 20) judges a choice that adds seats; letting seats go is never refused.
    if (newSeats.length && !ctx.singlesAllowed) {
      const kept = before.seats.filter((h) => !releaseSeats.includes(h.seat_id)).map((h) => h.seat_id)
      await enforceNoSingles(trx, session, [...kept, ...newSeats.map((s) => s.place.id)], cartId, now)
    }
    // What the cart holds now, known without reading it again when no standing place is in it
    // (every read is a round trip of the claim's CPU, see freeExpiredOnPg).
    if (standChanges.length || releaseStands.length || before.stands.length) return null
    const seats = [...heldSeats.values()].filter((h) => !releaseSeats.includes(h.seat_id))
    // In id order, as a read would list them (claimSeats inserts in seat id order).
    for (const s of [...newSeats].sort((a, b) => a.place.id - b.place.id)) seats.push({ id: 0, seat_id: s.place.id, price_id: s.priceId, expires_at: expiresAt })
    // The rule just judged exactly these seats and found none left single: the answer's list is empty.
    const singlesKnown = newSeats.length > 0 && singlesJudged
    return { cartId, holds: { seats, stands: [] } as CartHolds, singlesKnown }
  }, scope, session.drawingId, ctx.gate)
  if (!after) return listCart(db, ctx.sessionId, session, now, limit)
  return cartView(db, session, after.cartId, after.holds, now, limit, known(), after.singlesKnown)
}

/**
 * POST /api/cart/list: what the visitor's cart holds in a session (after a reload, say).
 * limit_left is by the payment method the page has chosen (`giftFlag`, the cart change's
 * USE_PUSHKIN_CARD): the page fits a cart held by the bank card to the gift card's limit from it.
 */
export async function listCartOf(db: Db, sessionId: string, calendarId: number, now: number, giftFlag?: 0 | 1): Promise<CartResponse> {
  const session = await loadSchemeSession(db, calendarId, now)
  return listCart(db, sessionId, session, now, await cartOrderLimit(db, session, now, giftFlag))
}

/**
 * Tickets one order may hold by the page's payment method (ticketLimit), the gift card judged as
 * a cart change judges it (-9996 where the event or the shop does not take it).
 */
export async function cartOrderLimit(db: Db, session: SchemeSession, now: number, giftFlag: 0 | 1 | undefined): Promise<number> {
  const giftCard = cartGiftCard(session.event, await showprocultureFor(db, session.event, now), giftFlag)
  return ticketLimit(session.event, giftCard)
}

/** The cart's items and hold time; limit_left counts down from `limit` (the order limit unless the caller knows a tighter one). */
export async function listCart(db: Db, sessionId: string, session: SchemeSession, now: number, limit = session.event.demquantlimit): Promise<CartResponse> {
  const cartId = await findCart(db, sessionId, session.calendar.id, false, now)
  const holds: CartHolds = cartId === null ? { seats: [], stands: [] } : await cartHolds(db, cartId, now)
  return cartView(db, session, cartId, holds, now, limit)
}

/**
 * The answer for a cart's holds; `known` seats (the request's own) are not read again, nor the
 * seats left single when `noSingles` (the 'enforce' rule has just judged these very holds), nor
 * the live holds `rowHolds` covers.
 */
async function cartView(db: Db, session: SchemeSession, cartId: number | null, holds: CartHolds, now: number, limit: number, known = new Map<number, SeatPlace>(), noSingles = false, rowHolds?: RowHolds): Promise<CartResponse> {
  const unknownSeats = holds.seats.map((h) => h.seat_id).filter((id) => !known.has(id))
  const standIds = holds.stands.map((h) => h.standing_place_id)
  const seats = new Map([...known, ...(await sessionSeatsById(db, session.drawingId, unknownSeats))])
  const stands = standIds.length ? (await placesById(db, [], standIds)).stands : new Map<number, StandPlace>()
  // A hold keeps the price row it was priced by (a subscription row when bought by subscription).
  const priceById = new Map([...session.prices, ...session.subscriptionPrices].map((p) => [p.id, p]))
  const items: CartResponse['items'] = []
  for (const h of holds.seats) {
    const price = h.price_id === null ? undefined : priceById.get(h.price_id)
    const place = seats.get(h.seat_id)
    if (price && place) items.push(cartItemView(price, session.calendar, session.event.id, place, 1))
  }
  for (const h of holds.stands) {
    const price = h.price_id === null ? undefined : priceById.get(h.price_id)
    const place = stands.get(h.standing_place_id)
    if (price && place) items.push(cartItemView(price, session.calendar, session.event.id, place, h.quantity))
  }
  const ends = [...holds.seats, ...holds.stands].map((h) => h.expires_at ?? now)
  const holdSeconds = ends.length ? Math.max(0, Math.ceil((Math.min(...ends) - now) / 1000)) : 0
  const count = items.reduce((n, i) => n + i.quantity, 0)
  // Seats the choice leaves single: the cart's warning (refused instead under 'enforce').
  const singles = cartId === null || noSingles ? [] : await singlesView(db, session, await singlesOfCart(db, session, holds.seats.map((h) => h.seat_id), cartId, now, rowHolds))
  return { calendar_id: session.calendar.id, items, hold_seconds: holdSeconds, limit_left: Math.max(0, limit - count), singles }
}

