import { formatClock } from '../i18n/localeFormat'
import { LANG_TAG } from '../i18n/lang'
import type { CheckinList, DoorTicket } from '../../contract/admin/door'
import type { Lang } from '../../contract/lang'
import { seatPlaceText } from '../../contract/rules/seat-place'
import { NoNetwork } from './api'
import type { PlaceFacts } from './model/places'
import { fill, type DoorTexts } from './texts'

/** "all tickets, re-entry allowed" */
export function describeList(l: CheckinList, t: DoorTexts): string {
  const which = l.category_ids.length === 0 && l.sector_ids.length === 0 ? t.allTickets : t.someTickets
  return `${which}, ${l.reentry ? t.reentryOn : t.reentryOff}`
}

/** The ticket's place as the steward reads it: sector, row and seat; the standing place; else its category. */
export function placeOf(ticket: DoorTicket, t: DoorTexts, lang: Lang): string {
  return placeText(ticket, ticket.category[lang] || ticket.category.ru, t, lang)
}

/**
 * The same for a ticket known only by its signed code and the session's places (sold after the
 * last sync): its category where its price zone has one, "one of" them where several (the code
 * does not say which), none where unknown.
 */
export function placeOfFacts(facts: PlaceFacts, t: DoorTexts, lang: Lang): string {
  const names = facts.categories.map((c) => c[lang] || c.ru)
  return placeText(facts, names.length > 1 ? fill(t.categoryOneOf, { names: names.join(' / ') }) : (names[0] ?? ''), t, lang)
}

function placeText(p: Pick<DoorTicket, 'seat' | 'standing'>, category: string, t: DoorTexts, lang: Lang): string {
  const where = p.seat ? seatLine(p.seat, lang) : p.standing ? fill(t.standing, { place: p.standing }) : ''
  return [where, category].filter((x) => x !== '').join(' · ')
}

/**
 * A seat as the printed ticket and the e-mails write it (contract/rules/seat-place.ts), so the
 * steward reads what the holder shows: "Balcony, row 3, seat 14". A sector the drawing left
 * unnamed is left out, and the line then starts with a capital ("Row 10, seat 7").
 */
function seatLine(seat: NonNullable<DoorTicket['seat']>, lang: Lang): string {
  const text = seatPlaceText(seat, lang)
  return seat.sector.trim() === '' ? text.charAt(0).toLocaleUpperCase(LANG_TAG[lang]) + text.slice(1) : text
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
