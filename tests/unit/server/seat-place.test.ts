/**
 * A seat's place as people read it (src/contract/rules/seat-place.ts seatPlaceText): printed
 * box-office tickets, order care, the reseat answer and the sales export word it in the reader's
 * language, "Stalls left, row 1, seat 8", not a bare "Stalls left · 1 · 8"; the server's own
 * refusals (inventory/places.ts placeText) use the same wording. A part the drawing left empty is left out.
 */
import { describe, expect, it } from 'vitest'
import { LANGS } from '../../../src/contract/lang'
import { seatPlaceText } from '../../../src/contract/rules/seat-place'
import { placeText } from '../../../src/server/domain/inventory/places'

const seat = { sector: 'Stalls left', row: '1', seat: '8' }

describe('seatPlaceText', () => {
  it('words sector, row and seat in each language', () => {
    expect(seatPlaceText(seat, 'en')).toBe('Stalls left, row 1, seat 8')
    expect(seatPlaceText(seat, 'ru')).toBe('Stalls left, ряд 1, место 8')
    expect(seatPlaceText(seat, 'kz')).toBe('Stalls left, 1-қатар, 8-орын')
    expect(seatPlaceText(seat, 'ch')).toBe('Stalls left，1 排，8 號')
    expect(seatPlaceText({ sector: 'Партер', row: '10', seat: '7' }, 'ru')).toBe('Партер, ряд 10, место 7')
  })

  it("is the server refusals' wording too (one home), an empty row or seat left out rather than written as a dash", () => {
    const place = (parts: { sector: string; row: string; seat: string }) => placeText({ kind: 'seat', key: 's1', id: 1, zoneId: null, ...parts })
    for (const lang of LANGS) expect(place(seat)[lang], lang).toBe(seatPlaceText(seat, lang))
    expect(place({ sector: 'Loge 3', row: '', seat: '2' })).toMatchObject({ en: 'Loge 3, seat 2', ru: 'Loge 3, место 2' })
    expect(place({ sector: '', row: '', seat: '' }).en).toBe('s1')
  })

  it('leaves out a sector without a name (empty, blank or missing) instead of an empty part', () => {
    expect(seatPlaceText({ sector: '', row: '10', seat: '7' }, 'en')).toBe('row 10, seat 7')
    expect(seatPlaceText({ sector: '  ', row: '10', seat: '7' }, 'ru')).toBe('ряд 10, место 7')
    expect(seatPlaceText({ sector: null, row: '10', seat: '7' }, 'ch')).toBe('10 排，7 號')
    expect(seatPlaceText({ row: '10', seat: '7' }, 'kz')).toBe('10-қатар, 7-орын')
  })

  it('any other empty part too, so a lone number is never mistaken for a row; nothing at all gives an empty text', () => {
    expect(seatPlaceText({ sector: 'Loge 3', row: '', seat: '2' }, 'en')).toBe('Loge 3, seat 2')
    expect(seatPlaceText({ sector: 'Loge 3', row: '2', seat: null }, 'ru')).toBe('Loge 3, ряд 2')
    expect(seatPlaceText({ sector: '', row: null, seat: undefined }, 'en')).toBe('')
  })

  it('gives a standing place (its name as the sector, no row or seat) as the name alone', () => {
    expect(seatPlaceText({ sector: 'Dance floor', row: '', seat: '' }, 'en')).toBe('Dance floor')
  })

  it('writes labels as they are, replacement patterns included', () => {
    expect(seatPlaceText({ sector: 'A', row: "$&$'", seat: '$1' }, 'en')).toBe("A, row $&$', seat $1")
  })
})
