import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allocateByWeight } from '../../../src/contract/rules/money'

/**
 * The money rule's split of an amount over parts by weight (what an order paid over its tickets
 * by their list cost, the Sales screen's revenue per ticket): whole minor units that add up to the
 * amount exactly, each part within a rounding of its exact share.
 */
describe('allocateByWeight', () => {
  it('splits by weight in whole units, the remainder on the part of the largest weight', () => {
    // 1499.00 over 1000.00 and 500.00: 999.333… and 499.666…, one kopeck left over.
    expect(allocateByWeight(149_900, [100_000, 50_000])).toEqual([99_934, 49_966])
    expect(allocateByWeight(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(allocateByWeight(0, [5, 7])).toEqual([0, 0])
    // No weight at all: an even split.
    expect(allocateByWeight(10, [0, 0, 0])).toEqual([4, 3, 3])
    expect(allocateByWeight(10, [])).toEqual([])
  })

  it('keeps to the kopeck where the product passes 2^53', () => {
    const amount = 9_000_000_000_000
    expect(allocateByWeight(amount, [3_000_000, 6_000_000])).toEqual([amount / 3, (2 * amount) / 3])
  })

  it('for any amount and weights: the parts add up to the amount, and none is off its exact share by a part count or more', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000_000), fc.array(fc.nat(10_000_000), { minLength: 1, maxLength: 30 }), (amount, weights) => {
        const parts = allocateByWeight(amount, weights)
        expect(parts).toHaveLength(weights.length)
        expect(parts.reduce((s, x) => s + x, 0)).toBe(amount)
        const total = weights.reduce((s, w) => s + w, 0)
        parts.forEach((p, i) => {
          expect(Number.isInteger(p)).toBe(true)
          const exact = total === 0 ? amount / weights.length : (amount * weights[i]) / total
          expect(Math.abs(p - exact)).toBeLessThan(weights.length)
        })
      }),
    )
  })
})
