import { RETURN_STATUS_NOT_CONFIRMED } from '../../contract/constants'
import { CSV_FORMAT, DESK_SALE_WORDS, EXPORT_COLUMNS, EXPORT_WORDS, ORDER_STATE_WORDS, type DeskPayKind } from '../../contract/admin/sales-export'
import { pickLocalized, type Lang } from '../../contract/lang'
import { toMajor } from '../../contract/rules/money'
import { seatPlaceText } from '../../contract/rules/seat-place'
import type { Db } from '../db/connect'
import { isReturned } from '../domain/orders/money'
import { buyerName } from '../domain/orders/state'
import { venueDateTime } from '../venue-time'
import { personName } from '../domain/tickets/lines'
import { ApiFailure } from '../errors'
import { csvLine, UTF8_BOM, type CsvCell } from './csv'
import { orderStateOf, returnCounts } from './order-state'
import { sessionLineShares } from './sales'
import { findCalendar, sessionExportLines, sessionFirstEntries, sessionOrderLines } from './sales.repository'

/** Minutes are enough in a spreadsheet of sales; seconds only make the column wider. */
const MINUTES = 16

export interface SalesExport {
  fileName: string
  body: string
}

/**
 * A session's tickets as a spreadsheet (the Sales screen's download): one row per ticket line
 * of a paid order or of a reservation still held, with the order's state and channel, its times
 * in the venue's time zone, the place, category, list price and fee, the line's share of what
 * its order paid (the Sales screen's revenue, sales.ts sessionLineShares: its own part of a
 * percent promo code and its weighted part of a fixed one and of the bonuses come off it, its
 * offers are on it, a complimentary ticket brings 0), the ticket's own state (a return requested or confirmed), its holder, the buyer
 * and the first entry at the door. Ticket codes are left out: the file travels by e-mail and a code is a ticket.
 * Cost: five reads of the session, the file built in memory (about 250 bytes a line: a
 * 60,000-seat session's is about 15 MB).
 */
export async function sessionSalesExport(db: Db, calendarId: number, lang: Lang, now: number): Promise<SalesExport> {
  const cal = await findCalendar(db, calendarId)
  if (!cal) throw new ApiFailure('admin-not-found', { what: 'session', id: calendarId })
  const [lines, entries, orderLines] = await Promise.all([sessionExportLines(db, calendarId, now), sessionFirstEntries(db, calendarId), sessionOrderLines(db, calendarId)])
  const shares = await sessionLineShares(db, calendarId, orderLines)
  const firstEntry = new Map(entries.map((e) => [e.order_line_id, Number(e.at)]))
  // Every line of the session's orders is read already (their shares): an order's state counts its returned lines from them.
  const counts = returnCounts(orderLines)
  const noLines = { lines: 0, returned_lines: 0 }

  const words = EXPORT_WORDS[lang]
  const { separator, decimal } = CSV_FORMAT[lang]
  const money = (minor: number): CsvCell => ({ number: toMajor(minor).toFixed(2).replace('.', decimal) })
  const when = (ms: number | string | null): string => (ms === null ? '' : venueDateTime(Number(ms)).slice(0, MINUTES))
  const ticketState = (status: number) =>
    isReturned(status) ? words.ticket.returned : status === RETURN_STATUS_NOT_CONFIRMED ? words.ticket.returnRequested : words.ticket.valid

  let body = UTF8_BOM + csvLine(EXPORT_COLUMNS.map((c) => words.columns[c]), separator)
  for (const l of lines) {
    // The place column stays the place as one text; worded ("Stalls, row 1, seat 8") so a part the
    // drawing left empty cannot be mistaken for another ("Loge 3, 2": row or seat?).
    const place = l.stand_name ?? seatPlaceText({ sector: l.sector_name, row: l.row_label, seat: l.number_label }, lang)
    const row: Record<(typeof EXPORT_COLUMNS)[number], CsvCell> = {
      order: { number: String(l.ord_num) },
      state: ORDER_STATE_WORDS[lang][orderStateOf({ ...l, ...(counts.get(l.order_id) ?? noLines) }, now)],
      channel: l.pay_kind === null ? words.shop : DESK_SALE_WORDS[lang][l.pay_kind as DeskPayKind],
      ordered: when(l.created_at),
      paidAt: when(l.paid_at),
      session: `${cal.day} ${cal.time}`,
      zone: pickLocalized(l, 'zone', lang),
      category: pickLocalized(l, 'cat', lang),
      place,
      quantity: { number: String(l.quantity) },
      price: money(l.price),
      fee: money(l.service_fee),
      paid: money(shares.get(l.id) ?? 0),
      ticket: ticketState(l.return_status),
      holder: personName(l),
      buyer: buyerName(l),
      email: l.email,
      phone: l.phone,
      checkedIn: when(firstEntry.get(l.id) ?? null),
    }
    body += csvLine(EXPORT_COLUMNS.map((c) => row[c]), separator)
  }
  return { fileName: `tickets-${cal.day}-${cal.time.replace(':', '')}-${calendarId}.csv`, body }
}
