import { PROCULTURE_NONE, PROCULTURE_ONLY } from '../../contract/constants'
import type { EventAction } from '../../contract/entities/event'
import type { PriceRow } from '../../contract/entities/price'

/** The two ways to pay (000 §4): exactly one is chosen. */
export type PaymentMethod = 'gift' | 'bank'

/**
 * Methods the event offers (000 §4, §6): the gift card when usepushkarta = 1 and setup's
 * db.showproculture = 1 (the audience it is offered to); the bank card unless the event takes
 * the gift card only (usepushkarta = 1 and usenopushkarta = 0) and the gift card is offered.
 */
export function paymentMethods(action: Pick<EventAction, 'usepushkarta' | 'usenopushkarta'>, showproculture: number): PaymentMethod[] {
  const gift = action.usepushkarta === 1 && showproculture === 1
  const bank = !gift || action.usenopushkarta === 1
  const out: PaymentMethod[] = []
  if (gift) out.push('gift')
  if (bank) out.push('bank')
  return out
}

/** The method chosen first: the bank card when offered, else the gift card. */
export function defaultMethod(methods: readonly PaymentMethod[]): PaymentMethod {
  return methods.includes('bank') ? 'bank' : 'gift'
}

/** Price rows a method may use (useproculture: 0 all, 1 gift card only, 2 non-gift-card). */
export function rowAllowed(row: Pick<PriceRow, 'useproculture'>, method: PaymentMethod): boolean {
  return method === 'gift' ? row.useproculture !== PROCULTURE_NONE : row.useproculture !== PROCULTURE_ONLY
}
