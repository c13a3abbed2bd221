import { describe, expect, it } from 'vitest'
import { createI18n } from '../../../src/app/i18n'
import { kz as serverKz } from '../../../src/server/messages/texts.kz'
import { ADMIN_TEXTS as consoleTexts } from '../../../src/app/admin/texts'

/** Every string of a nested texts object, with its dotted key. */
function strings(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]]
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([k, v]) => strings(v, key === '' ? k : `${key}.${k}`))
}

/**
 * Kazakh names the e-mail one way: 'E-mail' (the console's word, and the storefront's on the
 * event and order pages), never 'Эл. пошта' or 'пошта' beside it, so the buyer's address is
 * called the same on the order, return and event pages and in the server's answers.
 */
describe('Kazakh e-mail wording', () => {
  const storefront = strings(createI18n('kz').getResourceBundle('kz', 'translation'))

  it('the storefront and the server say E-mail, never пошта', () => {
    const posta = [...storefront, ...strings(serverKz)].filter(([, text]) => /пошта/i.test(text))
    expect(posta).toEqual([])
  })

  it('every screen labels the buyer’s e-mail as the console does', () => {
    const labels = storefront.filter(([key]) => /(^|\.)email$/.test(key)).map(([key, text]) => `${key}: ${text}`)
    expect(labels.length).toBeGreaterThanOrEqual(3)
    expect(labels).toEqual(labels.map((l) => `${l.split(': ')[0]}: ${consoleTexts.kz.email}`))
  })

  it('Russian labels it the same way on every screen too', () => {
    const ru = strings(createI18n('ru').getResourceBundle('ru', 'translation'))
    const labels = new Set(ru.filter(([key]) => /(^|\.)email$/.test(key)).map(([, text]) => text))
    expect([...labels]).toEqual([consoleTexts.ru.email])
  })
})
