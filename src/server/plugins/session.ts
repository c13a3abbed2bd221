import '@fastify/cookie'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ErrorCode } from '../../contract/errors'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../contract/entities/token'
import { DOOR_API_PREFIX } from '../domain/redemption/constants'
import { findSessionCached, forgetCachedSession, sessionCached } from '../domain/sessions/cached'
import { insertSession, moveSession, touchSession } from '../domain/sessions/repository'
import { ApiFailure } from '../errors'
import { requestDb } from './page-pool'
import { SESSION_COOKIE } from '../security/cookies'
import type { SessionRow } from './context'

/** A session lives this long after its last request (sliding). */
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 3600 * 1000
/** Random bytes in session ids and CSRF tokens (256 bits: unguessable). */
const SECRET_BYTES = 32

const newSecret = () => randomBytes(SECRET_BYTES).toString('base64url')

/**
 * Sessions and CSRF.
 *
 * A session is a DB row keyed by a random id that travels in a signed, httpOnly, SameSite=Lax
 * cookie. GET /api/token creates the session when needed and answers its CSRF token. Every POST
 * under /api must send that token in X-CSRF-TOKEN and `X-Requested-With: XMLHttpRequest`, else
 * it is refused with 403 -1000 before anything changes: a missing header before the body is even
 * read, and a wrong token too, except on a buying call that waits for its lane (buying-lane.ts):
 * there the token is checked once the body is in, before validation, and for a seat hold whose
 * session this process has not read lately, by the hold's own statement (attachSession
 * `checkLater`).
 *
 * The token stays the same for the session's life (not rotated per GET /api/token): two open
 * tabs share one cookie and must not invalidate each other's token. The id itself changes when
 * the visitor signs in or out (rotateSession). Expired sessions are deleted
 * by a sweeper (plugins/services/sweepers.ts).
 */
export function registerSessions(app: FastifyInstance, deferred: (request: FastifyRequest) => boolean = () => false): void {
  app.decorateRequest('session', null)
  app.decorateRequest('uncheckedSession', null)

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return
    // The operator console has its own sessions and CSRF check (server/admin/guard.ts).
    if (request.url.startsWith('/api/admin/')) return
    const post = request.method === 'POST' && !request.is404 && !request.url.startsWith(DOOR_API_PREFIX)
    // The door API is authorised by its bearer token (routes/door.ts), which no other site can send.
    const failure = post ? headerFailure(request) : null
    if (failure) return reply.code(403).send({ errorCode: ErrorCode.CSRF, errorText: failure })
    // A buying call reads its session once it holds its lane (buying-lane.ts calls attachSession).
    if (deferred(request)) return
    return attachSession(app, request, reply)
  })
}

/**
 * Reads the request's session into `request.session` and, on a POST under /api, refuses (403
 * -1000) a CSRF token that is not the session's. The headers' presence is checked before the body
 * is read (the onRequest hook above).
 *
 * `checkLater` (a call whose own statement can check the session, buying-lane.ts): when this
 * process has not read the cookie's session within its cache's second, nothing is read here; the
 * id and the token sent go to `request.uncheckedSession`, and the call either checks them in the
 * statement that claims or calls settleSession before it changes anything. In an on-sale rush a
 * hold reaches a process that has not seen its visitor's session that second about always, and
 * the read was one of its two round trips (bench:load:cpu, 1,000 holds: server CPU a hold 1.73 →
 * 1.33 ms and 2.0 → 1.49 ms, holds/s 661 → 769 and 552 → 687 in two alternated pairs with the
 * read skipped). What it costs: a call with a bad token or an ended session is refused after its
 * body is validated, not before (nothing changes either way), and its last-seen time is not
 * touched by that call.
 */
export async function attachSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, checkLater = false): Promise<FastifyReply | undefined> {
  if (checkLater && request.method === 'POST') {
    const id = cookieSessionId(request)
    if (id && !sessionCached(app.db, id, Date.now())) {
      request.uncheckedSession = { id, csrfToken: sentToken(request) }
      return
    }
  }
  request.session = await loadSession(app, request)
  if (request.method !== 'POST' || request.is404 || request.url.startsWith(DOOR_API_PREFIX)) return
  const failure = tokenFailure(request)
  if (failure) return reply.code(403).send({ errorCode: ErrorCode.CSRF, errorText: failure })
}

/**
 * Reads and checks a session attachSession left unread (`request.uncheckedSession`), as it would
 * have: sets `request.session`, or refuses (ApiFailure 403 -1000: no live session, or a token not
 * the session's). Once per request; a request whose session was read answers it at once.
 */
export async function settleSession(app: FastifyInstance, request: FastifyRequest): Promise<SessionRow> {
  if (request.uncheckedSession) {
    request.session = await loadSession(app, request)
    request.uncheckedSession = null
    if (request.session && tokenFailure(request)) throw new ApiFailure('csrf-token')
  }
  if (!request.session) throw new ApiFailure('no-session')
  return request.session
}

/** The CSRF token the request sent (its presence is checked before the body, headerFailure). */
const sentToken = (request: FastifyRequest) => String(request.headers[CSRF_HEADER.toLowerCase()])

/** The request's session id: of the session read, or of the one left for its call to check (`uncheckedSession`); null without one. */
export function requestSessionId(request: FastifyRequest): string | null {
  return request.session?.id ?? request.uncheckedSession?.id ?? null
}

/** The session id the request's signed cookie names, or null. */
function cookieSessionId(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE]
  if (!raw) return null
  const unsigned = request.unsignCookie(raw)
  return unsigned.valid && unsigned.value ? unsigned.value : null
}

async function loadSession(app: FastifyInstance, request: FastifyRequest): Promise<SessionRow | null> {
  const id = cookieSessionId(request)
  if (!id) return null
  const now = Date.now()
  const db = requestDb(app, request)
  const session = await findSessionCached(db, id, now)
  if (session && now - session.last_seen_at > TOUCH_INTERVAL_MS) {
    await touchSession(db, session.id, now, now + SESSION_TTL_MS)
    // The cached row (shared, never changed in place) still has the old times: read it anew next.
    forgetCachedSession(db, session.id)
  }
  return session
}

function headerFailure(request: FastifyRequest): string | null {
  if (request.headers[XHR_HEADER.toLowerCase()] !== XHR_VALUE) {
    return `CSRF check failed: the ${XHR_HEADER}: ${XHR_VALUE} header is required`
  }
  const sent = request.headers[CSRF_HEADER.toLowerCase()]
  if (typeof sent !== 'string' || sent === '') {
    return `CSRF check failed: the ${CSRF_HEADER} header is missing; get a token from GET /api/token`
  }
  return null
}

function tokenFailure(request: FastifyRequest): string | null {
  if (!request.session) {
    return 'CSRF check failed: no session; get a token from GET /api/token (cookies must be enabled)'
  }
  const a = Buffer.from(sentToken(request))
  const b = Buffer.from(request.session.csrf_token)
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    return 'CSRF check failed: the token does not belong to this session; get a new one from GET /api/token'
  }
  return null
}

/** The request's session, created (with its cookie) when the visitor has none yet. */
export async function ensureSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<SessionRow> {
  if (request.session) return request.session
  const now = Date.now()
  const session: SessionRow = {
    id: newSecret(),
    csrf_token: newSecret(),
    lang: 'ru',
    crm_client_id: null,
    created_at: now,
    last_seen_at: now,
    expires_at: now + SESSION_TTL_MS,
  }
  await insertSession(requestDb(app, request), session)
  setSessionCookie(app, reply, session.id)
  request.session = session
  return session
}

function setSessionCookie(app: FastifyInstance, reply: FastifyReply, id: string): void {
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
    signed: true,
    maxAge: SESSION_TTL_MS / 1000,
  })
}

/**
 * Signs the visitor in as `crmClientId` (or out: null) under a new session id, with a new cookie:
 * the old id is void from then on (session fixation: an id someone planted or read before the
 * sign-in never carries the signed-in client). His carts and holds, orders and waiting-room
 * places move with him (sessions/repository.ts moveSession). The CSRF token stays: the page and
 * its other tabs hold it, and it is worth nothing without the cookie (the XHR header keeps other
 * sites from sending it). An admission token is bound to the id (waiting/room.ts): the app asks
 * the queue again after a sign-in (app/state/admission.ts renewAdmissions), where his place is
 * kept and a new token issued.
 */
export async function rotateSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, crmClientId: number | null): Promise<SessionRow> {
  const from = request.session
  if (!from) throw new Error('rotateSession needs the request\'s session (the CSRF check requires one)')
  const now = Date.now()
  const to: SessionRow = { ...from, id: newSecret(), crm_client_id: crmClientId, created_at: now, last_seen_at: now, expires_at: now + SESSION_TTL_MS }
  // Moved already by a sign-in at the same moment: this request's cookie names no session now,
  // as any request of the old cookie that comes after (-1000: the client asks for a token again).
  const moved = await moveSession(app.db, from, to)
  forgetCachedSession(app.db, from.id)
  if (!moved) throw new ApiFailure('no-session')
  setSessionCookie(app, reply, to.id)
  request.session = to
  return to
}
