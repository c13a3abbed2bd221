import { formatClock } from '../i18n/localeFormat'
import type { CheckinList, DoorTicket } from '../../contract/admin/door'
import type { Lang } from '../../contract/lang'
import { NoNetwork } from './api'
import { fill, type DoorTexts } from './texts'

/** "all tickets, re-entry allowed" */
export function describeList(l: CheckinList, t: DoorTexts): string {
  const which = l.category_ids.length === 0 && l.sector_ids.length === 0 ? t.allTickets : t.someTickets
  return `${which}, ${l.reentry ? t.reentryOn : t.reentryOff}`
}

/** The ticket's place as the steward reads it: sector, row and seat; the standing place; else its category. */
export function placeOf(ticket: DoorTicket, t: DoorTexts, lang: Lang): string {
  const category = ticket.category[lang] || ticket.category.ru
  if (ticket.seat) return `${fill(t.seat, ticket.seat)} · ${category}`
  if (ticket.standing) return `${fill(t.standing, { place: ticket.standing })} · ${category}`
  return category
}

/** When a scan happened, as every language writes a clock: "21:04:09". */
export function timeOf(at: number, _lang: Lang): string {
  return formatClock(at)
}

/**
 * A failed call as the steward reads it: no network (offline, a dead connection, a proxy
 * answering for the server) in the app's words; a refusal by the server in the server's own
 * words (it answers in the app's language); anything without words, the app's generic failure.
 */
export function errorText(err: unknown, t: DoorTexts): string {
  if (err instanceof NoNetwork) return t.noNetwork
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : ''
  return message.trim() === '' ? t.failed : message
}
