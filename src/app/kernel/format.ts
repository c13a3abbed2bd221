import type { Lang } from '../../contract/lang'
import { formatLongDay } from '../i18n/localeFormat'
import { joinParts } from '../i18n/punctuation'

/**
 * The screens' date and money formats, from our own per-language data
 * (src/app/i18n/localeFormat.ts): never the browser's Intl, which lacks Kazakh on some browsers,
 * so every browser shows the same words in every language.
 */
export {
  formatDate,
  formatDayMonth,
  formatDayParts as dayParts,
  formatDayRange,
  formatLongDay,
  formatLongDay as longDay,
  formatMoney,
} from '../i18n/localeFormat'

/** '19:00'..'21:30' → "19:00 – 21:30"; one time stays one time. */
export function formatTimeRange(first: string, last: string): string {
  return first === last ? first : `${first} – ${last}`
}

/**
 * The chosen day and time as one text, joined in the page's language ("вторник, 8 декабря 2026 г., 19:00";
 * "2026年12月8日 星期二，19:00"); the day alone while no time is chosen.
 */
export function chosenDayText(t: Parameters<typeof joinParts>[0], day: string, time: string | null, lang: Lang): string {
  return joinParts(t, [formatLongDay(day, lang), time ?? ''])
}
