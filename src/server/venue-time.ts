/**
 * The venue's local time: the one home of the venue time zone (VENUE_TIME_ZONE, config.ts). "Now"
 * in setup.date, the days a sale counts for (venueDay), the times of the CSV and return pages,
 * the age of a named ticket's holder and the instant a session's day and time stand for
 * (venueInstant → calendars.starts_at) all go through here. The conversions themselves are
 * contract/rules/wallClock.ts's, which the browser shares (the console's date-time inputs); this
 * module gives them the process's zone.
 *
 * One zone a process: the server sets it once at start (setVenueTimeZone, from the validated
 * configuration) before it opens the database, and nothing else does. Imports nothing of the
 * server's, so anything may import it (config.ts included) without a cycle.
 */
import { canonicalTimeZone, DEFAULT_VENUE_TIME_ZONE, zoneDateTime, zoneDay, zoneGmtText, zoneInstant, zoneOffsetMs } from '../contract/rules/wallClock'

export { addDays, canonicalTimeZone, DEFAULT_VENUE_TIME_ZONE } from '../contract/rules/wallClock'

let current = DEFAULT_VENUE_TIME_ZONE

/** Sets the process's venue time zone (start-up only: the server, its cluster primary, the seeding CLI). */
export function setVenueTimeZone(zone: string): void {
  const canonical = canonicalTimeZone(zone)
  if (canonical === null) throw new RangeError(`Unknown time zone: ${zone}`)
  current = canonical
}

/** The venue time zone this process runs in (IANA name). */
export function venueTimeZone(): string {
  return current
}

/** 'YYYY-MM-DD HH:MM:SS' of a moment on the venue's wall clock. */
export function venueDateTime(ms: number, zone = current): string {
  return zoneDateTime(ms, zone)
}

/** The venue's calendar day of a moment, 'YYYY-MM-DD' (a sale at 01:30 there is of that day, not of UTC's day before). */
export function venueDay(ms: number, zone = current): string {
  return zoneDay(ms, zone)
}

/** How far the venue's clock is ahead of UTC at a moment, in ms (negative west of Greenwich). */
export function venueOffsetMs(ms: number, zone = current): number {
  return zoneOffsetMs(ms, zone)
}

/** That offset as the spec writes a zone: 'GMT+03:00', 'GMT+05:00', 'GMT-04:00'. */
export function venueGmtText(ms: number, zone = current): string {
  return zoneGmtText(ms, zone)
}

/**
 * The instant (epoch ms) of a venue-local day ('YYYY-MM-DD') and time ('HH:MM' or 'HH:MM:SS'),
 * as a session's starts_at; a daylight-saving change is read as wallClock.ts zoneInstant says.
 */
export function venueInstant(day: string, time: string, zone = current): number {
  return zoneInstant(day, time, zone)
}
