import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ErrorCode } from '../../../contract/errors'
import type { SandboxRefundBook } from './refunds'

/** The sandbox bank's refund controls (below /sandbox-bank, beside its pages). */
export const SANDBOX_REFUNDS_PATH = '/sandbox-bank/refunds'
export const SANDBOX_REFUSE_PATH = '/sandbox-bank/refunds/refuse'
/** The most refunds one switch may refuse (a switch left on by a demo still ends). */
const SANDBOX_REFUSE_MAX = 1000

const refuseBody = z.object({ count: z.number().int().min(0).max(SANDBOX_REFUSE_MAX) })
const listQuery = z.object({ payment: z.string().min(1).max(128) })

/**
 * Test and demo controls of the sandbox bank's refunds (refunds.ts), registered with the bank
 * only (routes.ts: never without SANDBOX_BANK), like its pages:
 * - POST /sandbox-bank/refunds/refuse {count}: the next `count` refunds are refused, as by a bank
 *   that is down (0 switches it off), so a refund left pending can be shown end to end;
 * - GET  /sandbox-bank/refunds?payment=PUBLIC_ID: the refunds the bank took of that payment, each
 *   once whatever the shop asked again, and how many refusals are left (one payment at a time: the
 *   bank lists no other payment to whoever asks).
 */
export function registerSandboxRefundControls(scope: FastifyInstance, book: SandboxRefundBook): void {
  scope.post(SANDBOX_REFUSE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const body = refuseBody.safeParse(request.body)
    if (!body.success) return reply.code(400).send({ errorCode: ErrorCode.BAD_REQUEST, errorText: `count: a whole number from 0 to ${SANDBOX_REFUSE_MAX}` })
    book.refuseNext(body.data.count)
    return { errorCode: ErrorCode.OK, errorText: '', refusing: book.refusingLeft }
  })
  scope.get(SANDBOX_REFUNDS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const query = listQuery.safeParse(request.query)
    if (!query.success) return reply.code(400).send({ errorCode: ErrorCode.BAD_REQUEST, errorText: 'payment: a payment id' })
    return { errorCode: ErrorCode.OK, errorText: '', refunds: book.list(query.data.payment), refusing: book.refusingLeft }
  })
}
