import type { ServiceFeeSchema, TicketLine } from './types'
import { isReturned } from '../../../../contract/rules/return-status'
import { pickLocalized, type Lang } from '../../../../contract/lang'
import { addMajor } from '../../../../contract/rules/money'

/**
 * Ticket lines of the order view grouped by action (001 §2 "tickets grouped by action"): one
 * block per action_group with its name, age limit, date/time, place, lines, ticket total and
 * service fee. Groups keep the order in which the server listed their first line. A line's
 * cost is its ticket prices and the group's fee comes once, in `service` (the money rule), so
 * the groups add up to the order's total; returned lines are listed but left out of it.
 */
export interface TicketGroup {
  actionGroup: number
  name: string
  ageFrom: number
  day: string
  dayStr: string
  dayOfWeek: string
  time: string
  location: string
  address: string
  lines: TicketLine[]
  /** Sum of the cost of the lines not returned. */
  ticketsTotal: number
  /** Service fee of the group (0 = no fee row, 001 §9 "shown only when > 0"). */
  serviceFee: number
  /** Tickets plus service fee. */
  total: number
}

/** A line whose return is confirmed (001 §4 statuses 70 and 80): no code, not in the totals. */
export function isReturnedLine(line: Pick<TicketLine, 'return_status'>): boolean {
  return isReturned(line.return_status)
}

export function groupByAction(main: readonly TicketLine[], service: readonly ServiceFeeSchema[], lang: Lang): TicketGroup[] {
  const groups = new Map<number, TicketLine[]>()
  for (const line of main) {
    const list = groups.get(line.action_group)
    if (list === undefined) groups.set(line.action_group, [line])
    else list.push(line)
  }
  const out: TicketGroup[] = []
  for (const [actionGroup, lines] of groups) {
    const first = lines[0]
    const ticketsTotal = addMajor(lines.filter((l) => !isReturnedLine(l)).map((l) => l.cost))
    const serviceFee = addMajor(service.filter((s) => s.action_group === actionGroup).map((s) => s.cost))
    out.push({
      actionGroup,
      name: pickLocalized(first, 'action', lang),
      ageFrom: first.age_from,
      day: first.day,
      dayStr: pickLocalized(first, 'day_str', lang),
      dayOfWeek: pickLocalized(first, 'dayofweek', lang),
      time: first.time,
      location: pickLocalized(first, 'seatroot', lang),
      address: pickLocalized(first, 'address', lang),
      lines,
      ticketsTotal,
      serviceFee,
      total: addMajor([ticketsTotal, serviceFee]),
    })
  }
  return out
}

/** A ticket with its number in the order. */
export interface NumberedTicket {
  n: number
  line: TicketLine
}

/**
 * Each ticket's number in the order (1-based), by line id, as the view lists them: group after
 * group, each group's lines in order. The one numbering of the ticket list ('Ticket 2') and the
 * special offers ('Ticket 2 · Adult'), so an offer's number points at the ticket the list shows
 * with it even when the server's lines of two sessions interleave.
 */
export function numberTickets(groups: readonly Pick<TicketGroup, 'lines'>[]): Map<number, NumberedTicket> {
  const out = new Map<number, NumberedTicket>()
  for (const g of groups) for (const line of g.lines) out.set(line.id, { n: out.size + 1, line })
  return out
}

/** A seat-map line names its sector, row or seat; a general-admission line leaves them empty. */
export function isSeatLine(line: TicketLine, lang: Lang): boolean {
  return ['sector', 'row', 'seat'].some((k) => pickLocalized(line, k, lang) !== '')
}

/** "N x" prefix of a non-scheme line: shown only when the quantity is over 1. */
export function quantityPrefix(quant: number): string {
  return quant > 1 ? `${quant} x` : ''
}
