import type { Lang } from '../../contract/lang'
import { formatDayTime } from '../../contract/rules/dayText'
import { zoneDateTime } from '../../contract/rules/wallClock'

/** Amounts follow the one money-text rule the server's e-mails use too. */
export { currencySymbol, formatMoney, formatNumber } from '../../contract/rules/moneyText'
/** Calendar days too: one day-text rule for the pages and the e-mails. */
export { calendarDay, formatDate, formatDayMonth, formatDayParts, formatDayRange, formatDayTime, formatLongDay, formatMonthYear, formatSession } from '../../contract/rules/dayText'

/**
 * Moments (a clock reading) are written the same way in every language, on the wall clock of
 * `zone` when one is given (the console gives the venue's, VENUE_TIME_ZONE, as its date-time
 * inputs use), else of the device's zone (a visitor's own clock, the door's device at the venue).
 */

const pad2 = (n: number) => String(n).padStart(2, '0')

/** 'YYYY-MM-DD HH:MM:SS' of a moment in `zone`, or in the device's zone. */
function dateTimeOf(ms: number, zone?: string): string {
  if (zone !== undefined) return zoneDateTime(ms, zone)
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`
}

/** A moment's wall-clock time: "10:15:03" (every language writes it so). */
export function formatClock(ms: number, zone?: string): string {
  return dateTimeOf(ms, zone).slice(11)
}

/** A moment: "24.11.2026 10:15:03" (ru, kz, en), "2026-11-24 10:15:03" (ch). */
export function formatMoment(ms: number, lang: Lang, zone?: string): string {
  const [date, time] = dateTimeOf(ms, zone).split(' ')
  const [y, m, day] = date.split('-')
  return `${lang === 'ch' ? date : `${day}.${m}.${y}`} ${time}`
}

/**
 * A moment for a visitor, to the minute, its day in his language's words (dayText's
 * formatDayTime): "1 мая 2030 г., 10:00", "May 1, 2030, 10:00", "2030 ж. 1 мамыр, 10:00",
 * "2030年5月1日 10:00". Not formatMoment's "01.05.2030 10:00:00", whose day an English reader may
 * take for 5 January, and whose seconds no one waits for.
 */
export function formatDayMoment(ms: number, lang: Lang, zone?: string): string {
  return formatDayTime(dateTimeOf(ms, zone), lang)
}
