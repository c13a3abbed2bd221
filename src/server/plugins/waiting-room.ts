import type { FastifyInstance } from 'fastify'
import { ADMISSION_HEADER } from '../../contract/entities/queue'
import { roomIsOn, verifyAdmission } from '../domain/waiting/room'
import { ApiFailure } from '../errors'

/** The shop's buying calls of a session and where each carries the session's id. */
const BUYING_CALLS: Record<string, (body: Record<string, unknown>) => unknown> = {
  '/api/cart/update': (b) => b.calendar_id,
  '/api/cart/best': (b) => b.calendar_id,
  '/api/order/create-scheme': (b) => b.calendarId,
}

/**
 * While a session's waiting room is on, its buying calls refuse (403 'queue-required') a visitor
 * whose request lacks a valid admission token for his own session and that session of the event
 * (domain/waiting/room.ts). Runs after validation, so the body is the contract's; costs one
 * indexed read of the room per buying call.
 */
export function registerWaitingRoomGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const pick = BUYING_CALLS[request.routeOptions.url ?? '']
    if (!pick || request.method !== 'POST') return
    const calendarId = pick((request.body ?? {}) as Record<string, unknown>)
    if (typeof calendarId !== 'number' || !(await roomIsOn(app.db, calendarId))) return
    const header = request.headers[ADMISSION_HEADER]
    const token = Array.isArray(header) ? header[0] : header
    const session = request.session
    if (!session || !verifyAdmission(app.config.sessionSecret, token, calendarId, session.id, Date.now())) throw new ApiFailure('queue-required')
  })
}
