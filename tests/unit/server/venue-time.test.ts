import { afterEach, describe, expect, it } from 'vitest'
import { addDays, canonicalTimeZone, DEFAULT_VENUE_TIME_ZONE, setVenueTimeZone, venueDateTime, venueDay, venueGmtText, venueInstant, venueTimeZone } from '../../../src/server/venue-time'

/**
 * The venue's wall clock (venue-time.ts) under zones other than Moscow's: Almaty (UTC+5 all year
 * since March 2024) and Berlin, whose clocks change twice a year. A session's day and time are
 * read into starts_at by venueInstant, and "now", the sales days and the return page's times are
 * written by venueDateTime and venueDay.
 */
describe('the venue time zone of the process', () => {
  afterEach(() => setVenueTimeZone(DEFAULT_VENUE_TIME_ZONE))

  it('is Moscow unless set; setting it moves every function that is not given a zone', () => {
    const moment = Date.UTC(2026, 10, 30, 20, 30)
    expect(venueTimeZone()).toBe('Europe/Moscow')
    expect(venueDateTime(moment)).toBe('2026-11-30 23:30:00')
    setVenueTimeZone('Asia/Almaty')
    expect(venueTimeZone()).toBe('Asia/Almaty')
    expect(venueDateTime(moment)).toBe('2026-12-01 01:30:00')
    expect(venueDay(moment)).toBe('2026-12-01')
    expect(venueInstant('2026-12-01', '19:00')).toBe(Date.UTC(2026, 11, 1, 14, 0))
  })

  it('takes only zones the runtime knows, by their canonical name', () => {
    expect(canonicalTimeZone('asia/almaty')).toBe('Asia/Almaty')
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull()
    expect(() => setVenueTimeZone('Mars/Olympus')).toThrow(/Unknown time zone: Mars\/Olympus/)
    expect(venueTimeZone()).toBe('Europe/Moscow')
  })
})

describe('Asia/Almaty (UTC+5)', () => {
  const zone = 'Asia/Almaty'

  it("writes a moment on Almaty's clock and counts its day there", () => {
    // Almaty's midnight is 19:00 UTC the day before.
    expect(venueDateTime(Date.UTC(2026, 10, 30, 18, 59, 59), zone)).toBe('2026-11-30 23:59:59')
    expect(venueDay(Date.UTC(2026, 10, 30, 18, 59, 59), zone)).toBe('2026-11-30')
    expect(venueDateTime(Date.UTC(2026, 10, 30, 19, 0), zone)).toBe('2026-12-01 00:00:00')
    expect(venueDay(Date.UTC(2026, 11, 31, 19, 30), zone)).toBe('2027-01-01')
    expect(venueGmtText(Date.UTC(2026, 11, 1), zone)).toBe('GMT+05:00')
  })

  it("reads a session's day and time as Almaty's wall clock", () => {
    expect(venueInstant('2026-12-01', '19:00', zone)).toBe(Date.UTC(2026, 11, 1, 14, 0))
    expect(venueInstant('2026-12-01', '00:30', zone)).toBe(Date.UTC(2026, 10, 30, 19, 30))
    expect(venueDateTime(venueInstant('2026-12-01', '19:00', zone), zone)).toBe('2026-12-01 19:00:00')
  })
})

describe('Europe/Berlin around its daylight-saving changes', () => {
  const zone = 'Europe/Berlin'

  it('follows the clock across the spring change (29 March 2026, 02:00 CET → 03:00 CEST)', () => {
    expect(venueDateTime(Date.UTC(2026, 2, 29, 0, 59, 59), zone)).toBe('2026-03-29 01:59:59')
    expect(venueDateTime(Date.UTC(2026, 2, 29, 1, 0), zone)).toBe('2026-03-29 03:00:00')
    expect(venueGmtText(Date.UTC(2026, 2, 28), zone)).toBe('GMT+01:00')
    expect(venueGmtText(Date.UTC(2026, 2, 30), zone)).toBe('GMT+02:00')
    // The same 19:00 is an hour earlier in UTC after the change.
    expect(venueInstant('2026-03-28', '19:00', zone)).toBe(Date.UTC(2026, 2, 28, 18, 0))
    expect(venueInstant('2026-03-29', '19:00', zone)).toBe(Date.UTC(2026, 2, 29, 17, 0))
    expect(venueInstant('2026-03-29', '01:30', zone)).toBe(Date.UTC(2026, 2, 29, 0, 30))
    expect(venueInstant('2026-03-29', '03:00', zone)).toBe(Date.UTC(2026, 2, 29, 1, 0))
    // 02:30 never shows on the clocks that night: it is read as 03:30 summer time.
    expect(venueDateTime(venueInstant('2026-03-29', '02:30', zone), zone)).toBe('2026-03-29 03:30:00')
  })

  it('follows the clock across the autumn change (25 October 2026, 03:00 CEST → 02:00 CET)', () => {
    expect(venueDateTime(Date.UTC(2026, 9, 25, 0, 30), zone)).toBe('2026-10-25 02:30:00')
    expect(venueDateTime(Date.UTC(2026, 9, 25, 1, 30), zone)).toBe('2026-10-25 02:30:00')
    expect(venueInstant('2026-10-24', '19:00', zone)).toBe(Date.UTC(2026, 9, 24, 17, 0))
    expect(venueInstant('2026-10-25', '19:00', zone)).toBe(Date.UTC(2026, 9, 25, 18, 0))
    // 02:30 comes twice that night: a session then starts at the first.
    expect(venueInstant('2026-10-25', '02:30', zone)).toBe(Date.UTC(2026, 9, 25, 0, 30))
    expect(venueInstant('2026-10-25', '03:00', zone)).toBe(Date.UTC(2026, 9, 25, 2, 0))
    // A sale at 23:30 local on the change's eve is of that day, in summer and winter time alike.
    expect(venueDay(Date.UTC(2026, 9, 24, 21, 30), zone)).toBe('2026-10-24')
    expect(venueDay(Date.UTC(2026, 9, 25, 22, 30), zone)).toBe('2026-10-25')
  })

  it('adds calendar days across a change without losing or gaining one', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29')
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })
})

describe('a zone west of Greenwich', () => {
  it('writes a negative offset and reads the wall clock back', () => {
    const zone = 'America/New_York'
    expect(venueGmtText(Date.UTC(2026, 0, 15), zone)).toBe('GMT-05:00')
    expect(venueInstant('2026-01-15', '20:00', zone)).toBe(Date.UTC(2026, 0, 16, 1, 0))
    expect(venueDay(Date.UTC(2026, 0, 16, 1, 0), zone)).toBe('2026-01-15')
  })
})
