/**
 * Listing formats. Dates come from our own month names (src/app/i18n/localeFormat.ts), so every
 * browser shows the same words in every language.
 */
export { formatDayRange } from '../i18n/localeFormat'

/** '19:00'..'21:30' → "19:00 – 21:30"; one time stays one time. */
export function formatTimeRange(first: string, last: string): string {
  return first === last ? first : `${first} – ${last}`
}
