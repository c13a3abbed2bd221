import type { AccessibleRelease } from '../../../contract/entities/access'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { joinLocalized, type MessageParam } from '../../messages'
import { TAKEN_NAMED_MAX } from './constants'
import { freeGeneralSeats, heldBackAmong, insertRelease, insertReleaseAudit, type HeldBackSeat } from './held-back.repository'

/**
 * Held-back accessible spaces and their release rules (issue 20 item 3). A session that holds
 * back accessible spaces keeps its wheelchair spaces and their companion seats for accessible
 * requests (accessible best available) until its rule releases them to general sale:
 *
 * - 'all': every other seat of the session is taken (held or sold, by the one stock rule);
 * - 'area': every other seat of the space's sector is taken;
 * - 'level': every other seat of the space's price zone is taken.
 *
 * Rules are judged when a general request asks for a held-back seat (no job, the same answer in
 * every process). A release is written once (accessible_releases, unique per scope) with its
 * audit row in the same transaction, and is final: seats freed later do not hold spaces back
 * again, so a visitor who saw a space on sale does not lose it.
 */

/** What the rules read of a session (the scheme's SchemeSession has it; inventory does not import the scheme module). */
export interface HeldBackSession {
  calendar: { id: number; accessible_hold: number; accessible_release: string }
  prices: readonly { zone_id: number }[]
  subscriptionPrices: readonly { zone_id: number }[]
  drawingId: number
}

/** The scope a rule judges a held-back seat by. */
export interface ReleaseScope {
  scope: 'all' | 'sector' | 'zone'
  id: number
}

/** Pure: the scope of the rule for one seat (a seat without a zone is judged by the session). */
export function scopeOf(rule: AccessibleRelease | string, seat: Pick<HeldBackSeat, 'sector_id' | 'zone_id'>): ReleaseScope {
  if (rule === 'area') return { scope: 'sector', id: seat.sector_id }
  if (rule === 'level' && seat.zone_id !== null) return { scope: 'zone', id: seat.zone_id }
  return { scope: 'all', id: 0 }
}

/** Pure: whether a rule releases, given the free seats on general sale left in its scope. */
export const releaseDue = (freeInScope: number): boolean => freeInScope === 0

/** Who the audit log names for a release by rule: no operator made it. */
export const RELEASE_ACTOR = 'system:accessible-release'

/**
 * Judges the rule for each scope of `seats` (held back) and releases those due; answers the seats
 * still held back. Runs in the caller's transaction.
 */
export async function releaseByRule(trx: Db, session: HeldBackSession, seats: readonly HeldBackSeat[], now: number): Promise<HeldBackSeat[]> {
  const rule = session.calendar.accessible_release
  const priced = [...new Set([...session.prices, ...session.subscriptionPrices].map((p) => p.zone_id))]
  const verdict = new Map<string, boolean>()
  for (const seat of seats) {
    const s = scopeOf(rule, seat)
    const key = `${s.scope}:${s.id}`
    if (verdict.has(key)) continue
    const free = await freeGeneralSeats(trx, session.calendar.id, session.drawingId, priced, s.scope === 'sector' ? { sectorId: s.id } : s.scope === 'zone' ? { zoneId: s.id } : {}, now)
    const due = releaseDue(free)
    verdict.set(key, due)
    if (due && (await insertRelease(trx, session.calendar.id, s.scope, s.id, now))) {
      await insertReleaseAudit(trx, RELEASE_ACTOR, session.calendar.id, { held_back: true }, { rule, scope: s.scope, scope_id: s.id, released_at: now }, now)
    }
  }
  return seats.filter((seat) => {
    const s = scopeOf(rule, seat)
    return !verdict.get(`${s.scope}:${s.id}`)
  })
}

/**
 * The claim's guard: a general request (not accessible) for held-back seats releases them when
 * the rule says so, else is refused (-1005 naming them). Accessible requests pass. Every claim of
 * a seat outside an accessible request goes through it: the cart, an order, a box-office reseat;
 * `reason` words the refusal for who asked (the shop's visitor by default, an operator's reseat).
 */
export async function guardHeldBack(
  trx: Db,
  session: HeldBackSession,
  seatIds: readonly number[],
  now: number,
  accessible: boolean,
  nameOf: (seat: HeldBackSeat) => MessageParam = (s) => s.seat_key,
  reason: 'seat-held-back' | 'reseat-held-back' = 'seat-held-back',
): Promise<void> {
  if (accessible || session.calendar.accessible_hold !== 1 || seatIds.length === 0) return
  const held = await heldBackAmong(trx, session.calendar.id, seatIds)
  if (held.length === 0) return
  const still = await releaseByRule(trx, session, held, now)
  if (still.length) throw new ApiFailure(reason, { places: joinLocalized(still.slice(0, TAKEN_NAMED_MAX).map(nameOf), '; ') })
}
