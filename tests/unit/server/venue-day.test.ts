import { describe, expect, it } from 'vitest'
import { venueDay } from '../../../src/server/venue-time'

/**
 * The Sales screen groups sales into the venue's days (admin/sales.ts over_time): a ticket paid
 * at 01:30 in Moscow (22:30 UTC the evening before) is a sale of the new day there, as the box
 * office counts it, not of UTC's day.
 */
describe("a moment's day in the venue's time zone", () => {
  it('is the venue\'s calendar day, not UTC\'s', () => {
    // Moscow is UTC+3 all year: its midnight is 21:00 UTC.
    expect(venueDay(Date.UTC(2026, 10, 30, 20, 59, 59))).toBe('2026-11-30')
    expect(venueDay(Date.UTC(2026, 10, 30, 21, 0, 0))).toBe('2026-12-01')
    expect(venueDay(Date.UTC(2026, 10, 30, 22, 30))).toBe('2026-12-01')
    // Across the year's end too.
    expect(venueDay(Date.UTC(2026, 11, 31, 21, 30))).toBe('2027-01-01')
    expect(venueDay(Date.UTC(2027, 0, 1, 12, 0))).toBe('2027-01-01')
  })
})
