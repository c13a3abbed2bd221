import type { EventCalendarDay } from '../../../../contract/entities/event'
import type { SchemeSession } from '../../../../contract/entities/scheme'
import { eventPath, type Selection } from '../../../kernel/selection'

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

const EVENT_PREFIX = '/event'

/** `/scheme/{hash}/{date?}/{time?}`: the event page's path rule under the scheme prefix. */
export function schemePath(hash: string, sel: Selection): string {
  return `/scheme${eventPath(hash, sel).slice(EVENT_PREFIX.length)}`
}
