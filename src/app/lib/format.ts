import type { Lang } from '../../contract/lang'
import { LANG_TAG } from '../i18n/lang'

/** Dates are shown in UTC (document 000 §9): the API's days are calendar days, not instants. */
const DISPLAY_TIME_ZONE = 'UTC'

function utcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`)
}

/** '2026-12-01'..'2026-12-05' → "1–5 December 2026" in the language's own words. */
export function formatDayRange(first: string, last: string, lang: Lang): string {
  const format = new Intl.DateTimeFormat(LANG_TAG[lang], { day: 'numeric', month: 'long', year: 'numeric', timeZone: DISPLAY_TIME_ZONE })
  return first === last ? format.format(utcDay(first)) : format.formatRange(utcDay(first), utcDay(last))
}

/** '19:00'..'21:30' → "19:00 – 21:30"; one time stays one time. */
export function formatTimeRange(first: string, last: string): string {
  return first === last ? first : `${first} – ${last}`
}
