import type { FastifyInstance } from 'fastify'
import { verifyCrmToken } from '../crm/token'
import { buildAfisha } from '../domain/catalog/service'
import { ANONYMOUS, crmClientView } from '../domain/crm/service'
import { buildSetup } from '../domain/settings/service'
import { ApiFailure } from '../errors'
import { ensureSession, rotateSession } from '../plugins/session'
import { buildNominalHandlers } from './nominal'
import { anonymousListing, sendSharedAnswer } from './listing-answer'
import { buildOrderHandlers } from './orders'
import { buildPaymentHandlers } from './payments'
import { buildReturnHandlers } from './returns'
import { buildSchemeHandlers } from './scheme'
import { queueStatus } from '../domain/waiting/room'
import { limitAddressOf } from '../security/address-key'
import type { CallHandlers } from './registry'

/**
 * Handlers of the calls built so far. Each stays thin: session and input come in, a domain
 * service answers. Calls missing here answer 501 -1009 (see registry.ts).
 */
export function buildHandlers(app: FastifyInstance): CallHandlers {
  const { db } = app
  return {
    ...buildOrderHandlers(app),
    ...buildSchemeHandlers(app),
    ...buildPaymentHandlers(app),
    ...buildReturnHandlers(app),
    ...buildNominalHandlers(app),

    // The CSRF check already required a session, so it exists here. A join counts against the
    // address's allowance (room.ts QUEUE_JOIN_WINDOW_MS); a refusal says when the window ends.
    queueStatus: async ({ input, request, reply }) => {
      const join = { counters: app.counters, address: limitAddressOf(request), limit: app.config.queueJoinsPerAddress }
      try {
        return await queueStatus(db, app.config.sessionSecret, input.calendar_id, request.session!.id, Date.now(), join)
      } catch (err) {
        if (err instanceof ApiFailure && err.reason === 'too-many-queue-joins') reply.header('retry-after', String(err.params.retryAfterS))
        throw err
      }
    },

    token: async ({ request, reply }) => {
      const session = await ensureSession(app, request, reply)
      reply.header('cache-control', 'no-store')
      return { response: session.csrf_token }
    },

    // Page calls (plugins/page-pool.ts): through the handle they are given.
    setup: async ({ request, db: page }) => buildSetup(page, await crmClientView(page, request.session?.crm_client_id ?? null)),

    afisha: async ({ request, reply, db: page }) => {
      const clientId = request.session?.crm_client_id ?? null
      // Everyone without a CRM client gets one shared answer (listing-answer.ts).
      if (clientId === null) return sendSharedAnswer(request, reply, await anonymousListing(page)) as never
      return buildAfisha(page, await buildSetup(page, await crmClientView(page, clientId)))
    },

    crmClientInfo: async ({ input, request, reply }) => {
      // The CSRF check already required a session, so it exists here.
      const session = request.session!
      if (input.token === undefined) {
        return { crm_client: session.crm_client_id === null ? null : await crmClientView(db, session.crm_client_id) }
      }
      // Production without CRM_SECRET: the default key is public, so no token is taken (config.ts crmSignIn).
      if (!app.config.crmSignIn) throw new ApiFailure('crm-refused', { reason: 'the CRM sign-in is off: CRM_SECRET is not set in production' })
      const check = verifyCrmToken(app.config.crmSecret, input.token)
      // Why the token failed (expired, bad signature) goes to the log only.
      if (!check.ok) throw new ApiFailure('crm-refused', { reason: check.reason })
      const view = await crmClientView(db, check.id)
      if (view === ANONYMOUS) throw new ApiFailure('crm-unknown', { id: check.id })
      await rotateSession(app, request, reply, check.id)
      return { crm_client: view }
    },

    crmLogout: async ({ request, reply }) => {
      await rotateSession(app, request, reply, null)
      return { crm_client: null }
    },
  }
}
