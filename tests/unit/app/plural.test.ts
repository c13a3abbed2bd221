import { describe, expect, it } from 'vitest'
import { createI18n, RESOURCES } from '../../../src/app/i18n'
import { LANGS } from '../../../src/contract/lang'

describe('ticket count plurals', () => {
  it('uses the Russian one/few/many forms', () => {
    const i18n = createI18n('ru')
    const forms = [1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 0].map((count) => i18n.t('afisha.tickets', { count }))
    expect(forms).toEqual([
      '1 билет', '2 билета', '4 билета', '5 билетов', '11 билетов', '12 билетов', '21 билет',
      '22 билета', '25 билетов', '101 билет', '0 билетов',
    ])
  })

  it('uses one/other in English', () => {
    const i18n = createI18n('en')
    expect(i18n.t('afisha.tickets', { count: 1 })).toBe('1 ticket')
    expect(i18n.t('afisha.tickets', { count: 2 })).toBe('2 tickets')
  })

  it('has a form for every count in Kazakh and Chinese', () => {
    expect(createI18n('kz').t('afisha.tickets', { count: 3 })).toBe('3 билет')
    expect(createI18n('ch').t('afisha.tickets', { count: 1 })).toBe('1 張票')
    expect(createI18n('ch').t('afisha.tickets', { count: 7 })).toBe('7 張票')
  })

  it("picks Kazakh and Chinese forms by those languages' rules, not the browser's (kz and ch are not language tags)", () => {
    // Chinese has one plural form: a count of 1 takes "other" whatever the machine's locale
    // (a Russian or English browser's rule would pick "one"). Kazakh has one and other: never "few".
    const ch = createI18n('ch')
    ch.addResourceBundle('ch', 'translation', { probe_one: 'one', probe_few: 'few', probe_other: 'other' }, true)
    expect(ch.t('probe', { count: 1 })).toBe('other')
    const kz = createI18n('kz')
    kz.addResourceBundle('kz', 'translation', { probe_one: 'one', probe_few: 'few', probe_other: 'other' }, true)
    expect(kz.t('probe', { count: 1 })).toBe('one')
    expect(kz.t('probe', { count: 3 })).toBe('other')
  })

  it('translates the shell in every language (no key echoed back)', () => {
    for (const lang of LANGS) {
      const i18n = createI18n(lang)
      expect(i18n.t('notFound.title')).not.toBe('notFound.title')
      expect(i18n.t('notFound.title')).toBe(RESOURCES[lang].translation.notFound.title)
    }
  })

  it('interpolates the listing counter', () => {
    expect(createI18n('en').t('afisha.showing', { shown: 3, total: 10 })).toBe('Showing 3 of 10')
  })
})
