import { describe, expect, it } from 'vitest'
import { schemeRouteOf } from '../../../src/server/domain/scheme/landing'

/** Which paths get the scheme page's landing answers (issue 16; the block itself: tests/integration/scheme-landing.test.ts). */
describe('the scheme landing', () => {
  it('reads the hash, date and time of a scheme path, as the app\'s route does', () => {
    expect(schemeRouteOf('/scheme/abc_D-9')).toEqual({ hash: 'abc_D-9', date: undefined, time: undefined })
    expect(schemeRouteOf('/scheme/abc/2026-12-01/19%3A00/')).toEqual({ hash: 'abc', date: '2026-12-01', time: '19:00' })
    expect(schemeRouteOf('/scheme/abc/2026-12-01')).toEqual({ hash: 'abc', date: '2026-12-01', time: undefined })
  })

  it('gives none for other pages, a bad escape, or a hash the calls would refuse', () => {
    for (const p of ['/', '/event/abc', '/scheme/', '/scheme/a/b/c/d', '/scheme/%E0%A4%A', '/scheme/a%20b', '/scheme/a%00b', `/scheme/${'x'.repeat(129)}`, '/scheme/%D0%B0']) {
      expect(schemeRouteOf(p), p).toBeNull()
    }
  })

})
