import type { EventCalendarDay } from '../../contract/entities/event'

/**
 * Route date/time kept in sync with the selection (000 §2 event page, §4):
 * - no route date, or one not in the calendar → the first available date, time dropped;
 * - a route time the chosen date does not have → the time is cleared;
 * - a date with a single time auto-selects it (the spec's "minimum times" rule).
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

/** Path segment of a time: '19:00' stays readable (':' is allowed inside a path segment). */
function timeSegment(time: string): string {
  return encodeURIComponent(time).replace(/%3A/gi, ':')
}

/** `/event/{hash}/{date?}/{time?}` for a selection. */
export function eventPath(hash: string, sel: Selection): string {
  let path = `/event/${encodeURIComponent(hash)}`
  if (sel.date !== null) {
    path += `/${encodeURIComponent(sel.date)}`
    if (sel.time !== null) path += `/${timeSegment(sel.time)}`
  }
  return path
}

/** True when the route must be rewritten to show the resolved selection. */
export function routeNeedsSync(sel: Selection, routeDate?: string, routeTime?: string): boolean {
  return (sel.date ?? undefined) !== routeDate || (sel.time ?? undefined) !== routeTime
}
