/**
 * The rush scenarios of bench/load/run.ts, each against one running installation (its URL and a
 * database handle of the bench's own for setup and checks). Every scenario fires its buyers at
 * once after their sessions exist (starting sessions is not what is measured).
 */
import { sql } from 'kysely'
import { ticketTotals } from '../../src/app/kernel/cart'
import type { PriceRow } from '../../src/contract/entities/price'
import type { Db } from '../../src/server/db/connect'
import { saveRoom } from '../../src/server/domain/waiting/waiting.repository'
import { demoHash } from '../../src/server/seed/catalog'
import { startBuyers, stats, unrelatedVisitor, type Buyer, type CallResult, type CallStats } from './buyers'
import { byProcess } from './freeze'
import { cardTypeId, pay, PAY_SHARE, type Confirmed } from './payments'
import { buyerDetails, checkboxIds, hold, held, ordered, orderSeats, seatSession } from './seat-calls'

export interface Target {
  url: string
  db: Db
  /**
   * The PostgreSQL cluster's fault injection: kills one process and freezes another once `start`
   * resolves (a share of the burst's calls answered), and answers which ones and when.
   */
  faults?: (start: Promise<void>) => Promise<Faults>
}

/** What the fault injection did; `skipped` when it could not (too few live processes). */
export interface Faults {
  killed_with_sigkill?: number
  frozen_with_sigstop?: number
  frozen_ms?: number
  /** performance.now() of the SIGSTOP and of the SIGCONT. */
  frozen_from?: number
  frozen_until?: number
  skipped?: string
}

/** The unrelated page probed during each rush: the listing every visitor opens first. */
export const UNRELATED_PAGE = '/api/afisha'
/** The on-sale moment comes this long after every visitor joined. */
const ON_SALE_AFTER_JOIN_MS = 2_000
/** A general-admission demo event. */
const GA_EVENT = 'twelfth-night'
/**
 * Faults land once this share of a burst's calls has been answered: by progress, not by the
 * clock, so they hit the burst however fast or slow the box is that minute. Early, because the
 * burst's calls are handed to the processes when it starts: at a quarter answered (tried first)
 * the frozen process had sometimes answered all of its share already and the freeze held nothing.
 */
const FAULT_AFTER_SHARE = 0.1

export interface RushResult {
  buyers: number
  wall_ms: number
  /** Successful calls a second, from the burst's start to its last success. */
  per_s: number
  call: CallStats
  unrelated: CallStats
  faults?: Record<string, unknown>
  /** Under faults: the calls split by the process that answered them (X-Served-By). */
  by_process?: ReturnType<typeof byProcess>
}

/**
 * Wraps each call of a burst so the burst knows how many are answered (the faults' trigger).
 * Every scenario's calls go through it; only bursts with faults wait on the count.
 */
export type Tally = <T>(call: Promise<T>) => Promise<T>

export async function burst(t: Target, run: (tally: Tally) => Promise<CallResult[]>, okOf: (r: CallResult, i: number) => boolean, calls = 0, withFaults = false): Promise<RushResult & { results: CallResult[] }> {
  const visitor = await unrelatedVisitor(t.url, UNRELATED_PAGE)
  const started = performance.now()
  const faultAfter = Math.max(1, Math.round(calls * FAULT_AFTER_SHARE))
  let answered = 0
  let answeredAtFault = -1
  let fire = () => {}
  const trigger = new Promise<void>((ok) => (fire = ok)).then(() => {
    answeredAtFault = answered
  })
  const tally: Tally = (call) =>
    call.then((x) => {
      if (++answered === faultAfter) fire()
      return x
    })
  const faulting = withFaults && t.faults ? t.faults(trigger) : Promise.resolve(undefined)
  const pending = run(tally)
  // Started once the calls are sent, so the visitor's first fetch leaves with the burst, not before it.
  visitor.start()
  const results = await pending
  const page = await visitor.stop()
  const ended = performance.now()
  // A burst with fewer calls than expected still lets its faults run (they land after it: said so below).
  fire()
  const injected = await faulting
  const wall = ended - started
  const good = new Set(results.filter(okOf))
  // The rate runs to the last success: a call hung on a frozen or killed process is counted in
  // the call's stats, not allowed to stretch the rate's time.
  const busy = Math.max(1, ...[...good].map((r) => r.at - started))
  const out: RushResult & { results: CallResult[] } = { buyers: results.length, wall_ms: Math.round(wall), per_s: Math.round((good.size / busy) * 1000), call: stats(results, (r) => good.has(r)), unrelated: stats(page), results }
  if (injected) {
    const { frozen_from, frozen_until, ...rest } = injected
    const landed = frozen_from !== undefined && frozen_from < ended
    out.faults = { ...rest, after_answers: answeredAtFault, of_calls: results.length, at_ms: frozen_from === undefined ? null : Math.round(frozen_from - started), landed_inside_burst: landed }
    if (frozen_from !== undefined && frozen_until !== undefined && injected.frozen_with_sigstop !== undefined)
      out.by_process = byProcess(results, (r) => good.has(r), { killed: injected.killed_with_sigkill, frozen: injected.frozen_with_sigstop }, { from: frozen_from, until: frozen_until }, page)
  }
  return out
}

/** `n` buyers race for the same 20 seats; the 20 winners order theirs. */
export async function raceForTwenty(t: Target, n: number) {
  const [first] = await startBuyers(t.url, 1)
  const s = await seatSession(first, 1)
  const seats = s.free.slice(0, 20)
  const checkboxes = await checkboxIds(first)
  const buyers = await startBuyers(t.url, n)
  const holds = await burst(t, () => Promise.all(buyers.map((b, i) => hold(b, s, seats[i % 20]))), (r) => r.status === 200 && Array.isArray(r.body?.items) && (r.body.items as unknown[]).length > 0)
  const winners = buyers.map((b, i) => ({ b, seat: seats[i % 20], r: holds.results[i] })).filter((w) => held(w.r, w.seat.seat_id))
  const orders = await burst(t, () => Promise.all(winners.map((w) => orderSeats(w.b, s, w.seat, checkboxes))), ordered)
  const { results: _h, ...holdsOut } = holds
  const { results: _o, ...ordersOut } = orders
  return { calendarId: s.calendarId, seats: 20, winners: winners.length, holds: holdsOut, orders: ordersOut }
}

/**
 * `n` buyers each hold a distinct seat of one session, then order it, then PAY_SHARE of those with
 * an order pay it through the sandbox bank. With `withFaults` (and a target that has them) one
 * process is killed and another frozen once a tenth of the holds are answered, and again once
 * a tenth of the payments are. Answers the payments the bank confirmed, for checkPaidOrders.
 */
export async function distinctSeats(t: Target, n: number, withFaults = false) {
  const [first] = await startBuyers(t.url, 1)
  const s = await seatSession(first, 0)
  const checkboxes = await checkboxIds(first)
  if (s.free.length < n) throw new Error(`session ${s.calendarId} has ${s.free.length} free seats, ${n} needed`)
  const buyers = await startBuyers(t.url, n)
  const holds = await burst(t, (tally) => Promise.all(buyers.map((b, i) => tally(hold(b, s, s.free[i])))), (r, i) => held(r, s.free[i]?.seat_id ?? ''), n, withFaults)
  const placed: Array<{ b: Buyer; r: CallResult }> = []
  const orders = await burst(
    t,
    () =>
      Promise.all(buyers.map(async (b, i) => (held(holds.results[i], s.free[i].seat_id) ? { b, r: await orderSeats(b, s, s.free[i], checkboxes) } : null))).then((all) => {
        for (const x of all) if (x) placed.push(x)
        return placed.map((x) => x.r)
      }),
    ordered,
  )
  const payers = placed.filter((x) => ordered(x.r)).filter((_, i) => i % Math.round(1 / PAY_SHARE) === 0).map((x) => ({ b: x.b, hash: String(x.r.body!.hash) }))
  const typeId = payers.length ? await cardTypeId(payers[0].b, payers[0].hash) : 0
  const confirmed: Confirmed[] = []
  const payments = await burst(
    t,
    (tally) =>
      Promise.all(payers.map((p) => tally(pay(p.b, p.hash, typeId)))).then((all) => {
        for (const x of all) if (x.confirmed) confirmed.push(x.confirmed)
        return all.map((x) => x.result)
      }),
    (r) => r.status === 303,
    payers.length,
    withFaults,
  )
  const { results: _h, ...holdsOut } = holds
  const { results: _o, ...ordersOut } = orders
  const { results: _p, ...paymentsOut } = payments
  return { calendarId: s.calendarId, holds: holdsOut, orders: ordersOut, payments: { payers: payers.length, confirmed_by_bank: confirmed.length, ...paymentsOut }, confirmed }
}

/** `n` buyers race for the last `left` general-admission tickets of a session (one ticket each). */
export async function lastTickets(t: Target, n: number, left: number) {
  const [first] = await startBuyers(t.url, 1)
  const hash = demoHash('event', GA_EVENT)
  const page = (await first.call('POST', '/api/no-scheme', { hash })).body as { calendar: Array<{ day: string; times: Array<{ time: string; calendar_id: number }> }>; price: PriceRow[]; checkboxList: Array<{ id: number }> }
  const day = page.calendar[0]
  const slot = day.times[0]
  const row = page.price.find((p) => p.action_day === day.day && p.time === slot.time)!
  // The session's capacity set so that exactly `left` tickets remain.
  await t.db.updateTable('calendars').set({ capacity: left }).where('id', '=', slot.calendar_id).execute()
  const body = {
    ...buyerDetails,
    hash,
    data: [{ day: day.day, time: slot.time, actionId: row.action_id, categoryId: row.clientcategory_id, zoneId: row.zonelevel_id, quantity: 1, sum: ticketTotals([{ row, quantity: 1 }]).total }],
    checkboxList: page.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
  }
  const buyers = await startBuyers(t.url, n)
  const orders = await burst(t, () => Promise.all(buyers.map((b) => b.call('POST', '/api/order/create', body))), ordered)
  const { results: _r, ...out } = orders
  return { calendarId: slot.calendar_id, left, sold: orders.results.filter(ordered).length, orders: out }
}

/**
 * An on-sale through the waiting room: `n` visitors join before the on-sale moment, then all ask
 * at once after it (the first ask draws the random order). The storefront's waiting page spreads
 * its asks after the on-sale (waitingModel.nextAskMs); all at once is the worst case, clients that
 * ignore that (scripts). Admission accuracy: the admitted count
 * of that round against what the rate allows between the round's start and end.
 */
export async function onSale(t: Target, n: number, perMinute: number) {
  const [first] = await startBuyers(t.url, 1)
  const hash = demoHash('event', GA_EVENT)
  const page = (await first.call('POST', '/api/no-scheme', { hash })).body as { calendar: Array<{ times: Array<{ calendar_id: number }> }> }
  const calendarId = page.calendar[1].times[0].calendar_id
  const visitors = await startBuyers(t.url, n)
  const room = (opensAt: number) => saveRoom(t.db, calendarId, { enabled: 1, opens_at: opensAt, admit_per_minute: perMinute, auto_per_minute: null }, Date.now())
  // The on-sale moment is set far ahead while everyone joins, then brought to ON_SALE_AFTER_JOIN_MS from then.
  await room(Date.now() + 3_600_000)
  const ask = (v: Buyer) => v.call('POST', '/api/queue/status', { calendar_id: calendarId })
  const join = await burst(t, () => Promise.all(visitors.map(ask)), (r) => r.status === 200 && r.body?.state === 'waiting')
  const opensAt = Date.now() + ON_SALE_AFTER_JOIN_MS
  await room(opensAt)
  await new Promise((ok) => setTimeout(ok, ON_SALE_AFTER_JOIN_MS + 1000))
  const roundStart = Date.now()
  const round = await burst(t, () => Promise.all(visitors.map(ask)), (r) => r.status === 200)
  const roundEnd = Date.now()
  const admitted = round.results.filter((r) => r.body?.state === 'admitted').length
  const allowed = (at: number) => Math.min(n, Math.floor(((at - opensAt) * perMinute) / 60_000))
  const rows = await t.db.selectFrom('waiting_visitors').select(['position', 'joined_at']).where('calendar_id', '=', calendarId).orderBy('joined_at').execute()
  const positions = rows.map((r) => Number(r.position))
  const distinct = new Set(positions).size
  const { results: _j, ...joinOut } = join
  const { results: _r, ...roundOut } = round
  return {
    calendarId,
    visitors: n,
    admit_per_minute: perMinute,
    join: joinOut,
    after_on_sale: roundOut,
    admission: { admitted, allowed_at_round_start: allowed(roundStart), allowed_at_round_end: allowed(roundEnd), within: admitted >= allowed(roundStart) && admitted <= allowed(roundEnd) },
    draw: { places: positions.length, distinct, permutation: distinct === n && Math.min(...positions) === 1 && Math.max(...positions) === n, join_order_rank_correlation: rankCorrelation(positions) },
  }
}

/** Spearman correlation of arrival order with place (near 0: arriving early buys nothing). */
function rankCorrelation(positionsByArrival: number[]): number {
  const n = positionsByArrival.length
  if (n < 2) return 0
  let d2 = 0
  positionsByArrival.forEach((p, i) => (d2 += (p - (i + 1)) ** 2))
  return Math.round((1 - (6 * d2) / (n * (n * n - 1))) * 1000) / 1000
}

/** The database afterwards: every seat live at most once, every ticket at most its stock, no order without lines. */
export async function checkDatabase(db: Db, gaCalendarId: number, gaLeft: number) {
  const doubleSeats = await db
    .selectFrom('seat_holds')
    .select(['calendar_id', 'seat_id', sql<number>`count(*)`.as('n')])
    .where('released_at', 'is', null)
    .groupBy(['calendar_id', 'seat_id'])
    .having(sql<number>`count(*)`, '>', 1)
    .execute()
  const doubleLines = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.calendar_id', 'l.seat_id', sql<number>`count(*)`.as('n')])
    .where('o.status', '<>', 90)
    .where('l.seat_id', 'is not', null)
    .groupBy(['l.calendar_id', 'l.seat_id'])
    .having(sql<number>`count(*)`, '>', 1)
    .execute()
  const ga = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(sql<number>`coalesce(sum(l.quantity), 0)`.as('n'))
    .where('l.calendar_id', '=', gaCalendarId)
    .where('o.status', '<>', 90)
    .executeTakeFirstOrThrow()
  const bare = await db
    .selectFrom('orders as o')
    .select(sql<number>`count(*)`.as('n'))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_lines as l').select('l.id').whereRef('l.order_id', '=', 'o.id'))))
    .executeTakeFirstOrThrow()
  const result = {
    seats_live_more_than_once: doubleSeats.length,
    seats_ordered_more_than_once: doubleLines.length,
    ga_tickets_ordered: Number(ga.n),
    ga_stock: gaLeft,
    orders_without_lines: Number(bare.n),
  }
  return { ...result, pass: result.seats_live_more_than_once === 0 && result.seats_ordered_more_than_once === 0 && result.ga_tickets_ordered <= gaLeft && result.orders_without_lines === 0 }
}
