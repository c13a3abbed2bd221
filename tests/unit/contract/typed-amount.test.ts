import { describe, expect, it } from 'vitest'
import { parseTypedAmount, typedMinor } from '../../../src/contract/rules/money'

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

describe('an amount as typed, in minor units (typedMinor): never rounded', () => {
  it('reads kopecks exactly, float noise aside', () => {
    expect(typedMinor('1500')).toBe(150_000)
    expect(typedMinor('1 500,50')).toBe(150_050)
    expect(typedMinor('333.33')).toBe(33_333)
    expect(typedMinor('0,1')).toBe(10)
    // Trailing zeros are no kopecks more.
    expect(typedMinor('12.3400')).toBe(1234)
  })

  it('gives more decimals than kopecks as a fraction, which a whole-number amount refuses', () => {
    expect(typedMinor('12.345')).toBe(1234.5)
    expect(Number.isInteger(typedMinor('1,005'))).toBe(false)
    expect(Number.isInteger(typedMinor('0.001'))).toBe(false)
    // More digits than a float keeps: no fraction is left to refuse, so no amount either.
    expect(typedMinor('1.000000000000000001')).toBeNaN()
    expect(typedMinor('abc')).toBeNaN()
  })
})
