import { describe, expect, it } from 'vitest'
import { describeSeat, seatDescriber } from '../../../src/engine/interaction/seatInfo'
import { SeatStatus } from '../../../src/engine/model'
import { DEFAULT_SEATMAP_LABELS } from '../../../src/app/seatmap/labels'

/** One builder of the seat announcement (issue 14): the engine's English default and the app's localized words. */
describe('seat announcement', () => {
  const seat = { sector: 'A', row: '3', number: '7', category: 'Parterre', price: 1500, status: SeatStatus.Free }

  it('reads as one sentence, headings lowered after the sector, in the engine default', () => {
    expect(describeSeat(seat)).toBe('Sector A, row 3, seat 7, category Parterre, price 1500, free')
  })

  it('takes the app words and its money format, leaving out empty fields', () => {
    const ru = { ...DEFAULT_SEATMAP_LABELS, sector: 'Сектор', row: 'Ряд', seat: 'Место', category: 'Категория', price: 'Цена', status: { ...DEFAULT_SEATMAP_LABELS.status, [SeatStatus.Held]: 'Занято' } }
    const say = seatDescriber(ru, (p) => `${p} ₽`)
    expect(say(seat)).toBe('Сектор A, ряд 3, место 7, категория Parterre, цена 1500 ₽, Free')
    expect(say({ ...seat, sector: '', category: '', price: null, status: SeatStatus.Held })).toBe('ряд 3, место 7, Занято')
  })
})
