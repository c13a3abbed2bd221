import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { createI18n } from '../../../src/app/i18n'
import { EventCard } from '../../../src/app/afisha/EventCard'
import type { EventCardModel } from '../../../src/app/afisha/model'
import { chosenDayText, longDay } from '../../../src/app/kernel/format'
import { LANGS, type Lang } from '../../../src/contract/lang'
import { latinPunctuationInChinese } from '../../support/cjk-punctuation'

/**
 * Joins the storefront still made with a literal ', ' after the move to i18n/punctuation.ts: the
 * listing card's subscription composition ("Requiem, 12月8日，19:00") and the chosen day and time
 * the subscription confirm names ("2026年12月8日 星期二, 19:00"). Chinese takes '，'; ru, en and kz
 * keep ', '.
 */
const card: EventCardModel = {
  id: 1, hash: 'h1', kindId: 1, menuId: 1, route: 'event', title: '季票', description: '', descriptionShort: '', showImage: false, ageFrom: 6,
  days: null, allDays: [], times: null, address: '', ticketCount: null, buy: 'available', giftCard: false, signLanguage: false, tagIds: [],
  composition: [{ text: '安魂曲', day: '', time: '19:00', url: '' }], sessions: [], prices: [], sortKey: 0,
}

/**
 * The text of the card's composition line with the texts of `lang`. The line has no day: rendered
 * on a server, the store answers its initial language, which the card writes a day in.
 */
function compositionLine(lang: Lang): string {
  const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lang) }, createElement(MemoryRouter, null, createElement(EventCard, { card }))))
  const item = /<li>(.*?)<\/li>/.exec(html.slice(html.indexOf('event-card__composition')))
  return (item?.[1] ?? '').replace(/<[^>]+>/g, '')
}

describe('the storefront joins its parts in the page’s language', () => {
  it('the listing card’s composition: the included event and its time', () => {
    const ch = compositionLine('ch')
    expect(ch).toBe('安魂曲，19:00')
    expect(latinPunctuationInChinese([['composition', ch]])).toEqual([])
    for (const other of LANGS.filter((l) => l !== 'ch')) expect(compositionLine(other)).toBe('安魂曲, 19:00')
  })

  it('the chosen day and time the subscription confirm names', () => {
    const ch = createI18n('ch').getFixedT('ch')
    expect(chosenDayText(ch, '2026-12-08', '19:00', 'ch')).toBe(`${longDay('2026-12-08', 'ch')}，19:00`)
    expect(latinPunctuationInChinese([['date', chosenDayText(ch, '2026-12-08', '19:00', 'ch')]])).toEqual([])
    expect(chosenDayText(ch, '2026-12-08', null, 'ch')).toBe(longDay('2026-12-08', 'ch'))
    for (const other of LANGS.filter((l) => l !== 'ch')) {
      expect(chosenDayText(createI18n(other).getFixedT(other), '2026-12-08', '19:00', other)).toBe(`${longDay('2026-12-08', other)}, 19:00`)
    }
  })
})
