/**
 * Instants and a time zone's wall clock, for any IANA zone: the pure conversions the server
 * (venue-time.ts, which holds the venue's one zone, VENUE_TIME_ZONE) and the browser (the
 * console's date-time inputs, the named-ticket form's "today") share, so both read a venue's
 * day and time by the same rules. Intl only: no process state, nothing of ours imported.
 */

/** The zone of an installation that sets none: every Seatwise before VENUE_TIME_ZONE was Moscow's. */
export const DEFAULT_VENUE_TIME_ZONE = 'Europe/Moscow'

const DAY_MS = 86_400_000
const SECOND_MS = 1000
const MINUTE_MS = 60_000
const MINUTES_PER_HOUR = 60
/** Characters of the day ('YYYY-MM-DD') at the start of zoneDateTime's text. */
const DAY_CHARS = 10
/** Characters of 'YYYY-MM-DDTHH:MM', a datetime-local input's value to the minute. */
const INPUT_CHARS = 16

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

/** 'YYYY-MM-DD HH:MM:SS' of a moment on the zone's wall clock. */
export function zoneDateTime(ms: number, zone: string): string {
  return formatOf(zone).format(new Date(ms)).replace('T', ' ')
}

/** The zone's calendar day of a moment, 'YYYY-MM-DD' (01:30 there is of that day, not of UTC's day before). */
export function zoneDay(ms: number, zone: string): string {
  return zoneDateTime(ms, zone).slice(0, DAY_CHARS)
}

/** The zone's wall clock at a moment, read as if it were UTC (epoch ms, whole seconds). */
function wallClock(ms: number, zone: string): number {
  return Date.parse(`${zoneDateTime(ms, zone).replace(' ', 'T')}Z`)
}

/** How far the zone's clock is ahead of UTC at a moment, in ms (negative west of Greenwich). */
export function zoneOffsetMs(ms: number, zone: string): number {
  return wallClock(ms, zone) - Math.floor(ms / SECOND_MS) * SECOND_MS
}

/** That offset as the spec writes a zone: 'GMT+03:00', 'GMT+05:00', 'GMT-04:00'. */
export function zoneGmtText(ms: number, zone: string): string {
  const minutes = Math.round(zoneOffsetMs(ms, zone) / MINUTE_MS)
  const abs = Math.abs(minutes)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `GMT${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / MINUTES_PER_HOUR))}:${pad(abs % MINUTES_PER_HOUR)}`
}

/**
 * The instant (epoch ms) of a day ('YYYY-MM-DD') and time ('HH:MM' or 'HH:MM:SS') on the zone's
 * clock, as a session's starts_at. Across a daylight-saving change it reads as Temporal's
 * "compatible" does: a time the clocks skip (02:30 on a spring-forward night in Berlin) is read
 * with the offset before the change, so it lands as far after the skipped hour (03:30 summer
 * time); a time the clocks pass twice (02:30 on the autumn night) is the first of the two.
 */
export function zoneInstant(day: string, time: string, zone: string): number {
  const wall = Date.parse(`${day}T${time.length === 5 ? `${time}:00` : time}Z`)
  if (Number.isNaN(wall)) throw new RangeError(`Not a day and time: ${day} ${time}`)
  // No zone changes its offset twice within two days, so the offsets a day either side are the
  // only two the wall time can be read with.
  const before = wall - zoneOffsetMs(wall - DAY_MS, zone)
  const after = wall - zoneOffsetMs(wall + DAY_MS, zone)
  const fitting = [before, after].filter((t) => wallClock(t, zone) === wall)
  return fitting.length > 0 ? Math.min(...fitting) : before
}

/** A moment as a datetime-local input's value on the zone's clock ('2026-11-24T19:00'), whatever the browser's own zone. */
export function zoneInputValue(ms: number, zone: string): string {
  return zoneDateTime(ms, zone).replace(' ', 'T').slice(0, INPUT_CHARS)
}

/** A datetime-local input's value ('2026-11-24T19:00', seconds optional) read on the zone's clock; NaN when it is not one. */
export function zoneInputInstant(value: string, zone: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)$/.exec(value.trim())
  return m ? zoneInstant(m[1], m[2], zone) : Number.NaN
}

/** The calendar day `n` days after `day` ('YYYY-MM-DD'): calendar arithmetic, no zone can shift it. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, DAY_CHARS)
}
