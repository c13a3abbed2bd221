import { formatClock } from '../i18n/localeFormat'
import { LANG_TAG } from '../i18n/lang'
import { joinParts, separatorsOf } from '../i18n/punctuation'
import type { CheckinList, DoorTicket } from '../../contract/admin/door'
import type { Lang } from '../../contract/lang'
import { seatPlaceText } from '../../contract/rules/seat-place'
import { DoorApiError, NoNetwork } from './api'
import { NotCommitted, StoreRefused } from './model/store'
import type { PlaceFacts } from './model/places'
import { fill, type DoorTexts } from './texts'

/** "all tickets, re-entry allowed" ("全部門票，允許再次入場" in Chinese) */
export function describeList(l: CheckinList, t: DoorTexts, lang: Lang): string {
  const which = l.category_ids.length === 0 && l.sector_ids.length === 0 ? t.allTickets : t.someTickets
  return joinParts(separatorsOf(lang), [which, l.reentry ? t.reentryOn : t.reentryOff])
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

/** Why the phone's own storage failed a sync or an upload (texts.ts `phoneWhy`); null: not the phone's storage. */
function phoneReason(err: unknown): keyof DoorTexts['phoneWhy'] | null {
  if (err instanceof StoreRefused) return err.reason
  if (err instanceof NotCommitted) return 'notKept'
  if (err instanceof DOMException) return err.name === 'QuotaExceededError' ? 'notKept' : 'failed'
  return null
}

/** The technical text of a failure (the HTTP status line, the browser's own message), for the details and the log, never the main text. */
function technical(err: unknown): string {
  if (err instanceof DoorApiError) return [err.status > 0 ? `HTTP ${err.status} ${err.statusText}`.trim() : '', err.errorCode === '' ? '' : `errorCode ${err.errorCode}`, err.message].filter((x) => x !== '').join(' · ')
  if (err instanceof NotCommitted && err.why) return `${err.why.name}: ${err.why.message}`
  if (err instanceof Error) return `${err.name}: ${err.message}`
  return String(err)
}

/**
 * A failed call as the steward reads it, in the app's language: no network in the app's words; a
 * refusal by the server in the server's own words (it answers in the app's language); the phone's
 * storage failing (a full phone, the app open in another version's tab) as what it means for the
 * list, the queue or a scan answered online (`during`) and what to do; anything else (an answer without words or not
 * understood, an error of the browser's) as the app's generic failure. `detail`: the technical
 * text where the main text is not the error's own, for a details element (null: nothing more).
 */
export function faultText(err: unknown, t: DoorTexts, during?: 'sync' | 'upload' | 'scan' | 'remember'): { text: string; detail: string | null } {
  if (err instanceof NoNetwork) return { text: t.noNetwork, detail: null }
  if (err instanceof DoorApiError && err.message.trim() !== '') return { text: err.message, detail: null }
  const reason = phoneReason(err)
  // Only the phone's storage takes part in keeping a scan: whatever it failed with, that is what it means.
  if (during === 'remember') return { text: `${t.phoneFault.remember} ${t.phoneWhy[reason ?? 'failed']}`, detail: technical(err) }
  if (reason && (during === 'sync' || during === 'upload')) return { text: `${t.phoneFault[during]} ${t.phoneWhy[reason]}`, detail: technical(err) }
  if (reason) return { text: t.phoneWhy[reason], detail: technical(err) }
  return { text: t.failed, detail: err === undefined || err === null ? null : technical(err) }
}

/** The main text of a failed call (Setup's session list, the token form): faultText's. */
export function errorText(err: unknown, t: DoorTexts): string {
  return faultText(err, t).text
}
