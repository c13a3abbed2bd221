import type { Lang } from '../../contract/lang'

/** Amounts follow the one money-text rule the server's e-mails use too. */
export { currencySymbol, formatMoney, formatNumber } from '../../contract/rules/moneyText'
/** Calendar days too: one day-text rule for the pages and the e-mails. */
export { calendarDay, formatDate, formatDayMonth, formatDayParts, formatDayRange, formatDayTime, formatLongDay, formatSession } from '../../contract/rules/dayText'

/** Moments (a clock reading) are written in the device's zone, the same way in every language. */

const pad2 = (n: number) => String(n).padStart(2, '0')

/** A moment's wall-clock time in the device's zone: "10:15:03" (every language writes it so). */
export function formatClock(ms: number): string {
  const d = new Date(ms)
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`
}

/** A moment in the device's zone: "24.11.2026 10:15:03" (ru, kz, en), "2026-11-24 10:15:03" (ch). */
export function formatMoment(ms: number, lang: Lang): string {
  const d = new Date(ms)
  const [y, m, day] = [d.getFullYear(), pad2(d.getMonth() + 1), pad2(d.getDate())]
  return `${lang === 'ch' ? `${y}-${m}-${day}` : `${day}.${m}.${y}`} ${formatClock(ms)}`
}
