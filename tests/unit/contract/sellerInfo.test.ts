import { describe, expect, it } from 'vitest'
import { sellerInfoFor, sellerInfoInShopLanguage } from '../../../src/contract/rules/sellerInfo'

/** The footer's seller's details per language (contract/rules/sellerInfo.ts). */
describe('seller info per language', () => {
  const all = { info_client: 'Продавец', info_client_ru: 'Продавец', info_client_en: 'Seller', info_client_kz: 'Сатушы', info_client_ch: '賣方' }

  it('shows the visitor\'s language where translated', () => {
    expect(sellerInfoFor(all, 'ru', 'en')).toEqual({ html: 'Seller', lang: 'en' })
    expect(sellerInfoFor(all, 'ru', 'kz')).toEqual({ html: 'Сатушы', lang: 'kz' })
    expect(sellerInfoFor(all, 'ru', 'ch')).toEqual({ html: '賣方', lang: 'ch' })
    expect(sellerInfoFor(all, 'ru', 'ru')).toEqual({ html: 'Продавец', lang: 'ru' })
  })

  it('falls back to English, then to the storefront\'s text, saying which language it is', () => {
    const ruEn = { info_client: 'Продавец', info_client_en: 'Seller', info_client_kz: ' ', info_client_ch: '' }
    expect(sellerInfoFor(ruEn, 'ru', 'kz')).toEqual({ html: 'Seller', lang: 'en' })
    const ruOnly = { info_client: 'Продавец' }
    expect(sellerInfoFor(ruOnly, 'ru', 'en')).toEqual({ html: 'Продавец', lang: 'ru' })
    expect(sellerInfoFor(ruOnly, 'ru', 'ch')).toEqual({ html: 'Продавец', lang: 'ru' })
    expect(sellerInfoFor({ info_client: '' }, 'ru', 'en')).toEqual({ html: '', lang: 'ru' })
  })

  it('reads a setup saved before the translations as the storefront\'s language', () => {
    expect(sellerInfoInShopLanguage({ info_client: 'Продавец' }, 'ru')).toBe('Продавец')
    // The translation into the storefront's language wins over the plain text.
    expect(sellerInfoInShopLanguage({ info_client: 'old', info_client_ru: 'Новый' }, 'ru')).toBe('Новый')
    expect(sellerInfoInShopLanguage({ info_client: 'Seller', info_client_ru: 'Продавец' }, 'en')).toBe('Seller')
  })
})
