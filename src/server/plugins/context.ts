import type { Config } from '../config'
import type { Db } from '../db/connect'
import type { SessionsTable } from '../db/tables'
import type { Selectable } from 'kysely'

export type SessionRow = Selectable<SessionsTable>

// What app.ts decorates the instance and requests with; declared once so every plugin and route
// sees typed `app.db`, `app.config` and `request.session`.
declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    config: Config
  }
  interface FastifyRequest {
    /** The visitor's session row, when the request carries a valid session cookie. */
    session: SessionRow | null
  }
}
