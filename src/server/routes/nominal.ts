import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/errors'
import { confirmNominal } from '../domain/nominal/confirm'
import { buildOrderData } from '../domain/nominal/order-data'
import { queueOrderPaidMail } from '../mail/templates/sendOrderPaid'
import type { CallHandlers } from './registry'

type NominalHandlers = Required<Pick<CallHandlers, 'orderData' | 'confirmNominal'>>

/** Named tickets (000 §7): the form's data and the confirmation of the visitors' details. */
export function buildNominalHandlers(app: FastifyInstance): NominalHandlers {
  const { db } = app
  return {
    orderData: async ({ input, reply }) => {
      reply.header('cache-control', 'no-store')
      return buildOrderData(db, input.hash, input.lang)
    },
    confirmNominal: async ({ input }) => {
      const hash = await confirmNominal(db, input)
      // A free named order is paid already: once confirmed, its tickets are e-mailed.
      queueOrderPaidMail(db, app.config, app.log, hash)
      return { errorCode: ErrorCode.OK, errorText: '', hash }
    },
  }
}
