import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { doorScanSchema, MAX_GATE_CHARS } from '../../contract/admin/door'
import { ErrorCode } from '../../contract/errors'
import { MAX_DB_ID, noNulText } from '../../contract/entities/common'
import { doorClock, provenClock } from '../domain/redemption/clock'
import { requireAtDoor, requireScansAtDoor } from '../domain/redemption/door-window'
import { MAX_BATCH_SCANS, redeem, redeemBatch } from '../domain/redemption/service'
import { ApiFailure } from '../errors'

/**
 * A scan of the shared-token API: the check-in app's scan (the same fields and meaning, `shown`
 * included: contract/admin/door.ts), naming its session and gate itself instead of a check-in list.
 */
const scanSchema = doorScanSchema.omit({ list_id: true }).extend({
  sessionId: z.number().int().positive().max(MAX_DB_ID),
  gate: noNulText().trim().min(1).max(MAX_GATE_CHARS),
})
/** Re-entry after a scanned exit: these calls name no check-in list, so the device sends it (default allowed). */
const policySchema = { reentry: z.boolean().default(true) }

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? ''
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : ''
}

function checkDoorToken(app: FastifyInstance, request: FastifyRequest): void {
  const expected = app.config.doorToken
  if (!expected) throw new ApiFailure('door-off')
  const sent = Buffer.from(bearer(request))
  const want = Buffer.from(expected)
  if (sent.length !== want.length || !timingSafeEqual(sent, want)) throw new ApiFailure('door-token')
}

/**
 * The ticket keys and the door's redemption calls (issues 19.3, 19.4).
 * - GET /api/tickets/keys (public): the public keys a scanner verifies QR tokens with offline.
 * - POST /api/door/redeem, POST /api/door/redeem-batch: one scan, or an offline upload, with
 *   `Authorization: Bearer DOOR_TOKEN`: one shared token for scanners of other makes. The
 *   check-in app uses the console's door calls instead (operators or API tokens of the door
 *   role, per-gate check-in lists: server/admin/door-handlers.ts; README, "Setting up a door").
 */
export function registerDoorRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get('/api/tickets/keys', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return {
      errorCode: ErrorCode.OK,
      errorText: '',
      algorithm: 'Ed25519',
      signingKid: app.ticketKeys.kid,
      keys: app.ticketKeys.published.map((k) => ({ kid: k.kid, publicKey: k.publicKey })),
    }
  })
  // The token is checked before the body is validated (preValidation): a caller without it learns
  // nothing of what the calls take, and is told so (401), not how its body is wrong.
  const tokenFirst = { preValidation: async (request: FastifyRequest) => checkDoorToken(app, request) }
  r.post('/api/door/redeem', { ...tokenFirst, schema: { body: scanSchema.extend(policySchema) } }, async (request) => {
    // The server's time, signed: a scanner times its next offline scans from it (contract/admin/door-clock.ts).
    const clock = doorClock(app.config.sessionSecret)
    const { reentry, ...scan } = request.body
    // The door's window, as the check-in app's scans (door-window.ts): a leaked token checks in no other session.
    await requireAtDoor(app.db, [scan.sessionId])
    const answer = await redeem(app.db, app.ticketKeys, { ...scan, clock: provenClock(app.config.sessionSecret, scan.clock) }, { reentry })
    return { errorCode: ErrorCode.OK, errorText: '', ...answer, clock }
  })
  r.post('/api/door/redeem-batch', { ...tokenFirst, schema: { body: z.object({ scans: z.array(scanSchema).min(1).max(MAX_BATCH_SCANS), ...policySchema }) } }, async (request) => {
    // An offline upload: taken for a while after the session began, as the check-in app's; a scan not
    // marked offline admits now, so only while the door is open (door-window.ts requireScansAtDoor).
    await requireScansAtDoor(app.db, request.body.scans)
    const scans = request.body.scans.map((s) => ({ ...s, clock: provenClock(app.config.sessionSecret, s.clock) }))
    const answers = await redeemBatch(app.db, app.ticketKeys, scans, { reentry: request.body.reentry })
    return { errorCode: ErrorCode.OK, errorText: '', answers }
  })
}
