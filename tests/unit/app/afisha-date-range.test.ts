import { afterAll, describe, expect, it } from 'vitest'
import {
  addDays, addMonths, clampDay, dayForKey, initialDay, isOfferedDay, MAX_DAY, MIN_DAY, monthGrid, pickDay, rangePlace, todayUtc, weekdayColumns, weekEndOf, weekStartOf,
} from '../../../src/app/afisha/dateRange'
import { formatMonthYear } from '../../../src/app/i18n/localeFormat'

/**
 * The listing calendar's date logic (src/app/afisha/dateRange.ts): 000 §9 "Calendar week starts
 * Monday for ru and Sunday for en. Dates displayed in UTC." and "Date range 1900 to 2051". Every
 * case runs under several device zones: a day must never shift by one with the device's clock.
 */
const ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Almaty', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']
const savedTz = process.env.TZ
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ
  else process.env.TZ = savedTz
})

/** 2026-12-01 is a Tuesday. */
const DEC_2026 = { year: 2026, month: 11 }

for (const zone of ZONES) {
  describe(`date-range calendar with the device in ${zone}`, () => {
    it('runs in that zone (Node reads TZ as it changes)', () => {
      process.env.TZ = zone
      const offset = new Date(Date.UTC(2026, 11, 1)).getTimezoneOffset()
      const expected = { UTC: 0, 'America/Los_Angeles': 480, 'Asia/Almaty': -300, 'Pacific/Kiritimati': -840, 'Pacific/Pago_Pago': 660 }[zone]
      expect(offset).toBe(expected)
    })

    it('takes today from UTC, at both ends of the UTC day', () => {
      process.env.TZ = zone
      expect(todayUtc(Date.UTC(2026, 11, 1, 0, 0, 1))).toBe('2026-12-01')
      expect(todayUtc(Date.UTC(2026, 11, 1, 23, 59, 59))).toBe('2026-12-01')
      expect(initialDay({ from: '', to: '' }, Date.UTC(2026, 11, 31, 23, 30))).toBe('2026-12-31')
    })

    it('lays out a month with Monday first for ru, kz and ch and Sunday first for en', () => {
      process.env.TZ = zone
      const ru = monthGrid(DEC_2026, 'ru')
      expect(ru[0]).toEqual([null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'])
      expect(ru.at(-1)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null])
      expect(monthGrid(DEC_2026, 'kz')).toEqual(ru)
      expect(monthGrid(DEC_2026, 'ch')).toEqual(ru)
      const en = monthGrid(DEC_2026, 'en')
      expect(en[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'])
      expect(en.flat().filter((d) => d !== null)).toHaveLength(31)
      expect(weekdayColumns('ru')).toEqual([1, 2, 3, 4, 5, 6, 0])
      expect(weekdayColumns('en')).toEqual([0, 1, 2, 3, 4, 5, 6])
      // A leap February and the calendar's first month (1900-01-01 was a Monday).
      expect(monthGrid({ year: 2028, month: 1 }, 'ru').flat().filter(Boolean).at(-1)).toBe('2028-02-29')
      expect(monthGrid({ year: 1900, month: 0 }, 'ru')[0][0]).toBe('1900-01-01')
    })

    it('moves by days, weeks and months in UTC, across month, year and DST edges', () => {
      process.env.TZ = zone
      expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
      expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
      // The nights the US and Europe change their clocks.
      expect(addDays('2026-03-08', 1)).toBe('2026-03-09')
      expect(addDays('2026-11-01', 1)).toBe('2026-11-02')
      expect(addDays('2026-03-29', -7)).toBe('2026-03-22')
      expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
      expect(addMonths('2028-03-31', -1)).toBe('2028-02-29')
      expect(addMonths('2026-12-15', 12)).toBe('2027-12-15')
    })

    it('finds the week start and end per language (Home and End)', () => {
      process.env.TZ = zone
      // Thursday 2026-12-03.
      expect(weekStartOf('2026-12-03', 'ru')).toBe('2026-11-30')
      expect(weekEndOf('2026-12-03', 'ru')).toBe('2026-12-06')
      expect(weekStartOf('2026-12-03', 'en')).toBe('2026-11-29')
      expect(weekEndOf('2026-12-03', 'en')).toBe('2026-12-05')
      expect(weekStartOf('2026-12-06', 'kz')).toBe('2026-11-30')
      expect(weekStartOf('2026-12-06', 'en')).toBe('2026-12-06')
    })

    it('answers the grid keys of the APG date picker', () => {
      process.env.TZ = zone
      const d = '2026-12-03'
      expect(dayForKey(d, 'ArrowRight', false, 'ru')).toBe('2026-12-04')
      expect(dayForKey(d, 'ArrowLeft', false, 'ru')).toBe('2026-12-02')
      expect(dayForKey(d, 'ArrowDown', false, 'ru')).toBe('2026-12-10')
      expect(dayForKey(d, 'ArrowUp', false, 'ru')).toBe('2026-11-26')
      expect(dayForKey(d, 'PageDown', false, 'ru')).toBe('2027-01-03')
      expect(dayForKey(d, 'PageUp', true, 'ru')).toBe('2025-12-03')
      expect(dayForKey(d, 'Home', false, 'en')).toBe('2026-11-29')
      expect(dayForKey(d, 'End', false, 'ch')).toBe('2026-12-06')
      expect(dayForKey(d, 'Enter', false, 'ru')).toBeNull()
    })
  })
}

describe('date-range calendar bounds and picking', () => {
  it('stays within 1900-01-01..2051-12-31', () => {
    expect([MIN_DAY, MAX_DAY]).toEqual(['1900-01-01', '2051-12-31'])
    expect(addDays(MIN_DAY, -1)).toBe(MIN_DAY)
    expect(addDays(MAX_DAY, 1)).toBe(MAX_DAY)
    expect(addMonths('2051-12-10', 1)).toBe(MAX_DAY)
    expect(addMonths('1900-01-10', -12)).toBe(MIN_DAY)
    expect(weekStartOf('1900-01-03', 'en')).toBe(MIN_DAY)
    expect(clampDay('2100-01-01')).toBe(MAX_DAY)
    expect(isOfferedDay('1899-12-31')).toBe(false)
    expect(isOfferedDay('2026-02-29')).toBe(false)
    expect(isOfferedDay('2028-02-29')).toBe(true)
    expect(initialDay({ from: '', to: '' }, Date.UTC(2060, 0, 1))).toBe(MAX_DAY)
    // The last month's grid has no day after the bound (2051-12-31 is a Sunday: the last row ends there for ru).
    expect(monthGrid({ year: 2051, month: 11 }, 'ru').flat().filter(Boolean).at(-1)).toBe(MAX_DAY)
  })

  it('picks the start, then the end; swaps an end before the start; starts anew after a whole range', () => {
    const empty = { from: '', to: '' }
    const first = pickDay(empty, '2026-12-10')
    expect(first).toEqual({ range: { from: '2026-12-10', to: '' }, done: false })
    expect(pickDay(first.range, '2026-12-15')).toEqual({ range: { from: '2026-12-10', to: '2026-12-15' }, done: true })
    expect(pickDay(first.range, '2026-12-05')).toEqual({ range: { from: '2026-12-05', to: '2026-12-10' }, done: true })
    expect(pickDay(first.range, '2026-12-10')).toEqual({ range: { from: '2026-12-10', to: '2026-12-10' }, done: true })
    expect(pickDay({ from: '2026-12-10', to: '2026-12-15' }, '2026-12-20')).toEqual({ range: { from: '2026-12-20', to: '' }, done: false })
    // An end kept without a start (the old date inputs allowed it): a pick starts a range.
    expect(pickDay({ from: '', to: '2026-12-15' }, '2026-12-01')).toEqual({ range: { from: '2026-12-01', to: '' }, done: false })
  })

  it('places each day in the range', () => {
    const range = { from: '2026-12-10', to: '2026-12-12' }
    expect(['2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'].map((d) => rangePlace(range, d))).toEqual(['out', 'start', 'inside', 'end', 'out'])
    expect(rangePlace({ from: '2026-12-10', to: '' }, '2026-12-11')).toBe('out')
    expect(rangePlace({ from: '2026-12-10', to: '' }, '2026-12-10')).toBe('start')
    expect(initialDay({ from: '2026-12-10', to: '' }, 0)).toBe('2026-12-10')
    expect(initialDay({ from: '', to: '2026-12-12' }, 0)).toBe('2026-12-12')
  })

  it('names the shown month in each language from our own words, not Intl', () => {
    expect(formatMonthYear(2026, 11, 'ru')).toBe('декабрь 2026 г.')
    expect(formatMonthYear(2026, 11, 'en')).toBe('December 2026')
    expect(formatMonthYear(2026, 11, 'kz')).toBe('2026 ж. желтоқсан')
    expect(formatMonthYear(2026, 11, 'ch')).toBe('2026年12月')
  })
})
