/**
 * Which session a page shows (000 §2 event page, §4; 001 §2 scheme view): the storefront's route
 * date and time resolved against an event's calendar. Shared by the app (the event and scheme
 * pages, the entry's early answers) and the server, which resolves the same session for the
 * scheme page's landing answers (server/domain/scheme/landing.ts): one rule, so both pick the
 * same session. Type imports only: the entry evaluates this before zod (app/boot/earlyAnswers.ts).
 */
import type { EventCalendarDay } from './entities/event'
import type { SchemeSession } from './entities/scheme'

/**
 * Route date/time kept in sync with the selection (000 §2 event page, §4):
 * - no route date, or one not in the calendar → the first available date, time dropped;
 * - a route time the chosen date does not have → the time is cleared;
 * - a date with a single time auto-selects it (the spec's "minimum times" rule; the "minimum-times
 *   constant of 999" 000 §9 names beside it plays no part: one time is what selects).
 * "Available" date: the first day that still has tickets at some time, else the first day.
 */
export interface Selection {
  date: string | null
  time: string | null
}

/**
 * Orders two fixed-width ISO strings ('YYYY-MM-DD', 'HH:MM': the contract's daySchema and
 * timeSchema), whose code-unit order is their calendar order. Not `localeCompare`: its first call
 * on a page builds ICU's collator for the default locale, 30 ms of the storefront's main thread on
 * a desktop and 100 ms at the phone profile's 4× CPU, inside the scheme page's early answer
 * (issue 16: no main-thread task over 50 ms).
 */
export function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Days in ascending order, each with its times in ascending order. */
export function sortCalendar(calendar: readonly EventCalendarDay[]): EventCalendarDay[] {
  return [...calendar]
    .sort((a, b) => compareIso(a.day, b.day))
    .map((d) => ({ ...d, times: [...d.times].sort((a, b) => compareIso(a.time, b.time)) }))
}

function dayHasTickets(day: EventCalendarDay): boolean {
  return day.times.some((t) => t.quantity > 0)
}

/** The time a day selects on its own: its only time, or none. */
export function autoTime(day: EventCalendarDay): string | null {
  return day.times.length === 1 ? day.times[0].time : null
}

/** The first date to show when the route names none (or an unknown one). */
export function firstAvailableDay(calendar: readonly EventCalendarDay[]): EventCalendarDay | null {
  return calendar.find(dayHasTickets) ?? calendar[0] ?? null
}

export function resolveSelection(calendar: readonly EventCalendarDay[], routeDate?: string, routeTime?: string): Selection {
  const chosen = calendar.find((d) => d.day === routeDate)
  if (chosen === undefined) {
    const first = firstAvailableDay(calendar)
    return { date: first?.day ?? null, time: first === null ? null : autoTime(first) }
  }
  if (routeTime !== undefined && chosen.times.some((t) => t.time === routeTime)) return { date: chosen.day, time: routeTime }
  return { date: chosen.day, time: autoTime(chosen) }
}

/**
 * The scheme sessions as the event page's calendar (days with time slots), so the scheme view
 * reuses DateStrip, TimeChips and the route-sync rules of model/selection (001 §2: an unknown
 * route date falls back to the first available date and drops the time; an unknown time is
 * cleared; a single time auto-selects). pricetype_id does not exist for sessions: 0.
 */
export function schemeCalendar(sessions: readonly SchemeSession[]): EventCalendarDay[] {
  const byDay = new Map<string, EventCalendarDay>()
  for (const s of sessions) {
    let day = byDay.get(s.event_day)
    if (day === undefined) {
      day = { day: s.event_day, times: [] }
      byDay.set(s.event_day, day)
    }
    day.times.push({ time: s.event_time, quantity: s.quant, pricetype_id: 0 })
  }
  return [...byDay.values()]
}

/** The session of a complete selection, or null while no time is chosen. */
export function sessionOf(sessions: readonly SchemeSession[], sel: Selection): SchemeSession | null {
  if (sel.date === null || sel.time === null) return null
  return sessions.find((s) => s.event_day === sel.date && s.event_time === sel.time) ?? null
}

/**
 * The session a scheme page's route opens (the route's date and time resolved against the
 * sessions, as the page's own selection does): the entry's early calls (app/boot/earlyAnswers.ts)
 * and the server's landing answers (server/domain/scheme/landing.ts) pick it the same way.
 */
export function routeSession(sessions: readonly SchemeSession[], routeDate?: string, routeTime?: string): SchemeSession | null {
  return sessionOf(sessions, resolveSelection(sortCalendar(schemeCalendar(sessions)), routeDate, routeTime))
}
