import type { FastifyInstance } from 'fastify'
import type { ParamsOf } from '../../contract/calls'
import { ErrorCode } from '../../contract/errors'
import { ApiFailure } from '../errors'
import { confirmReturn } from '../domain/returns/confirm'
import { createReturn } from '../domain/returns/create'
import { buildReturnData } from '../domain/returns/data'
import { toMajor } from '../../contract/rules/money'
import type { CallHandlers } from './registry'

type ReturnHandlers = Required<Pick<CallHandlers, 'orderReturnData' | 'orderReturnCreate' | 'orderReturnConfirm'>>

/** Ticket returns (001 §4 "Return"): the return page's data, the request and its confirmation. */
export function buildReturnHandlers(app: FastifyInstance): ReturnHandlers {
  const { db } = app
  const registry = app.payments
  const live = app.liveFeed
  return {
    orderReturnData: async ({ input, params, reply }) => {
      // registry.ts types optional params as undefined; the route validated them with the call's schema.
      if ((params as unknown as ParamsOf<'orderReturnData'>).hash !== input.hash) throw new ApiFailure('return-hash-mismatch')
      reply.header('cache-control', 'no-store')
      return buildReturnData(db, input.hash, input.lang, Date.now(), input.hashConf)
    },
    orderReturnCreate: async ({ input, request }) => {
      // The confirmation e-mail goes in the language the visitor asked in: the lang the request
      // carried (request.apiLang, read before the schema's default), else the order's.
      const { email } = await createReturn(db, app.config, app.log, { ...input, lang: request.apiLang }, Date.now(), request.commitGate)
      return { errorCode: ErrorCode.OK, errorText: '', email }
    },
    orderReturnConfirm: async ({ input, request }) => {
      const result = await confirmReturn(db, registry, app.log, input, Date.now(), request.commitGate)
      // Returned seats were logged as free in the same transaction: tell open maps now.
      if (result.calendarIds.length) live.changed()
      // A refund the bank has not taken yet is still a done return: the page says it is being sent.
      return { errorCode: ErrorCode.OK, errorText: '', summa: toMajor(result.refunded), ...(result.refundPending ? { refund_pending: true } : {}) }
    },
  }
}
