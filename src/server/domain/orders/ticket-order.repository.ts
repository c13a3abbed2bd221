import { sql, type Expression, type SelectQueryBuilder } from 'kysely'

/**
 * The one order of an order's tickets, wherever the visitor sees them as a list: the order view
 * (its session groups, 'Ticket N' and the codes modal's slides, numbered in the page's
 * numberTickets by that list), the return page (its rows and their sortnum, returns/data.ts), the
 * named-ticket page (its cards and a refused confirm's 'Ticket N', nominal/repository.ts), the
 * tickets and return e-mails and the box office. Calendar order: the session
 * that starts first comes first, whichever was added to the order or put on sale first; sessions
 * starting at the same moment by their id, and a session's lines in the order they were added. The
 * spec (001 §3) fixes no order. Each query using it reads the order's lines as `l` joined with
 * their sessions as `c`.
 */
export const TICKET_ORDER: readonly Expression<unknown>[] = [sql.ref('c.starts_at'), sql.ref('l.calendar_id'), sql.ref('l.id')]

/** `query` ordered by TICKET_ORDER (for a query's `$call`). */
export function inTicketOrder<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return TICKET_ORDER.reduce<SelectQueryBuilder<DB, TB, O>>((q, e) => q.orderBy(e), query)
}
