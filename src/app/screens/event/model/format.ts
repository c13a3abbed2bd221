import { AMOUNT_DECIMALS, DEFAULT_CURRENCY } from '../../../../contract/constants'
import type { Lang } from '../../../../contract/lang'
import { LANG_TAG } from '../../../i18n/lang'

/** Dates are shown in UTC (000 §9): the API's days are calendar days, not instants. */
const TIME_ZONE = 'UTC'

function utc(day: string): Date {
  return new Date(`${day}T00:00:00Z`)
}

/** The three lines of a date strip cell: weekday, day number, month. */
export function dayParts(day: string, lang: Lang): { weekday: string; day: string; month: string } {
  const tag = LANG_TAG[lang]
  const d = utc(day)
  return {
    weekday: new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: TIME_ZONE }).format(d),
    day: new Intl.DateTimeFormat(tag, { day: 'numeric', timeZone: TIME_ZONE }).format(d),
    month: new Intl.DateTimeFormat(tag, { month: 'short', timeZone: TIME_ZONE }).format(d),
  }
}

/** '2026-12-01' → "вторник, 1 декабря 2026 г." (the full date, for labels and plain text). */
export function longDay(day: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LANG_TAG[lang], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }).format(utc(day))
}

/** An amount with two decimals in the storefront's currency (roubles by default). */
export function formatMoney(amount: number, lang: Lang, currency: string = DEFAULT_CURRENCY): string {
  try {
    return new Intl.NumberFormat(LANG_TAG[lang], {
      style: 'currency',
      currency,
      minimumFractionDigits: AMOUNT_DECIMALS,
      maximumFractionDigits: AMOUNT_DECIMALS,
    }).format(amount)
  } catch {
    // An unknown currency code in setup must not break the page.
    return `${amount.toFixed(AMOUNT_DECIMALS)} ${currency}`
  }
}
