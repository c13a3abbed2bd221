import type { FastifyInstance } from 'fastify'
import { accessHandlers } from './access-handlers'
import { catalogueHandlers } from './catalogue-handlers'
import { registerAdminCalls } from './routes'
import { eventSales, listOrders, sessionSales } from './sales'
import { setWaitingRoom } from './waiting-room'

/** The operator console's API under /api/admin (issue 17): access, catalogue, sales. */
export function registerAdmin(app: FastifyInstance): void {
  registerAdminCalls(app, {
    ...accessHandlers(app),
    ...catalogueHandlers(app),
    sessionWaitingRoom: async ({ input, params, actor }) => setWaitingRoom(app.db, actor, params.id, input, Date.now()),
    sessionSales: async ({ params }) => sessionSales(app.db, params.id, Date.now()),
    eventSales: async ({ params }) => eventSales(app.db, params.id, Date.now()),
    orders: async ({ input }) => ({ orders: await listOrders(app.db, input, Date.now()) }),
  })
}
