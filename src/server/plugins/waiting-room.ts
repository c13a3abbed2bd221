import type { FastifyInstance } from 'fastify'
import { calls, type BuyingCall } from '../../contract/calls'
import { ADMISSION_HEADER } from '../../contract/entities/queue'
import { doorRoom, forgetDoorRoom, requireAdmission } from '../domain/waiting/room'
import { ApiFailure } from '../errors'
import { roomsOfSlots, type WaitingRoomRow } from '../domain/waiting/waiting.repository'
import type { Db } from '../db/connect'
import { limitAddressOf } from '../security/address-key'
import { requestSessionId } from './session'

type Body = Record<string, unknown>

const roomOf = async (db: Db, id: unknown): Promise<WaitingRoomRow[]> => {
  if (typeof id !== 'number') return []
  const room = await doorRoom(db, id)
  return room ? [room] : []
}

/**
 * The waiting rooms each of the shop's buying calls touches: the seat-map calls name their
 * session by id; a general-admission order names the event's hash and each line's day and time.
 */
const ROOMS_OF: Record<BuyingCall, (db: Db, body: Body) => Promise<WaitingRoomRow[]>> = {
  cartUpdate: (db, b) => roomOf(db, b.calendar_id),
  cartBest: (db, b) => roomOf(db, b.calendar_id),
  orderCreateScheme: (db, b) => roomOf(db, b.calendarId),
  orderCreate: (db, b) => {
    const lines = Array.isArray(b.data) ? (b.data as Array<{ day?: unknown; time?: unknown }>) : []
    const slots = lines.filter((l) => typeof l.day === 'string' && typeof l.time === 'string') as Array<{ day: string; time: string }>
    return typeof b.hash === 'string' ? roomsOfSlots(db, b.hash, slots) : Promise.resolve([])
  },
}
/** The same by the path the server routes. */
const ROOMS_BY_PATH = new Map(Object.entries(ROOMS_OF).map(([name, pick]) => [calls[name as BuyingCall].path, pick]))

/** The calls above whose rooms come from the per-process cache (doorRoom); the others read theirs fresh. */
const CACHED_ROOM_CALLS = new Set([calls.cartUpdate.path, calls.cartBest.path, calls.orderCreateScheme.path])

/**
 * While a session's waiting room is on, its buying calls refuse (403 'queue-required') a visitor
 * whose request lacks a valid admission token for his own session and that session of the event
 * (domain/waiting/room.ts); a room set to switch itself on counts the calls here. Runs after
 * validation, so the body is the contract's; a seat-map call's room is read at most once a
 * ROOM_CACHE_TTL_MS per process, a general-admission order's rooms once per call (plus one
 * shared-counter round trip while an automatic room is off, two at an address's first call of
 * the minute).
 */
export function registerWaitingRoomGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const pick = ROOMS_BY_PATH.get(request.routeOptions.url ?? '')
    if (!pick || request.method !== 'POST') return
    const rooms = await pick(app.db, (request.body ?? {}) as Body)
    if (rooms.length === 0) return
    const header = request.headers[ADMISSION_HEADER]
    const check = {
      db: app.db,
      counters: app.counters,
      secret: app.config.sessionSecret,
      // A hold let through with its session unread (session.ts checkLater) names it by the signed
      // cookie's id, to which an admission token is bound; its own statement then checks the
      // session is live and the CSRF token its own (a bad token is refused there, or here first
      // as 'queue-required' when the room is on: nothing changes either way).
      sessionId: requestSessionId(request),
      // An automatic room counts client addresses, not calls (room.ts loadPasses).
      address: limitAddressOf(request),
      header: Array.isArray(header) ? header.join(',') : header,
      now: Date.now(),
      onAutoSwitch: (calendarId: number, count: number) => app.log.warn({ calendarId, count }, 'waiting room switched itself on by load'),
    }
    try {
      await requireAdmission(rooms, check)
    } catch (err) {
      if (!(err instanceof ApiFailure && err.reason === 'queue-required') || !CACHED_ROOM_CALLS.has(request.routeOptions.url ?? '')) throw err
      // Never refused on a cached room alone: a room another process turned off a moment ago is
      // read again (what it costs: a refused call reads its rooms twice; a room still on is then
      // found on, so the load counter of an automatic room is not hit again).
      for (const room of rooms) forgetDoorRoom(app.db, room.calendar_id)
      await requireAdmission(await pick(app.db, (request.body ?? {}) as Body), check)
    }
  })
}
