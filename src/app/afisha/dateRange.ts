import type { Lang } from '../../contract/lang'

/**
 * The listing's date-range calendar without React (document 000 §9: "Calendar week starts Monday
 * for ru and Sunday for en. Dates displayed in UTC."; "Date range 1900 to 2051"). Days are the
 * API's calendar days 'YYYY-MM-DD', as the filters keep them (filters.ts); every computation goes
 * through Date.UTC and the getUTC* readers, so the device's time zone never shifts a day.
 */

/** First and last day the calendar offers (000 §9: 1900 to 2051). */
export const MIN_DAY = '1900-01-01'
export const MAX_DAY = '2051-12-31'

/** 0 = Sunday, 1 = Monday (Date.getUTCDay). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6

/**
 * The week's first day per language: Monday for ru (000 §9) and for kz and ch, whose readers
 * use the same calendars as ru's; Sunday for en (000 §9).
 */
export const WEEK_START: Record<Lang, Weekday> = { ru: 1, kz: 1, ch: 1, en: 0 }

const DAYS_PER_WEEK = 7
const MS_PER_DAY = 24 * 60 * 60 * 1000
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** 'YYYY-MM-DD' of a UTC date. */
function dayOf(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

/** The UTC midnight of a day, or null when the text is not a real day. */
function parse(day: string): Date | null {
  const m = DAY_RE.exec(day)
  if (m === null) return null
  const [year, month, date] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])]
  const d = new Date(0)
  d.setUTCFullYear(year, month, date)
  return d.getUTCMonth() === month && d.getUTCDate() === date ? d : null
}

const mustParse = (day: string): Date => {
  const d = parse(day)
  if (d === null) throw new RangeError(`not a day: ${day}`)
  return d
}

/** True for a real 'YYYY-MM-DD' day inside the calendar's bounds. */
export function isOfferedDay(day: string): boolean {
  return parse(day) !== null && day >= MIN_DAY && day <= MAX_DAY
}

/** The day kept within MIN_DAY..MAX_DAY ('YYYY-MM-DD' compares as text). */
export function clampDay(day: string): string {
  return day < MIN_DAY ? MIN_DAY : day > MAX_DAY ? MAX_DAY : day
}

/** Today in UTC (000 §9: dates displayed in UTC), whatever the device's zone. */
export function todayUtc(nowMs: number): string {
  return dayOf(new Date(nowMs))
}

/** The day `n` days later (earlier for negative n), within the bounds. */
export function addDays(day: string, n: number): string {
  return clampDay(dayOf(new Date(mustParse(day).getTime() + n * MS_PER_DAY)))
}

/** The same day of the month `n` months later; the 31st becomes the month's last day. */
export function addMonths(day: string, n: number): string {
  const d = mustParse(day)
  const first = new Date(0)
  first.setUTCFullYear(d.getUTCFullYear(), d.getUTCMonth() + n, 1)
  const last = new Date(0)
  last.setUTCFullYear(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)
  first.setUTCDate(Math.min(d.getUTCDate(), last.getUTCDate()))
  return clampDay(dayOf(first))
}

export function weekdayOf(day: string): Weekday {
  return mustParse(day).getUTCDay() as Weekday
}

/** The first day of the day's week in `lang` (Home), within the bounds. */
export function weekStartOf(day: string, lang: Lang): string {
  const back = (weekdayOf(day) - WEEK_START[lang] + DAYS_PER_WEEK) % DAYS_PER_WEEK
  return addDays(day, -back)
}

/** The last day of the day's week in `lang` (End), within the bounds. */
export function weekEndOf(day: string, lang: Lang): string {
  const back = (weekdayOf(day) - WEEK_START[lang] + DAYS_PER_WEEK) % DAYS_PER_WEEK
  return addDays(day, DAYS_PER_WEEK - 1 - back)
}

/** Weekdays in column order for `lang` (0 = Sunday), for the grid's headers. */
export function weekdayColumns(lang: Lang): Weekday[] {
  return Array.from({ length: DAYS_PER_WEEK }, (_, i) => ((WEEK_START[lang] + i) % DAYS_PER_WEEK) as Weekday)
}

export interface MonthRef {
  year: number
  /** 0-11 */
  month: number
}

export function monthOf(day: string): MonthRef {
  const d = mustParse(day)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() }
}

/**
 * The month's weeks as rows of 7 cells in `lang`'s column order: each cell a day of the month,
 * or null for the days of the months around it and for days outside the bounds.
 */
export function monthGrid({ year, month }: MonthRef, lang: Lang): (string | null)[][] {
  const first = new Date(0)
  first.setUTCFullYear(year, month, 1)
  const lead = (first.getUTCDay() - WEEK_START[lang] + DAYS_PER_WEEK) % DAYS_PER_WEEK
  const cells: (string | null)[] = Array.from({ length: lead }, () => null)
  for (const d = first; d.getUTCMonth() === month; d.setUTCDate(d.getUTCDate() + 1)) {
    const day = dayOf(d)
    cells.push(isOfferedDay(day) ? day : null)
  }
  while (cells.length % DAYS_PER_WEEK !== 0) cells.push(null)
  const weeks: (string | null)[][] = []
  for (let i = 0; i < cells.length; i += DAYS_PER_WEEK) weeks.push(cells.slice(i, i + DAYS_PER_WEEK))
  return weeks
}

/** The chosen range as the filters keep it: '' is an open end. */
export interface DayRange {
  from: string
  to: string
}

/**
 * A click (or Enter) on `day`. The first picks the start (the list then runs from it on); the
 * second the end, the two swapped when it comes before the start; after a whole range, a click
 * starts a new one. `done` is true once the range has both ends.
 */
export function pickDay(range: DayRange, day: string): { range: DayRange; done: boolean } {
  if (range.from === '' || range.to !== '') return { range: { from: day, to: '' }, done: false }
  return day < range.from ? { range: { from: day, to: range.from }, done: true } : { range: { from: range.from, to: day }, done: true }
}

/** Where `day` stands in the range: an end, inside it, or out ('' ends are open only for the list). */
export function rangePlace(range: DayRange, day: string): 'start' | 'end' | 'inside' | 'out' {
  if (range.from === '') return range.to === day ? 'end' : 'out'
  if (day === range.from) return 'start'
  if (range.to === '') return 'out'
  if (day === range.to) return 'end'
  return day > range.from && day < range.to ? 'inside' : 'out'
}

/** The day the calendar opens on: the range's start (or end), else today, within the bounds. */
export function initialDay(range: DayRange, nowMs: number): string {
  const kept = [range.from, range.to].find(isOfferedDay)
  return kept ?? clampDay(todayUtc(nowMs))
}

/** Keys of the grid (WAI-ARIA APG date picker dialog) and where each moves the focused day. */
export function dayForKey(day: string, key: string, shiftKey: boolean, lang: Lang): string | null {
  switch (key) {
    case 'ArrowLeft': return addDays(day, -1)
    case 'ArrowRight': return addDays(day, 1)
    case 'ArrowUp': return addDays(day, -DAYS_PER_WEEK)
    case 'ArrowDown': return addDays(day, DAYS_PER_WEEK)
    case 'PageUp': return addMonths(day, shiftKey ? -12 : -1)
    case 'PageDown': return addMonths(day, shiftKey ? 12 : 1)
    case 'Home': return weekStartOf(day, lang)
    case 'End': return weekEndOf(day, lang)
    default: return null
  }
}
