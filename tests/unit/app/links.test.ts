import { describe, expect, it } from 'vitest'
import { buildLink, legacyOrderPath, linkContextFromSearch, withoutQuery } from '../../../src/app/lib/links'

describe('buildLink', () => {
  it('omits lang for the default language and sub when not set', () => {
    expect(buildLink('/contacts', { lang: 'ru', sub: false })).toBe('/contacts')
  })

  it('keeps a non-default lang and sub=1', () => {
    expect(buildLink('/event/abc', { lang: 'en', sub: true })).toBe('/event/abc?lang=en&sub=1')
    expect(buildLink('/', { lang: 'ch', sub: false })).toBe('/?lang=ch')
  })

  it('adds extra values, skipping empty ones, and encodes them', () => {
    expect(buildLink('/', { lang: 'kz', sub: false }, { id: 2, sid: undefined, q: 'a b&c' })).toBe('/?lang=kz&id=2&q=a+b%26c')
  })
})

describe('linkContextFromSearch', () => {
  it('reads lang and sub from a query', () => {
    expect(linkContextFromSearch('?lang=en&sub=1')).toEqual({ lang: 'en', sub: true })
  })

  it('falls back for unknown languages and ignores sub values other than 1', () => {
    expect(linkContextFromSearch('?lang=de&sub=yes')).toEqual({ lang: 'ru', sub: false })
  })
})

describe('withoutQuery', () => {
  it('drops the named parameters and keeps the rest', () => {
    expect(withoutQuery('/', '?crm=tok&lang=en', '#x', ['crm'])).toBe('/?lang=en#x')
    expect(withoutQuery('/order/h', '?crm=tok', '', ['crm'])).toBe('/order/h')
  })
})

describe('legacyOrderPath', () => {
  it('carries language and hash, encoded', () => {
    expect(legacyOrderPath('en', 'a/b')).toBe('/en/order/a%2Fb')
  })
})
