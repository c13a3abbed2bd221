import { describe, expect, it } from 'vitest'
import { paymentMethods, type PaymentMethod } from '../../../src/contract/rules/payment'
import { ApiFailure } from '../../../src/server/errors'
import { resolvePaymentMethod } from '../../../src/server/domain/orders/payment-method'
import { cartGiftCard } from '../../../src/server/domain/scheme/pricing'

const FLAGS = [0, 1].flatMap((usepushkarta) => [0, 1].map((usenopushkarta) => ({ usepushkarta, usenopushkarta })))

/** The failure's reason, or the answer. */
function attempt<T>(f: () => T): T | string {
  try {
    return f()
  } catch (err) {
    if (err instanceof ApiFailure) return err.reason
    throw err
  }
}

describe('payment method: the server takes exactly what the page offers (000 §4, §6)', () => {
  it.each(FLAGS.flatMap((f) => [0, 1].map((show) => [f, show] as const)))('%o with showproculture %i', (flags, show) => {
    const offered = paymentMethods(flags, show)
    for (const method of ['gift', 'bank'] as PaymentMethod[]) {
      const answer = attempt(() => resolvePaymentMethod(flags, show, method === 'gift' ? 1 : 0))
      expect(answer).toBe(offered.includes(method) ? method === 'gift' : 'unknown-payment-method')
      // A cart holds with the gift card's prices only where the gift card is offered.
      if (method === 'gift') expect(attempt(() => cartGiftCard(flags, show, 1))).toBe(offered.includes('gift') ? true : 'unknown-payment-method')
    }
    // Saying nothing is a choice only where there is none to make.
    expect(attempt(() => resolvePaymentMethod(flags, show, undefined))).toBe(offered.includes('gift') ? 'no-payment-method' : false)
  })

  it('a shop that does not offer the gift card sells a gift-card-only event by bank card', () => {
    expect(paymentMethods({ usepushkarta: 1, usenopushkarta: 0 }, 0)).toEqual(['bank'])
    expect(paymentMethods({ usepushkarta: 1, usenopushkarta: 0 }, 1)).toEqual(['gift'])
  })
})
