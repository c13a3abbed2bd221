/**
 * Every reason a drawing can be refused (engine/parse/refusals.ts) is worded in ru, en, kz and ch
 * (server/messages/drawing-refusals.ts) with its numbers: no placeholder or English sentence left
 * in the other languages, sizes in MB, the place of malformed markup as line and column.
 */
import { describe, expect, it } from 'vitest'
import { LANGS } from '../../../src/contract/lang'
import { refusalText, VENUE_REFUSAL_CODES, venueRefusal, type VenueRefusalCode, type VenueRefusalParams } from '../../../src/engine/parse/refusals'
import { DRAWING_REFUSAL_WORDING, refusalIn } from '../../../src/server/messages/drawing-refusals'

const PLACE = { offset: 4567, line: 38, column: 91 }

/** One refusal of each code (a code missing here fails the type check). */
const SAMPLES: { [C in VenueRefusalCode]: VenueRefusalParams[C] } = {
  'not-text': {},
  'too-large': { bytes: 300 * 1024 * 1024 + 1, max: 256 * 1024 * 1024 },
  'root-not-svg': { name: 'html' },
  'no-svg': {},
  'too-deep': { max: 512 },
  'use-too-deep': { max: 8 },
  'use-too-many': { max: 1_000_000 },
  'entity-declaration': {},
  'unclosed-end-tag': PLACE,
  'unclosed-comment': PLACE,
  'unclosed-cdata': PLACE,
  'unclosed-declaration': PLACE,
  'unclosed-doctype-subset': PLACE,
  'unclosed-doctype': PLACE,
  'unclosed-instruction': PLACE,
  'no-tag-name': PLACE,
  'unclosed-start-tag': { ...PLACE, tag: 'rect' },
  'unclosed-attribute': { ...PLACE, tag: 'path' },
  'too-many-seats': { max: 2_000_000 },
  'too-many-sectors': { max: 65_534 },
  'rules-not-object': {},
  'rules-no-match': { rule: 'seat', name: 'stalls' },
  'rules-bad-pattern': { rule: 'standing', name: '', pattern: '^(row' },
  'no-shapes': {},
  'no-repeated-shapes': { min: 10, largest: 3 },
  'no-seats': {},
  'attribute-too-large': { attribute: 'd', element: 'path', bytes: 5 * 1024 * 1024, max: 4 * 1024 * 1024 },
  'script-left': { near: 'javascript:alert(1)' },
}

/** Letters each language writes its sentences in. */
const SCRIPT = { ru: /[а-яё]{3}/i, kz: /[а-яёәғқңөұүһі]{3}/i, ch: /\p{Script=Han}{2}/u, en: /[a-z]{3}/i }

/**
 * Two English words in a row, once the technical names a wording keeps as they are written (markup
 * between < >, quoted names, SVG, XML, CDATA, DOCTYPE, MB) are taken out.
 */
function englishSentence(text: string): string | null {
  const bare = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/«[^»]*»|「[^」]*」|"[^"]*"/g, ' ')
    .replace(/\b(?:SVG|XML|CDATA|DOCTYPE|ENTITY|MB|javascript|alert|lt)\b/g, ' ')
  return /[A-Za-z]{2,}[\s,.:;]+[A-Za-z]{2,}/.exec(bare)?.[0] ?? null
}

describe('drawing refusals in the operator\'s language', () => {
  it('the sample list names every code, and every language words every code', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...VENUE_REFUSAL_CODES].sort())
    for (const lang of LANGS) {
      const worded = Object.keys(DRAWING_REFUSAL_WORDING[lang]).filter((k) => k !== 'rule')
      expect(worded.sort(), lang).toEqual([...VENUE_REFUSAL_CODES].sort())
    }
  })

  it.each(VENUE_REFUSAL_CODES)('%s: worded in ru, en, kz and ch with its numbers and names', (code) => {
    const refusal = venueRefusal(code, SAMPLES[code] as never)
    const english = refusalText(refusal)
    for (const lang of LANGS) {
      const text = refusalIn(refusal, lang)
      expect(text, lang).not.toMatch(/\{\w+\}|undefined|NaN|\[object/)
      expect(text, lang).toMatch(SCRIPT[lang])
      if (lang !== 'en') {
        expect(englishSentence(text), `${lang}: ${text}`).toBeNull()
        expect(text, lang).not.toContain(english)
      }
      const p = refusal.params as Record<string, unknown>
      // Names from the drawing or the rules are kept as written.
      for (const key of ['name', 'tag', 'pattern', 'near', 'attribute', 'element'] as const) if (typeof p[key] === 'string' && p[key] !== '') expect(text, `${lang} ${key}`).toContain(p[key])
      if ('line' in p) expect(text, lang).toMatch(new RegExp(`\\b${PLACE.line}\\b.*\\b${PLACE.column}\\b`))
    }
  })

  it('sizes are in MB, never bytes, rounded up so a size over a limit never reads as the limit', () => {
    const attribute = venueRefusal('attribute-too-large', { attribute: 'd', element: 'path', bytes: 4 * 1024 * 1024 + 5, max: 4 * 1024 * 1024 })
    expect(refusalIn(attribute, 'en')).toBe('the d attribute of a <path> is 4.1 MB, and an attribute may be 4 MB at most: simplify the shape or split it')
    expect(refusalIn(attribute, 'ru')).toBe('атрибут d элемента <path> занимает 4,1 МБ, а атрибут может занимать не больше 4 МБ: упростите фигуру или разделите её на части')
    const large = venueRefusal('too-large', SAMPLES['too-large'])
    expect(refusalIn(large, 'kz')).toBe('файл 300,1 МБ, ал сызба ең көбі 256 МБ бола алады')
    expect(refusalIn(large, 'ch')).toBe('檔案為 300.1 MB，座位圖最多只能 256 MB')
    for (const lang of LANGS) expect(refusalIn(large, lang), lang).not.toMatch(/268435456|314572801/)
  })

  it('counts are grouped as each language writes them', () => {
    const seats = venueRefusal('too-many-seats', { max: 2_000_000 })
    expect(refusalIn(seats, 'en')).toBe('it has more than 2,000,000 seats')
    expect(refusalIn(seats, 'ru')).toBe('в ней больше 2\u00a0000\u00a0000 мест')
  })
})
