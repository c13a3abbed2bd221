import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { orderSum } from '../../../src/contract/rules/money'
import { openLineShares, returnedShare, type OpenLine } from '../../../src/server/domain/orders/money'

/**
 * The one rule of what a return gives back (orders/money.ts returnedShare, used by the visitor's
 * return and the console's refund): its lines' share of what is left, split over the lines not
 * yet returned by weight; returns in any order and grouping give back all that was paid, never
 * more, and the last takes the rest.
 */
describe('returnedShare', () => {
  it("gives a ticket its share of what was paid, and the last return what is left", () => {
    // 2 × 1650 ₽ with 10 % off the ticket prices: 3000 ₽ paid, 1500 ₽ each.
    const open = (returning: number[], ids = [1, 2]): OpenLine[] => ids.map((id) => ({ id, weight: 165_000, returning: returning.includes(id) }))
    expect(returnedShare(300_000, open([1]))).toBe(150_000)
    expect(returnedShare(150_000, open([2], [2]))).toBe(150_000)
    // A ticket with a 150 ₽ programme attached weighs its cost and the programme's.
    expect(returnedShare(345_000, [{ id: 1, weight: 180_000, returning: true }, { id: 2, weight: 165_000, returning: false }])).toBe(180_000)
    expect(returnedShare(0, open([1]))).toBe(0)
  })

  it('for any weights and any order of returns: the returns add up to what was paid, each at least 0', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 12 }).chain((weights) =>
          fc.tuple(fc.constant(weights), fc.shuffledSubarray(weights.map((_, i) => i), { minLength: weights.length, maxLength: weights.length }), fc.nat(weights.length)),
        ),
        (paid, [weights, order, cut]) => {
          // Two returns: the first `cut` lines of a random order, then the rest.
          const batches = [order.slice(0, cut), order.slice(cut)].filter((b) => b.length > 0)
          let left = paid
          const returned = new Set<number>()
          for (const batch of batches) {
            const open = weights.map((weight, id) => ({ id, weight, returning: batch.includes(id) })).filter((l) => !returned.has(l.id))
            const amount = returnedShare(left, open)
            expect(amount).toBeGreaterThanOrEqual(0)
            expect(amount).toBeLessThanOrEqual(left)
            left -= amount
            batch.forEach((id) => returned.add(id))
          }
          expect(left).toBe(0)
        },
      ),
    )
  })
})

describe('openLineShares', () => {
  it("splits what is left by weight, the rounding rest to the heaviest line (first by id), whatever order the lines come in", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 10_000_000 }), fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 12 }), (left, weights) => {
        // Ids out of order and unique.
        const lines = weights.map((weight, i) => ({ id: (i * 7) % 13, weight })).filter((l, i, all) => all.findIndex((o) => o.id === l.id) === i)
        const shares = openLineShares(left, lines)
        const total = lines.reduce((sum, l) => sum + l.weight, 0)
        const byId = [...lines].sort((a, b) => a.id - b.id)
        const heaviest = byId.reduce((best, l) => (l.weight > best.weight ? l : best), byId[0])
        // Computed here from the weights alone, not through the rule under test.
        const exact = (w: number) => (total === 0 ? Math.floor(left / lines.length) : Number((BigInt(left) * BigInt(w)) / BigInt(total)))
        if (left <= 0) {
          for (const l of lines) expect(shares.get(l.id)).toBe(0)
          return
        }
        for (const l of lines) if (l.id !== heaviest.id) expect(shares.get(l.id)).toBe(exact(l.weight))
        expect(lines.reduce((sum, l) => sum + shares.get(l.id)!, 0)).toBe(left)
        expect(openLineShares(left, [...lines].reverse())).toEqual(shares)
      }),
    )
  })
})

describe('orderSum after a return', () => {
  it('leaves the kept tickets their part of the promo discount, not all of it', () => {
    const ticket = { price: 150_000, fee: 15_000, quantity: 1 }
    // 3 tickets, 100 ₽ off the order: one returned keeps two thirds of it, rounded down.
    const kept = orderSum({ tickets: [ticket, ticket, { ...ticket, returned: true }], promo: { percent: 0, amount: 10_000 } })
    expect(kept).toMatchObject({ gross: 330_000, promo: 6_666, payable: 323_334 })
    // A percent discount stays what the kept tickets' prices give.
    expect(orderSum({ tickets: [ticket, { ...ticket, returned: true }], promo: { percent: 10, amount: 0 } })).toMatchObject({ promo: 15_000, payable: 150_000 })
    // Nothing returned: the discount as ever.
    expect(orderSum({ tickets: [ticket, ticket], promo: { percent: 0, amount: 10_000 } })).toMatchObject({ promo: 10_000, payable: 320_000 })
  })
})
