import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { createI18n } from '../../../src/app/i18n'
import { formatMoney } from '../../../src/app/kernel/format'
import { Legend } from '../../../src/app/screens/scheme/Legend'
import type { LegendEntry } from '../../../src/app/screens/scheme/model/legend'

const ENTRY: LegendEntry = { zonelevel_id: 1, name: 'Stalls', color: '#ff0000', maxPrice: 120000, available: true }
const legendHtml = (currency: string) => renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n('en') }, createElement(Legend, { entries: [ENTRY], lang: 'en', currency })))

describe("the seat map's price legend", () => {
  it("writes its prices in the shop's currency, as the cart and the listing do (README: every amount follows it)", () => {
    const usd = legendHtml('USD')
    expect(usd).toContain(formatMoney(ENTRY.maxPrice, 'en', 'USD'))
    expect(usd).not.toContain('₽')
    expect(legendHtml('KZT')).toContain(formatMoney(ENTRY.maxPrice, 'en', 'KZT'))
  })
})
