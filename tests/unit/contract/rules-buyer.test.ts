import { describe, expect, it } from 'vitest'
import {
  RuleError,
  capitalizeName,
  cyrillicToLatinKeys,
  emailSchema,
  emailsMatch,
  fioSchema,
  formatGiftPhone,
  giftNameSchema,
  giftPatronymicSchema,
  giftSurnameSchema,
  isEmailValid,
  isFioValid,
  isGiftNameValid,
  isGiftPatronymicValid,
  isGiftPhoneValid,
  isGiftSurnameValid,
  isPhoneValid,
  isStandId,
  normalizeEmailInput,
  normalizeFio,
  phoneSchema,
  validateBuyer,
} from '../../../src/contract'

describe('fio', () => {
  it('strips characters other than letters, dash and space and normalises ё', () => {
    expect(normalizeFio('Пётр  Иванов-Сидоров 123!')).toBe('Петр Иванов-Сидоров')
    expect(normalizeFio('ЁЛКИН ё.')).toBe('ЕЛКИН е')
    expect(normalizeFio('John O\'Brien')).toBe('John OBrien')
  })
  it('accepts 2 to 70 characters after normalising', () => {
    expect(isFioValid('Ян')).toBe(true)
    expect(isFioValid('А'.repeat(70))).toBe(true)
    expect(isFioValid('А'.repeat(71))).toBe(false)
    expect(isFioValid('Я1')).toBe(false)
    expect(isFioValid('  ')).toBe(false)
  })
  it('schema returns the normalised value or errors.required-fio', () => {
    expect(fioSchema.parse('Семён 7')).toBe('Семен')
    const r = fioSchema.safeParse('!')
    expect(r.success).toBe(false)
    expect(r.error?.issues[0].message).toBe(RuleError.REQUIRED_FIO)
  })
})

describe('general phone', () => {
  it('is valid when longer than 5 characters and at most 20', () => {
    expect(isPhoneValid('123456')).toBe(true)
    expect(isPhoneValid('12345')).toBe(false)
    expect(isPhoneValid('+7 912 345 67 89')).toBe(true)
    expect(isPhoneValid('1'.repeat(21))).toBe(false)
    expect(phoneSchema.safeParse('  12345 ').success).toBe(false)
    expect(phoneSchema.safeParse('+79123456789').success).toBe(true)
  })
})

describe('email', () => {
  it('accepts 6 to 70 characters of the standard pattern', () => {
    expect(isEmailValid('a@b.ru')).toBe(true)
    expect(isEmailValid('ivan.petrov+tickets@mail.example.com')).toBe(true)
    expect(isEmailValid('a@b.r')).toBe(false)
    expect(isEmailValid('ivan@@mail.ru')).toBe(false)
    expect(isEmailValid('ivan mail.ru')).toBe(false)
    expect(isEmailValid('иван@почта.рф')).toBe(false)
    expect(isEmailValid(`${'a'.repeat(64)}@b.com`)).toBe(true)
    expect(isEmailValid(`${'a'.repeat(65)}@b.com`)).toBe(false)
  })
  it('reports required and not-valid keys', () => {
    expect(emailSchema.safeParse('').error?.issues[0].message).toBe(RuleError.REQUIRED_EMAIL)
    expect(emailSchema.safeParse('x@y').error?.issues[0].message).toBe(RuleError.NOT_VALID_EMAIL)
  })
  it('maps Russian keys to Latin ones', () => {
    expect(cyrillicToLatinKeys('шмфт')).toBe('ivan')
    expect(cyrillicToLatinKeys('ЗУЕКЩМ')).toBe('PETROV')
    expect(cyrillicToLatinKeys('шмфт"ьфшдюкг')).toBe('ivan@mail.ru')
    expect(normalizeEmailInput('шмфт"ьфшд юкг')).toBe('ivan@mail.ru')
    expect(cyrillicToLatinKeys('abc-1')).toBe('abc-1')
  })
  it('repeat email must equal email', () => {
    expect(emailsMatch('a@b.ru', ' a@b.ru ')).toBe(true)
    expect(emailsMatch('a@b.ru', 'a@b.com')).toBe(false)
  })
})

describe('gift card', () => {
  it('names are Cyrillic letters, dash and spaces within their limits', () => {
    expect(isGiftSurnameValid('Иванова-Петрова')).toBe(true)
    expect(isGiftSurnameValid('Ivanov')).toBe(false)
    expect(isGiftSurnameValid('Иванов.')).toBe(false)
    expect(isGiftSurnameValid('Я'.repeat(70))).toBe(true)
    expect(isGiftSurnameValid('Я'.repeat(71))).toBe(false)
    expect(isGiftNameValid('Анна Мария')).toBe(true)
    expect(isGiftNameValid('Я'.repeat(51))).toBe(false)
    expect(isGiftNameValid('')).toBe(false)
    expect(isGiftPatronymicValid('')).toBe(true)
    expect(isGiftPatronymicValid('Ивановна')).toBe(true)
    expect(isGiftPatronymicValid('Я'.repeat(51))).toBe(false)
  })
  it('capitalises each part', () => {
    expect(capitalizeName('иванов-петров')).toBe('Иванов-Петров')
    expect(capitalizeName('АННА мария')).toBe('Анна Мария')
    expect(giftSurnameSchema.parse('  сидорова ')).toBe('Сидорова')
    expect(giftNameSchema.safeParse('Anna').success).toBe(false)
    expect(giftPatronymicSchema.parse('')).toBe('')
    expect(giftPatronymicSchema.parse('петрович')).toBe('Петрович')
  })
  it('phone is +7 with exactly 11 digits', () => {
    expect(isGiftPhoneValid('+7 (912) 345-67-89')).toBe(true)
    expect(isGiftPhoneValid('+79123456789')).toBe(true)
    expect(isGiftPhoneValid('89123456789')).toBe(false)
    expect(isGiftPhoneValid('+7 (912) 345-67-8')).toBe(false)
    expect(isGiftPhoneValid('+7 (912) 345-67-890')).toBe(false)
    expect(formatGiftPhone('79123456789')).toBe('+7 (912) 345-67-89')
  })
})

describe('validateBuyer', () => {
  const card = { fio: 'Иван Петров', phone: '+79123456789', email: 'ivan@mail.ru' }
  it('passes a valid bank-card buyer and reports each bad field', () => {
    expect(validateBuyer(card, { giftCard: false, mailconfirm: false })).toEqual([])
    const errs = validateBuyer({ fio: '1', phone: '123', email: 'x' }, { giftCard: false, mailconfirm: false })
    expect(errs.map((e) => e.field)).toEqual(['fio', 'phone', 'email'])
  })
  it('lets an empty e-mail pass only with emailOptional (the box office), never a malformed one', () => {
    expect(validateBuyer({ ...card, email: '' }, { giftCard: false, mailconfirm: false })).toEqual([{ field: 'email', error: RuleError.REQUIRED_EMAIL }])
    expect(validateBuyer({ ...card, email: ' ' }, { giftCard: false, mailconfirm: false, emailOptional: true })).toEqual([])
    expect(validateBuyer({ ...card, email: 'ivan@' }, { giftCard: false, mailconfirm: false, emailOptional: true })).toEqual([{ field: 'email', error: RuleError.NOT_VALID_EMAIL }])
  })
  it('asks re_email only with mailconfirm', () => {
    expect(validateBuyer(card, { giftCard: false, mailconfirm: true })).toEqual([{ field: 're_email', error: RuleError.RE_EMAIL }])
    expect(validateBuyer({ ...card, re_email: 'ivan@mail.ru' }, { giftCard: false, mailconfirm: true })).toEqual([])
  })
  it('checks gift-card fields instead of fio', () => {
    const gift = { surname: 'Иванов', name: 'Иван', patronymic: '', phone: '+7 (912) 345-67-89', email: 'ivan@mail.ru' }
    expect(validateBuyer(gift, { giftCard: true, mailconfirm: false })).toEqual([])
    expect(validateBuyer({ ...gift, name: 'Ivan', phone: '123456' }, { giftCard: true, mailconfirm: false }).map((e) => e.field)).toEqual([
      'name',
      'phone',
    ])
  })
})

describe('stand id', () => {
  it('is digits_digits_digits', () => {
    expect(isStandId('12_3_456')).toBe(true)
    expect(isStandId('12_3')).toBe(false)
    expect(isStandId('a_1_2')).toBe(false)
  })
})
