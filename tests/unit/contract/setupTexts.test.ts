import { describe, expect, it } from 'vitest'
import { SETUP_TEXT_KEYS, setupPlainTexts, setupTextFor, setupTextIn, setupTextInShopLanguage, setupTextTranslations } from '../../../src/contract/rules/setupTexts'

/** Setup's venue-written texts per language (contract/rules/setupTexts.ts), the one rule the footer, the contacts page, the back link and the offers panel read. */
describe('venue-written setup texts per language', () => {
  const contacts = { info_contact: 'Контакты', info_contact_ru: 'Контакты', info_contact_en: 'Contacts', info_contact_kz: 'Байланыс', info_contact_ch: '聯繫方式' }

  it("shows the visitor's language where translated", () => {
    for (const [lang, text] of [['ru', 'Контакты'], ['en', 'Contacts'], ['kz', 'Байланыс'], ['ch', '聯繫方式']] as const) {
      expect(setupTextFor(contacts, 'info_contact', 'ru', lang)).toEqual({ text, lang })
      expect(setupTextIn(contacts, 'info_contact', 'ru', lang)).toBe(text)
    }
  })

  it("falls back to English, then to the storefront's text, saying which language it is", () => {
    const ruEn = { info_contact: 'Контакты', info_contact_en: 'Contacts', info_contact_kz: '  ', info_contact_ch: '' }
    expect(setupTextFor(ruEn, 'info_contact', 'ru', 'ch')).toEqual({ text: 'Contacts', lang: 'en' })
    expect(setupTextFor(ruEn, 'info_contact', 'ru', 'kz')).toEqual({ text: 'Contacts', lang: 'en' })
    // A spec-shaped setup: one text, no translations.
    const ruOnly = { info_contact: ' Контакты ' }
    expect(setupTextFor(ruOnly, 'info_contact', 'ru', 'ch')).toEqual({ text: 'Контакты', lang: 'ru' })
    expect(setupTextFor(ruOnly, 'info_contact', 'ru', 'ru')).toEqual({ text: 'Контакты', lang: 'ru' })
    // A storefront in Kazakh: its plain text is Kazakh.
    expect(setupTextFor({ info_contact: 'Байланыс' }, 'info_contact', 'kz', 'en')).toEqual({ text: 'Байланыс', lang: 'kz' })
    expect(setupTextFor({ info_contact: '' }, 'info_contact', 'ru', 'en')).toEqual({ text: '', lang: 'ru' })
  })

  it('gives a label only in the asked language, so the page can use its own wording instead', () => {
    const label = { topingname: 'Дополнительные услуги', topingname_ch: '附加服務' }
    expect(setupTextIn(label, 'topingname', 'ru', 'ru')).toBe('Дополнительные услуги')
    expect(setupTextIn(label, 'topingname', 'ru', 'ch')).toBe('附加服務')
    expect(setupTextIn(label, 'topingname', 'ru', 'en')).toBe('')
    expect(setupTextIn({ topingname: 'Specials' }, 'topingname', 'en', 'en')).toBe('Specials')
  })

  it("reads a setup saved before the translations as the storefront's language", () => {
    expect(setupTextInShopLanguage({ returntoafishaname: 'Назад' }, 'returntoafishaname', 'ru')).toBe('Назад')
    // The translation into the storefront's language wins over the plain text.
    expect(setupTextInShopLanguage({ returntoafishaname: 'old', returntoafishaname_ru: 'Новый' }, 'returntoafishaname', 'ru')).toBe('Новый')
    expect(setupTextTranslations({ returntoafishaname: 'Назад', returntoafishaname_en: 'Back' }, 'returntoafishaname', 'ru')).toEqual({
      returntoafishaname_ru: 'Назад',
      returntoafishaname_en: 'Back',
      returntoafishaname_kz: '',
      returntoafishaname_ch: '',
    })
  })

  it('ignores what is not a string (a settings row written by hand)', () => {
    const odd = { info_contact: 'Контакты', info_contact_ch: 42 } as unknown as { info_contact: string }
    expect(setupTextFor(odd, 'info_contact', 'ru', 'ch')).toEqual({ text: 'Контакты', lang: 'ru' })
  })

  it("writes every plain text from the storefront's language's translation", () => {
    const db = { info_client: 'x', info_contact: 'old', info_contact_ru: 'Новые', returntoafishaname: 'Назад', topingname: '', topingname_ru: 'Услуги', topingbuttonname: '' }
    expect(setupPlainTexts(db, 'ru')).toEqual({ info_client: 'x', info_contact: 'Новые', returntoafishaname: 'Назад', topingname: 'Услуги', topingbuttonname: '' })
    expect(Object.keys(setupPlainTexts(db, 'ru'))).toEqual([...SETUP_TEXT_KEYS])
  })
})
