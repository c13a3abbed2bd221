import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/errors'
import { confirmNominal } from '../domain/nominal/confirm'
import { buildOrderData } from '../domain/nominal/order-data'
import { startTicketMail } from '../mail/templates/sendOrderPaid'
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
    confirmNominal: async ({ input, request }) => {
      // Committed through the request's gate (orders/commit-gate.ts): answered "busy", nothing is confirmed.
      const { hash, ticketMail } = await confirmNominal(db, input, Date.now(), request.commitGate)
      // A paid named order (free, or paid first) is due its tickets now: queued with the confirmation, first attempt now.
      if (ticketMail) startTicketMail(db, app.config, app.log, ticketMail)
      return { errorCode: ErrorCode.OK, errorText: '', hash }
    },
  }
}
