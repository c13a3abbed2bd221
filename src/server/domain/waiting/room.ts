import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { QueueStatus } from '../../../contract/entities/queue'
import type { Db } from '../../db/connect'
import { ProcessCache } from '../../db/process-cache'
import { ApiFailure } from '../../errors'
import { retryAfterSeconds, type CounterStore } from '../../security/counter-store'
import { admissionAt, admitUpTo, ASK_RECORD_MS, ASK_SILENT_MS, estimateSeconds } from './admission'
import { countVisitors, drawOnce, findRoom, findVisitor, hasLiveWaiting, insertVisitor, placeAtBack, switchOnByLoad, touchVisitor, type WaitingRoomRow } from './waiting.repository'

/**
 * The waiting room of a session (issue 18.5). Numbers are ours (the spec has no waiting room):
 * - an admission token lasts ADMISSION_TOKEN_TTL_MS: long enough to choose seats and order, short
 *   enough that a token passed on stops working soon;
 * - the page asks again after poll_s (pollSeconds: QUEUE_POLL_S near the turn, up to
 *   QUEUE_POLL_MAX_S far back; after the draw each ask is the room's row and the visitor's, two
 *   indexed reads, and the queue's count at most once a QUEUE_COUNT_TTL_MS per process).
 *
 * Admission needs no job to run: the room's row keeps a watermark that the visitors' own polls
 * advance at the rate, with at most a minute's unused slots kept (admission.ts), so every process
 * and machine answers the same from the row, and a restart changes nothing. A visitor who leaves
 * (stops asking) has his place passed without a slot once ASK_SILENT_MS have gone by (admission.ts).
 */
export const ADMISSION_TOKEN_TTL_MS = 20 * 60_000
export const QUEUE_POLL_S = 5
/**
 * A visitor far back asks at most this rarely. With every visitor at QUEUE_POLL_S, 10,000 waiting
 * make 2,000 asks a second, about what the whole 2-core box answers (bench:load:cpu): the room
 * itself would be the rush. Asking about ASKS_PER_WAIT times over the wait instead, those minutes
 * from their turn ask every 30 s (a few hundred asks a second for 10,000); the page still asks at
 * the moment its estimate says the turn comes (waitingModel.nextAskMs), so no admission is later
 * for it. What it costs: an operator's change (room off, another rate) reaches the far back within
 * QUEUE_POLL_MAX_S, and the place on their page moves in steps of up to that long.
 */
export const QUEUE_POLL_MAX_S = 30
const ASKS_PER_WAIT = 10

/** poll_s for a visitor whose turn (or the on-sale moment) is `waitS` seconds away. */
export function pollSeconds(waitS: number): number {
  return Math.min(QUEUE_POLL_MAX_S, Math.max(QUEUE_POLL_S, Math.ceil(waitS / ASKS_PER_WAIT)))
}
/** Range of the random draw key given at join (the on-sale draw orders by it). */
const DRAW_KEY_RANGE = 2 ** 47

function tokenMac(secret: string, calendarId: number, sessionId: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`admission:${calendarId}:${sessionId}:${expiresAt}`).digest('base64url')
}

/**
 * True while the session's room is on and a visitor who asked within ASK_SILENT_MS waits in it
 * (issue 20 item 4: a hold is not extended then, so the seats go back to those waiting). Only
 * visitors still asking count: places of those who left kept it true for good (every extension
 * of the session refused) while nobody was waiting. Costs one read of the room and one indexed
 * look for a waiting visitor.
 */
export async function admittingOthers(db: Db, calendarId: number, now: number): Promise<boolean> {
  const room = await findRoom(db, calendarId)
  if (!room || room.enabled !== 1) return false
  const admitted = room.drawn_at === null ? Number(room.admitted) : admissionAt(room, now).admitted
  return hasLiveWaiting(db, calendarId, admitted, now - ASK_SILENT_MS)
}

/** A signed admission token for a visitor's session and one session of an event, valid until `expiresAt`. */
export function signAdmission(secret: string, calendarId: number, sessionId: string, expiresAt: number): string {
  return `${calendarId}.${expiresAt}.${tokenMac(secret, calendarId, sessionId, expiresAt)}`
}

/** True when `token` was signed for this visitor's session and this session of an event and has not expired. */
export function verifyAdmission(secret: string, token: string | undefined, calendarId: number, sessionId: string, now: number): boolean {
  if (!token) return false
  const parts = token.split('.')
  if (parts.length !== 3 || !/^\d{1,10}$/.test(parts[0]) || !/^\d{1,16}$/.test(parts[1])) return false
  const expiresAt = Number(parts[1])
  if (Number(parts[0]) !== calendarId || expiresAt <= now) return false
  const want = Buffer.from(tokenMac(secret, calendarId, sessionId, expiresAt))
  const got = Buffer.from(parts[2])
  return got.length === want.length && timingSafeEqual(got, want)
}

/**
 * How late the buying calls' door may see another process's change of a waiting room (issue 18:
 * it read the room on every buying call). This process's own changes are seen at once
 * (process-cache.ts), and a room that switches itself on refuses in every process from its own
 * load count. What the lag can cost: for up to this long after an operator turns a room on in
 * another process, buyers without a token still get through there.
 */
export const ROOM_CACHE_TTL_MS = 1000
/** Rooms kept per process before the cache is emptied. */
const ROOM_CACHE_KEYS = 1000
const roomCache = new ProcessCache<number, WaitingRoomRow | undefined>(ROOM_CACHE_TTL_MS, ROOM_CACHE_KEYS)

/** A session's waiting room as the buying calls' door sees it: at most ROOM_CACHE_TTL_MS old. */
export function doorRoom(db: Db, calendarId: number): Promise<WaitingRoomRow | undefined> {
  return roomCache.get(db, calendarId, () => findRoom(db, calendarId))
}

/** Drops this process's cached room of one session (a refusal is judged again on the fresh row). */
export function forgetDoorRoom(db: Db, calendarId: number): void {
  roomCache.forget(db, calendarId)
}

/**
 * How late a status answer's `waiting` (the people in the queue, shown on the waiting page) may
 * be: the count walks every visitor of the room, and every visitor polls every QUEUE_POLL_S, so
 * each process counts at most once this often (10,000 waiting: 2,000 polls a second, one count).
 * This process's own joins drop it at once. Display only: places and admission never read it.
 */
export const QUEUE_COUNT_TTL_MS = 1000
const visitorCount = new ProcessCache<number, number>(QUEUE_COUNT_TTL_MS, ROOM_CACHE_KEYS)

/** Window of the load count that switches a room on by itself (auto_per_minute is per this window). */
export const AUTO_WINDOW_MS = 60_000
/**
 * How far after the automatic switch its on-sale moment (the draw) is put: the buyers refused at
 * the switch are sent to the queue by their page at once, join before it and are drawn at random
 * with everyone else. With the moment at the switch itself, whoever asked first drew alone and
 * the rest were placed in the order they asked (a script asking again at once came first). Twice
 * the page's shortest poll: a page that was waiting asks again within it.
 */
export const AUTO_DRAW_GRACE_MS = 2 * QUEUE_POLL_S * 1000
/**
 * Tokens verified per session from one X-Admission-Token header (a general-admission order may
 * span sessions); more of that session are ignored. Only the tokens signed for the session asked
 * about count towards it (its calendar id leads the token: a string compare, no HMAC), so a
 * visitor holding tokens of many sessions never has the one that matters dropped (the first 16 of
 * the header were read, in the order the page held them: the 17th session's token was ignored and
 * its buyer refused). The header itself is bounded by the server's header size limit.
 */
export const MAX_TOKENS_PER_REQUEST = 16

/** The header's tokens for one session: those its calendar id leads, at most MAX_TOKENS_PER_REQUEST. */
export function tokensForSession(tokens: readonly string[], calendarId: number): string[] {
  const prefix = `${calendarId}.`
  const mine: string[] = []
  for (const t of tokens) {
    if (!t.startsWith(prefix)) continue
    mine.push(t)
    if (mine.length === MAX_TOKENS_PER_REQUEST) break
  }
  return mine
}

/**
 * Counter key of a room's load (shared counter store: every process counts into it), one per
 * version of the room's row (updated_at moves with every operator's save and every switch): a
 * count that switched the room on, or that the operator saw, never carries over to the room he
 * switched off (it switched itself on again at the next call and the queue was reset).
 */
const loadKey = (room: WaitingRoomRow) => `waiting-load:${room.calendar_id}:${room.updated_at}`

export interface AdmissionCheck {
  db: Db
  counters: CounterStore
  secret: string
  /** The visitor's session id (null: no session, never admitted). */
  sessionId: string | null
  /** The client's limit address (security/address-key.ts limitAddressOf): the load counts addresses. */
  address: string
  /** The X-Admission-Token header: one token or several joined by commas. */
  header: string | undefined
  now: number
  /** Told when a room switched itself on (for the log). */
  onAutoSwitch?: (calendarId: number, count: number) => void
}

/**
 * True when this call makes the load of an automatic room pass `auto_per_minute`: the load is the
 * client addresses making buying calls in AUTO_WINDOW_MS, not the calls. Counted before the
 * handler, calls were one client's to inflate (three orders with a wrong sum, refused anyway,
 * tripped a limit of 2); counted after it, one client's valid holds still would. Addresses are
 * what one client cannot multiply (sessions it can: 60 a minute), at the cost of a crowd behind
 * one address counting once. An address's first call of the window counts it (a second
 * shared-counter hit); its later calls read the count (the same round trip as their own mark).
 */
async function loadPasses(room: WaitingRoomRow, limit: number, c: AdmissionCheck): Promise<{ passes: boolean; count: number }> {
  const key = loadKey(room)
  const { hits, peeked } = await c.counters.hitAndPeek([{ key: `${key}:${c.address}`, windowMs: AUTO_WINDOW_MS }], c.now, [key])
  const count = hits[0].count === 1 ? (await c.counters.hit(key, AUTO_WINDOW_MS, c.now)).count : peeked[0]
  return { passes: count > limit, count }
}

/**
 * The door of the buying calls (issue 18.5): for each session the call touches that has a room,
 * a room that is on needs one of the visitor's tokens to verify for that session; a room that is
 * off but has `auto_per_minute` counts this call's address (loadPasses) and switches itself on
 * when the minute's count passes it, refusing this call too. Throws 'queue-required'.
 */
export async function requireAdmission(rooms: readonly WaitingRoomRow[], c: AdmissionCheck): Promise<void> {
  const tokens = (c.header ?? '').split(',').map((t) => t.trim()).filter(Boolean)
  for (const room of rooms) {
    let on = room.enabled === 1
    if (!on && room.auto_per_minute !== null && room.auto_per_minute !== undefined) {
      const load = await loadPasses(room, room.auto_per_minute, c)
      if (load.passes) {
        const switched = await switchOnByLoad(c.db, room.calendar_id, c.now, c.now + AUTO_DRAW_GRACE_MS, Number(room.updated_at))
        if (switched) c.onAutoSwitch?.(room.calendar_id, load.count)
        roomCache.forget(c.db, room.calendar_id)
        // Not switched here: another process did, or the operator changed the room since it was
        // read (its count is of settings no longer there): the fresh row says.
        on = switched || (await findRoom(c.db, room.calendar_id))?.enabled === 1
      }
    }
    if (!on) continue
    const sessionId = c.sessionId
    if (sessionId === null || !tokensForSession(tokens, room.calendar_id).some((t) => verifyAdmission(c.secret, t, room.calendar_id, sessionId, c.now))) throw new ApiFailure('queue-required')
  }
}

const statusBase = (calendarId: number) => ({ calendar_id: calendarId, poll_s: QUEUE_POLL_S, token: null, token_expires_at: null })
const offStatus = (calendarId: number): QueueStatus => ({ ...statusBase(calendarId), state: 'off', opens_at: null, place: null, waiting: 0, estimate_s: null })

/**
 * POST /api/queue/status of a session whose room is off, the same for every visitor (nobody
 * joins, nothing is written), or null when the room is on and the answer is the visitor's own.
 * The scheme page's landing answers (scheme/landing.ts) carry it so the page need not ask.
 */
export async function queueStatusIfOff(db: Db, calendarId: number): Promise<QueueStatus | null> {
  const room = await findRoom(db, calendarId)
  return !room || room.enabled !== 1 ? offStatus(calendarId) : null
}

/**
 * Queue places one client address may take in one session's room within QUEUE_JOIN_WINDOW_MS
 * (issue 18.5, audit item 3): each new visitor session joins with its own random draw key, so
 * without a bound one address starting sessions (60 a minute are allowed) held thousands of
 * entries in the draw. Counted in the shared counter store (guard_counters on PostgreSQL, Redis
 * with REDIS_URL, memory on SQLite), so N processes allow exactly the limit. A family or an
 * office behind one address shares it: QUEUE_JOINS_PER_ADDRESS sets it.
 */
export const QUEUE_JOIN_WINDOW_MS = 24 * 60 * 60_000

/** The per-address bound on joins (POST /api/queue/status of a visitor not yet in the room). */
export interface JoinLimit {
  counters: CounterStore
  /** The client address (request.ip). */
  address: string
  /** Joins allowed per address and room in QUEUE_JOIN_WINDOW_MS (config.queueJoinsPerAddress). */
  limit: number
}

/** Counter key of an address's joins of one session's room. */
const joinKey = (calendarId: number, address: string) => `queue-joins:${calendarId}:${address}`

/** The answer to an admitted visitor: a fresh token for ADMISSION_TOKEN_TTL_MS. */
function admittedStatus(secret: string, room: WaitingRoomRow, sessionId: string, waiting: number, now: number): QueueStatus {
  const expiresAt = now + ADMISSION_TOKEN_TTL_MS
  const token = signAdmission(secret, room.calendar_id, sessionId, expiresAt)
  return { ...statusBase(room.calendar_id), state: 'admitted', opens_at: room.opens_at, place: null, waiting, estimate_s: 0, token, token_expires_at: expiresAt }
}

/**
 * POST /api/queue/status: joins the visitor on the first call and answers where he stands. The
 * on-sale draw happens on the first call after the on-sale moment, whichever process answers it.
 * A join past the address's allowance is refused ('too-many-queue-joins', with Retry-After);
 * a visitor already in the room is never counted again.
 */
export async function queueStatus(db: Db, secret: string, calendarId: number, sessionId: string, now: number, join?: JoinLimit): Promise<QueueStatus> {
  const base = statusBase(calendarId)
  let room = await findRoom(db, calendarId)
  if (!room || room.enabled !== 1) return offStatus(calendarId)
  let visitor = await findVisitor(db, calendarId, sessionId)
  if (!visitor) {
    if (join) {
      const { count, resetInMs } = await join.counters.hit(joinKey(calendarId, join.address), QUEUE_JOIN_WINDOW_MS, now)
      if (count > join.limit) throw new ApiFailure('too-many-queue-joins', { retryAfterS: retryAfterSeconds(resetInMs) })
    }
    await insertVisitor(db, calendarId, sessionId, randomInt(DRAW_KEY_RANGE), now)
    // This process's joins count at once (another process's within QUEUE_COUNT_TTL_MS).
    visitorCount.forget(db, calendarId)
    visitor = (await findVisitor(db, calendarId, sessionId))!
  } else if (Number(visitor.asked_at) < now - ASK_RECORD_MS && (visitor.position === null || visitor.position > Number(room.admitted))) {
    // Still waiting: his ask keeps his place from being passed (admission.ts ASK_SILENT_MS).
    await touchVisitor(db, calendarId, sessionId, now)
  }
  const waiting = await visitorCount.get(db, calendarId, () => countVisitors(db, calendarId))
  // A visitor already admitted stays admitted when the operator moves the on-sale moment (into
  // the future, or back again): his place is kept (waiting.repository.ts saveRoom), so his
  // renewal is answered with a token as before, never with the wait for the new moment (the
  // page would shut his purchase halfway, cart and all).
  if (visitor.position !== null && visitor.position <= Number(room.admitted)) return admittedStatus(secret, room, sessionId, waiting, now)
  if (now < room.opens_at) {
    const untilOpen = Math.ceil((room.opens_at - now) / 1000)
    return { ...base, state: 'waiting', opens_at: room.opens_at, place: null, waiting, estimate_s: untilOpen, poll_s: pollSeconds(untilOpen) }
  }
  // The visitor's row is read again only when the draw or a place at the back may have changed it:
  // a poll after the draw of a visitor with a place costs the room's and his row's reads.
  if (room.drawn_at === null) {
    await drawOnce(db, calendarId, now)
    visitor = (await findVisitor(db, calendarId, sessionId))!
    // The draw set the room's last place: admission gives slots only up to it (admission.ts).
    room = (await findRoom(db, calendarId)) ?? room
  }
  // A visitor who joined as the draw ran, or after it, goes to the back (read again: of two
  // calls of his at once only one places him, and the other's increment is not his place).
  if (visitor.position === null) {
    await placeAtBack(db, calendarId, sessionId)
    visitor = (await findVisitor(db, calendarId, sessionId))!
  }
  const position = visitor.position!
  // One more write (the watermark) only while he waits and a slot has come since the last one.
  const advanced = await admitUpTo(db, room, position, now)
  room = advanced.room
  const admission = advanced.admission
  if (position <= admission.admitted) return admittedStatus(secret, room, sessionId, waiting, now)
  const place = position - admission.admitted
  const estimate = estimateSeconds(room, admission, position, now)
  return { ...base, state: 'waiting', opens_at: room.opens_at, place, waiting, estimate_s: estimate, poll_s: pollSeconds(estimate) }
}
