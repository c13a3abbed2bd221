import { describe, expect, it } from 'vitest'
import { SALE_SOON } from '../../../src/contract/constants'
import { applyFilters, bySubscriptions, EMPTY_FILTERS, playsWithin, FILTERS_STORAGE_KEY, FILTERS_TTL_MS, loadFilters, saveFilters, tagChips } from '../../../src/app/afisha/filters'
import { buildCards, buyState, cardsInSelection, htmlToText, kindMenu, mainMenu, pageWindow, selectKind, selectMenu, truncate } from '../../../src/app/afisha/model'
import { afishaFixture, eventFixture, setupFixture } from './afishaFixture'

describe('afisha cards', () => {
  it('disables buying at the sale-soon marker and when nothing is left', () => {
    expect(buyState(SALE_SOON)).toBe('soon')
    expect(buyState(0)).toBe('soldout')
    expect(buyState(3)).toBe('available')
  })

  it('joins calendar, venue and tags, and links scheme events to the seat map', () => {
    const data = afishaFixture([eventFixture(1, { scheme: 1, tags: '7, 8' }), eventFixture(2)], setupFixture(), {
      calendar: [
        { event_id: 1, eventday: '2026-12-05', eventtime: '19:00', ticketcount: 5, quantity: 5, pricetype_id: 1 },
        { event_id: 1, eventday: '2026-12-01', eventtime: '12:00', ticketcount: 5, quantity: 5, pricetype_id: 1 },
      ],
      event_tags: [{ event_id: 1, attr_id: 9 }],
    })
    const [first, second] = buildCards(data, 'en')
    expect(first.route).toBe('scheme')
    expect(second.route).toBe('event')
    expect(first.title).toBe('Event 1')
    expect(first.days).toEqual({ first: '2026-12-01', last: '2026-12-05' })
    expect(first.times).toEqual({ first: '12:00', last: '19:00' })
    expect(first.address).toBe('Театральная пл., 1')
    expect(first.mapUrl).toBe('https://yandex.ru/maps/?text=1')
    expect(first.tagIds.sort()).toEqual([7, 8, 9])
    expect(second.days).toBeNull()
  })

  it('shows the ticket count only when the event shows it and tickets are on sale', () => {
    const cards = buildCards(afishaFixture([
      eventFixture(1, { totalticketcount: 12 }),
      eventFixture(2, { totalticketcount: 12, showticketcount: 0 }),
      eventFixture(3, { totalticketcount: SALE_SOON }),
    ]), 'ru')
    expect(cards.map((c) => c.ticketCount)).toEqual([12, null, null])
  })

  it('falls back to another language when a title is missing', () => {
    expect(buildCards(afishaFixture([eventFixture(1)]), 'kz')[0].title).toBe('Event 1')
  })

  it('truncates descriptions by setup length, plain text only, and refuses unsafe image urls', () => {
    const data = afishaFixture(
      [eventFixture(1, { ...{ descript_ru: '<p>Очень <b>длинное</b> описание спектакля &amp; концерта</p><script>x()</script>' }, image_url: 'javascript:alert(1)' })],
      setupFixture({ tickets_description: 20 }),
    )
    const [card] = buildCards(data, 'ru')
    expect(card.description).toBe('Очень длинное описание спектакля & концерта')
    expect(card.descriptionShort).toBe('Очень длинное…')
    expect(card.imageUrl).toBeUndefined()
    expect(card.showImage).toBe(false)
  })

  it('sorts by the events sort number', () => {
    const cards = buildCards(afishaFixture([eventFixture(1, { eventsotrnum: 5 }), eventFixture(2, { eventsotrnum: 1 })]), 'ru')
    expect(cards.map((c) => c.id)).toEqual([2, 1])
  })
})

describe('afisha menus', () => {
  const data = afishaFixture([eventFixture(1), eventFixture(2, { mainmenu_id: 11 }), eventFixture(3, { menukind_id: 2, mainmenu_id: 20 })])

  it('sorts kinds and hides the top menu with a single kind unless setup forces it', () => {
    expect(kindMenu(data, 'ru')).toEqual({ items: [{ id: 1, name: 'Билеты' }, { id: 2, name: 'Абонементы' }], visible: true })
    const single = afishaFixture([], setupFixture(), { kind_menu: [{ menukind_id: 1, menukindsortnum: 1, menukindname_ru: 'Б', menukindname_en: '', menukindname_kz: '', menukindname_ch: '' }] })
    expect(kindMenu(single, 'ru').visible).toBe(false)
    const forced = afishaFixture([], setupFixture({ topmenu: 1 }), { kind_menu: single.kind_menu })
    expect(kindMenu(forced, 'ru').visible).toBe(true)
  })

  it('selects the kind and menu item from the query, ignoring unknown ids', () => {
    const kinds = kindMenu(data, 'ru').items
    expect(selectKind(kinds, '2')).toBe(2)
    expect(selectKind(kinds, '99')).toBe(1)
    expect(selectKind(kinds, null)).toBe(1)
    const menu = mainMenu(data, 1, 'ru')
    expect(menu.map((m) => m.id)).toEqual([10, 11])
    expect(selectMenu(menu, '11')).toBe(11)
    expect(selectMenu(menu, '20')).toBeNull()
  })

  it('filters cards by kind and menu item', () => {
    const cards = buildCards(data, 'ru')
    expect(cardsInSelection(cards, 1, null).map((c) => c.id)).toEqual([1, 2])
    expect(cardsInSelection(cards, 1, 11).map((c) => c.id)).toEqual([2])
    expect(cardsInSelection(cards, 2, null).map((c) => c.id)).toEqual([3])
  })
})

describe('afisha pagination', () => {
  it('shows 100 per page and offers the next page', () => {
    expect(pageWindow(250, 1, 100)).toEqual({ shown: 100, next: 100, left: 150 })
    expect(pageWindow(250, 3, 100)).toEqual({ shown: 250, next: 0, left: 0 })
    expect(pageWindow(30, 1, 100)).toEqual({ shown: 30, next: 0, left: 0 })
  })
})

describe('afisha filters', () => {
  const data = afishaFixture([
    eventFixture(1, { action_ru: 'Лебединое озеро', tags: '1' }),
    eventFixture(2, { action_ru: 'Щелкунчик', tags: '2', totalticketcount: 0 }),
  ], setupFixture(), {
    list_tags: [
      { attr_id: 2, attrname_ru: 'Балет', attrname_en: 'Ballet', attrname_kz: '', attrname_ch: '' },
      { attr_id: 1, attrname_ru: 'Классика', attrname_en: 'Classic', attrname_kz: '', attrname_ch: '' },
      { attr_id: 3, attrname_ru: 'Не используется', attrname_en: '', attrname_kz: '', attrname_ch: '' },
    ],
  })
  const cards = buildCards(data, 'ru')

  it('combines search, tags and availability; none active keeps all', () => {
    expect(applyFilters(cards, EMPTY_FILTERS)).toHaveLength(2)
    expect(applyFilters(cards, { ...EMPTY_FILTERS, search: 'ЛЕБЕД' }).map((c) => c.id)).toEqual([1])
    expect(applyFilters(cards, { ...EMPTY_FILTERS, tags: [2] }).map((c) => c.id)).toEqual([2])
    expect(applyFilters(cards, { ...EMPTY_FILTERS, available: true }).map((c) => c.id)).toEqual([1])
    expect(applyFilters(cards, { ...EMPTY_FILTERS, search: 'щелк', available: true })).toEqual([])
  })

  it('offers only used tags, capped', () => {
    expect(tagChips(cards, data, 'ru', 20).map((t) => t.id)).toEqual([2, 1])
    expect(tagChips(cards, data, 'ru', 1)).toHaveLength(1)
  })

  it('keeps filters in storage and forgets them when expired or malformed', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    }
    const filters = { search: 'озеро', tags: [1], available: true, from: '2026-12-01', to: '' }
    saveFilters(storage, filters, 1000)
    expect(loadFilters(storage, 2000)).toEqual(filters)
    expect(loadFilters(storage, 1000 + FILTERS_TTL_MS + 1)).toEqual(EMPTY_FILTERS)
    store.set(FILTERS_STORAGE_KEY, '{"savedAt":1,"search":5}')
    expect(loadFilters(storage, 2)).toEqual(EMPTY_FILTERS)
    saveFilters(storage, EMPTY_FILTERS, 3)
    expect(store.has(FILTERS_STORAGE_KEY)).toBe(false)
  })
})

describe('text helpers', () => {
  it('truncates at a word boundary and leaves short text alone', () => {
    expect(truncate('один два три четыре', 12)).toBe('один два три…')
    expect(truncate('один два три четыре', 14)).toBe('один два три…')
    expect(truncate('абвгдежзийклмн', 5)).toBe('абвгд…')
    expect(truncate('коротко', 12)).toBe('коротко')
    expect(truncate('без ограничения', 0)).toBe('без ограничения')
  })

  it('turns html into text', () => {
    expect(htmlToText('<p>a&nbsp;<i>b</i></p>\n<p>c</p>')).toBe('a b c')
  })
})

describe('date range filter', () => {
  const data = afishaFixture([eventFixture(1), eventFixture(2), eventFixture(3)], setupFixture(), {
    calendar: [
      { event_id: 1, eventday: '2026-12-01', eventtime: '19:00', ticketcount: 1, quantity: 1, pricetype_id: 1 },
      { event_id: 1, eventday: '2026-12-20', eventtime: '19:00', ticketcount: 1, quantity: 1, pricetype_id: 1 },
      { event_id: 2, eventday: '2026-12-10', eventtime: '19:00', ticketcount: 1, quantity: 1, pricetype_id: 1 },
    ],
  })
  const cards = buildCards(data, 'ru')

  it('keeps events playing on a day inside the range, open ends allowed', () => {
    expect(playsWithin(['2026-12-01', '2026-12-20'], '2026-12-05', '2026-12-15')).toBe(false)
    expect(playsWithin(['2026-12-10'], '2026-12-05', '2026-12-15')).toBe(true)
    expect(playsWithin([], '', '')).toBe(true)
    expect(applyFilters(cards, { ...EMPTY_FILTERS, from: '2026-12-15' }).map((c) => c.id)).toEqual([1])
    expect(applyFilters(cards, { ...EMPTY_FILTERS, to: '2026-12-10' }).map((c) => c.id)).toEqual([1, 2])
  })

  it('ignores the range where the calendar is not shown', () => {
    expect(applyFilters(cards, { ...EMPTY_FILTERS, from: '2027-01-01' }, false)).toHaveLength(3)
  })

  it('reads filters kept before the date range existed', () => {
    const storage = { getItem: () => JSON.stringify({ savedAt: 1, search: 'a', tags: [], available: false }) }
    expect(loadFilters(storage, 2)).toEqual({ ...EMPTY_FILTERS, search: 'a' })
  })
})

describe('subscriptions and composition', () => {
  it('keeps only events a subscription covers', () => {
    const cards = buildCards(afishaFixture([eventFixture(1), eventFixture(2)]), 'ru')
    expect(bySubscriptions(cards, ['ev2']).map((c) => c.id)).toEqual([2])
    expect(bySubscriptions(cards, [])).toEqual([])
  })

  it('lists composition lines in their sort order', () => {
    const line = (n: number, sort: number) => ({
      event_id: 1, eventstr_ru: `Часть ${n}`, eventstr_en: '', eventstr_kz: '', eventstr_ch: '',
      eventstr_day: '2026-12-0' + n, eventstr_time: '19:00', str_day_ru: '', seatroot: '', address: '', url: '', eventstrsortnum: sort,
    })
    const data = afishaFixture([eventFixture(1, { subscription: 1 })], setupFixture(), { composition: [line(1, 2), line(2, 1)] })
    expect(buildCards(data, 'ru')[0].composition.map((c) => c.text)).toEqual(['Часть 2', 'Часть 1'])
  })
})
