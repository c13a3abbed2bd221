import { describe, expect, it } from 'vitest'
import { requestLang } from '../../../src/server/request-lang'

/** The language of a request's answers (server/request-lang.ts): named, else the console caller's own, else ru. */
describe('requestLang', () => {
  it("a named lang wins (body or query); without one a console caller's stored language; else ru", () => {
    const operator = { actor: { lang: 'en' } }
    expect(requestLang({ apiLang: 'kz', query: {}, ...operator })).toBe('kz')
    expect(requestLang({ apiLang: null, query: { lang: 'ch' }, ...operator })).toBe('ch')
    expect(requestLang({ apiLang: null, query: {}, ...operator })).toBe('en')
    expect(requestLang({ apiLang: null, query: { lang: 'xx' }, ...operator })).toBe('en')
    // A storefront request (no caller), the CLI's or a job's caller (no language), an unknown stored one.
    expect(requestLang({ apiLang: null, query: {} })).toBe('ru')
    expect(requestLang({ apiLang: null, query: {}, actor: null })).toBe('ru')
    expect(requestLang({ apiLang: null, query: {}, actor: {} })).toBe('ru')
    expect(requestLang({ apiLang: null, query: {}, actor: { lang: 'xx' } })).toBe('ru')
  })
})
