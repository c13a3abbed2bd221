import { ORDER_STATUS_CANCELLED, ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import type { SyncScan, SyncTicket } from '../../../contract/admin/door'
import type { Db } from '../../db/connect'
import { isReturned } from '../orders/money'
import { ticketClaims } from '../tickets/claims'
import { ticketQuery, doorTicketOf } from './repository'

/**
 * The ticket list a door device syncs ahead (issue 19.4), whole or since a cursor: the server's
 * time of the previous sync. Tickets whose order was paid, confirmed (named tickets, once their
 * holders are entered) or cancelled, or whose return was
 * confirmed, at or after cursor − SYNC_OVERLAP_MS come again, and the whole scan history of
 * tickets scanned since then, and tickets reseated or refunded by an operator since (a late offline upload may have changed older scans' results). The
 * overlap covers a transaction that stamped its time before our read but committed after it; a
 * ticket or scan sent twice costs nothing, the device replaces it by id.
 */
export const SYNC_OVERLAP_MS = 60_000

export const parseCursor = (text: string | undefined): number | null => {
  const at = text ? Number(text) : NaN
  return Number.isSafeInteger(at) ? at : null
}

export async function syncTickets(db: Db, calendarId: number, since: number | null): Promise<SyncTicket[]> {
  // A paid order not yet confirmed (named tickets awaiting their holders) admits nobody (service.ts
  // 'unnamed'): its tickets come once its holders are entered (confirmed_at below).
  let q = ticketQuery(db)
    .select(['o.paid_at', 'o.cancelled_at'])
    .where('l.calendar_id', '=', calendarId)
    .where('o.paid', '=', 1)
    .where('o.status', 'in', [ORDER_STATUS_CONFIRMED, ORDER_STATUS_CANCELLED])
  if (since) {
    const from = since - SYNC_OVERLAP_MS
    q = q.where((eb) =>
      eb.or([
        eb('o.paid_at', '>=', from),
        eb('o.confirmed_at', '>=', from),
        eb('o.cancelled_at', '>=', from),
        eb(
          'l.id',
          'in',
          eb.selectFrom('return_request_lines as rl').innerJoin('return_requests as rr', 'rr.id', 'rl.return_request_id').select('rl.order_line_id').where('rr.confirmed_at', '>=', from),
        ),
        // Reseated or refunded by an operator since (issue 19: box office and order care stamp it).
        eb('l.id', 'in', eb.selectFrom('order_line_changes as ch').select('ch.order_line_id').where('ch.calendar_id', '=', calendarId).where('ch.at', '>=', from)),
      ]),
    )
  }
  const rows = await q.orderBy('l.id').execute()
  return rows.map((row) => {
    const claims = ticketClaims(row)
    const refunded = isReturned(row.return_status) || row.order_status === ORDER_STATUS_CANCELLED
    return { ...doorTicketOf(row), place: claims.place, categoryId: row.client_category_id, sectorId: row.seat_id !== null ? row.sector_id : null, status: refunded ? 'refunded' : 'ok' }
  })
}

/** Counted scans of the session: all, or the whole history of tickets scanned since `since`. */
export async function syncScans(db: Db, calendarId: number, since: number | null): Promise<SyncScan[]> {
  let q = db.selectFrom('ticket_redemptions').select(['id', 'order_line_id', 'direction', 'result', 'gate', 'scanned_at']).where('calendar_id', '=', calendarId).where('counted', '=', 1)
  if (since !== null) {
    const from = since - SYNC_OVERLAP_MS
    q = q.where('order_line_id', 'in', (eb) => eb.selectFrom('ticket_redemptions').select('order_line_id').where('calendar_id', '=', calendarId).where('counted', '=', 1).where('received_at', '>=', from))
  }
  const rows = await q.orderBy('id').execute()
  return rows.map((r) => ({ id: r.id, ticketId: r.order_line_id!, direction: r.direction as SyncScan['direction'], result: r.result as SyncScan['result'], gate: r.gate, scannedAt: Number(r.scanned_at) }))
}
