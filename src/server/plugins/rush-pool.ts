import type { FastifyInstance, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import { runAsRush } from '../db/pool-share'
import { LANE_PATHS } from './buying-lane'

/**
 * Which requests are the rush's (db/pool-share.ts): the buying lane's calls (buying-lane.ts) and
 * the routes that say so in their config (`config: { rush: true }`: the bank's callbacks and the
 * sandbox bank's own pages, which come with every payment of a burst). Their database work takes
 * the rush pool's connections; a page's never waits behind them.
 */
export function isRushRequest(request: FastifyRequest): boolean {
  return request.routeOptions.config?.rush === true || (request.method === 'POST' && LANE_PATHS.has(request.routeOptions.url ?? ''))
}

/**
 * Marks the rush's requests. Twice, because the asynchronous context set while the body is still
 * coming does not survive its parsing (the parser resumes from the socket's events): at onRequest
 * for the hooks before it, at preValidation for the rest. Registered before the buying lane, whose
 * preValidation reads the session.
 */
export function registerRushPool(app: FastifyInstance): void {
  const mark = (request: FastifyRequest, _reply: unknown, done: HookHandlerDoneFunction) => {
    if (isRushRequest(request)) runAsRush(() => done())
    else done()
  }
  app.addHook('onRequest', mark)
  app.addHook('preValidation', mark)
}
