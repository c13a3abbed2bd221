import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { calls, type CallName, type Calls, type ParamsOf, type ResponseOf } from '../../contract/calls'
import { ErrorCode } from '../../contract/errors'
import type { Db } from '../db/connect'
import { unlessAnswered } from '../answered'
import { handleFor, isPageCall } from '../plugins/page-pool'

/** What a call's handler receives: the validated body (POST) or query (GET) and path params. */
export interface CallInput<N extends CallName> {
  input: z.output<Calls[N]['request']>
  params: ParamsOf<N>
  request: FastifyRequest
  reply: FastifyReply
  /** The handle of this call's database work: the page handle for a page call (plugins/page-pool.ts), else the main one. */
  db: Db
}

export type CallHandler<N extends CallName> = (ctx: CallInput<N>) => Promise<ResponseOf<N>>
export type CallHandlers = { [N in CallName]?: CallHandler<N> }

/** Tag per path prefix, so /api/docs groups the calls. */
function tagOf(path: string): string {
  const part = path.split('/')[2] ?? 'api'
  return part
}

/**
 * Registers one route per entry of the contract registry. Calls with a handler validate their
 * request and serialize their answer with the contract's zod schemas. Calls without one answer
 * 501 -1009 "<path> is not available yet" (their schemas still document them in OpenAPI; the
 * body is not validated because nothing uses it).
 */
export function registerCalls(app: FastifyInstance, handlers: CallHandlers): void {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  for (const name of Object.keys(calls) as CallName[]) {
    const call = calls[name]
    const handler = handlers[name] as CallHandler<CallName> | undefined
    const schema = {
      summary: call.summary,
      description: 'description' in call ? call.description : undefined,
      tags: [tagOf(call.path)],
      ...(call.method === 'GET' ? { querystring: call.request } : { body: call.request }),
      ...('params' in call && call.params ? { params: call.params } : {}),
      response: { 200: call.response },
    }
    if (!handler) {
      typed.route({
        method: call.method,
        url: call.path,
        schema,
        // Nothing reads the request of a call that is not built; accept whatever comes.
        validatorCompiler: () => (data) => ({ value: data }),
        handler: async (_request, reply) =>
          (reply as FastifyReply).code(501).send({ errorCode: ErrorCode.NOT_BUILT, errorText: `${call.path} is not available yet` }),
      })
      continue
    }
    const pageCall = isPageCall(name)
    const db = handleFor(app, pageCall)
    typed.route({
      method: call.method,
      url: call.path,
      schema,
      config: { pageCall },
      handler: async (request, reply) => {
        const input = call.method === 'GET' ? request.query : request.body
        return unlessAnswered(request, reply as FastifyReply, () => handler({ input, params: request.params as never, request, reply, db } as CallInput<CallName>))
      },
    })
  }
}
