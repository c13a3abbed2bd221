import { describe, expect, it } from 'vitest'
import { placeOf } from '../../../src/app/door/labels'
import { DOOR_TEXTS } from '../../../src/app/door/texts'
import type { DoorTicket } from '../../../src/contract/admin/door'

const ticket = (seat: DoorTicket['seat']): DoorTicket => ({ id: 1, sessionId: 1, code: '123456789012', seat, standing: null, category: { ru: 'Взрослый', en: 'Adult', kz: 'Ересек', ch: '成人' }, holder: '', quantity: 1 })

describe("the door's place line", () => {
  it('names the sector, row and seat with the category', () => {
    expect(placeOf(ticket({ sector: 'Balcony', row: '3', seat: '14' }), DOOR_TEXTS.en, 'en')).toBe('Sector Balcony, row 3, seat 14 · Adult')
  })

  it('leaves out a sector the drawing left unnamed instead of "Sector , row 3" (every language)', () => {
    const unnamed = ticket({ sector: '', row: '10', seat: '7' })
    expect(placeOf(unnamed, DOOR_TEXTS.en, 'en')).toBe('Row 10, seat 7 · Adult')
    expect(placeOf(unnamed, DOOR_TEXTS.ru, 'ru')).toBe('Ряд 10, место 7 · Взрослый')
    expect(placeOf(unnamed, DOOR_TEXTS.kz, 'kz')).toBe('10 қатар, 7 орын · Ересек')
    expect(placeOf(unnamed, DOOR_TEXTS.ch, 'ch')).toBe('10 排，7 號 · 成人')
  })
})
