import { describe, expect, it } from 'vitest'
import { buildCards, gridColumns } from '../../../src/app/afisha/model'
import { KIND_SUBSCRIPTIONS } from '../../../src/contract/constants'
import { sameInAll } from '../../../src/contract/lang'
import { afishaFixture, eventFixture, setupFixture } from './afishaFixture'

describe('listing layout settings (issue 13 item 8)', () => {
  it('takes the menu item\'s menucolumncount, else subscription_col for subscriptions, else tickets_col', () => {
    const data = afishaFixture([eventFixture(1)], setupFixture({ tickets_col: 4, subscription_col: 2 }))
    data.main_menu.find((m) => m.mainmenu_id === 11)!.menucolumncount = 5
    data.main_menu.find((m) => m.mainmenu_id === 10)!.menucolumncount = 0
    expect(gridColumns(data, 1, 11)).toBe(5)
    expect(gridColumns(data, 1, 10)).toBe(4)
    expect(gridColumns(data, 1, null)).toBe(4)
    expect(gridColumns(data, KIND_SUBSCRIPTIONS, null)).toBe(2)
    // Out-of-range operator values are kept within bounds.
    data.main_menu.find((m) => m.mainmenu_id === 11)!.menucolumncount = 40
    expect(gridColumns(data, 1, 11)).toBe(6)
  })

  it('hides the images of a menu item with showimage = 0', () => {
    const data = afishaFixture(
      [eventFixture(1, { image_url: '/media/images/a.svg' }), eventFixture(2, { image_url: '/media/images/b.svg', mainmenu_id: 11 })],
    )
    data.main_menu.find((m) => m.mainmenu_id === 11)!.showimage = 0
    const cards = buildCards(data, 'ru')
    expect(cards.find((c) => c.id === 1)!.showImage).toBe(true)
    expect(cards.find((c) => c.id === 2)!.showImage).toBe(false)
  })
})

describe('card facts from the listing (issue 13 items 13 and 16)', () => {
  it('lists every date with its times and the price categories cheapest first', () => {
    const data = afishaFixture([eventFixture(1)], setupFixture(), {
      calendar: [
        { event_id: 1, eventday: '2026-12-02', eventtime: '19:00', ticketcount: 5, quantity: 5, pricetype_id: 1 },
        { event_id: 1, eventday: '2026-12-01', eventtime: '19:00', ticketcount: 5, quantity: 5, pricetype_id: 1 },
        { event_id: 1, eventday: '2026-12-01', eventtime: '12:00', ticketcount: 5, quantity: 5, pricetype_id: 1 },
      ],
      price_categories: [
        { event_id: 1, zonelevel_id: 3, ...sameInAll('zonelevel', 'Балкон'), zonecolor: '#00f', price: 800 },
        { event_id: 1, zonelevel_id: 2, ...sameInAll('zonelevel', 'Партер'), zonecolor: '#f00', price: 2500 },
      ],
    })
    const [card] = buildCards(data, 'ru')
    expect(card.sessions).toEqual([{ day: '2026-12-01', times: ['12:00', '19:00'] }, { day: '2026-12-02', times: ['19:00'] }])
    expect(card.prices.map((p) => `${p.name} ${p.price}`)).toEqual(['Балкон 800', 'Партер 2500'])
  })
})
