import type { FastifyInstance } from 'fastify'
import { accessHandlers } from './access-handlers'
import { boxOfficeHandlers } from './boxoffice-handlers'
import { careHandlers } from './care-handlers'
import { catalogueHandlers } from './catalogue-handlers'
import { doorHandlers } from './door-handlers'
import { offerHandlers } from './offers/handlers'
import { registerAdminCalls } from './routes'
import { DEFAULT_LANG } from '../../contract/lang'
import { eventSales, listOrders, sessionSales } from './sales'
import { sessionSalesExport } from './sales-export'
import { studioHandlers } from './studio/handlers'
import { getWaitingRoom, setWaitingRoom } from './waiting-room'
import { sessionSeating, setEventSeating, setSessionSeating } from './seating'

/** The operator console's API under /api/admin (issue 17): access, catalogue, the venue map studio, sales, check-in lists and the door (issue 19.4). */
export function registerAdmin(app: FastifyInstance): void {
  registerAdminCalls(app, {
    ...accessHandlers(app),
    ...catalogueHandlers(app),
    ...doorHandlers(app),
    ...careHandlers(app),
    ...boxOfficeHandlers(app),
    ...studioHandlers(app),
    ...offerHandlers(app),
    sessionWaitingRoomGet: async ({ params }) => getWaitingRoom(app.db, params.id, Date.now()),
    sessionWaitingRoom: async ({ input, params, actor }) => setWaitingRoom(app.db, actor, params.id, input, Date.now()),
    eventSeating: async ({ input, params, actor }) => setEventSeating(app.db, actor, params.id, input),
    sessionSeating: async ({ input, params, actor }) => setSessionSeating(app.db, actor, params.id, input),
    sessionSeatingView: async ({ params }) => sessionSeating(app.db, params.id),
    sessionSales: async ({ params }) => sessionSales(app.db, params.id, Date.now()),
    eventSales: async ({ params }) => eventSales(app.db, params.id, Date.now()),
    salesExport: async ({ params, input, reply }) => {
      const file = await sessionSalesExport(app.db, params.id, input.lang ?? DEFAULT_LANG, Date.now())
      // Personal data (buyers' names, e-mails, phones): no cache keeps a copy.
      reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${file.fileName}"`)
      return reply.send(file.body) as never
    },
    orders: async ({ input }) => ({ orders: await listOrders(app.db, input, Date.now()) }),
  })
}
