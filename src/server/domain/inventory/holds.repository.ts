import { sql, type QueryCreator, type SelectQueryBuilder } from 'kysely'
import { isPostgresDb, type Db } from '../../db/connect'
import type { Database } from '../../db/database'
import { liveHold } from './live'
import { preparedByShape } from '../../db/prepared'
import { amongSeats, seatParams, seatSetOf, type SeatSet } from './seat-range'
import { chunks, type SeatPlace } from './places'

/**
 * The holds' repository (seat_holds, standing_holds, carts). Holding seats and standing places: the primitives shared by the cart and by seat-map orders.
 *
 * A live hold (live.ts) is a seat_holds / standing_holds row not released and not expired (or
 * of a paid order). Claiming a seat is an INSERT that the database's partial unique index
 * (calendar_id, seat_id WHERE released_at IS NULL) lets through at most once: ON CONFLICT DO
 * NOTHING turns a conflict into "not inserted", so a claim learns exactly which seats someone
 * else has and the caller rolls the whole transaction back. Standing places have no index per
 * ticket; their quantity is checked under the session lock (lockCalendars) instead.
 */

export type HoldState = 'cart' | 'order' | 'sold'

export interface HoldOwner {
  cartId: number | null
  orderId: number | null
  state: HoldState
  /** null for sold. */
  expiresAt: number | null
}

/**
 * Inserts holds for `seats` (sorted by id, so two claims never wait on each other in opposite
 * orders). Returns the seats that were NOT inserted because a live hold or sale exists.
 */
export async function claimSeats(trx: Db, calendarId: number, seats: readonly { place: SeatPlace; priceId: number }[], owner: HoldOwner, now: number): Promise<SeatPlace[]> {
  const sorted = [...seats].sort((a, b) => a.place.id - b.place.id)
  const inserted = new Set<number>()
  for (const part of chunks(sorted)) {
    const rows = await trx
      .insertInto('seat_holds')
      .values(
        part.map((s) => ({
          calendar_id: calendarId,
          seat_id: s.place.id,
          cart_id: owner.cartId,
          order_id: owner.orderId,
          price_id: s.priceId,
          state: owner.state,
          created_at: now,
          expires_at: owner.expiresAt,
        })),
      )
      .onConflict((oc) => oc.columns(['calendar_id', 'seat_id']).where('released_at', 'is', null).doNothing())
      .returning('seat_id')
      .execute()
    for (const r of rows) inserted.add(r.seat_id)
  }
  return sorted.filter((s) => !inserted.has(s.place.id)).map((s) => s.place)
}

/** Tickets of standing places held live by anyone but `exceptCartId`, per place id. */
export async function standingTaken(trx: Db, calendarId: number, placeIds: readonly number[], now: number, exceptCartId: number | null): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  if (placeIds.length === 0) return out
  let q = trx
    .selectFrom('standing_holds')
    .select(['standing_place_id', sql<number>`sum(quantity)`.as('n')])
    .where('calendar_id', '=', calendarId)
    .where('standing_place_id', 'in', [...placeIds])
    .where(liveHold('standing_holds', now))
  if (exceptCartId !== null) q = q.where((eb) => eb.or([eb('cart_id', 'is', null), eb('cart_id', '<>', exceptCartId)]))
  for (const r of await q.groupBy('standing_place_id').execute()) out.set(r.standing_place_id, Number(r.n))
  return out
}

/** Releases live holds of a cart in a session: all of them, or only the given seats / places. */
export async function releaseCartHolds(trx: Db, cartId: number, now: number, only?: { seatIds?: number[]; standIds?: number[] }): Promise<void> {
  const seats = !only || (only.seatIds?.length ?? 0) > 0
  const stands = !only || (only.standIds?.length ?? 0) > 0
  const seatRelease = (db: QueryCreator<Database>) => releaseSeatHolds(db, cartId, now, { only: only?.seatIds })
  const standRelease = (db: QueryCreator<Database>) => releaseStandingHolds(db, cartId, now, only?.standIds)
  // Both in one round trip on PostgreSQL (a data-modifying WITH runs whether or not it is read).
  if (seats && stands && isPostgresDb(trx)) {
    // The CTE widens the builder's tables; the release reads only standing_holds.
    await standRelease(asBase(trx.with('released_seats', (db) => seatRelease(db).returning('seat_holds.id')))).execute()
    return
  }
  if (seats) await seatRelease(trx).execute()
  if (stands) await standRelease(trx).execute()
}

/** A builder that a WITH widened, as the plain one (each of this file's statements reads only its own table). */
const asBase = (db: unknown) => db as QueryCreator<Database>

/** A cart: its id, or (PostgreSQL) the subquery finding it by its visitor's session, so a statement need not wait for a read of it. */
type CartRef = number | SelectQueryBuilder<Database, 'carts', { id: number }>

/** The UPDATE releasing a cart's live seat holds: all of them, `only` those seats, or all but the `except` ones. */
function releaseSeatHolds(db: QueryCreator<Database>, cart: CartRef, now: number, pick: { only?: readonly number[]; except?: readonly number[] | SeatSet }) {
  let q = db.updateTable('seat_holds').set({ released_at: now }).where('cart_id', '=', cart).where('state', '=', 'cart').where('released_at', 'is', null)
  if (pick.only) q = q.where('seat_id', 'in', [...pick.only])
  if (pick.except) q = q.where((eb) => eb.not(amongSeats('seat_id', pick.except!)))
  return q
}

/** The UPDATE releasing a cart's live standing holds: all of them, or `only` those places. */
function releaseStandingHolds(db: QueryCreator<Database>, cart: CartRef, now: number, only?: readonly number[]) {
  const q = db.updateTable('standing_holds').set({ released_at: now }).where('cart_id', '=', cart).where('state', '=', 'cart').where('released_at', 'is', null)
  return only ? q.where('standing_place_id', 'in', [...only]) : q
}

/** Live (unexpired) holds of a cart, seats and standing places. */
export async function cartHolds(db: Db, cartId: number, now: number) {
  const seats = await db
    .selectFrom('seat_holds')
    .select(['id', 'seat_id', 'price_id', 'expires_at'])
    .where('cart_id', '=', cartId)
    .where('state', '=', 'cart')
    .where('released_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id')
    .execute()
  const stands = await db
    .selectFrom('standing_holds')
    .select(['id', 'standing_place_id', 'price_id', 'quantity', 'expires_at'])
    .where('cart_id', '=', cartId)
    .where('state', '=', 'cart')
    .where('released_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id')
    .execute()
  return { seats, stands }
}
export type CartHolds = Awaited<ReturnType<typeof cartHolds>>

/** The cart of a visitor's session for a session of an event, created when `create`. */
export async function findCart(db: Db, sessionId: string, calendarId: number, create: boolean, now: number): Promise<number | null> {
  const row = await db.selectFrom('carts').select('id').where('session_id', '=', sessionId).where('calendar_id', '=', calendarId).executeTakeFirst()
  if (row) {
    if (create) await db.updateTable('carts').set({ updated_at: now }).where('id', '=', row.id).execute()
    return row.id
  }
  if (!create) return null
  const inserted = await db
    .insertInto('carts')
    .values({ session_id: sessionId, calendar_id: calendarId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

/**
 * The cart of a visitor's session for a session of an event, created when missing, its row
 * locked for the rest of the transaction (two requests of one visitor take turns). `fresh`: it
 * was created now, so it holds nothing yet. On PostgreSQL one upsert (xmax = 0 marks the inserted
 * row) instead of a select then an insert or update: each round trip costs the claim CPU
 * (freeExpiredOnPg), and a concurrent first cart of the same visitor waits instead of failing.
 */
export async function openCart(trx: Db, sessionId: string, calendarId: number, now: number): Promise<{ id: number; fresh: boolean }> {
  if (!isPostgresDb(trx)) {
    // SQLite runs one writer at a time: no race between the select and the insert.
    const before = await findCart(trx, sessionId, calendarId, false, now)
    if (before === null) return { id: (await findCart(trx, sessionId, calendarId, true, now))!, fresh: true }
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', before).execute()
    return { id: before, fresh: false }
  }
  const row = await trx
    .insertInto('carts')
    .values({ session_id: sessionId, calendar_id: calendarId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['session_id', 'calendar_id']).doUpdateSet({ updated_at: now }))
    .returning(['id', sql<boolean>`xmax = 0`.as('fresh')])
    .executeTakeFirstOrThrow()
  return { id: row.id, fresh: row.fresh === true }
}

/** Holds `quantity` tickets of a standing place for `owner` (its room is checked by the caller, under the session lock). */
export async function holdStanding(trx: Db, calendarId: number, placeId: number, priceId: number, quantity: number, owner: HoldOwner, now: number): Promise<void> {
  await trx
    .insertInto('standing_holds')
    .values({ calendar_id: calendarId, standing_place_id: placeId, cart_id: owner.cartId, order_id: owner.orderId, price_id: priceId, state: owner.state, quantity, created_at: now, expires_at: owner.expiresAt })
    .execute()
}

/**
 * A box-office sale spends only the places it orders: the operator may be choosing the next
 * buyer's seats on the map while a sale is in flight, and those stay in the desk's cart. The
 * cart's holds of the order's standing places (`standIds`) are released all the same, since the
 * order re-counts its standing tickets (a quantity raised meanwhile goes with them).
 */
export interface KeepRest {
  standIds: readonly number[]
}

/** Seats of an order at one price row. */
export interface PricedSeats {
  priceId: number
  seatIds: readonly number[]
}

/**
 * A seat-map order takes over its visitor's cart in the session: the seats the cart holds among
 * `groups` move to the order (one UPDATE per price row), and everything else the cart held there,
 * seats and standing places, is released (standing tickets are re-counted by the order). Returns
 * the seats moved; the order claims the rest itself.
 *
 * On PostgreSQL the cart is found by a subquery in each statement instead of a read first, and the
 * last move and the release are one statement (data-modifying CTEs; the release leaves out that
 * move's seats, so no row is changed twice in it): with one price row, the usual rush order, one
 * round trip instead of three, each held under the seats' row locks. SQLite (one writer,
 * in-process) keeps the plain steps.
 *
 * With `keepRest` (the box office) the rest of the cart stays held: see KeepRest.
 */
export async function moveCartToOrder(trx: Db, sessionId: string, calendarId: number, groups: readonly PricedSeats[], owner: HoldOwner, now: number, keepRest?: KeepRest): Promise<Set<number>> {
  const moved = new Set<number>()
  if (keepRest) {
    // The desk's order takes only its own places (rare, small): the plain steps on both databases.
    const cartId = await findCart(trx, sessionId, calendarId, false, now)
    if (cartId === null) return moved
    for (const g of groups) {
      for (const r of await moveSeats(trx, cartId, calendarId, g, owner).execute()) moved.add(r.seat_id)
    }
    if (keepRest.standIds.length > 0) await releaseStandingHolds(trx, cartId, now, keepRest.standIds).execute()
    return moved
  }
  if (!isPostgresDb(trx)) {
    const cartId = await findCart(trx, sessionId, calendarId, false, now)
    if (cartId === null) return moved
    for (const g of groups) {
      const rows = await moveSeats(trx, cartId, calendarId, g, owner).execute()
      for (const r of rows) moved.add(r.seat_id)
    }
    await releaseCartHolds(trx, cartId, now)
    return moved
  }
  const owned = { sessionId, calendarId, state: owner.state, orderId: owner.orderId, expiresAt: owner.expiresAt }
  for (const g of groups.slice(0, -1)) {
    for (const r of await moveGroupOnPg(g.seatIds.length).rows(trx, { ...owned, priceId: g.priceId, ...seatParams(g.seatIds) })) moved.add(r.seat_id)
  }
  const last: PricedSeats = groups.at(-1) ?? { priceId: 0, seatIds: [] }
  const rows = await moveLastAndReleaseOnPg(last.seatIds.length).rows(trx, { ...owned, now, priceId: last.priceId, ...seatParams(last.seatIds) })
  for (const r of rows) moved.add(r.seat_id)
  return moved
}

/** moveCartToOrder's parameters on PostgreSQL: the cart by its visitor's session, the order's hold, one price row's seats (seat-range.ts seatParams). */
type MoveParams = Record<string, number | string | null>
const cartOfSession = (db: QueryCreator<Database>, p: MoveParams): CartRef => db.selectFrom('carts').select('id').where('session_id', '=', p.sessionId as string).where('calendar_id', '=', p.calendarId as number)
const ownerOf = (p: MoveParams): HoldOwner => ({ cartId: null, orderId: p.orderId as number, state: p.state as HoldOwner['state'], expiresAt: p.expiresAt as number | null })
const groupOf = (p: MoveParams, count: number) => ({ priceId: p.priceId as number, seatIds: seatSetOf(p, count) })

/** One price row's seats moved from the cart to the order, prepared per number of seats. */
const moveGroupOnPg = preparedByShape((count: number) => (trx, p: MoveParams) => moveSeats(trx, cartOfSession(trx, p), p.calendarId as number, groupOf(p, count), ownerOf(p)))

/** The last price row's seats moved and the rest of the cart released, in one statement, prepared per number of seats. */
const moveLastAndReleaseOnPg = preparedByShape((count: number) => (trx, p: MoveParams) => {
  const last = groupOf(p, count)
  const now = p.now as number
  // The CTEs widen the builder's tables; each statement reads only its own table (asBase).
  return trx
    .with('moved', (db) => moveSeats(db, cartOfSession(db, p), p.calendarId as number, last, ownerOf(p)))
    .with('released_seats', (db) => releaseSeatHolds(asBase(db), cartOfSession(asBase(db), p), now, { except: last.seatIds }).returning('seat_holds.id'))
    .with('released_stands', (db) => releaseStandingHolds(asBase(db), cartOfSession(asBase(db), p), now).returning('standing_holds.id'))
    .selectFrom('moved')
    .select('seat_id')
})

/** The UPDATE moving a cart's live holds of `group` to an order; the cart by id or by the subquery finding it. */
function moveSeats(db: QueryCreator<Database>, cart: CartRef, calendarId: number, group: { priceId: number; seatIds: readonly number[] | SeatSet }, owner: HoldOwner) {
  return db
    .updateTable('seat_holds')
    .set({ state: owner.state, order_id: owner.orderId, cart_id: null, price_id: group.priceId, expires_at: owner.expiresAt })
    .where('cart_id', '=', cart)
    .where('calendar_id', '=', calendarId)
    .where('state', '=', 'cart')
    .where('released_at', 'is', null)
    .where(amongSeats('seat_id', group.seatIds))
    .returning('seat_id')
}

/** Changes the price row of a held seat (the visitor chose another category for it). */
export async function repriceSeatHold(trx: Db, holdId: number, priceId: number): Promise<void> {
  await trx.updateTable('seat_holds').set({ price_id: priceId }).where('id', '=', holdId).execute()
}

/** Capacity of standing places, by id. */
export async function standingCapacity(db: Db, placeIds: readonly number[]): Promise<Map<number, number>> {
  if (placeIds.length === 0) return new Map()
  const rows = await db.selectFrom('standing_places').select(['id', 'capacity']).where('id', 'in', [...placeIds]).execute()
  return new Map(rows.map((r) => [r.id, r.capacity]))
}

/**
 * Cart-hold expiry: a seat or standing place held in a visitor's cart longer than
 * CART_HOLD_SECONDS goes back on sale. Reads already treat an expired hold as free (they compare
 * expires_at with now); this writes the release so the database's live-hold index lets the seat
 * be taken again and the change log (seat_changes) tells open maps. Runs from the orders
 * domain's expiry (expireOrders: the periodic sweeper and every claim), so there is one sweeper.
 *
 * `calendarIds` limits the work to those sessions; without it every expired cart hold is
 * released. Returns the number of holds released.
 */
export async function releaseExpiredCartHolds(db: Db, now: number, calendarIds?: readonly number[]): Promise<number> {
  if (calendarIds && calendarIds.length === 0) return 0
  let seats = db
    .updateTable('seat_holds')
    .set({ released_at: now })
    .where('state', '=', 'cart')
    .where('released_at', 'is', null)
    .where('expires_at', '<=', now)
  let stands = db
    .updateTable('standing_holds')
    .set({ released_at: now })
    .where('state', '=', 'cart')
    .where('released_at', 'is', null)
    .where('expires_at', '<=', now)
  if (calendarIds) {
    seats = seats.where('calendar_id', 'in', [...calendarIds])
    stands = stands.where('calendar_id', 'in', [...calendarIds])
  }
  const a = await seats.executeTakeFirst()
  const b = await stands.executeTakeFirst()
  return Number(a.numUpdatedRows) + Number(b.numUpdatedRows)
}

/** Releases every live seat and standing hold of the given orders (they were cancelled). */
export async function releaseOrderHolds(db: Db, orderIds: readonly number[], now: number): Promise<void> {
  await db.updateTable('seat_holds').set({ released_at: now }).where('order_id', 'in', [...orderIds]).where('released_at', 'is', null).execute()
  await db.updateTable('standing_holds').set({ released_at: now }).where('order_id', 'in', [...orderIds]).where('released_at', 'is', null).execute()
}

/**
 * Which kinds of hold an order may have: a caller that knows its order holds no standing place
 * (payments/settle.ts, from the order's lines) skips that table's UPDATE, one statement of a
 * rush's every payment.
 */
export interface HeldPlaces {
  standing: boolean
}
export const ALL_PLACES: HeldPlaces = { standing: true }
export const SEATS_ONLY: HeldPlaces = { standing: false }

/** Sells an order's live seat and standing holds (it was paid): sold holds never expire. */
export async function sellOrderHolds(trx: Db, orderId: number, places: HeldPlaces = ALL_PLACES): Promise<{ seats: number }> {
  const seats = await trx.updateTable('seat_holds').set({ state: 'sold', expires_at: null }).where('order_id', '=', orderId).where('released_at', 'is', null).executeTakeFirst()
  if (places.standing) await trx.updateTable('standing_holds').set({ state: 'sold', expires_at: null }).where('order_id', '=', orderId).where('released_at', 'is', null).execute()
  return { seats: Number(seats.numUpdatedRows) }
}

/** Releases an order's live holds of the given seats for good (a return: released, no expiry). */
export async function releaseOrderSeats(trx: Db, orderId: number, seatIds: readonly number[], now: number): Promise<void> {
  await trx.updateTable('seat_holds').set({ released_at: now, expires_at: null }).where('order_id', '=', orderId).where('seat_id', 'in', [...seatIds]).where('released_at', 'is', null).execute()
}

/** An order's live holds of one standing place in a session, oldest first. */
export function listOrderStandingHolds(trx: Db, orderId: number, calendarId: number, placeId: number) {
  return trx
    .selectFrom('standing_holds')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('calendar_id', '=', calendarId)
    .where('standing_place_id', '=', placeId)
    .where('released_at', 'is', null)
    .orderBy('id')
    .execute()
}
export type StandingHoldRow = Awaited<ReturnType<typeof listOrderStandingHolds>>[number]

/** Releases one standing hold for good (released, no expiry). */
export async function releaseStandingHold(trx: Db, holdId: number, now: number): Promise<void> {
  await trx.updateTable('standing_holds').set({ released_at: now, expires_at: null }).where('id', '=', holdId).execute()
}

/** Writes what an order keeps of a standing hold: the same place, price and state with `quantity` tickets, never expiring. */
export async function insertStandingRemainder(trx: Db, orderId: number, hold: StandingHoldRow, quantity: number, now: number): Promise<void> {
  await trx
    .insertInto('standing_holds')
    .values({ calendar_id: hold.calendar_id, standing_place_id: hold.standing_place_id, cart_id: null, order_id: orderId, price_id: hold.price_id, state: hold.state, quantity, created_at: now, expires_at: null })
    .execute()
}
