import { describe, expect, it } from 'vitest'
import { parseTypedAmount } from '../../../src/contract/rules/money'

describe('an amount as an operator types it (parseTypedAmount)', () => {
  it('reads a point, a decimal comma and grouping spaces as ru and kz write amounts', () => {
    expect(parseTypedAmount('1500')).toBe(1500)
    expect(parseTypedAmount('1500.50')).toBe(1500.5)
    expect(parseTypedAmount('1500,50')).toBe(1500.5)
    expect(parseTypedAmount('1 500')).toBe(1500)
    expect(parseTypedAmount('1\u00a0500,5')).toBe(1500.5)
    expect(parseTypedAmount('1\u202f500')).toBe(1500)
    expect(parseTypedAmount(' 0,99 ')).toBe(0.99)
  })

  it('keeps a point a decimal point and refuses what is not an amount', () => {
    expect(parseTypedAmount('1.500')).toBe(1.5)
    for (const bad of ['', ' ', ',', '1,500,00', '1.5.0', '15 руб', 'abc', '1e3', '0x10']) expect(parseTypedAmount(bad), bad).toBeNaN()
  })
})
