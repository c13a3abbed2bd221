import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { can, type Permission } from '../../contract/admin/roles'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../contract/entities/token'
import { ApiFailure } from '../errors'
import { actorOfSession, actorOfToken, equalSecrets } from './auth'
import type { Actor } from './context'

/** The operator's cookie: signed, httpOnly, SameSite=Strict, sent only to the console's calls. */
export const OPERATOR_COOKIE = 'sw_op'
export const ADMIN_API_PREFIX = '/api/admin/'

const BEARER = /^Bearer\s+(\S+)$/i

/**
 * Sets (or, with maxAgeMs 0, clears) the operator cookie. Its lifetime is always the server
 * session's: at sign-in the idle limit, and each time a request moves the session's end
 * (auth.ts actorOfSession) the cookie is sent again to end then too (never past the session's
 * maximum lifetime). So the browser neither drops the cookie of a session still honoured, as a
 * fixed sign-in lifetime would after the idle limit however busy the operator, nor keeps one the
 * server has ended.
 */
export function setOperatorCookie(app: FastifyInstance, reply: FastifyReply, value: string, maxAgeMs: number): void {
  reply.setCookie(OPERATOR_COOKIE, value, {
    path: '/api/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https://'),
    signed: true,
    maxAge: Math.max(0, Math.floor(maxAgeMs / 1000)),
  })
}

/**
 * Who calls: the bearer token when one is sent (integrations), else the operator cookie. The
 * caller carries the request's commit gate: the console's writes commit through it (transaction.ts).
 */
export async function loadActor(app: FastifyInstance, request: FastifyRequest): Promise<Actor | null> {
  const now = Date.now()
  const auth = request.headers.authorization
  if (auth) {
    const m = BEARER.exec(auth)
    return m ? actorOfToken(app.db, m[1], request.ip, now, request.commitGate) : null
  }
  const value = operatorCookieOf(request)
  return value ? actorOfSession(app.db, value, request.ip, now, request.commitGate) : null
}

/** The session id of the request's operator cookie, or null (none, or its signature wrong). */
function operatorCookieOf(request: FastifyRequest): string | null {
  const raw = request.cookies[OPERATOR_COOKIE]
  if (!raw) return null
  const unsigned = request.unsignCookie(raw)
  return unsigned.valid && unsigned.value ? unsigned.value : null
}

/** Console POSTs from a browser carry X-Requested-With (no cross-site form can) … */
export function requireXhr(request: FastifyRequest): void {
  if (request.headers[XHR_HEADER.toLowerCase()] !== XHR_VALUE) throw new ApiFailure('admin-csrf')
}

/**
 * The check every console call passes before its body is read: signed in (cookie or token),
 * the role allows `permission`, and for a cookie session's POST the session's CSRF token.
 * Refusals: 401 -1010, 403 -1011, 403 -1000; nothing runs and nothing changes.
 */
export function guard(app: FastifyInstance, permission: Permission | null | 'public', method: 'GET' | 'POST') {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (permission === 'public') {
      if (method === 'POST') requireXhr(request)
      return
    }
    const actor = await loadActor(app, request)
    if (!actor) throw new ApiFailure('admin-signed-out')
    // The session's end moved (and is committed): the cookie follows it, whatever this call answers.
    const value = actor.sessionRenewedUntil !== undefined ? operatorCookieOf(request) : null
    if (value && actor.sessionRenewedUntil !== undefined) setOperatorCookie(app, reply, value, actor.sessionRenewedUntil - Date.now())
    if (method === 'POST' && actor.csrf !== null) {
      requireXhr(request)
      const sent = request.headers[CSRF_HEADER.toLowerCase()]
      if (typeof sent !== 'string' || !equalSecrets(sent, actor.csrf)) throw new ApiFailure('admin-csrf')
    }
    if (permission !== null && !can(actor.role, permission)) throw new ApiFailure('admin-forbidden')
    request.actor = actor
  }
}

/** The caller of a guarded call (set by guard). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new ApiFailure('admin-signed-out')
  return request.actor
}
