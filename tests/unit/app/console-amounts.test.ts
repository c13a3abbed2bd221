import { describe, expect, it } from 'vitest'
import { priceRequest } from '../../../src/app/admin/PriceForm'
import { bodyOf, type Field } from '../../../src/app/admin/catalogue/recordForm'
import { ISSUE_TEXTS } from '../../../src/app/admin/issueTexts'
import { withCurrency } from '../../../src/app/admin/money'
import { ADMIN_TEXTS } from '../../../src/app/admin/texts'
import { LANGS } from '../../../src/contract/lang'
import { labelled, separatorsOf } from '../../../src/app/i18n/punctuation'

/**
 * An amount typed with more decimals than kopecks is refused in the console's words before it is
 * sent, never saved rounded (12.345 ₽ was saved as 12.35 ₽ without a word): the price-row forms
 * (PriceForm) and every money field of the catalogue's record forms (recordForm).
 */
const zones = [{ id: 7 }]
const draft = { category: '3', zone: '7', price: '1500', quantity: '10' }

describe('console amounts with more than kopecks', () => {
  it('a price row says the price has too many decimals, in each language, and sends nothing', () => {
    for (const lang of LANGS) {
      const t = withCurrency(ADMIN_TEXTS[lang], 'RUB')
      // "Field: reason" with the language's own colon (full-width in Chinese).
      const line = (label: string, reason: string) => labelled(separatorsOf(lang), label, reason)
      expect(priceRequest({ ...draft, price: '12.345' }, zones, t, lang), lang).toEqual({ body: null, error: line(t.price, ISSUE_TEXTS[lang].cents), field: 'price' })
      // A blank price or quantity is said as not filled in (not "a number is needed", nor a silent 0).
      expect(priceRequest({ ...draft, price: '' }, zones, t, lang), lang).toEqual({ body: null, error: line(t.price, ISSUE_TEXTS[lang].required), field: 'price' })
      expect(priceRequest({ ...draft, quantity: ' ' }, zones, t, lang), lang).toEqual({ body: null, error: line(t.quantity, ISSUE_TEXTS[lang].required), field: 'quantity' })
    }
    expect(priceRequest({ ...draft, price: '' }, zones, withCurrency(ADMIN_TEXTS.ch, 'RUB'), 'ch').error).toBe('價格（₽）：必填')
    // Two decimals (a decimal comma too) go through exactly.
    const t = withCurrency(ADMIN_TEXTS.ru, 'RUB')
    expect(priceRequest({ ...draft, price: '12,34' }, zones, t, 'ru').body).toMatchObject({ price: 1234, zone_id: 7, client_category_id: 3 })
  })

  it('a record form sends the amount unrounded, for the contract to refuse', () => {
    const fields: Field[] = [{ key: 'discount_amount', label: 'discount_amount', type: 'money' }]
    expect(bodyOf(fields, { discount_amount: '99.999' })).toEqual({ discount_amount: 9999.9 })
    expect(bodyOf(fields, { discount_amount: '99.99' })).toEqual({ discount_amount: 9999 })
  })
})
