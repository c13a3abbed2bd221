import { describe, expect, it } from 'vitest'
import { LANGS, type Lang } from '../../../src/contract/lang'
import { wordWarning } from '../../../src/app/admin/studio/warnings'
import { VENUE_WARNING_CODES, warningText, type VenueWarning, type VenueWarningCode, type VenueWarningParams } from '../../../src/engine/parse/warnings'

/** One example of every code's params (a code missing here fails the type check). */
const EXAMPLE: { [C in VenueWarningCode]: VenueWarningParams[C] } = {
  'stray-end-tag': { tag: 'g' },
  'unclosed-closed': { tag: 'g', count: 2 },
  'left-open': { count: 3 },
  'bad-viewbox': {},
  'bad-transform': { part: 'bogus(1)' },
  'use-missing': { href: '#seat' },
  'standing-without-shape': { name: 'Floor' },
  'hidden-skipped': { count: 4 },
  'seat-without-shape': { rule: 'seats' },
  'bad-seat-coordinates': {},
  'bad-decoration-coordinates': {},
  'decorations-dropped': { count: 5, max: 4_000_000 },
  'duplicate-seat-key': { key: 'A|1|2', renamed: 'A|1|2~2' },
  'seat-numbers-unmatched': { count: 1 },
  'no-shapes': {},
  'no-repeated-shapes': { min: 10, largest: 3 },
  'ids-unreliable': { count: 22 },
  'rows-inferred': { seats: 160, rows: 8, from: 'stage' },
  'numbers-inferred': { count: 2 },
  'sectors-inferred': { count: 3 },
  'numbers-from-text': { count: 21 },
  'duplicates-dropped': { count: 1 },
  'unlabelled-rejected': { count: 72 },
  'not-drawn': { count: 6, max: 10_000 },
  'seats-typed': { count: 5, fromShapes: 1, wheelchair: 2, companion: 3 },
  'companions-unlinked': { count: 2 },
  'seats-without-number': { count: 11 },
  'compound-seats': { count: 14 },
  'removed-element': { count: 1, name: 'script' },
  'removed-handler': { count: 2, name: 'onload' },
  'removed-link': { count: 3, name: 'xlink:href' },
  'removed-animation': { count: 1, name: 'set' },
  'unnamed-sectors': { count: 40 },
  text: { text: 'an old warning, stored as English' },
}

const warning = <C extends VenueWarningCode>(code: C, params: VenueWarningParams[C], times?: number) => {
  const w = { code, params, times } as VenueWarning
  return { code: w.code, params: w.params as Record<string, string | number>, times: w.times, text: warningText(w) }
}
const say = (lang: Lang, code: VenueWarningCode, params: object, times?: number) => wordWarning(warning(code, params as never, times), lang)

/** Each language's own script, which a worded warning must be written in. */
const SCRIPT: Record<Lang, RegExp> = { ru: /[а-яё]/i, en: /[a-z]/i, kz: /[әғқңөұүһі]|[а-я]/i, ch: /[\u4e00-\u9fff]/ }

describe('import warnings in the console\'s four languages', () => {
  it.each(LANGS)('every code is worded in %s, with its numbers and names filled in', (lang) => {
    for (const code of VENUE_WARNING_CODES) {
      const text = say(lang, code, EXAMPLE[code])
      expect(text, code).not.toMatch(/\{n\}|\{\w+\}|undefined|NaN|\[object/)
      if (code !== 'text') expect(text, code).toMatch(SCRIPT[lang])
      for (const value of Object.values(EXAMPLE[code])) if (code !== 'bad-viewbox') expect(text, `${code} in ${lang}`).toContain(String(value === 'stage' ? '' : value))
      // Not the English sentence in another language (but for the old stored sentences, shown as written).
      if (lang !== 'en' && code !== 'text') expect(text, `${code} in ${lang}`).not.toBe(say('en', code, EXAMPLE[code]))
    }
  })

  it('every code of the engine has an example here, and the list has no code twice', () => {
    expect(Object.keys(EXAMPLE).sort()).toEqual([...VENUE_WARNING_CODES].sort())
    expect(new Set(VENUE_WARNING_CODES).size).toBe(VENUE_WARNING_CODES.length)
  })

  it('counts take their plural form: "1 seat" / "2 seats", ru 1, 2 and 5 (and 11, 21), kz and ch alike for any count', () => {
    const unnamed = (lang: Lang, count: number) => say(lang, 'unnamed-sectors', { count })
    expect(unnamed('en', 1)).toBe('1 seat in sectors without a name: name them in the studio')
    expect(unnamed('en', 2)).toBe('2 seats in sectors without a name: name them in the studio')
    expect(unnamed('ru', 1)).toBe('1 место в секторах без названия: назовите их в студии')
    expect(unnamed('ru', 2)).toBe('2 места в секторах без названия: назовите их в студии')
    expect(unnamed('ru', 5)).toBe('5 мест в секторах без названия: назовите их в студии')
    expect(unnamed('ru', 11)).toMatch(/^11 мест /)
    expect(unnamed('ru', 21)).toMatch(/^21 место /)
    expect(unnamed('ru', 22)).toMatch(/^22 места /)
    expect(unnamed('kz', 1)).toBe('Атауы жоқ секторларда 1 орын: оларды студияда атаңыз')
    expect(unnamed('kz', 5)).toBe('Атауы жоқ секторларда 5 орын: оларды студияда атаңыз')
    expect(unnamed('ch', 1)).toBe('1 個座位所在的區沒有名稱：請在工作室中命名')
    expect(unnamed('ch', 5)).toBe('5 個座位所在的區沒有名稱：請在工作室中命名')

    // A verb and the genitive agree with the count too.
    expect(say('en', 'seats-without-number', { count: 1 })).toBe('1 seat has no number')
    expect(say('en', 'seats-without-number', { count: 3 })).toBe('3 seats have no number')
    expect(say('ru', 'seats-without-number', { count: 1 })).toBe('У 1 места нет номера')
    expect(say('ru', 'seats-without-number', { count: 2 })).toBe('У 2 мест нет номера')
    expect(say('ru', 'seats-without-number', { count: 5 })).toBe('У 5 мест нет номера')
    expect(say('ru', 'hidden-skipped', { count: 1 })).toBe('Пропущен 1 скрытый элемент (display:none)')
    expect(say('ru', 'hidden-skipped', { count: 3 })).toBe('Пропущено 3 скрытых элемента (display:none)')
    expect(say('ru', 'hidden-skipped', { count: 7 })).toBe('Пропущено 7 скрытых элементов (display:none)')
    expect(say('ru', 'compound-seats', { count: 1 })).toMatch(/^1 место нарисовано группой/)
    expect(say('ru', 'compound-seats', { count: 4 })).toMatch(/^4 места нарисованы группами/)
    expect(say('ru', 'compound-seats', { count: 25 })).toMatch(/^25 мест нарисованы группами/)
  })

  it('a warning the drawing gave many times says how many, in each language', () => {
    const key = { key: 'A|1|2', renamed: 'A|1|2~2' }
    expect(say('en', 'duplicate-seat-key', key, 5)).toBe('Duplicate seat key "A|1|2" (renamed "A|1|2~2") (5 times in all)')
    expect(say('ru', 'duplicate-seat-key', key, 2)).toMatch(/\(всего 2 раза\)$/)
    expect(say('ru', 'duplicate-seat-key', key, 5)).toMatch(/\(всего 5 раз\)$/)
    expect(say('kz', 'duplicate-seat-key', key, 5)).toMatch(/\(барлығы 5 рет\)$/)
    expect(say('ch', 'duplicate-seat-key', key, 5)).toMatch(/」）（共 5 次）$/)
    expect(say('en', 'duplicate-seat-key', key, 1)).not.toMatch(/in all/)
  })

  it('the seat types a warning counts are named as the legend names them', () => {
    const typed = { count: 5, fromShapes: 0, wheelchair: 2, companion: 3 }
    expect(say('en', 'seats-typed', typed)).toBe('5 seats typed by the drawing (Wheelchair space: 2, Companion seat: 3)')
    expect(say('ru', 'seats-typed', typed)).toBe('Тип места задан схемой для 5 мест (Место для кресла-коляски: 2, Место сопровождающего: 3)')
  })

  it('a code this console does not know shows the English text the API sends beside it', () => {
    expect(wordWarning({ code: 'from-a-newer-server', params: { count: 2 }, text: 'something new (2)' }, 'kz')).toBe('something new (2)')
  })

  it('the English for the CLI and logs agrees with the count (no "1 seats")', () => {
    expect(warningText({ code: 'unnamed-sectors', params: { count: 1 } })).toBe('1 seat in sectors without a name: name them in the studio')
    expect(warningText({ code: 'unnamed-sectors', params: { count: 40 } })).toBe('40 seats in sectors without a name: name them in the studio')
    expect(warningText({ code: 'seats-without-number', params: { count: 1 } })).toBe('1 seat has no number')
    expect(warningText({ code: 'duplicate-seat-key', params: { key: 'k', renamed: 'k~2' }, times: 3 })).toBe('duplicate seat key "k" (renamed "k~2") (3 times in all)')
  })
})
