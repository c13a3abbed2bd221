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
  const raw = request.cookies[OPERATOR_COOKIE]
  if (!raw) return null
  const unsigned = request.unsignCookie(raw)
  if (!unsigned.valid || !unsigned.value) return null
  return actorOfSession(app.db, unsigned.value, request.ip, now, request.commitGate)
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
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (permission === 'public') {
      if (method === 'POST') requireXhr(request)
      return
    }
    const actor = await loadActor(app, request)
    if (!actor) throw new ApiFailure('admin-signed-out')
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
