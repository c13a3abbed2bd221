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
