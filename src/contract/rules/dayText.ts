import type { Lang } from '../lang'
import { LOCALE_DATA } from './localeData'

/**
 * Calendar days in each interface language from our own data (localeData.ts), never from Intl:
 * the same words on every browser, Kazakh included, and in the server's e-mails. Days are the
 * API's calendar days 'YYYY-MM-DD' and are written as they are (000 §9: dates displayed in UTC).
 */

export interface CalendarDay {
  year: number
  /** 0-11 */
  month: number
  day: number
  /** 0 = Sunday */
  weekday: number
}

/** A 'YYYY-MM-DD' day (a longer ISO text is cut to its day), or null when it is not one. */
export function calendarDay(text: string): CalendarDay | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text)
  if (m === null) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])]
  const date = new Date(Date.UTC(year, month, day))
  if (date.getUTCMonth() !== month) return null
  return { year, month, day, weekday: date.getUTCDay() }
}

/** '2026-12-01' → "1 декабря", "December 1", "1 желтоқсан", "12月1日". */
function dayMonthOf(c: CalendarDay, lang: Lang): string {
  const month = LOCALE_DATA[lang].months[c.month]
  if (lang === 'en') return `${month} ${c.day}`
  if (lang === 'ch') return `${month}${c.day}日`
  return `${c.day} ${month}`
}

/** The day with its year: "1 декабря 2026 г.", "December 1, 2026", "2026 ж. 1 желтоқсан", "2026年12月1日". */
function dayMonthYearOf(c: CalendarDay, lang: Lang): string {
  const dm = dayMonthOf(c, lang)
  switch (lang) {
    case 'ru': return `${dm} ${c.year} г.`
    case 'en': return `${dm}, ${c.year}`
    case 'kz': return `${c.year} ж. ${dm}`
    case 'ch': return `${c.year}年${dm}`
  }
}

/** Applies `fn` to a day, or gives the text back unchanged when it is not a day. */
function withDay(text: string, fn: (c: CalendarDay) => string): string {
  const c = calendarDay(text)
  return c === null ? text : fn(c)
}

/** '2026-12-01' → "1 декабря" (no year; composition lines and short labels). */
export const formatDayMonth = (day: string, lang: Lang): string => withDay(day, (c) => dayMonthOf(c, lang))

/** '2026-12-01' → "1 декабря 2026 г.". */
export const formatDate = (day: string, lang: Lang): string => withDay(day, (c) => dayMonthYearOf(c, lang))

/** '2026-12-01' → "вторник, 1 декабря 2026 г.", "Tuesday, December 1, 2026", "2026 ж. 1 желтоқсан, сейсенбі", "2026年12月1日 星期二". */
export const formatLongDay = (day: string, lang: Lang): string =>
  withDay(day, (c) => {
    const weekday = LOCALE_DATA[lang].weekdays[c.weekday]
    const date = dayMonthYearOf(c, lang)
    if (lang === 'kz') return `${date}, ${weekday}`
    if (lang === 'ch') return `${date} ${weekday}`
    return `${weekday}, ${date}`
  })

/** The three lines of a date strip cell: short weekday, day number, short month. */
export function formatDayParts(day: string, lang: Lang): { weekday: string; day: string; month: string } {
  const c = calendarDay(day)
  if (c === null) return { weekday: '', day, month: '' }
  const data = LOCALE_DATA[lang]
  return { weekday: data.weekdaysShort[c.weekday], day: String(c.day), month: data.monthsShort[c.month] }
}

/** A month with its year, as a calendar's heading: "декабрь 2026 г.", "December 2026", "2026 ж. желтоқсан", "2026年12月" (month 0-11). */
export function formatMonthYear(year: number, month: number, lang: Lang): string {
  const name = LOCALE_DATA[lang].monthsStandalone[month]
  switch (lang) {
    case 'ru': return `${name} ${year} г.`
    case 'en': return `${name} ${year}`
    case 'kz': return `${year} ж. ${name}`
    case 'ch': return `${year}年${name}`
  }
}

/** '2026-12-01'..'2026-12-05' → "1–5 декабря 2026 г."; one day stays one day. */
export function formatDayRange(first: string, last: string, lang: Lang): string {
  const a = calendarDay(first)
  const b = calendarDay(last)
  if (a === null || b === null) return first === last ? first : `${first} – ${last}`
  if (first === last) return dayMonthYearOf(a, lang)
  if (a.year === b.year && a.month === b.month) {
    const month = LOCALE_DATA[lang].months[a.month]
    switch (lang) {
      case 'ru': return `${a.day}–${b.day} ${month} ${a.year} г.`
      case 'en': return `${month} ${a.day}–${b.day}, ${a.year}`
      case 'kz': return `${a.year} ж. ${a.day}–${b.day} ${month}`
      case 'ch': return `${a.year}年${month}${a.day}日至${b.day}日`
    }
  }
  if (a.year === b.year) {
    const start = dayMonthOf(a, lang)
    if (lang === 'ch') return `${a.year}年${start}至${dayMonthOf(b, lang)}`
    if (lang === 'kz') return `${a.year} ж. ${start} – ${dayMonthOf(b, lang)}`
    return `${start} – ${dayMonthYearOf(b, lang)}`
  }
  return `${dayMonthYearOf(a, lang)} – ${dayMonthYearOf(b, lang)}`
}

/**
 * A session's day and time as the venue keeps them ('2026-12-09 18:30', seconds allowed) →
 * "9 декабря 2026 г., 18:30", "December 9, 2026, 18:30", "2026 ж. 9 желтоқсан, 18:30",
 * "2026年12月9日 18:30"; any other text is given back unchanged.
 */
export function formatDayTime(text: string, lang: Lang): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}:\d{2})(?::\d{2})?$/.exec(text.trim())
  if (m === null || calendarDay(m[1]) === null) return text
  const date = formatDate(m[1], lang)
  return lang === 'ch' ? `${date} ${m[2]}` : `${date}, ${m[2]}`
}

/**
 * A session as the venue keeps it (its day '2026-12-09' and time '18:30') in the language's
 * words: formatDayTime of the two. Every screen and message naming a session writes it so.
 */
export const formatSession = (day: string, time: string, lang: Lang): string => formatDayTime(`${day} ${time}`, lang)
