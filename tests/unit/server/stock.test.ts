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
 * What order creation lets one order take (admission/create.ts checkAvailability, read
 * independently of stock.ts): an order of one kind, regular rows or a holder's subscription rows
 * (admission/plan.ts); each line at most its row's own left, all of them at most the session's
 * capacity (the regular rows' sum when it has none) less everything sold. Tried over every order.
 */
function largestOrder(capacity: number | null, rows: readonly StockRow[], sales: CalendarSales): number {
  const sessionCapacity = capacity ?? rows.filter((r) => r.for_subscription === 0).reduce((s, r) => s + r.quantity, 0)
  let best = 0
  for (const kind of [0, 1]) {
    const ofKind = rows.filter((r) => r.for_subscription === kind)
    const own = ofKind.map((r) => r.quantity - (sales.byPrice.get(r.id) ?? 0))
    const tryFrom = (i: number, taken: number): void => {
      if (i === ofKind.length) {
        if (taken <= sessionCapacity - sales.sold) best = Math.max(best, taken)
        return
      }
      for (let q = 0; q <= Math.max(0, own[i]); q++) tryFrom(i + 1, taken + q)
    }
    tryFrom(0, 0)
  }
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

  it('counts the larger of what a regular order and a subscription order can take, their sales against one capacity', () => {
    const rows = [row(1, 10), row(2, 40, 1)]
    // A holder's order may take 30 (the capacity), a visitor's 10 (the regular row): 30.
    expect(sessionLeft(30, rows, salesOfRows({}))).toBe(30)
    // 25 subscription tickets sold: 5 of the capacity left, less than either kind's rows.
    expect(sessionLeft(30, rows, salesOfRows({ 2: 25 }))).toBe(5)
    // Without subscription rows it is the regular rows' own left.
    expect(sessionLeft(30, [row(1, 10)], salesOfRows({ 1: 4 }))).toBe(6)
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

  it('keeps a session whose public rows are sold out open to subscription holders, each row capped by the capacity left', () => {
    const rows = [row(1, 10), row(2, 40, 1)]
    const sales = salesOfRows({ 1: 10 })
    // The public row is sold out; a holder may still take the subscription row's 40 (the page's day must not say sold out).
    expect(sessionLeft(100, rows, sales)).toBe(40)
    expect(rowLeft(rows[0], sales, capacityLeft(100, rows, sales))).toBe(0)
    expect(rowLeft(rows[1], sales, capacityLeft(100, rows, sales))).toBe(40)
  })

  it('is exactly the largest order, of either kind, that order creation accepts', () => {
    const stock = fc
      .array(fc.record({ quantity: fc.nat(MAX_ROW), sold: fc.nat(MAX_ROW), forSubscription: fc.constantFrom(0, 0, 1) }), { minLength: 0, maxLength: MAX_ROWS })
      .chain((rs) => fc.tuple(fc.constant(rs), fc.option(fc.nat(MAX_ROW * MAX_ROWS * 2))))
    fc.assert(
      fc.property(stock, ([rs, capacity]) => {
        const rows = rs.map((r, i) => row(i + 1, r.quantity, r.forSubscription))
        const sales = salesOfRows(Object.fromEntries(rs.map((r, i) => [i + 1, r.sold])))
        expect(sessionLeft(capacity, rows, sales)).toBe(largestOrder(capacity, rows, sales))
      }),
    )
  })
})
