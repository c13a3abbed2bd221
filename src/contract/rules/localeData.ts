import type { Lang } from '../lang'

/**
 * Month and weekday names of each interface language, shipped with the app and the server (number symbols:
 * src/contract/rules/moneyText.ts).
 * Browsers do not all carry CLDR data for every language (Chromium without Kazakh data formats
 * `kk` dates as "Sat" and "M11" and prices as "RUB 1,200.00"), so dates and amounts are never
 * left to Intl. The words are CLDR's (ru, en, kk, zh-Hant), copied once from Node's full ICU.
 */
export interface LocaleData {
  /** Month names as they stand after a day number ("1 декабря", "December 1"). */
  months: readonly string[]
  /** Abbreviated months for the date strip, in the same grammatical form. */
  monthsShort: readonly string[]
  /** Month names standing alone, as a calendar's month heading names them ("декабрь 2026 г."). */
  monthsStandalone: readonly string[]
  /** Weekdays from Sunday (index 0, as Date.getUTCDay). */
  weekdays: readonly string[]
  weekdaysShort: readonly string[]
}

export const LOCALE_DATA: Record<Lang, LocaleData> = {
  ru: {
    months: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'],
    monthsShort: ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'],
    monthsStandalone: ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'],
    weekdays: ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'],
    weekdaysShort: ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'],
  },
  en: {
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    monthsStandalone: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    weekdaysShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  },
  kz: {
    months: ['қаңтар', 'ақпан', 'наурыз', 'сәуір', 'мамыр', 'маусым', 'шілде', 'тамыз', 'қыркүйек', 'қазан', 'қараша', 'желтоқсан'],
    monthsShort: ['қаң.', 'ақп.', 'нау.', 'сәу.', 'мам.', 'мау.', 'шіл.', 'там.', 'қыр.', 'қаз.', 'қар.', 'жел.'],
    monthsStandalone: ['қаңтар', 'ақпан', 'наурыз', 'сәуір', 'мамыр', 'маусым', 'шілде', 'тамыз', 'қыркүйек', 'қазан', 'қараша', 'желтоқсан'],
    weekdays: ['жексенбі', 'дүйсенбі', 'сейсенбі', 'сәрсенбі', 'бейсенбі', 'жұма', 'сенбі'],
    weekdaysShort: ['жс', 'дс', 'сс', 'ср', 'бс', 'жм', 'сб'],
  },
  ch: {
    months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    monthsShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    monthsStandalone: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    weekdays: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
    weekdaysShort: ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
  },
}
