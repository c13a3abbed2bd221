import { PROCULTURE_NONE, PROCULTURE_ONLY } from '../../contract/constants'
import type { PriceRow } from '../../contract/entities/price'
import type { PaymentMethod } from '../../contract/rules/payment'

// The methods an event offers are the contract's rule: the server refuses what it does not offer.
export { paymentMethods, type PaymentMethod } from '../../contract/rules/payment'

/** The method chosen first: the bank card when offered, else the gift card. */
export function defaultMethod(methods: readonly PaymentMethod[]): PaymentMethod {
  return methods.includes('bank') ? 'bank' : 'gift'
}

/** Price rows a method may use (useproculture: 0 all, 1 gift card only, 2 non-gift-card). */
export function rowAllowed(row: Pick<PriceRow, 'useproculture'>, method: PaymentMethod): boolean {
  return method === 'gift' ? row.useproculture !== PROCULTURE_NONE : row.useproculture !== PROCULTURE_ONLY
}
