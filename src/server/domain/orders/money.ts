import { PRICE_CURRENCY_PERCENT } from '../../../contract/constants'

/**
 * Money is stored in minor units (kopecks) and sent in major units (roubles, 2 decimals).
 * Service fees in percent are stored in hundredths of a percent (1000 = 10 %).
 */
export const MINOR_PER_MAJOR = 100
/** Hundredths of a percent in a whole (100 % = 10,000). */
const PERCENT_HUNDREDTHS_WHOLE = 100 * 100

export const toMajor = (minor: number): number => minor / MINOR_PER_MAJOR

/** A client amount in major units → minor units, rounded to the kopeck (float noise removed). */
export const toMinor = (major: number): number => Math.round(major * MINOR_PER_MAJOR)

/**
 * Service fee of one ticket in minor units: priceservise as money (currency 1) or as a
 * percentage of the ticket price (currency 2), rounded half up to the kopeck.
 */
export function serviceFeeMinor(priceMinor: number, priceservise: number, currencyId: number): number {
  if (priceservise <= 0) return 0
  if (currencyId === PRICE_CURRENCY_PERCENT) return Math.round((priceMinor * priceservise) / PERCENT_HUNDREDTHS_WHOLE)
  return priceservise
}
