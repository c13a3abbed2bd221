import { describe, expect, it } from 'vitest'
import { LANGS } from '../../../src/contract/lang'
import { createI18n } from '../../../src/app/i18n'
import { ORDER_TEXTS } from '../../../src/app/i18n/locales/order'

/** Every leaf key of a nested text bundle, as 'a.b.c'. */
function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]))
}

describe('order texts', () => {
  it('have the same keys in ru, en, kz and ch', () => {
    const ru = keys(ORDER_TEXTS.ru).sort()
    for (const lang of LANGS) expect(keys(ORDER_TEXTS[lang]).sort(), lang).toEqual(ru)
  })

  it('are merged beside the shell and event texts in every language', () => {
    const expected = { ru: 'Оплачен', en: 'Paid', kz: 'Төленді', ch: '已付款' } as const
    for (const lang of LANGS) {
      const i18n = createI18n(lang)
      expect(i18n.t('order.paid')).toBe(expected[lang])
      expect(i18n.t('order.number', { num: 100001 })).toContain('100001')
      expect(i18n.t('declined.not-found')).not.toBe('declined.not-found')
      // The shell's and the event page's own texts are still there.
      expect(i18n.t('titles.viewOrder')).not.toBe('titles.viewOrder')
      expect(i18n.t('event.total')).not.toBe('event.total')
    }
  })

  it("name the ticket link with its visible text in every language (WCAG 2.5.3: a voice user says what he sees)", () => {
    for (const lang of LANGS) {
      const i18n = createI18n(lang)
      expect(i18n.t('order.open-ticket-label', { code: 'AB12' }), lang).toContain(i18n.t('order.open-ticket'))
    }
  })
})
