import { AMOUNT_DECIMALS, CURRENCY_SYMBOLS, DEFAULT_CURRENCY } from '../constants'
import type { Lang } from '../lang'

/**
 * Amounts as people read them, one rule for every place that writes one: the storefront, the
 * console, the ticket e-mails and the sandbox bank. Our own number symbols (CLDR's, copied once),
 * never the browser's Intl, which lacks Kazakh on some browsers.
 */

/** The currencies a shop may sell in: the spec's list of symbols (001 §9). */
export const CURRENCY_CODES = Object.keys(CURRENCY_SYMBOLS) as (keyof typeof CURRENCY_SYMBOLS)[]
export type CurrencyCode = keyof typeof CURRENCY_SYMBOLS

export function isCurrencyCode(v: unknown): v is CurrencyCode {
  return typeof v === 'string' && (CURRENCY_CODES as string[]).includes(v)
}

/** A stored currency as the shop sells in it: a code we know, else the spec's default. */
export function shopCurrency(stored: unknown): CurrencyCode {
  const code = typeof stored === 'string' ? stored.trim().toUpperCase() : ''
  return isCurrencyCode(code) ? code : DEFAULT_CURRENCY
}

const NBSP = '\u00a0'

interface NumberSymbols {
  /** Thousands separator and decimal mark. */
  group: string
  decimal: string
  /** Whether the currency symbol follows the amount ("1 200,00 ₽") or leads it ("₽1,200.00"). */
  symbolAfter: boolean
}

export const NUMBER_SYMBOLS: Record<Lang, NumberSymbols> = {
  ru: { group: NBSP, decimal: ',', symbolAfter: true },
  en: { group: ',', decimal: '.', symbolAfter: false },
  kz: { group: NBSP, decimal: ',', symbolAfter: true },
  ch: { group: ',', decimal: '.', symbolAfter: false },
}

/** 1234567.5 → "1 234 567,50" (ru, kz) or "1,234,567.50" (en, ch). */
export function formatNumber(value: number, lang: Lang, decimals = 0): string {
  const { group, decimal } = NUMBER_SYMBOLS[lang]
  const negative = value < 0
  const [whole, fraction = ''] = Math.abs(value).toFixed(decimals).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return `${negative ? '-' : ''}${grouped}${fraction === '' ? '' : `${decimal}${fraction}`}`
}

/** The currency's symbol from the spec's list (001 §9: $, ₽, T, ¥), else its code. */
export function currencySymbol(currency: string): string {
  const code = currency.trim().toUpperCase()
  return (CURRENCY_SYMBOLS as Record<string, string>)[code] ?? code
}

/**
 * An amount in major units with two decimals and the currency's symbol: "1 200,00 ₽",
 * "₽1,200.00". The currency is always the caller's (the shop's setting): no default here, so a
 * place that forgets it does not compile.
 */
export function formatMoney(amount: number, lang: Lang, currency: string): string {
  const number = formatNumber(amount, lang, AMOUNT_DECIMALS)
  const symbol = currencySymbol(currency)
  // A code (no symbol known) always stands apart from the number.
  const apart = symbol.length > 1
  if (NUMBER_SYMBOLS[lang].symbolAfter) return `${number}${NBSP}${symbol}`
  return apart ? `${symbol}${NBSP}${number}` : `${symbol}${number}`
}
