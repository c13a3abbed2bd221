import { describe, expect, it } from 'vitest'
import { formatDayTime } from '../../../src/contract/rules/dayText'
import { mailTicketLabel, type MailLabelParts } from '../../../src/server/mail/templates/ticketLabel'

const base: MailLabelParts = {
  action_ru: 'Лебединое озеро', action_en: 'Swan Lake', action_kz: '', action_ch: '天鵝湖',
  day: '2026-12-09', time: '18:30', quantity: 1,
  seat_id: 7, sector_name: 'Партер', row_label: '10', number_label: '7', stand_name: null,
  category_ru: 'Взрослый', category_en: 'Adult', category_kz: 'Ересек', category_ch: '成人',
}

describe('a ticket line as the e-mails name it', () => {
  it('names a seat by sector, row and number, and its category, in the language asked', () => {
    expect(mailTicketLabel(base, 'en')).toBe(`Swan Lake, ${formatDayTime('2026-12-09 18:30', 'en')}, Партер, row 10, seat 7, Adult`)
    expect(mailTicketLabel(base, 'ru')).toBe(`Лебединое озеро, ${formatDayTime('2026-12-09 18:30', 'ru')}, Партер, ряд 10, место 7, Взрослый`)
    // Kazakh with no event name of its own falls back as the order page does; Chinese with its own comma.
    expect(mailTicketLabel(base, 'kz')).toBe(`Swan Lake, ${formatDayTime('2026-12-09 18:30', 'kz')}, Партер, 10-қатар, 7-орын, Ересек`)
    expect(mailTicketLabel(base, 'ch')).toBe(`天鵝湖，${formatDayTime('2026-12-09 18:30', 'ch')}，Партер，10 排，7 號，成人`)
  })

  it('names general admission by its standing place, with the count', () => {
    const ga = { ...base, seat_id: null, sector_name: null, row_label: null, number_label: null, stand_name: 'Balcony standing', quantity: 3 }
    expect(mailTicketLabel(ga, 'en')).toBe(`Swan Lake, ${formatDayTime('2026-12-09 18:30', 'en')}, Balcony standing, Adult × 3`)
  })

  it('leaves out a place the venue did not give, never writing an empty part', () => {
    const bare = { ...base, seat_id: null, sector_name: null, row_label: null, number_label: null, stand_name: null, quantity: 2 }
    expect(mailTicketLabel(bare, 'en')).toBe(`Swan Lake, ${formatDayTime('2026-12-09 18:30', 'en')}, Adult × 2`)
    const unnamedSector = { ...base, sector_name: '' }
    expect(mailTicketLabel(unnamedSector, 'en')).toBe(`Swan Lake, ${formatDayTime('2026-12-09 18:30', 'en')}, row 10, seat 7, Adult`)
  })
})
