import { describe, expect, it } from 'vitest'
import { placeOf } from '../../../src/app/door/labels'
import { DOOR_TEXTS } from '../../../src/app/door/texts'
import { seatPlaceText } from '../../../src/contract/rules/seat-place'
import type { DoorTicket } from '../../../src/contract/admin/door'

const ticket = (seat: DoorTicket['seat']): DoorTicket => ({ id: 1, sessionId: 1, code: '123456789012', seat, standing: null, category: { ru: 'Взрослый', en: 'Adult', kz: 'Ересек', ch: '成人' }, holder: '', quantity: 1 })

describe("the door's place line", () => {
  it('names the sector, row and seat with the category, as the printed ticket writes the seat', () => {
    const seat = { sector: 'Balcony', row: '3', seat: '14' }
    expect(placeOf(ticket(seat), DOOR_TEXTS.en, 'en')).toBe(`${seatPlaceText(seat, 'en')} · Adult`)
    expect(placeOf(ticket(seat), DOOR_TEXTS.en, 'en')).toBe('Balcony, row 3, seat 14 · Adult')
    expect(placeOf(ticket(seat), DOOR_TEXTS.ru, 'ru')).toBe('Balcony, ряд 3, место 14 · Взрослый')
    expect(placeOf(ticket(seat), DOOR_TEXTS.kz, 'kz')).toBe('Balcony, 3-қатар, 14-орын · Ересек')
    expect(placeOf(ticket(seat), DOOR_TEXTS.ch, 'ch')).toBe('Balcony，3 排，14 號 · 成人')
  })

  it('leaves out a sector the drawing left unnamed instead of "Sector , row 3" (every language)', () => {
    const unnamed = ticket({ sector: '', row: '10', seat: '7' })
    expect(placeOf(unnamed, DOOR_TEXTS.en, 'en')).toBe('Row 10, seat 7 · Adult')
    expect(placeOf(unnamed, DOOR_TEXTS.ru, 'ru')).toBe('Ряд 10, место 7 · Взрослый')
    expect(placeOf(unnamed, DOOR_TEXTS.kz, 'kz')).toBe('10-қатар, 7-орын · Ересек')
    expect(placeOf(unnamed, DOOR_TEXTS.ch, 'ch')).toBe('10 排，7 號 · 成人')
  })
})
