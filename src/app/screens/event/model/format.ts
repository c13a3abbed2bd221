/**
 * The screens' date and money formats, from our own per-language data
 * (src/app/i18n/localeFormat.ts): never the browser's Intl, which lacks Kazakh on some browsers.
 */
export {
  formatDayParts as dayParts,
  formatLongDay as longDay,
  formatMoney,
} from '../../../i18n/localeFormat'
