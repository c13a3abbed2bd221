import { PRICE_CURRENCY_PERCENT } from '../constants'

/**
 * The money rule: the one place that prices tickets, service fees, added services, promo
 * discounts and loyalty bonuses. The cart of the event page, the seat-map cart, the order view,
 * the server's order sum (orders.total, the payment amount), the e-mail and the bonus accrual
 * all call it, so they cannot disagree.
 *
 * Everything here is in integer minor units (kopecks). The API sends major units with two
 * decimals (`toMajor`); `toMinor` reads them back (rounded, so float noise such as
 * 333.33 × 100 = 33332.999… never loses a kopeck).
 *
 * Rounding (where the spec is silent, our choice):
 * - a percent service fee is computed per ticket and rounded half up to the kopeck; a line and an
 *   order then add whole kopecks: 3 × 333.33 ₽ at 5 % is 3 × 16.67 = 50.01 ₽ (the per-ticket fee
 *   is what each ticket line stores and what a return refunds, so the sum of the lines is the sum
 *   of the order);
 * - a percent promo discount is taken of the ticket prices (fees and services excluded) and
 *   rounded down to the kopeck (never more than promised);
 * - bonuses earned are a percent of the amount paid, rounded down to whole bonuses;
 * - what an order paid is split over its ticket lines (a return's refund, the console's revenue
 *   per ticket) by what each line was charged (chargedWeight): its price less its own part of a
 *   percent promo code, its fee and the offers attached to it; what belongs to the whole order
 *   (a fixed-amount promo, bonuses, the percent's rounding) is spread by those weights, and the
 *   split is in whole kopecks that add up exactly (allocateByWeight: the rest on the heaviest);
 * - once tickets are returned, the kept ones keep the promo discount by the same weights: their
 *   own percent part and their weighted part of the rest, rounded down (each return took its
 *   share with it), so what the kept tickets cost is their share of what was paid.
 */

/** Minor units in one major unit (kopecks per rouble). */
export const MINOR_PER_MAJOR = 100
/** A percent fee travels as a percentage; stored as hundredths of a percent (1000 = 10 %). */
const HUNDREDTHS_PER_PERCENT = 100
/** Hundredths of a percent in a whole (100 % = 10,000). */
const PERCENT_HUNDREDTHS_WHOLE = 100 * HUNDREDTHS_PER_PERCENT
/** A whole, in percent (promo codes and bonus accrual are whole percents). */
const PERCENT_WHOLE = 100
/** One loyalty bonus pays one rouble. */
export const BONUS_MINOR = 100
/** Bonuses earned when an order is paid: this percent of the amount paid, in whole bonuses. */
export const BONUS_ACCRUAL_PERCENT = 5

/** Minor units → major units (what the API sends). */
export const toMajor = (minor: number): number => minor / MINOR_PER_MAJOR
/** Major units (as the API sends them) → minor units, rounded to the kopeck. */
export const toMinor = (major: number): number => Math.round(major * MINOR_PER_MAJOR)

/**
 * An amount in major units as an operator types it in the console: "1500", "1500.50", and as
 * Russian and Kazakh write it, "1 500,50" (spaces, no-break spaces and a decimal comma, the way
 * formatMoney shows amounts). NaN for anything else (the contract then refuses it by name).
 * "1.500" stays 1.5: a point is never a thousands separator in these languages.
 */
export function parseTypedAmount(text: string): number {
  const plain = text.trim().replace(/[\s\u00a0\u202f]/g, '')
  if (!/^-?\d*([.,]\d*)?$/.test(plain) || !/\d/.test(plain)) return Number.NaN
  return Number(plain.replace(',', '.'))
}

/** Digits of a minor unit after the decimal point (kopecks: two). */
const MINOR_DIGITS = 2

/**
 * An amount as an operator types it (parseTypedAmount) in minor units, never rounded: NaN when it
 * is no amount, and when it has more decimals than kopecks a fraction of a minor unit (12.345 →
 * 1234.5), which the contract's whole-number amounts refuse, so the form says so instead of
 * saving 12.35 unasked. Decimals are counted in the text (trailing zeros aside), not in the float,
 * so 333.33 stays 33333 and 1.005 is refused.
 */
export function typedMinor(text: string): number {
  const major = parseTypedAmount(text)
  if (Number.isNaN(major)) return major
  const decimals = (/[.,](\d*)$/.exec(text.trim())?.[1] ?? '').replace(/0+$/, '').length
  if (decimals <= MINOR_DIGITS) return toMinor(major)
  const minor = major * MINOR_PER_MAJOR
  // Digits past what a float holds (1.000000000000000001) leave no fraction to refuse: no amount either.
  return Number.isInteger(minor) ? Number.NaN : minor
}

/**
 * Service fee of one ticket, minor units. `fee` is priceservise as stored: minor units for a
 * money fee (currency_id 1), hundredths of a percent for a percent fee (currency_id 2).
 */
export function ticketFee(priceMinor: number, fee: number, currencyId: number): number {
  if (fee <= 0) return 0
  if (currencyId === PRICE_CURRENCY_PERCENT) return Math.round((priceMinor * fee) / PERCENT_HUNDREDTHS_WHOLE)
  return fee
}

/** One ticket's money, minor units. */
export interface TicketMoney {
  price: number
  fee: number
}

/**
 * A price row as the API sends it (major units; priceservise in roubles or in percent) →
 * one ticket's price and fee in minor units. Used by the clients on the rows they receive.
 */
export function rowTicket(row: { price: number; priceservise: number; currency_id: number }): TicketMoney {
  const price = toMinor(row.price)
  // toMinor reads a percent as hundredths of a percent as well (5 % → 500).
  return { price, fee: ticketFee(price, toMinor(row.priceservise), row.currency_id) }
}

/** A group of equal tickets in a sum: `quantity` tickets of one price and fee. */
export interface SumTicket extends TicketMoney {
  quantity: number
  /** Returned (refund confirmed): listed, but no longer part of what the order costs. */
  returned?: boolean
}

/** A promo code's terms: percent of the ticket prices and/or a fixed amount (minor units). */
export interface PromoTerms {
  percent: number
  amount: number
}

export interface OrderSumInput {
  tickets: readonly SumTicket[]
  /** Added services (special offers), minor units each. */
  services?: readonly number[]
  /** Services attached to returned tickets, minor units each: gone with them, counted only to share the promo (below). */
  returnedServices?: readonly number[]
  promo?: PromoTerms | null
  /** Bonuses applied (each pays BONUS_MINOR). */
  bonuses?: number
}

/** An order's money, minor units. */
export interface OrderSum {
  /** Tickets counted (returned ones excluded). */
  count: number
  /** Ticket prices, without fees. */
  tickets: number
  /** Service fees. */
  fees: number
  /** Added services. */
  services: number
  /** Before discounts: tickets + fees + services. */
  gross: number
  /** Promo part of the discount. */
  promo: number
  /** Bonuses applied (count). */
  bonuses: number
  /** Whole discount (promo + bonuses), never above gross. */
  discount: number
  /** What the buyer pays: gross − discount. */
  payable: number
  /** Tickets returned: their price and fee (what their return gave back at most). */
  returned: number
}

/** Promo discount: a percent of the ticket prices, rounded down, plus the fixed amount; never above `cap`. */
export function promoDiscount(ticketPrices: number, cap: number, promo: PromoTerms): number {
  const percent = Math.floor((ticketPrices * promo.percent) / PERCENT_WHOLE)
  return Math.max(0, Math.min(cap, percent + promo.amount))
}

/**
 * What a ticket line (or lines together) was charged, as the weight that splits an order's money
 * over its lines (allocateByWeight): its list cost (`cost`: ticket prices and fees) and the
 * offers attached to it (`services`) less its own part of a percent promo code (`promoPercent`
 * of its ticket `prices`, fees and services excluded as in promoDiscount), exact: in hundredths
 * of a kopeck (× 100), so no rounding of a line's promo part moves a share. What belongs to the
 * whole order (a fixed-amount promo, bonuses, the rounding of the percent) is in no weight: the
 * split spreads it by these. Never negative (a percent is taken as 0 to 100). The one weighting
 * rule of the return's refund, the bonuses it moves, the kept tickets' promo (orderSum) and the
 * console's revenue per ticket (server/domain/orders/money.ts).
 */
export function chargedWeight(line: { cost: number; prices: number; services: number }, promoPercent: number): number {
  const percent = Math.min(PERCENT_WHOLE, Math.max(0, Math.round(promoPercent)))
  return Math.max(0, (line.cost + line.services) * PERCENT_WHOLE - line.prices * percent)
}

/** `amount` × `weight` / `total`, rounded up, through BigInt (the product can pass 2^53); `total` > 0. */
function ceilShare(amount: number, weight: number, total: number): number {
  const product = BigInt(amount) * BigInt(weight)
  const whole = BigInt(total)
  return Number((product + whole - 1n) / whole)
}

/** The sum of an order (or a cart: no services, no discounts). */
export function orderSum(input: OrderSumInput): OrderSum {
  let count = 0
  let tickets = 0
  let fees = 0
  let returned = 0
  let returnedPrices = 0
  for (const t of input.tickets) {
    if (t.quantity <= 0) continue
    if (t.returned) {
      returned += (t.price + t.fee) * t.quantity
      returnedPrices += t.price * t.quantity
      continue
    }
    count += t.quantity
    tickets += t.price * t.quantity
    fees += t.fee * t.quantity
  }
  const services = (input.services ?? []).reduce((s, c) => s + c, 0)
  const gross = tickets + fees + services
  const bonuses = input.bonuses ?? 0
  let promo = 0
  if (input.promo && returned === 0) promo = promoDiscount(tickets, gross, input.promo)
  else if (input.promo) {
    // A return refunds its tickets' share of what was paid, split by what each was charged
    // (chargedWeight; server/domain/orders/money.ts returnedShare), so it took that share of the
    // promo discount with it: the kept tickets cost their weight's share of what the whole order
    // cost after its promo, rounded up, so their promo (the rest of their gross) is rounded down:
    // their own percent part and their weighted part of a fixed amount (not given again to what
    // is left) and of the percent's rounding.
    const returnedServices = (input.returnedServices ?? []).reduce((s, c) => s + c, 0)
    const whole = gross + returned + returnedServices
    const wholePromo = promoDiscount(tickets + returnedPrices, whole, input.promo)
    const wholeWeight = chargedWeight({ cost: tickets + fees + returned, prices: tickets + returnedPrices, services: services + returnedServices }, input.promo.percent)
    const keptWeight = chargedWeight({ cost: tickets + fees, prices: tickets, services }, input.promo.percent)
    promo = wholeWeight === 0 ? gross : Math.max(0, gross - ceilShare(whole - wholePromo, keptWeight, wholeWeight))
  }
  const discount = Math.min(gross, promo + bonuses * BONUS_MINOR)
  return { count, tickets, fees, services, gross, promo, bonuses, discount, payable: gross - discount, returned }
}

/** Bonuses that may still pay for an order: whole bonuses left after the promo discount. */
export function maxBonuses(sum: Pick<OrderSum, 'gross' | 'promo'>): number {
  return Math.max(0, Math.floor((sum.gross - sum.promo) / BONUS_MINOR))
}

/** Bonuses earned by paying `amountPaid` (minor units): `percent` of it (the console's loyalty setting, else BONUS_ACCRUAL_PERCENT), whole bonuses. */
export function bonusesEarned(amountPaid: number, percent = BONUS_ACCRUAL_PERCENT): number {
  return Math.max(0, Math.floor((amountPaid * percent) / PERCENT_WHOLE / BONUS_MINOR))
}

/**
 * Splits `amount` (minor units) over parts in proportion to their `weights` (e.g. what an order
 * paid over its tickets by what each was charged, chargedWeight, so each carries its share of a
 * fixed promo and of the bonuses), in whole minor units that add up to `amount` exactly: each part gets its exact share
 * rounded down, and the units rounding left over go to the part of the largest weight (the
 * first of equals), so no part is off its exact share by more than the number of parts. Weights
 * that are all 0 split it evenly. Products go through BigInt: a session's takings times a
 * ticket's cost can pass 2^53. O(parts).
 */
export function allocateByWeight(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return []
  const total = weights.reduce((s, w) => s + w, 0)
  const even = total === 0
  const whole = BigInt(even ? weights.length : total)
  const shares = weights.map((w) => Number((BigInt(amount) * BigInt(even ? 1 : w)) / whole))
  let largest = 0
  for (let i = 1; i < weights.length; i++) if (weights[i] > weights[largest]) largest = i
  shares[largest] += amount - shares.reduce((s, x) => s + x, 0)
  return shares
}

/** Adds amounts the API sent (major units) in whole kopecks: 0.1 + 0.2 is 0.3, never 0.30000000000000004. */
export function addMajor(values: readonly number[]): number {
  return toMajor(values.reduce((sum, v) => sum + toMinor(v), 0))
}
