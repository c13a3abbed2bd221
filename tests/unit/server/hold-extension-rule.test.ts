import { describe, expect, it } from 'vitest'
import { extendedHoldEnd } from '../../../src/server/domain/inventory/hold-extension'
import { ApiFailure } from '../../../src/server/errors'

/** The one rule for extending a cart's holds and an order's reserve (issue 14: shared, not copied). */
describe('extendedHoldEnd', () => {
  const rule = { maxExtensions: 2, stepSeconds: 600, bound: Number.POSITIVE_INFINITY }
  const refusal = (fn: () => unknown) => {
    try {
      fn()
    } catch (e) {
      return e instanceof ApiFailure ? e.reason : String(e)
    }
    return 'none'
  }

  it('moves the end by one step while extensions are left', () => {
    expect(extendedHoldEnd({ end: 1_000, used: 0 }, rule)).toBe(601_000)
    expect(extendedHoldEnd({ end: 1_000, used: 1 }, rule)).toBe(601_000)
  })

  it('stops at the bound, and refuses when the bound leaves nothing to add', () => {
    expect(extendedHoldEnd({ end: 1_000, used: 0 }, { ...rule, bound: 5_000 })).toBe(5_000)
    expect(refusal(() => extendedHoldEnd({ end: 5_000, used: 0 }, { ...rule, bound: 5_000 }))).toBe('hold-sale-ends')
  })

  it('refuses once every extension is used, before looking at the bound', () => {
    expect(refusal(() => extendedHoldEnd({ end: 1_000, used: 2 }, rule))).toBe('hold-extensions-used')
    expect(refusal(() => extendedHoldEnd({ end: 5_000, used: 2 }, { ...rule, bound: 5_000 }))).toBe('hold-extensions-used')
  })
})
