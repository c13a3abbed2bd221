import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { returnBonusPlan } from '../../../src/server/domain/loyalty/return-bonus-plan'
import { bonusWithheld, returnedShare, type OpenLine } from '../../../src/server/domain/orders/money'
import { returnRowAmounts } from '../../../src/server/domain/returns/row-amounts'

/**
 * The return page's rows (returns/row-amounts.ts returnRowAmounts) against what the confirm
 * refunds (refundOfReturned's rule: returnedShare, returnBonusPlan, bonusWithheld): whatever rows
 * the visitor ticks, they add up to no more than the return of those lines refunds, and all of
 * them to exactly that whenever every row's money covers what it keeps back.
 */
describe('returnRowAmounts', () => {
  /** What the confirm refunds for the lines of `open` marked returning. */
  function confirmed(open: readonly OpenLine[], left: number, row: Parameters<typeof returnBonusPlan>[0], card: { id: number; balance: number }): number {
    const shareOf = (held: number) => returnedShare(held, open)
    const bonuses = returnBonusPlan(row, card, shareOf, open.every((l) => l.returning))
    const amount = shareOf(left)
    return amount - bonusWithheld(amount, bonuses.earned, bonuses.revoked)
  }

  it('gives each row its part of what the card holds: two tickets of 1650 ₽ that earned 165, the card holding 74', () => {
    const open = [1, 2].map((id) => ({ id, weight: 165_000, returning: false }))
    const row = { loyalty_card_id: null, bonuses_used: 0, charged_bonus: 165, released_at: null }
    const rows = returnRowAmounts(open, 330_000, { row, card: { id: 7, balance: 74 } })
    expect(Object.fromEntries(rows)).toEqual({ 1: 160_500, 2: 160_400 })
    expect(confirmed(open.map((l) => ({ ...l, returning: true })), 330_000, row, { id: 7, balance: 74 })).toBe(320_900)
  })

  it('for any lines, money, bonuses and card: ticked rows never add up to more than the confirm refunds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 5 }),
        fc.nat(2_000_000),
        fc.record({ charged: fc.nat(5000), spent: fc.nat(5000), balance: fc.nat(5000), samePaid: fc.boolean() }),
        (weights, left, { charged, spent, balance, samePaid }) => {
          const open = weights.map((weight, i) => ({ id: i + 1, weight, returning: false }))
          const row = { loyalty_card_id: samePaid ? 7 : 8, bonuses_used: spent, charged_bonus: charged, released_at: null }
          const card = { id: 7, balance }
          const rows = returnRowAmounts(open, left, { row, card })
          for (let mask = 1; mask < 1 << open.length; mask++) {
            const ticked = open.map((l, i) => ({ ...l, returning: (mask & (1 << i)) !== 0 }))
            const shown = ticked.reduce((sum, l) => (l.returning ? sum + rows.get(l.id)! : sum), 0)
            expect(shown).toBeLessThanOrEqual(confirmed(ticked, left, row, card))
          }
        },
      ),
      { numRuns: 2000 },
    )
  })

  it("all rows ticked add up to the confirm's refund when the money covers the bonuses kept back", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 100_000, max: 500_000 }), { minLength: 1, maxLength: 6 }), fc.nat(3000), fc.nat(3000), fc.nat(3000), fc.boolean(), (weights, charged, spent, balance, samePaid) => {
        const open = weights.map((weight, i) => ({ id: i + 1, weight, returning: false }))
        const left = weights.reduce((sum, w) => sum + w, 0)
        const row = { loyalty_card_id: samePaid ? 7 : 8, bonuses_used: spent, charged_bonus: charged, released_at: null }
        const rows = returnRowAmounts(open, left, { row, card: { id: 7, balance } })
        const shown = [...rows.values()].reduce((sum, x) => sum + x, 0)
        expect(shown).toBe(confirmed(open.map((l) => ({ ...l, returning: true })), left, row, { id: 7, balance }))
      }),
      { numRuns: 2000 },
    )
  })
})
