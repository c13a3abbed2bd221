import { describe, expect, it } from 'vitest'
import {
  RuleError,
  ageOn,
  birthDateWarns,
  bonusesLeft,
  canApplyBonuses,
  consentsPass,
  isAgeValid,
  isAgeWarning,
  isBirthDateValid,
  isDocNumberValid,
  isNominalMiddleNameValid,
  isNominalNameValid,
  isNominalSurnameValid,
  isPromoValid,
  nominalNameSchema,
  nominalSurnameSchema,
  normalizePromo,
  parseBirthDate,
  parseBonuses,
  promoSchema,
  validateVisitor,
  zipVisitorColumns,
} from '../../../src/contract'

const NOW = new Date(Date.UTC(2026, 10, 21))
/** The default venue zone (UTC+3): NOW, midnight UTC, is 03:00 of the same day there. */
const MOSCOW = 'Europe/Moscow'

describe('named-ticket names', () => {
  it('surname 2-32, name 3-64, middle name 3-64; Latin or Cyrillic letters, spaces, hyphen', () => {
    expect(isNominalSurnameValid('Ли')).toBe(true)
    expect(isNominalSurnameValid('Smith-Jones')).toBe(true)
    expect(isNominalSurnameValid('Я')).toBe(false)
    expect(isNominalSurnameValid('a'.repeat(33))).toBe(false)
    expect(isNominalSurnameValid("O'Neil")).toBe(false)
    expect(isNominalNameValid('Ann')).toBe(true)
    expect(isNominalNameValid('Ян')).toBe(false)
    expect(isNominalNameValid('Анна Мария')).toBe(true)
    expect(isNominalNameValid('Anna1')).toBe(false)
    expect(isNominalMiddleNameValid('Ивановна')).toBe(true)
    expect(isNominalMiddleNameValid('Ив')).toBe(false)
    expect(isNominalMiddleNameValid('a'.repeat(65))).toBe(false)
    expect(nominalSurnameSchema.parse('  Петров ')).toBe('Петров')
    expect(nominalSurnameSchema.safeParse('1').error?.issues[0].message).toBe(RuleError.NOMINAL_SURNAME)
  })
})

describe('age and birth date', () => {
  it('age is 1 to 2 digits', () => {
    expect(isAgeValid('7')).toBe(true)
    expect(isAgeValid('42')).toBe(true)
    expect(isAgeValid('100')).toBe(false)
    expect(isAgeValid('')).toBe(false)
    expect(isAgeValid('4a')).toBe(false)
  })
  it('birth date is dd.mm.yyyy, a real date, year 1900-2051', () => {
    expect(parseBirthDate('29.02.2024')).toEqual({ day: 29, month: 2, year: 2024 })
    expect(parseBirthDate('29.02.2023')).toBeNull()
    expect(parseBirthDate('1.02.2000')).toBeNull()
    expect(parseBirthDate('01.13.2000')).toBeNull()
    expect(parseBirthDate('01.01.1899')).toBeNull()
    expect(parseBirthDate('01.01.1900')).not.toBeNull()
    expect(parseBirthDate('31.12.2051')).not.toBeNull()
    expect(parseBirthDate('01.01.2052')).toBeNull()
  })
  it('counts the age by the venue\'s calendar day, not UTC\'s', () => {
    // 00:30 on 6 December in Moscow is still 5 December in UTC (21:30): someone born on
    // 6 December 2008 is 18 in Moscow already, and not yet in UTC, nor in New York.
    const night = new Date('2026-12-05T21:30:00Z')
    const birth = { day: 6, month: 12, year: 2008 }
    expect(ageOn(birth, night, MOSCOW)).toBe(18)
    expect(ageOn(birth, night, 'Asia/Almaty')).toBe(18)
    expect(ageOn(birth, night, 'UTC')).toBe(17)
    expect(ageOn(birth, night, 'America/New_York')).toBe(17)
    // Born on the venue's today: age 0, a valid date; one day later is in the future there.
    expect(isBirthDateValid('06.12.2026', night, MOSCOW)).toBe(true)
    expect(isBirthDateValid('06.12.2026', night, 'UTC')).toBe(false)
  })
  it('refuses a negative age and warns at 65', () => {
    expect(ageOn({ day: 21, month: 11, year: 1961 }, NOW, MOSCOW)).toBe(65)
    expect(ageOn({ day: 22, month: 11, year: 1961 }, NOW, MOSCOW)).toBe(64)
    expect(isBirthDateValid('22.11.2026', NOW, MOSCOW)).toBe(false)
    expect(isBirthDateValid('21.11.2026', NOW, MOSCOW)).toBe(true)
    expect(isBirthDateValid('01.01.2051', NOW, MOSCOW)).toBe(false)
    expect(isAgeWarning(65)).toBe(true)
    expect(isAgeWarning(64)).toBe(false)
    expect(birthDateWarns('21.11.1961', NOW, MOSCOW)).toBe(true)
    expect(birthDateWarns('22.11.1961', NOW, MOSCOW)).toBe(false)
  })
})

describe('document number', () => {
  it('type 1: four digits plus six digits, spaces removed', () => {
    expect(isDocNumberValid(1, '4510 123456')).toBe(true)
    expect(isDocNumberValid(1, '451 0123456')).toBe(true)
    expect(isDocNumberValid(1, '4510 12345')).toBe(false)
    expect(isDocNumberValid(1, '45AB123456')).toBe(false)
  })
  it('type 3: two Cyrillic letters plus seven digits', () => {
    expect(isDocNumberValid(3, 'АБ 1234567')).toBe(true)
    expect(isDocNumberValid(3, 'AB 1234567')).toBe(false)
    expect(isDocNumberValid(3, 'АБ 123456')).toBe(false)
  })
  it('type 4: roman numeral, hyphen, two Cyrillic letters, six digits', () => {
    expect(isDocNumberValid(4, 'IV-АБ 123456')).toBe(true)
    expect(isDocNumberValid(4, 'XII-ЖК123456')).toBe(true)
    expect(isDocNumberValid(4, 'IV АБ 123456')).toBe(false)
    expect(isDocNumberValid(4, 'IV-АБ 1234567')).toBe(false)
  })
  it('type 5: roman numeral plus seven digits', () => {
    expect(isDocNumberValid(5, 'II 1234567')).toBe(true)
    expect(isDocNumberValid(5, 'II 123456')).toBe(false)
    expect(isDocNumberValid(5, '12 1234567')).toBe(false)
  })
  it('other types: at least two letters, digits, underscores or hyphens; at most 32', () => {
    expect(isDocNumberValid(9, 'AB')).toBe(true)
    expect(isDocNumberValid(9, 'X_1-Я')).toBe(true)
    expect(isDocNumberValid(9, 'A')).toBe(false)
    expect(isDocNumberValid(9, 'AB/12')).toBe(false)
    expect(isDocNumberValid(9, 'A'.repeat(33))).toBe(false)
    expect(isDocNumberValid(9, 'A'.repeat(32))).toBe(true)
  })
})

describe('validateVisitor', () => {
  const ctx = { now: NOW, timeZone: MOSCOW, docTypeIds: new Set([1, 3]), regionsByCountry: new Map([[1, [10, 11]], [2, [20]]]) }
  const none = { needage: 0, needmiddlename: 0, needdocument: 0, needcountry: 0, needregion: 0 }
  const base = { surname: 'Петров', name: 'Иван', middleName: '', age: '', date: '', docTypeId: null, docNum: '', countryId: null, regionId: null }
  it('asks only what the row needs', () => {
    expect(validateVisitor(base, none, ctx)).toEqual([])
    const all = { needage: 2, needmiddlename: 1, needdocument: 1, needcountry: 1, needregion: 1 }
    expect(validateVisitor(base, all, ctx).map((e) => e.field)).toEqual(['middleName', 'date', 'docTypeId', 'docNum', 'countryId'])
    const full = { ...base, middleName: 'Иванович', date: '01.01.1990', docTypeId: 1, docNum: '4510 123456', countryId: 1, regionId: 11 }
    expect(validateVisitor(full, all, ctx)).toEqual([])
    expect(validateVisitor({ ...full, regionId: null }, all, ctx).map((e) => e.field)).toEqual(['regionId'])
    expect(validateVisitor({ ...full, countryId: 2, regionId: null }, all, ctx)).toEqual([])
    expect(validateVisitor({ ...full, docNum: '123' }, all, ctx).map((e) => e.field)).toEqual(['docNum'])
    expect(validateVisitor({ ...base, age: '120' }, { ...none, needage: 1 }, ctx).map((e) => e.field)).toEqual(['age'])
  })
  it('names an empty document number whatever the type, before a type is chosen too', () => {
    const doc = { ...none, needdocument: 1 }
    const required = { field: 'docNum', error: RuleError.DOC_NUMBER_REQUIRED }
    expect(validateVisitor(base, doc, ctx)).toEqual([{ field: 'docTypeId', error: RuleError.DOC_TYPE }, required])
    expect(validateVisitor({ ...base, docNum: '   ' }, doc, ctx)).toContainEqual(required)
    expect(validateVisitor({ ...base, docTypeId: 1 }, doc, ctx)).toEqual([required])
    // A number typed before its type waits for the type to be checked by its pattern.
    expect(validateVisitor({ ...base, docNum: '123' }, doc, ctx)).toEqual([{ field: 'docTypeId', error: RuleError.DOC_TYPE }])
    expect(validateVisitor({ ...base, docTypeId: 1, docNum: '123' }, doc, ctx)).toEqual([{ field: 'docNum', error: RuleError.DOC_NUMBER }])
  })
  it('names an empty or blank name part as missing, one typed but refused by its rule', () => {
    const middle = { ...none, needmiddlename: 1 }
    expect(validateVisitor({ ...base, surname: '', name: '   ' }, middle, ctx)).toEqual([
      { field: 'surname', error: RuleError.NOMINAL_SURNAME_REQUIRED },
      { field: 'name', error: RuleError.NOMINAL_NAME_REQUIRED },
      { field: 'middleName', error: RuleError.NOMINAL_MIDDLE_NAME_REQUIRED },
    ])
    expect(validateVisitor({ ...base, surname: 'И', name: 'Ан', middleName: 'Ив' }, middle, ctx)).toEqual([
      { field: 'surname', error: RuleError.NOMINAL_SURNAME },
      { field: 'name', error: RuleError.NOMINAL_NAME },
      { field: 'middleName', error: RuleError.NOMINAL_MIDDLE_NAME },
    ])
    // Not asked, an empty middle name is fine.
    expect(validateVisitor(base, none, ctx)).toEqual([])
    expect(nominalNameSchema.safeParse('  ').error?.issues[0].message).toBe(RuleError.NOMINAL_NAME_REQUIRED)
  })
  it('zips the confirm payload columns and refuses uneven ones', () => {
    const cols = {
      id: [1, 2], docTypeId: [1, null], name: [' Иван ', 'Anna'], surname: ['Петров', 'Smith'], middleName: ['', ''],
      docNum: ['4510 123456', ''], age: ['', '7'], date: ['', ''], countryId: [1, null], regionId: [10, null],
    }
    const rows = zipVisitorColumns(cols)
    expect(rows?.map((r) => [r.id, r.name, r.docNum])).toEqual([[1, 'Иван', '4510123456'], [2, 'Anna', '']])
    expect(zipVisitorColumns({ ...cols, age: ['7'] })).toBeNull()
  })

  it('consents with filling = 1 must be ticked', () => {
    const offered = [{ id: 1, filling: 1 }, { id: 2, filling: 0 }]
    expect(consentsPass(offered, [{ id: 1, checked: 1 }])).toBe(true)
    expect(consentsPass(offered, [{ id: 1, checked: 0 }, { id: 2, checked: 1 }])).toBe(false)
    expect(consentsPass(offered, [])).toBe(false)
  })
})

describe('promo code and bonuses', () => {
  it('promo needs 3 characters and is upper-cased', () => {
    expect(normalizePromo(' spring ')).toBe('SPRING')
    expect(isPromoValid('ab')).toBe(false)
    expect(isPromoValid('abc')).toBe(true)
    expect(promoSchema.parse('abc')).toBe('ABC')
    expect(promoSchema.safeParse(' a ').success).toBe(false)
  })
  it('bonuses are an integer above 0 and not above the available ones', () => {
    expect(parseBonuses('15')).toBe(15)
    expect(parseBonuses('1.5')).toBeNull()
    expect(parseBonuses('-3')).toBeNull()
    expect(canApplyBonuses(15, 20)).toBe(true)
    expect(canApplyBonuses(20, 20)).toBe(true)
    expect(canApplyBonuses(21, 20)).toBe(false)
    expect(canApplyBonuses(0, 20)).toBe(false)
    expect(canApplyBonuses(null, 20)).toBe(false)
    expect(bonusesLeft(15, 20)).toBe(5)
    expect(bonusesLeft(null, 20)).toBe(20)
  })
})
