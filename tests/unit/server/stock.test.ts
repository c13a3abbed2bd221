import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { capacityLeft, rowLeft, sessionLeft, type CalendarSales, type StockRow } from '../../../src/server/domain/inventory/stock'

/** Sales of one session from tickets sold per price row id. */
function salesOfRows(sold: Record<number, number>): CalendarSales {
  const byPrice = new Map(Object.entries(sold).map(([id, n]) => [Number(id), n]))
  return { sold: [...byPrice.values()].reduce((s, n) => s + n, 0), byPrice }
}

const row = (id: number, quantity: number, forSubscription = 0): StockRow => ({ id, quantity, for_subscription: forSubscription })

/**
 * What order creation lets one regular order take (admission/create.ts checkAvailability, read
 * independently of stock.ts): each line at most its row's own left, all of them at most the
 * session's capacity less everything sold. Tried over every order of the regular rows.
 */
function largestRegularOrder(capacity: number | null, rows: readonly StockRow[], sales: CalendarSales): number {
  const regular = rows.filter((r) => r.for_subscription === 0)
  const own = regular.map((r) => r.quantity - (sales.byPrice.get(r.id) ?? 0))
  const sessionCapacity = capacity ?? regular.reduce((s, r) => s + r.quantity, 0)
  let best = 0
  const tryFrom = (i: number, taken: number): void => {
    if (i === regular.length) {
      if (taken <= sessionCapacity - sales.sold) best = Math.max(best, taken)
      return
    }
    for (let q = 0; q <= Math.max(0, own[i]); q++) tryFrom(i + 1, taken + q)
  }
  tryFrom(0, 0)
  return best
}

/** Small enough to try every order: rows of at most this many tickets. */
const MAX_ROW = 6
const MAX_ROWS = 3

describe('sessionLeft (inventory/stock.ts)', () => {
  it('counts no more than the regular rows can still sell when calendars.capacity is larger', () => {
    // Capacity 500, two rows of 100, 150 sold: 350 of the capacity left, but only 50 in the rows.
    const rows = [row(1, 100), row(2, 100)]
    const sales = salesOfRows({ 1: 100, 2: 50 })
    expect(capacityLeft(500, rows, sales)).toBe(350)
    expect(sessionLeft(500, rows, sales)).toBe(50)
  })

  it("takes the session's capacity when it is the smaller", () => {
    const rows = [row(1, 100), row(2, 100)]
    expect(sessionLeft(100, rows, salesOfRows({ 1: 2, 2: 1 }))).toBe(97)
  })

  it('leaves subscription rows out of what is left, and counts their sales against the capacity', () => {
    const rows = [row(1, 10), row(2, 40, 1)]
    expect(sessionLeft(30, rows, salesOfRows({}))).toBe(10)
    // 25 subscription tickets sold: 5 of the capacity left, less than the regular row's 10.
    expect(sessionLeft(30, rows, salesOfRows({ 2: 25 }))).toBe(5)
  })

  it('counts a group-excursion row by its groups, as a regular row', () => {
    const group = { ...row(3, 4), passagequant: 10 }
    expect(sessionLeft(500, [row(1, 5), group], salesOfRows({ 3: 1 }))).toBe(8)
  })

  it('never counts an oversold row below zero', () => {
    // Row 1 lowered below its sales by an old edit: it adds nothing, row 2's 5 are still there
    // (its own capacity, 7 less 4 sold, caps them at 3 when the rows are the capacity).
    expect(sessionLeft(100, [row(1, 2), row(2, 5)], salesOfRows({ 1: 4 }))).toBe(5)
    expect(sessionLeft(null, [row(1, 2), row(2, 5)], salesOfRows({ 1: 4 }))).toBe(3)
  })

  it('caps a row by the capacity left, not by the regular rows, so subscription rows keep theirs', () => {
    const rows = [row(1, 10), row(2, 40, 1)]
    const sales = salesOfRows({ 1: 10 })
    expect(sessionLeft(100, rows, sales)).toBe(0)
    expect(rowLeft(rows[1], sales, capacityLeft(100, rows, sales))).toBe(40)
  })

  it('is exactly the largest regular order that order creation accepts', () => {
    const stock = fc
      .array(fc.record({ quantity: fc.nat(MAX_ROW), sold: fc.nat(MAX_ROW), forSubscription: fc.constantFrom(0, 0, 1) }), { minLength: 0, maxLength: MAX_ROWS })
      .chain((rs) => fc.tuple(fc.constant(rs), fc.option(fc.nat(MAX_ROW * MAX_ROWS * 2))))
    fc.assert(
      fc.property(stock, ([rs, capacity]) => {
        const rows = rs.map((r, i) => row(i + 1, r.quantity, r.forSubscription))
        const sales = salesOfRows(Object.fromEntries(rs.map((r, i) => [i + 1, r.sold])))
        expect(sessionLeft(capacity, rows, sales)).toBe(largestRegularOrder(capacity, rows, sales))
      }),
    )
  })
})
