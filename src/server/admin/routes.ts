import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { adminCalls, type AdminCallName, type AdminCalls } from '../../contract/admin/calls'
import { ErrorCode } from '../../contract/errors'
import { forgetProcessCaches } from '../db/process-cache'
import { unlessAnswered } from '../answered'
import type { Actor } from './context'
import { guard } from './guard'

type ParamsSchema<N extends AdminCallName> = NonNullable<AdminCalls[N]['params']>
type ParamsOf<N extends AdminCallName> = [ParamsSchema<N>] extends [never] ? Record<string, never> : ParamsSchema<N> extends z.ZodType ? z.output<ParamsSchema<N>> : Record<string, never>

export interface AdminCallInput<N extends AdminCallName> {
  input: z.output<AdminCalls[N]['request']>
  params: ParamsOf<N>
  /** The caller; for the public sign-in call a placeholder never used. */
  actor: Actor
  request: FastifyRequest
  reply: FastifyReply
}
export type AdminHandler<N extends AdminCallName> = (ctx: AdminCallInput<N>) => Promise<z.input<AdminCalls[N]['response']>>
export type AdminHandlers = { [N in AdminCallName]?: AdminHandler<N> }

function forgetOperatorEdits(app: FastifyInstance) {
  return async (_request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    forgetProcessCaches(app.db)
    return payload
  }
}

/** Registers every console call: guard (sign-in, role, CSRF) first, then zod validation, then the handler. */
export function registerAdminCalls(app: FastifyInstance, handlers: AdminHandlers): void {
  app.decorateRequest('actor', null)
  const typed = app.withTypeProvider<ZodTypeProvider>()
  for (const name of Object.keys(adminCalls) as AdminCallName[]) {
    const call = adminCalls[name]
    const handler = handlers[name] as AdminHandler<AdminCallName> | undefined
    const who = call.permission === 'public' ? 'No sign-in.' : call.permission === null ? 'Any signed-in operator or API token.' : `Needs permission ${call.permission}.`
    typed.route({
      method: call.method,
      url: call.path,
      ...('bodyLimit' in call && call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
      // A call that may legitimately run long has its own deadline (read by plugins/request-deadline.ts);
      // an upload's 413 names its size rule, not its padded bodyLimit (plugins/error-handler.ts).
      config: {
        ...('deadlineMs' in call && call.deadlineMs ? { deadlineMs: call.deadlineMs } : {}),
        ...('uploadLimit' in call && call.uploadLimit ? { uploadLimit: call.uploadLimit } : {}),
      },
      schema: {
        summary: call.summary,
        description: [who, 'description' in call ? call.description : ''].filter(Boolean).join(' '),
        tags: ['admin'],
        ...(call.permission === 'public' ? {} : { security: [{ operatorCookie: [] }, { apiToken: [] }] }),
        ...(call.method === 'GET' ? { querystring: call.request } : { body: call.request }),
        ...('params' in call && call.params ? { params: call.params } : {}),
        response: { 200: call.response },
      },
      onRequest: guard(app, call.permission, call.method),
      // An operator's write is committed by now: this process's hold and door caches forget what
      // they copied, so his next hold here sees his edit (other processes within their TTL).
      ...(call.method === 'GET' ? {} : { onSend: forgetOperatorEdits(app) }),
      handler: async (request, reply) => {
        if (!handler) return (reply as FastifyReply).code(501).send({ errorCode: ErrorCode.NOT_BUILT, errorText: `${call.path} is not available yet` })
        const input = call.method === 'GET' ? request.query : request.body
        return unlessAnswered(request, reply as FastifyReply, () => handler({ input, params: request.params, actor: request.actor, request, reply } as AdminCallInput<AdminCallName>))
      },
    })
  }
}
