import { describe, expect, it } from 'vitest'
import { ACCESS_TYPES } from '../../../src/contract/entities/access'
import { LANGS } from '../../../src/contract/lang'
import { createI18n } from '../../../src/app/i18n'
import { PAINT_KIND_TEXTS } from '../../../src/app/admin/studio/paintKindTexts'
import { accessOf, seatsByType } from '../../../src/app/screens/scheme/seatChoice/access'

describe('accessible seating texts and data (issue 20 item 3)', () => {
  it('names every seat type and every control in all four languages, each language its own words', () => {
    const seen = new Map<string, Set<string>>()
    for (const lang of LANGS) {
      const i18n = createI18n(lang)
      const keys = ['title', 'type', 'companions', 'find', ...ACCESS_TYPES.map((t) => `types.${t}`)]
      for (const key of keys) {
        const text = i18n.t(`access.${key}`, { type: 'X', n: 2, seats: 'S' })
        expect(text, `${lang} ${key}`).not.toBe(`access.${key}`)
        seen.set(key, (seen.get(key) ?? new Set()).add(text))
      }
      expect(i18n.t('access.filter', { type: 'X', n: 2 })).toContain('2')
      for (const t of ACCESS_TYPES) expect(PAINT_KIND_TEXTS[lang].types[t]).not.toBe('')
    }
    for (const t of ACCESS_TYPES) expect(seen.get(`types.${t}`)!.size, t).toBe(LANGS.length)
  })

  it('reads typed seats from the map answer and groups them in the legend order', () => {
    const access = accessOf([
      { seat_id: 'c1', sector: 'A', row: '1', seat: '2', access: 'companion', companion_of: 'w1' },
      { seat_id: 'w1', sector: 'A', row: '1', seat: '1', access: 'wheelchair' },
      { seat_id: 'p', sector: 'A', row: '1', seat: '3' },
    ])
    expect([...access.keys()]).toEqual(['c1', 'w1'])
    expect(access.get('c1')).toMatchObject({ type: 'companion', companionOf: 'w1' })
    expect(seatsByType(access)).toEqual([['wheelchair', ['w1']], ['companion', ['c1']]])
  })
})
