import { describe, expect, it } from 'vitest'
import type { OrderDataResponse, OrderDataRow } from '../../../src/contract/entities/nominal'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { asksRegion, cleanDocNumber, confirmPayload, confirmTimer, draftErrors, emptyDraft, isNegativeAge, maskBirthDate, regionsByCountry, showsAgeWarning, splitCountdown, visitorContext } from '../../../src/app/screens/nominal/model/form'
import { VisitorCard } from '../../../src/app/screens/nominal/VisitorCard'
import { createI18n } from '../../../src/app/i18n'
import { RuleError } from '../../../src/contract/rules'

const loc = (k: string, v: string) => ({ [`${k}_ru`]: v, [`${k}_en`]: v, [`${k}_kz`]: v, [`${k}_ch`]: v })
const row = (id: number, needs: Partial<OrderDataRow>): OrderDataRow => ({
  id, ord_num: 100001, hash_id: 'h', action: 'A', day: '2026-12-01', time: '12:00', reservetime: 900, demandstatusid: 10, paid: 0, clientcategory: 1,
  needage: 0, needmiddlename: 0, needdocument: 0, needcountry: 0, needregion: 0, summa: 10, country_id: null, tickethash_id: `t${id}`,
  usereturn: 1, usepushkarta: 0, usenopushkarta: 0, ...loc('action', 'A'), ...loc('category', 'C'), ...loc('sector', ''), ...loc('row', ''), ...loc('seat', ''),
  ...needs,
} as OrderDataRow)
const data = {
  rows: [], text: '', checkboxList: [],
  docTypes: [{ id: 1, country_id: 1, ...loc('name', 'P'), ...loc('note', 'n') }],
  countries: [{ id: 1, ...loc('name', 'RU') }, { id: 2, ...loc('name', 'AM') }],
  regions: [{ id: 10, country_id: 1, ...loc('name', 'a') }, { id: 11, country_id: 1, ...loc('name', 'b') }, { id: 20, country_id: 2, ...loc('name', 'c') }],
} as unknown as OrderDataResponse
const NOW = new Date(Date.UTC(2026, 10, 22))
/** The default venue zone: NOW (midnight UTC) is 03:00 of the same day there. */
const MOSCOW = 'Europe/Moscow'

describe('named-ticket form model', () => {
  it('counts down and expires only an unpaid order (the server takes a paid order\'s names at any time)', () => {
    expect(confirmTimer(row(1, { paid: 0 }), 90)).toEqual({ kind: 'running', seconds: 90 })
    expect(confirmTimer(row(1, { paid: 0 }), 0)).toEqual({ kind: 'expired' })
    expect(confirmTimer(row(1, { paid: 1 }), 90)).toEqual({ kind: 'none' })
    expect(confirmTimer(row(1, { paid: 1 }), 0)).toEqual({ kind: 'none' })
  })

  it('masks the birth date as dd.mm.yyyy and strips spaces from document numbers', () => {
    expect(maskBirthDate('0')).toBe('0')
    expect(maskBirthDate('0102')).toBe('01.02')
    expect(maskBirthDate('01021990999')).toBe('01.02.1990')
    expect(maskBirthDate('01.02.19a90')).toBe('01.02.1990')
    expect(cleanDocNumber('45 10 123456')).toBe('4510123456')
    expect(cleanDocNumber('x'.repeat(40))).toHaveLength(32)
  })

  it('counts "today" by the venue\'s calendar, as the server does', () => {
    // 00:30 on 6 December in Moscow, still the 5th in UTC: born on the 6th is today there, not the future.
    const night = new Date('2026-12-05T21:30:00Z')
    expect(isNegativeAge('06.12.2026', night, MOSCOW)).toBe(false)
    expect(isNegativeAge('06.12.2026', night, 'UTC')).toBe(true)
  })

  it('flags a negative age (blocks) and warns from 65 (does not block)', () => {
    const r = row(1, { needage: 2 })
    expect(isNegativeAge('01.01.2027', NOW, MOSCOW)).toBe(true)
    expect(isNegativeAge('22.11.2026', NOW, MOSCOW)).toBe(false)
    expect(showsAgeWarning(r, { ...emptyDraft(r), date: '22.11.1961' }, NOW, MOSCOW)).toBe(true)
    expect(showsAgeWarning(r, { ...emptyDraft(r), date: '23.11.1961' }, NOW, MOSCOW)).toBe(false)
    const ctx = visitorContext(data, NOW, MOSCOW)
    const ok = { ...emptyDraft(r), surname: 'Ив', name: 'Анна', date: '22.11.1950' }
    expect(draftErrors(ok, r, ctx)).toEqual([])
  })

  it('asks the region only when the country has more than one', () => {
    const r = row(1, { needcountry: 1, needregion: 1 })
    const regions = regionsByCountry(data)
    expect(asksRegion(r, { ...emptyDraft(r), countryId: 1 }, regions)).toBe(true)
    expect(asksRegion(r, { ...emptyDraft(r), countryId: 2 }, regions)).toBe(false)
    const ctx = visitorContext(data, NOW, MOSCOW)
    const base = { ...emptyDraft(r), surname: 'Ив', name: 'Анна' }
    expect(draftErrors({ ...base, countryId: 1 }, r, ctx).map((e) => e.field)).toEqual(['regionId'])
    expect(draftErrors({ ...base, countryId: 2 }, r, ctx)).toEqual([])
  })

  it('builds trimmed parallel columns, clearing what a row does not ask', () => {
    const rows = [row(5, { needdocument: 1, needage: 1 }), row(6, {})]
    const drafts = [
      { ...emptyDraft(rows[0]), surname: ' Иванов ', name: 'Пётр ', age: '9', docTypeId: 1, docNum: '45 10', date: 'x' },
      { ...emptyDraft(rows[1]), surname: 'Ivanova', name: 'Anna', docTypeId: 1, docNum: 'zz', countryId: 1 },
    ]
    expect(confirmPayload(rows, drafts, 'h', 'en', [{ id: 3, checked: 1 }])).toEqual({
      id: [5, 6], docTypeId: [1, null], name: ['Пётр', 'Anna'], surname: ['Иванов', 'Ivanova'], middleName: ['', ''], docNum: ['4510', ''],
      age: ['9', ''], date: ['', ''], countryId: [null, null], regionId: [null, null], hash: 'h', lang: 'en', checkboxList: [{ id: 3, checked: 1 }],
    })
  })

  it('always asks the middle name, requiring it only when needmiddlename = 1 (000 §5)', () => {
    const ctx = visitorContext(data, NOW, MOSCOW)
    /** The middle-name input of a ticket's card as the page renders it (the card open). */
    const middleNameInput = (r: OrderDataRow): string | undefined => {
      const card = createElement(VisitorCard, {
        index: 0, row: r, data, regions: regionsByCountry(data), draft: emptyDraft(r), errors: draftErrors(emptyDraft(r), r, ctx),
        shown: () => false, open: true, onToggle: () => {}, onChange: () => {}, onBlur: () => {}, lang: 'ru', now: NOW, timeZone: MOSCOW,
      })
      const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n('ru') }, card))
      return /<input[^>]*id="visitor-0-middleName"[^>]*>/.exec(html)?.[0]
    }
    const optional = row(1, { needmiddlename: 0 })
    const required = row(2, { needmiddlename: 1 })
    expect(middleNameInput(optional)).toBeDefined()
    expect(middleNameInput(optional)).not.toMatch(/\brequired\b/)
    expect(middleNameInput(required)).toMatch(/\brequired\b/)

    // The server's rule (validateVisitor): empty is fine when not required (named as missing when it is), else 3 to 64 letters.
    const base = { ...emptyDraft(optional), surname: 'Ив', name: 'Анна' }
    const middle = (r: OrderDataRow, middleName: string) => draftErrors({ ...base, middleName }, r, ctx)
    expect(middle(optional, '')).toEqual([])
    expect(middle(optional, '  ')).toEqual([])
    expect(middle(optional, 'Сергеевна')).toEqual([])
    expect(middle(optional, 'Ан')).toEqual([{ field: 'middleName', error: RuleError.NOMINAL_MIDDLE_NAME }])
    expect(middle(optional, 'Я'.repeat(65))).toEqual([{ field: 'middleName', error: RuleError.NOMINAL_MIDDLE_NAME }])
    expect(middle(required, '')).toEqual([{ field: 'middleName', error: RuleError.NOMINAL_MIDDLE_NAME_REQUIRED }])
    expect(middle(required, 'Sergeevna')).toEqual([])
  })

  it('splits the countdown into days, hours, minutes and seconds', () => {
    expect(splitCountdown(90_061)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 })
    expect(splitCountdown(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 })
  })
})
