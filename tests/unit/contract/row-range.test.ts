import { describe, expect, it } from 'vitest'
import { rowNumber, rowRangeMatcher } from '../../../src/contract/admin/rowRange'

/**
 * The one rule of a row range (contract/admin/rowRange.ts) that the server's edits and the
 * studio's selection and preview share.
 */
const ROWS = ['1', '2', '07', '10', '11', '-1', '2.5', 'A', 'B', ' A ', 'Balcony 2', '']
const pick = (from?: string, to?: string) => {
  const m = rowRangeMatcher(from, to)
  return m === null ? null : ROWS.filter(m)
}

describe('row range rule', () => {
  it('reads plain numbers only', () => {
    expect(['1', ' 07 ', '-3', '2.5', '1e3', '1.', 'A1', '', '0x10'].map(rowNumber)).toEqual([1, 7, -3, 2.5, null, null, null, null, null])
  })

  it('takes numeric rows between numeric bounds, inclusive and in either order', () => {
    expect(pick('2', '10')).toEqual(['2', '07', '10', '2.5'])
    expect(pick('10', '2')).toEqual(['2', '07', '10', '2.5'])
    expect(pick(' -1 ', '1')).toEqual(['1', '-1'])
  })

  it('one bound is that row alone (numerically equal labels too)', () => {
    expect(pick('7')).toEqual(['07'])
    expect(pick(undefined, '10')).toEqual(['10'])
  })

  it('a non-numeric bound makes the range only its bounds, whichever side it is on', () => {
    expect(pick('A', 'A')).toEqual(['A', ' A '])
    expect(pick('2', 'A')).toEqual(['2', 'A', ' A '])
    expect(pick('A', '2')).toEqual(['2', 'A', ' A '])
    expect(pick('A', 'B')).toEqual(['A', 'B', ' A '])
    expect(pick('Balcony 2', '1')).toEqual(['1', 'Balcony 2'])
  })

  it('no bound is the whole sector', () => {
    expect(rowRangeMatcher()).toBeNull()
    expect(rowRangeMatcher(undefined, undefined)).toBeNull()
  })
})
