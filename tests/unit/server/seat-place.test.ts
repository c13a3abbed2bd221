/**
 * A seat's place as order care, the box office and the sales export write it
 * (src/server/domain/tickets/lines.ts seatPlace): a sector imported without a name is left out,
 * never shown as an empty part (" · 10 · 7").
 */
import { describe, expect, it } from 'vitest'
import { seatPlace } from '../../../src/server/domain/tickets/lines'

describe('seatPlace', () => {
  it('joins sector, row and seat', () => {
    expect(seatPlace({ sector: 'Партер', row: '10', seat: '7' })).toBe('Партер · 10 · 7')
    expect(seatPlace({ sector: 'Stalls', row: 'B', seat: '12' }, ', ')).toBe('Stalls, B, 12')
  })

  it('leaves out a sector without a name (empty, blank or missing) instead of an empty part', () => {
    expect(seatPlace({ sector: '', row: '10', seat: '7' })).toBe('10 · 7')
    expect(seatPlace({ sector: '  ', row: '10', seat: '7' })).toBe('10 · 7')
    expect(seatPlace({ sector: null, row: '10', seat: '7' })).toBe('10 · 7')
    expect(seatPlace({ row: '10', seat: '7' }, ' ')).toBe('10 7')
  })

  it('any other empty part too; nothing at all gives an empty text', () => {
    expect(seatPlace({ sector: 'Loge 3', row: '', seat: '2' })).toBe('Loge 3 · 2')
    expect(seatPlace({ sector: '', row: null, seat: undefined })).toBe('')
  })
})
