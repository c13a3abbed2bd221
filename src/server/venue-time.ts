/**
 * The venue's local time: the one home of the venue time zone (VENUE_TIME_ZONE, config.ts) and of
 * every conversion between an instant (epoch ms) and the venue's wall clock. "Now" in setup.date,
 * the days a sale counts for (venueDay), the times of the CSV and return pages, and the instant
 * a session's day and time stand for (venueInstant → calendars.starts_at) all go through here.
 *
 * One zone a process: the server sets it once at start (setVenueTimeZone, from the validated
 * configuration) before it opens the database, and nothing else does. Imports nothing of ours,
 * so anything may import it (config.ts included) without a cycle.
 */

/** The zone of an installation that sets none: every Seatwise before VENUE_TIME_ZONE was Moscow's. */
export const DEFAULT_VENUE_TIME_ZONE = 'Europe/Moscow'

const DAY_MS = 86_400_000
const SECOND_MS = 1000
/** Characters of the day ('YYYY-MM-DD') at the start of venueDateTime's text. */
const DAY_CHARS = 10
const MINUTE_MS = 60_000

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * 'YYYY-MM-DD HH:MM:SS' of a zone: sv-SE writes dates in ISO order; h23 so midnight is 00, never
 * 24. Cached: building a formatter costs far more than using one, and a sales page formats a
 * moment per ticket.
 */
function formatOf(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    formats.set(zone, f)
  }
  return f
}

/**
 * The zone's canonical IANA name ('asia/almaty' → 'Asia/Almaty'), or null when this runtime knows
 * no such zone (Intl.DateTimeFormat throws RangeError for it).
 */
export function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
  } catch (err) {
    if (err instanceof RangeError) return null
    throw err
  }
}

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
  return formatOf(zone).format(new Date(ms)).replace('T', ' ')
}

/** The venue's calendar day of a moment, 'YYYY-MM-DD' (a sale at 01:30 there is of that day, not of UTC's day before). */
export function venueDay(ms: number, zone = current): string {
  return venueDateTime(ms, zone).slice(0, DAY_CHARS)
}

/** The venue's wall clock at a moment, read as if it were UTC (epoch ms, whole seconds). */
function wallClock(ms: number, zone: string): number {
  return Date.parse(`${venueDateTime(ms, zone).replace(' ', 'T')}Z`)
}

/** How far the venue's clock is ahead of UTC at a moment, in ms (negative west of Greenwich). */
export function venueOffsetMs(ms: number, zone = current): number {
  return wallClock(ms, zone) - Math.floor(ms / SECOND_MS) * SECOND_MS
}

/** That offset as the spec writes a zone: 'GMT+03:00', 'GMT+05:00', 'GMT-04:00'. */
export function venueGmtText(ms: number, zone = current): string {
  const minutes = Math.round(venueOffsetMs(ms, zone) / MINUTE_MS)
  const abs = Math.abs(minutes)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `GMT${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/**
 * The instant (epoch ms) of a venue-local day ('YYYY-MM-DD') and time ('HH:MM' or 'HH:MM:SS'),
 * as a session's starts_at. Across a daylight-saving change it reads as Temporal's "compatible"
 * does: a time the clocks skip (02:30 on a spring-forward night in Berlin) is read with the
 * offset before the change, so it lands as far after the skipped hour (03:30 summer time); a
 * time the clocks pass twice (02:30 on the autumn night) is the first of the two.
 */
export function venueInstant(day: string, time: string, zone = current): number {
  const wall = Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}Z`)
  if (Number.isNaN(wall)) throw new RangeError(`Not a day and time: ${day} ${time}`)
  // No zone changes its offset twice within two days, so the offsets a day either side are the
  // only two the wall time can be read with.
  const before = wall - venueOffsetMs(wall - DAY_MS, zone)
  const after = wall - venueOffsetMs(wall + DAY_MS, zone)
  const fitting = [before, after].filter((t) => wallClock(t, zone) === wall)
  return fitting.length > 0 ? Math.min(...fitting) : before
}

/** The calendar day `n` days after `day` ('YYYY-MM-DD'): calendar arithmetic, no zone can shift it. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, DAY_CHARS)
}
