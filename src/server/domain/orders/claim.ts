import { isPostgresDb, type Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { CLAIM_ATTEMPTS } from '../inventory/constants'
import { freeExpiredOnPg } from '../inventory/seat-claims.repository'
import { lockCalendars } from '../inventory/stock.repository'
import { takeClaimSlots } from './claim-slots'
import type { EmailCheck } from '../buyer/email-domain'
import { clockGate, inGatedTransaction, type CommitGate } from './commit-gate'
import { draftTickets, type OrderDraft } from './draft'
import { expireOrders, expireOrdersById } from './expiry'
import { insertOrder, insertOrderLines, takeSubscriptionTickets } from './order.repository'

/**
 * Opens the claim transaction of sessions. With `seats` (numbered seats only, PostgreSQL) it
 * claims row by row (SeatScope below). Otherwise it locks them (claims of one session run one after the
 * other on PostgreSQL, in id order so two claims never wait on each other crosswise; SQLite runs
 * transactions one at a time anyway), cancels expired orders and releases expired cart holds, so
 * what is left is the truth at `now`. PostgreSQL deadlock or serialization aborts are retried a
 * few times. The cart, both order calls and best-available picking claim through here.
 *
 * `onDrawing`: the map version a seat-map claim (one session) read its places from, outside this
 * transaction. Seat and standing place ids belong to one version, and the studio may move a
 * session nobody has bought in onto another (admin/studio/session-map.ts): a claim whose session
 * is on another version by the time it holds the session row is refused ('session-map-changed'),
 * before it writes anything, else it would sell the old version's seat and leave the new one's
 * seat of the same key free to sell again. Checked in the claim's first statement, which reads
 * the session row under its lock anyway (lockCalendars, freeExpiredOnPg): no statement more.
 *
 * `gate`: the request's (commit-gate.ts), so a request already answered "busy" commits nothing;
 * without one, the claim refuses to commit later than CLAIM_COMMIT_BY_MS after `now`.
 */
export async function inClaimTransaction<T>(
  db: Db,
  calendarIds: number | readonly number[],
  now: number,
  work: (trx: Db) => Promise<T>,
  seats?: SeatScope,
  onDrawing?: number,
  gate: CommitGate = clockGate(now),
): Promise<T> {
  const ids = typeof calendarIds === 'number' ? [calendarIds] : [...calendarIds]
  const rowLevel = seats !== undefined && isPostgresDb(db)
  // Answered busy already: nothing this claim did could be kept, so it does not start.
  if (gate.passed) throw new ApiFailure('busy')
  // A hot session gets a bounded share of this process's connections (claim-slots.ts).
  const giveBack = await takeClaimSlots(db, ids)
  try {
    return await claimWithRetries(db, ids, now, work, rowLevel ? seats : undefined, onDrawing, gate)
  } finally {
    giveBack()
  }
}

/**
 * Runs a claim made of one statement (all or nothing in itself, no transaction of ours: e.g.
 * seatwise_hold_cart_seats) with what inClaimTransaction gives a claim: the session's bounded
 * share of the pool (claim-slots.ts) and the retries of a deadlock or serialization abort, or of
 * a concurrent first cart of the same visitor (unique violation). The statement commits as it
 * ends, so it runs inside `gate` (commit-gate.ts) from start to end, and must itself refuse to
 * commit past `gate.commitBy`.
 */
export async function inClaimStatement<T>(db: Db, calendarId: number, gate: CommitGate, run: () => Promise<T>): Promise<T> {
  if (gate.passed) throw new ApiFailure('busy')
  const giveBack = await takeClaimSlots(db, [calendarId])
  try {
    for (let attempt = 1; ; attempt++) {
      gate.enter()
      let committed = false
      try {
        const out = await run()
        committed = true
        return out
      } catch (err) {
        const code = (err as { code?: unknown }).code
        if (attempt < CLAIM_ATTEMPTS && (code === '40P01' || code === '40001' || code === '23505')) continue
        throw err
      } finally {
        gate.leave(committed)
      }
    }
  } finally {
    giveBack()
  }
}

async function claimWithRetries<T>(db: Db, ids: number[], now: number, work: (trx: Db) => Promise<T>, seats: SeatScope | undefined, onDrawing: number | undefined, gate: CommitGate): Promise<T> {
  const rowLevel = seats !== undefined
  for (let attempt = 1; ; attempt++) {
    try {
      // Commits through the request's gate (commit-gate.ts): nothing once it has answered busy.
      return await inGatedTransaction(db, gate, async (trx) => {
        if (rowLevel) {
          await freeSeatsAtNow(trx, seats, now, onDrawing)
        } else {
          const drawings = await lockCalendars(trx, ids)
          // A seat-map claim is of one session.
          if (onDrawing !== undefined) mustBeOnDrawing(drawings.get(ids[0]), onDrawing)
          // expireOrders also releases expired cart holds (domain/inventory/holds.repository.ts).
          await expireOrders(trx, now, ids)
        }
        return work(trx)
      })
    } catch (err) {
      const code = (err as { code?: unknown }).code
      // Row-level claims may also meet a concurrent first cart of the same visitor (unique
      // violation): the next attempt finds that cart.
      const retry = code === '40P01' || code === '40001' || (rowLevel && code === '23505')
      if (attempt < CLAIM_ATTEMPTS && isPostgresDb(db) && retry) continue
      throw err
    }
  }
}

/**
 * A claim of numbered seats only, in one session (issue 18.4). On PostgreSQL it takes no session
 * lock: each seat is claimed by its INSERT into seat_holds, which the live-hold unique index
 * (calendar_id, seat_id WHERE released_at IS NULL) lets through once; inserts go in seat id
 * order (claimSeats), so two claims wait on each other only over a seat both want and never
 * crosswise; a refused seat rolls the whole request back. Before it, only what blocks those
 * seats by the stock rule is freed (expired cart holds, unpaid orders past their reserve time
 * holding them), so the cost does not grow with the session's sales. Standing places, general
 * admission and the no-single-seat rule count across the session and keep the session lock;
 * so does SQLite (one writer at a time anyway).
 */
export interface SeatScope {
  calendarId: number
  seatIds: readonly number[]
}

async function freeSeatsAtNow(trx: Db, seats: SeatScope, now: number, onDrawing: number | undefined): Promise<void> {
  const seatIds = [...new Set(seats.seatIds)].sort((a, b) => a - b)
  // Row-level claims run on PostgreSQL only (inClaimTransaction): one round trip for both.
  const freed = await freeExpiredOnPg(trx, seats.calendarId, seatIds, now)
  // undefined: no seat asked, so none of another version can be claimed.
  if (onDrawing !== undefined && freed.drawingId !== undefined) mustBeOnDrawing(freed.drawingId, onDrawing)
  await expireOrdersById(trx, now, freed.orderIds)
}

/** Refuses a claim whose places were read from another map version than the session is on now (see inClaimTransaction). */
function mustBeOnDrawing(current: number | null | undefined, read: number): void {
  if (current !== read) throw new ApiFailure('session-map-changed')
}

/**
 * What a planner does under the claim lock once its order is written: take its stock (count
 * general-admission tickets, claim seats and standing places for the order id), throwing an
 * ApiFailure when something is gone, which rolls the order back.
 */
export type ClaimStock = (trx: Db, order: { id: number }) => Promise<void>

/** An order just written: its public hash, and whether it was paid at once (free: every price 0), so its tickets are to be e-mailed now. */
export interface PlacedOrder {
  hash: string
  paidAtOnce: boolean
  /** The tickets e-mail queued with a free order (mail/ticket-mail.ts), to give its first attempt; null: none is due. */
  ticketMail: { id: number; orderId: number } | null
}

/**
 * What the caller of either order planner (admission/create.ts createOrder, scheme/order.ts
 * createSchemeOrder) gives it: the storefront's two order calls and the box office.
 */
export interface OrderContext {
  now: number
  reserveSeconds: number
  /** The visitor's session: its cart holds on a seat map become the order (null: no cart, every place is claimed now; the box office without a map cart). */
  sessionId: string | null
  /**
   * Only the ordered places leave the session's cart; its other holds stay (the box office, whose
   * operator may hold the next buyer's seats while a sale is in flight: inventory/holds.repository.ts
   * KeepRest). Otherwise the order spends the whole cart, as a buyer's checkout does.
   */
  keepCartRest?: boolean
  /** The CRM client kept in the session (never the one the body names). */
  crmClientId: number | null
  /** The caller pays the order itself, free or not (the box office: orders/draft.ts DraftContext). */
  paysItself?: boolean
  /** The buyer may give no e-mail (the box office's walk-in buyer: contract/rules/buyer.ts emailOptional). */
  emailOptional?: boolean
  /** The request's commit gate: an order answered "busy" by the request deadline is rolled back (orders/commit-gate.ts). */
  gate?: CommitGate
  /**
   * Refuses a buyer e-mail whose domain takes no mail (buyer/email-domain.ts), asked once the
   * order passes every other check (DNS is the slowest of them): the app's emailCheck for the
   * storefront, acceptEveryEmail for the box office.
   */
  checkEmail: EmailCheck
}

/**
 * Stores a free order's tickets e-mail in its transaction: mail/ticket-mail.ts queueTicketMail,
 * given by the caller, because the mail module reads orders (its templates) and orders must not
 * import it back (no import cycles between modules).
 */
export type QueueTicketMail = (trx: Db, order: { id: number; email: string; status: number }, now: number) => Promise<{ id: number; orderId: number } | null>

/**
 * Writes an order in one claim transaction of its sessions: the order row (insertOrder), the
 * planner's stock claim, the subscription's tickets (conditional decrement), then the order's
 * lines. Anything refused rolls all of it back. `onDrawing` and `gate`: as inClaimTransaction's.
 */
export async function placeOrder(db: Db, draft: OrderDraft, claim: ClaimStock, queueTicketMail: QueueTicketMail, seats?: SeatScope, onDrawing?: number, gate?: CommitGate): Promise<PlacedOrder> {
  const calendarIds = [...new Set(draft.lines.map((l) => l.calendarId))]
  return inClaimTransaction(db, calendarIds, draft.createdAt, async (trx) => {
    const order = await insertOrder(trx, draft)
    await claim(trx, order)
    if (draft.subscriptionId !== null && !(await takeSubscriptionTickets(trx, draft.subscriptionId, draftTickets(draft)))) {
      throw new ApiFailure('subscription-empty')
    }
    await insertOrderLines(trx, order.id, draft)
    // A free order is paid now: its tickets e-mail commits with it (one INSERT; none for named tickets until confirmed).
    const ticketMail = draft.paidAtOnce ? await queueTicketMail(trx, { id: order.id, email: draft.email, status: draft.status }, draft.createdAt) : null
    return { hash: order.hash, paidAtOnce: draft.paidAtOnce, ticketMail }
  }, seats, onDrawing, gate)
}
