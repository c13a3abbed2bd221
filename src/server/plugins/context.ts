import type { Config } from '../config'
import type { Db } from '../db/connect'
import type { TicketKeys } from '../domain/tickets/keys'
import type { SessionRow } from '../domain/sessions/repository'

export type { SessionRow }

// What app.ts decorates the instance and requests with; declared once so every plugin and route
// sees typed `app.db`, `app.config` and `request.session`.
declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    /** The storefront's read calls' handle (plugins/page-pool.ts; `db` itself on SQLite or without a page pool). */
    pageDb: Db
    config: Config
    /** Keys of the signed ticket codes (domain/tickets/keys.ts). */
    ticketKeys: TicketKeys
  }
  interface FastifyRequest {
    /** The visitor's session row, when the request carries a valid session cookie. */
    session: SessionRow | null
    /**
     * A buying call's session not read yet (plugins/session.ts attachSession `checkLater`): the
     * id from the signed cookie and the CSRF token sent, for the call's own statement to check;
     * `session` is null meanwhile, and settleSession reads it.
     */
    uncheckedSession: { id: string; csrfToken: string } | null
  }
}
