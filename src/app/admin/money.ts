import type { Lang } from '../../contract/lang'
import { toMajor } from '../../contract/rules/money'
import { currencySymbol, formatMoney } from '../../contract/rules/moneyText'

/** Minor units (what the console's calls answer) as the shop writes an amount: "1 200,00 ₽", "T1,200.00". */
export const consoleMoney = (minor: number, lang: Lang, currency: string): string => formatMoney(toMajor(minor), lang, currency)

/** The console's texts with the shop's currency symbol in place of "{cur}" (labels of amount inputs: "Price, ₽"). */
export function withCurrency<T extends object>(texts: T, currency: string): T {
  const symbol = currencySymbol(currency)
  const out = { ...texts } as Record<string, unknown>
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string' && v.includes('{cur}')) out[k] = v.replaceAll('{cur}', symbol)
  return out as T
}
