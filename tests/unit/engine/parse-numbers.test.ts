import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { num } from '../../../src/engine/parse/shapes'
import { decimalValue } from '../../../src/engine/geometry/decimal'

/** num() as it was: parseFloat, then the fallback for anything not finite. */
const reference = (v: string | undefined, fallback = NaN) => {
  if (v === undefined) return fallback
  const n = parseFloat(v)
  return Number.isFinite(n) ? n : fallback
}

const numberLike = fc
  .array(fc.constantFrom('0', '1', '7', '9', '.', '-', '+', 'e', 'E', ' ', 'px', '%', 'x', '12345678', '1e400'), { maxLength: 10 })
  .map((parts) => parts.join(''))

describe('attribute numbers (fast path for plain decimals)', () => {
  it('num reads every attribute value exactly as parseFloat did, -0 included', () => {
    fc.assert(
      fc.property(fc.oneof(numberLike, fc.double().map(String), fc.string({ maxLength: 8 })), (v) => {
        expect(Object.is(num(v), reference(v))).toBe(true)
        expect(Object.is(num(v, 3), reference(v, 3))).toBe(true)
      }),
      { numRuns: 5000 },
    )
    expect(num(undefined, 4)).toBe(4)
  })

  it('decimalValue equals Number() of the text for any delimited number', () => {
    const decimal = fc
      .tuple(fc.constantFrom('', '+', '-'), fc.stringMatching(/^[0-9]{0,18}$/), fc.constantFrom('', '.'), fc.stringMatching(/^[0-9]{0,18}$/), fc.constantFrom('', 'e3', 'E-7'))
      .map((p) => p.join(''))
      .filter((t) => /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t))
    fc.assert(
      fc.property(decimal, fc.constantFrom('', ' ', ')'), (text, after) => {
        expect(Object.is(decimalValue(`(${text}${after}`, 1, 1 + text.length), Number(text))).toBe(true)
      }),
      { numRuns: 5000 },
    )
  })
})
