import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chargedWeight, orderSum } from '../../../src/contract/rules/money'
import { keptLineShares, lineWeight, openLineShares, returnedShare, type OpenLine } from '../../../src/server/domain/orders/money'

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

  it("leaves a kept ticket with a dear offer its own percent part, not a share of the order's by gross (the audit's probe)", () => {
    const ticket = { price: 150_000, fee: 15_000, quantity: 1 }
    // 2 tickets at 50 %, a 1500 ₽ offer on the kept one: it costs what it costs alone with the code, 750 + 150 + 1500.
    const kept = orderSum({ tickets: [ticket, { ...ticket, returned: true }], services: [150_000], promo: { percent: 50, amount: 0 } })
    expect(kept).toMatchObject({ gross: 315_000, promo: 75_000, payable: 240_000 })
    // The ticket with the offer returned: the kept one costs 750 + 150.
    expect(orderSum({ tickets: [ticket, { ...ticket, returned: true }], returnedServices: [150_000], promo: { percent: 50, amount: 0 } })).toMatchObject({ promo: 75_000, payable: 90_000 })
  })
})

/** An order for the properties below: its lines (price, fee, offers), a promo of a percent and/or an amount, and bonuses. */
const orderArb = fc.record({
  lines: fc.array(fc.record({ price: fc.nat(500_000), fee: fc.nat(50_000), services: fc.nat(300_000) }), { minLength: 1, maxLength: 8 }),
  percent: fc.constantFrom(0, 5, 10, 33, 50, 99, 100),
  amount: fc.constantFrom(0, 1, 10_000, 333_333),
  bonusPart: fc.double({ min: 0, max: 1, noNaN: true }),
})

describe('chargedWeight', () => {
  it("weighs a line by its price less its own percent promo part, its fee and its offers, in hundredths of a kopeck", () => {
    // 1500 ₽ + 150 ₽ fee at 50 %, a 1500 ₽ offer: charged 750 + 150 + 1500.
    expect(chargedWeight({ cost: 165_000, prices: 150_000, services: 150_000 }, 50)).toBe(240_000 * 100)
    expect(chargedWeight({ cost: 165_000, prices: 150_000, services: 0 }, 50)).toBe(90_000 * 100)
    // No promo: the list cost with the offers; a percent is taken as 0 to 100.
    expect(chargedWeight({ cost: 165_000, prices: 150_000, services: 15_000 }, 0)).toBe(180_000 * 100)
    expect(chargedWeight({ cost: 165_000, prices: 150_000, services: 0 }, 150)).toBe(15_000 * 100)
    expect(chargedWeight({ cost: 165_000, prices: 150_000, services: 0 }, -5)).toBe(165_000 * 100)
    expect(lineWeight({ cost: 165_000, price: 150_000, quantity: 1, services: 150_000 }, 50)).toBe(240_000 * 100)
  })

  it("refunds the audit's probe at what each ticket was charged, and the two returns add up to what was paid", () => {
    // 2 × (1500 ₽ + 150 ₽ fee), 50 % off the prices, a 1500 ₽ offer on ticket 1: 3300 ₽ paid.
    const lines = [{ id: 1, cost: 165_000, price: 150_000, quantity: 1, services: 150_000 }, { id: 2, cost: 165_000, price: 150_000, quantity: 1, services: 0 }]
    const open = (returning: number[], ids = [1, 2]) => lines.filter((l) => ids.includes(l.id)).map((l) => ({ id: l.id, weight: lineWeight(l, 50), returning: returning.includes(l.id) }))
    expect(returnedShare(330_000, open([2]))).toBe(90_000)
    expect(returnedShare(240_000, open([1], [1]))).toBe(240_000)
    // The console's revenue per ticket splits the same way.
    const kept = lines.map((l) => ({ ...l, order_id: 9 }))
    expect(keptLineShares(kept, new Map([[9, 330_000]]), new Map([[9, 50]]))).toEqual(new Map([[1, 240_000], [2, 90_000]]))
  })

  it('for any order and any returns: the refunds and what the kept tickets still hold make what was paid, none negative, and the kept promo agrees with the split', () => {
    fc.assert(
      fc.property(
        orderArb,
        fc.array(fc.nat(7), { maxLength: 8 }),
        fc.nat(3),
        ({ lines, percent, amount, bonusPart }, orderOfReturn, batches) => {
          const promo = { percent, amount }
          const tickets = lines.map((l) => ({ price: l.price, fee: l.fee, quantity: 1 }))
          const before = orderSum({ tickets, services: lines.map((l) => l.services), promo })
          // Whole bonuses the order may still take (never more than what is left after the promo).
          const bonuses = Math.floor(Math.floor((before.gross - before.promo) / 100) * bonusPart)
          const paid = orderSum({ tickets, services: lines.map((l) => l.services), promo, bonuses }).payable
          const weights = lines.map((l, id) => ({ id, weight: lineWeight({ cost: l.price + l.fee, price: l.price, quantity: 1, services: l.services }, percent) }))
          // Returns: the lines in a shuffled order, in up to `batches` + 1 groups, the last group all that is left.
          const order = [...new Set([...orderOfReturn.filter((i) => i < lines.length), ...lines.map((_, i) => i)])]
          const cut = Math.max(1, Math.ceil(order.length / (batches + 1)))
          let left = paid
          let bonusesLeft = bonuses
          const returned = new Set<number>()
          for (let from = 0; from < order.length; from += cut) {
            const batch = order.slice(from, from + cut)
            const open = weights.filter((w) => !returned.has(w.id)).map((w) => ({ ...w, returning: batch.includes(w.id) }))
            const amountBack = returnedShare(left, open)
            const bonusesBack = returnedShare(bonusesLeft, open)
            expect(amountBack).toBeGreaterThanOrEqual(0)
            expect(amountBack).toBeLessThanOrEqual(left)
            // With no fixed amount and no bonuses, a return gives back what its tickets were charged, to within the rounding (computed here, not by the rule).
            const charged = batch.reduce((sum, i) => sum + (lines[i].price * (100 - percent)) / 100 + lines[i].fee + lines[i].services, 0)
            if (amount === 0 && bonuses === 0) expect(Math.abs(amountBack - charged)).toBeLessThanOrEqual(lines.length + 1)
            left -= amountBack
            bonusesLeft -= bonusesBack
            batch.forEach((id) => returned.add(id))
            // What the money rule says the kept tickets still cost: with no bonuses, their weight's share of what was paid, to within the rounding of the split's parts.
            const kept = orderSum({
              tickets: tickets.map((t, i) => ({ ...t, returned: returned.has(i) })),
              services: lines.filter((_, i) => !returned.has(i)).map((l) => l.services),
              returnedServices: lines.filter((_, i) => returned.has(i)).map((l) => l.services),
              promo,
              bonuses: bonusesLeft,
            })
            expect(kept.promo).toBeGreaterThanOrEqual(0)
            expect(kept.payable).toBeGreaterThanOrEqual(0)
            if (bonuses === 0) expect(Math.abs(kept.payable - left)).toBeLessThanOrEqual(lines.length)
          }
          // The last return took all that was left: every kopeck and every bonus paid went back.
          expect(left).toBe(0)
          expect(bonusesLeft).toBe(0)
        },
      ),
    )
  })
})
