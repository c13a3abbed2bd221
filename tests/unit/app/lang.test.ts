import { describe, expect, it } from 'vitest'
import { LANG_TAG, resolveLang } from '../../../src/app/i18n/lang'

describe('resolveLang', () => {
  it('uses the query language when setup lists it', () => {
    expect(resolveLang('en', ['ru', 'en'])).toBe('en')
    expect(resolveLang('KZ', ['ru', 'kz'])).toBe('kz')
  })

  it('falls back to the default when the query language is not offered', () => {
    expect(resolveLang('ch', ['ru', 'en'])).toBe('ru')
    expect(resolveLang('de', ['ru', 'en'])).toBe('ru')
    expect(resolveLang(null, ['ru', 'en'])).toBe('ru')
  })

  it('uses the first offered language when the default is not offered', () => {
    expect(resolveLang('ru', ['en', 'kz'])).toBe('en')
  })

  it('allows every known language before setup lists any', () => {
    expect(resolveLang('ch', [])).toBe('ch')
  })

  it('maps product codes to valid language tags', () => {
    expect(LANG_TAG.kz).toBe('kk')
    expect(LANG_TAG.ch).toBe('zh-Hant')
  })
})
