/**
 * The rush behind the waiting room (issue 18: "p99 hold ≤ 300 ms at 1,000 concurrent buyers,
 * behind the waiting room where it is on"): `n` buyers join a seat-map session's room before its
 * on-sale moment and then each behaves as the waiting page does (src/app/screens/waiting/): asks
 * POST /api/queue/status again after nextAskMs (the server's poll_s, jittered; sooner when the turn is
 * due), and once admitted holds a distinct seat and orders it, both with the admission token in
 * X-Admission-Token. The room is the server's own (draw, admission by the clock, signed tokens):
 * a buying call without a valid token is refused, and would count as a failed hold here.
 *
 * Admission accuracy: each buyer's place comes from the database afterwards; the clock allows
 * place p at opens_at + p × 60,000 / rate. A buyer told "admitted" before that moment was let in
 * early (must be none); the lag after it is what polling costs the buyer.
 */
import { ADMISSION_HEADER, type QueueStatus } from '../../src/contract/entities/queue'
import { nextAskMs, RETRY_AFTER_FAILURE_MS } from '../../src/app/screens/waiting/waitingModel'
import { saveRoom } from '../../src/server/domain/waiting/waiting.repository'
import { ROOM_CACHE_TTL_MS } from '../../src/server/domain/waiting/room'
import { SESSION_COOKIE } from '../../src/server/security/cookies'
import { startBuyers, stats, unrelatedVisitor, type Buyer, type CallResult } from './buyers'
import { checkboxIds, hold, held, ordered, orderSeats, seatSession } from './seat-calls'
import { UNRELATED_PAGE, type Target } from './scenarios'

/**
 * The room is set with its on-sale moment before anyone joins, as an operator does, this long
 * after the joining should be over: each page learns the moment from its first answer and asks
 * again as the waiting page would (poll_s grows with the wait, so a page told "an hour" would not
 * hear of a moment moved forward for up to QUEUE_POLL_MAX_S).
 */
const ON_SALE_AFTER_JOIN_MS = 6_000
/** Time allowed for joining, per buyer (200 join in about a second on the 2-core box); a join that runs past the on-sale fails the run. */
const JOIN_ALLOWANCE_MS_PER_BUYER = 20
/** Buyers join this many at a time (joining is the on-sale scenario's burst, not this one's). */
const JOIN_WIDTH = 50
/** A buyer not admitted this long after the clock allows his place gives up (counted). */
const GIVE_UP_AFTER_ALLOWED_MS = 60_000

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, Math.max(0, ms)))
/** performance.now() of a call's answer as epoch ms (the server's clock is this machine's). */
const epoch = (r: CallResult) => performance.timeOrigin + r.at

/** The session id in the buyer's cookie (signed: `<id>.<mac>`), to find his place in waiting_visitors. */
function sessionIdOf(b: Buyer): string {
  const raw = b.cookie.split('; ').find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.slice(SESSION_COOKIE.length + 1) ?? ''
  return decodeURIComponent(raw).split('.')[0]
}

interface Journey {
  polls: CallResult[]
  admittedAt: number | null
  hold: CallResult | null
  order: CallResult | null
}

export async function admittedRush(t: Target, n: number, perMinute: number) {
  const [first] = await startBuyers(t.url, 1)
  // Session 1 of the seat event: the 20-seat race took 20 of its seats, the map read now leaves them out.
  const s = await seatSession(first, 1)
  const checkboxes = await checkboxIds(first)
  if (s.free.length < n) throw new Error(`session ${s.calendarId} has ${s.free.length} free seats, ${n} needed`)
  const buyers = await startBuyers(t.url, n)
  const room = (opensAt: number) => saveRoom(t.db, s.calendarId, { enabled: 1, opens_at: opensAt, admit_per_minute: perMinute, auto_per_minute: null }, Date.now())
  // Each process sees the room within ROOM_CACHE_TTL_MS; then everyone joins before the on-sale.
  const opensAt = Date.now() + ROOM_CACHE_TTL_MS + 200 + n * JOIN_ALLOWANCE_MS_PER_BUYER + ON_SALE_AFTER_JOIN_MS
  await room(opensAt)
  await sleep(ROOM_CACHE_TTL_MS + 200)
  const ask = (b: Buyer) => b.call('POST', '/api/queue/status', { calendar_id: s.calendarId })
  const joins: CallResult[] = []
  for (let i = 0; i < n; i += JOIN_WIDTH) joins.push(...(await Promise.all(buyers.slice(i, i + JOIN_WIDTH).map(ask))))
  if (Date.now() > opensAt - ON_SALE_AFTER_JOIN_MS / 2) throw new Error(`joining ${n} buyers ran up to the on-sale moment: raise JOIN_ALLOWANCE_MS_PER_BUYER`)
  const lastAllowed = opensAt + (n * 60_000) / perMinute

  const journey = async (b: Buyer, i: number, joined: CallResult): Promise<Journey> => {
    const out: Journey = { polls: [], admittedAt: null, hold: null, order: null }
    let last = joined
    while (Date.now() < lastAllowed + GIVE_UP_AFTER_ALLOWED_MS) {
      const ok = last.status === 200 && last.body !== null
      if (ok && last.body!.state === 'admitted' && typeof last.body!.token === 'string') {
        out.admittedAt = epoch(last)
        const token = { [ADMISSION_HEADER]: last.body!.token }
        out.hold = await hold(b, s, s.free[i], token)
        if (held(out.hold, s.free[i].seat_id)) out.order = await orderSeats(b, s, s.free[i], checkboxes, token)
        return out
      }
      await sleep(ok ? nextAskMs(last.body as unknown as QueueStatus) : RETRY_AFTER_FAILURE_MS)
      last = await ask(b)
      out.polls.push(last)
    }
    return out
  }
  const running = Promise.all(buyers.map((b, i) => journey(b, i, joins[i])))
  const visitor = await unrelatedVisitor(t.url, UNRELATED_PAGE)
  await sleep(opensAt - Date.now())
  visitor.start()
  const journeys = await running
  const page = await visitor.stop()

  const holds = journeys.flatMap((j) => (j.hold ? [j.hold] : []))
  const orders = journeys.flatMap((j) => (j.order ? [j.order] : []))
  const seatOf = new Map(journeys.map((j, i) => [j.hold, s.free[i].seat_id]))
  const heldOk = (r: CallResult) => held(r, seatOf.get(r) ?? '')
  const goodHolds = holds.filter(heldOk)
  const span = (rs: CallResult[]) => (rs.length ? Math.max(...rs.map((r) => r.at)) - Math.min(...rs.map((r) => r.at - r.ms)) : 0)
  const rate = (rs: CallResult[]) => (rs.length ? Math.round((rs.length / Math.max(1, span(rs))) * 1000) : 0)

  const rows = await t.db.selectFrom('waiting_visitors').select(['session_id', 'position']).where('calendar_id', '=', s.calendarId).execute()
  const positionOf = new Map(rows.map((r) => [r.session_id, r.position === null ? null : Number(r.position)]))
  const places = journeys.map((j, i) => ({ admittedAt: j.admittedAt, position: positionOf.get(sessionIdOf(buyers[i])) ?? null }))
  const accuracy = admissionAgainstClock(places, opensAt, perMinute)
  // The check's canary: the same admissions judged as if the on-sale came a minute later must all
  // count as early (a room that let everyone in a minute too soon), or the check is worthless.
  const canary = admissionAgainstClock(places, opensAt + 60_000, perMinute)
  const admitted = journeys.filter((j) => j.admittedAt !== null).length
  return {
    calendarId: s.calendarId,
    buyers: n,
    admit_per_minute: perMinute,
    admission: { admitted, never_admitted: n - admitted, ...accuracy, canary_found_early_admissions: canary.admitted_before_the_clock_allowed === admitted && admitted > 0 },
    queue_status: stats(journeys.flatMap((j) => j.polls)),
    holds: { per_s: rate(goodHolds), call: stats(holds, heldOk) },
    orders: { per_s: rate(orders.filter(ordered)), call: stats(orders, ordered) },
    unrelated: stats(page),
  }
}

/**
 * Each admitted buyer against the clock: place p is allowed from opens_at + p × 60,000 / rate; an
 * "admitted" answer received before that was early. The lag after it is what polling costs.
 */
function admissionAgainstClock(places: Array<{ admittedAt: number | null; position: number | null }>, opensAt: number, perMinute: number) {
  let early = 0
  const lags: number[] = []
  for (const { admittedAt, position } of places) {
    if (admittedAt === null || position === null) continue
    const allowedAt = opensAt + (position * 60_000) / perMinute
    if (admittedAt < allowedAt) early++
    lags.push(admittedAt - allowedAt)
  }
  lags.sort((a, b) => a - b)
  const q = (x: number) => Math.round(lags[Math.min(lags.length - 1, Math.floor(x * lags.length))] ?? 0)
  return { admitted_before_the_clock_allowed: early, lag_after_allowed_p50_ms: q(0.5), lag_after_allowed_p99_ms: q(0.99) }
}
