import { describe, expect, it } from 'vitest'
import { meetsRowMinimum, mostOfRowWithinLimit, ticketsCounted } from '../../../src/contract/rules/limits'

/** The per-order limit as a quantity list offers it: never more than the server's count (ticketsCounted) accepts. */
describe('mostOfRowWithinLimit', () => {
  it('is what the limit leaves beside the other rows, a group ticket counted as its passes', () => {
    expect(mostOfRowWithinLimit(10, [], 0)).toBe(10)
    expect(mostOfRowWithinLimit(10, [{ quantity: 7, passagequant: 0 }], 0)).toBe(3)
    // A group ticket of 4 passes beside 3 tickets: 7 counted, room for 3 tickets or no more group ticket.
    const others = [{ quantity: 1, passagequant: 4 }, { quantity: 3, passagequant: 0 }]
    expect(mostOfRowWithinLimit(10, others, 0)).toBe(3)
    expect(mostOfRowWithinLimit(10, others, 4)).toBe(0)
    expect(mostOfRowWithinLimit(10, [{ quantity: 12, passagequant: 0 }], 0)).toBe(0)
  })

  it('every quantity it offers fits the server count, one more does not', () => {
    for (const limit of [1, 6, 10]) {
      for (const others of [[], [{ quantity: 2, passagequant: 0 }], [{ quantity: 1, passagequant: 3 }]]) {
        for (const pq of [0, 1, 3]) {
          const most = mostOfRowWithinLimit(limit, others, pq)
          const counted = (n: number) => ticketsCounted([...others, { quantity: n, passagequant: pq }])
          if (ticketsCounted(others) <= limit) expect(counted(most)).toBeLessThanOrEqual(limit)
          expect(counted(most + 1)).toBeGreaterThan(limit)
        }
      }
    }
  })
})

/** A row's minimum (needprice) as the server refuses it (admission/plan.ts line-needprice): none, or at least that many. */
describe('meetsRowMinimum', () => {
  it('takes none of a row or at least its minimum; 0 and 1 are no minimum', () => {
    expect([0, 1, 2, 3, 4].filter((n) => meetsRowMinimum(3, n))).toEqual([0, 3, 4])
    expect([0, 1, 2].filter((n) => meetsRowMinimum(0, n))).toEqual([0, 1, 2])
    expect([0, 1, 2].filter((n) => meetsRowMinimum(1, n))).toEqual([0, 1, 2])
  })
})
