import { describe, expect, it, vi } from 'vitest'
import { sameInAll } from '../../../src/contract/lang'
import { RuleError, isGiftPhoneValid } from '../../../src/contract/rules'
import { agreementAnswers, agreementsPass, missingAgreements } from '../../../src/app/forms/agreements'
import { buyerErrors, EMPTY_BUYER, initialBuyer, toBuyer, visibleFields } from '../../../src/app/forms/buyerModel'
import { applyGiftPhoneMask, giftLocalDigits } from '../../../src/app/forms/giftPhoneMask'
import { countryOptions, formatPhoneInput, toE164 } from '../../../src/app/forms/phone'
import { createI18n, RESOURCES } from '../../../src/app/i18n'
import { EVENT_TEXTS } from '../../../src/app/i18n/locales/event'
import { withScreenTexts } from '../../../src/app/i18n/mergeTexts'
import { LANGS } from '../../../src/contract/lang'

describe('gift-card phone mask +7 (9__) ___-__-__', () => {
  it('formats progressively with the fixed +7 (9 start', () => {
    expect(applyGiftPhoneMask('')).toBe('')
    expect(applyGiftPhoneMask('9')).toBe('+7 (9')
    // A digit the visitor did not type is never added (the rule refuses a non-mobile number).
    expect(applyGiftPhoneMask('1')).toBe('+7 (1')
    expect(applyGiftPhoneMask('912')).toBe('+7 (912')
    expect(applyGiftPhoneMask('9123')).toBe('+7 (912) 3')
    expect(applyGiftPhoneMask('9123456')).toBe('+7 (912) 345-6')
    expect(applyGiftPhoneMask('912345678')).toBe('+7 (912) 345-67-8')
    expect(applyGiftPhoneMask('9123456789')).toBe('+7 (912) 345-67-89')
  })

  it('reads pasted full numbers and ignores extra digits', () => {
    expect(applyGiftPhoneMask('+7 912 345 67 89')).toBe('+7 (912) 345-67-89')
    expect(applyGiftPhoneMask('89123456789')).toBe('+7 (912) 345-67-89')
    expect(applyGiftPhoneMask('79123456789')).toBe('+7 (912) 345-67-89')
    expect(applyGiftPhoneMask('+7 (912) 345-67-8999')).toBe('+7 (912) 345-67-89')
  })

  it('keeps exactly the 11 digits however the number is typed, key by key or pasted', () => {
    /** Types `text` one character at a time at the end, as the field would receive it. */
    const typeIn = (text: string) => [...text].reduce((shown, ch) => applyGiftPhoneMask(shown + ch, shown), '')
    for (const typed of ['89161234567', '+79161234567', '79161234567', '9161234567', '8 (916) 123-45-67', '+7 (916) 123 45 67', '+7 916 123 45 67']) {
      expect(typeIn(typed), typed).toBe('+7 (916) 123-45-67')
      expect(applyGiftPhoneMask(typed), `pasted ${typed}`).toBe('+7 (916) 123-45-67')
      expect(isGiftPhoneValid(typeIn(typed))).toBe(true)
    }
    // The prefix alone shows as '+7 (' and a backspace then empties the field.
    expect(typeIn('8')).toBe('+7 (')
    expect(typeIn('+7')).toBe('+7 (')
    expect(applyGiftPhoneMask('+7 ', '+7 (')).toBe('')
    // A whole number pasted behind the shown prefix.
    expect(applyGiftPhoneMask('+7 (89161234567', '+7 (')).toBe('+7 (916) 123-45-67')
    // Extra digits typed at the end are refused, the 11 stay.
    expect(typeIn('891612345678')).toBe('+7 (916) 123-45-67')
    expect(isGiftPhoneValid('+7 (816) 123-45-67')).toBe(false)
  })

  it('lets a deleted separator drop back without getting stuck', () => {
    expect(applyGiftPhoneMask('+7 (912) ')).toBe('+7 (912')
    expect(applyGiftPhoneMask('+7 (')).toBe('')
    expect(giftLocalDigits('+7 (912) 3')).toBe('9123')
    // A digit typed in front of the fixed prefix goes to the end.
    expect(applyGiftPhoneMask('6+7 (912) 345')).toBe('+7 (912) 345-6')
  })

  it('produces what the contract rule accepts only when complete', () => {
    expect(isGiftPhoneValid(applyGiftPhoneMask('9123456789'))).toBe(true)
    expect(isGiftPhoneValid(applyGiftPhoneMask('912345678'))).toBe(false)
  })
})

describe('general phone (libphonenumber-js)', () => {
  it('formats as you type for Russia by default and keeps 20 characters at most', () => {
    const r = formatPhoneInput('9123456789', 'RU')
    expect(r.country).toBe('RU')
    expect(r.text.replace(/\D/g, '')).toBe('9123456789')
    expect(r.text.length).toBeLessThanOrEqual(20)
    expect(formatPhoneInput('', 'RU').text).toBe('')
    expect(formatPhoneInput('+4915112345678901234567', 'RU').text.length).toBeLessThanOrEqual(20)
  })

  it('switches the country from a typed calling code', () => {
    expect(formatPhoneInput('+49 151 12345678', 'RU').country).toBe('DE')
  })

  it('sends E.164 when the number parses', () => {
    expect(toE164('912 345-67-89', 'RU')).toBe('+79123456789')
    expect(toE164('12', 'RU')).toBe('12')
  })

  it('lists countries with names and calling codes', () => {
    const list = countryOptions('ru')
    expect(list.length).toBeGreaterThan(200)
    expect(list.find((c) => c.code === 'RU')?.label).toBe('Россия (+7)')
  })

  it("names countries in Kazakh from the app's own table, where Chromium's Intl answers in English", () => {
    // Chromium's DisplayNames('kk'): no Kazakh region data, English names.
    const english = new Intl.DisplayNames(['en'], { type: 'region' })
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl) as typeof Intl, { DisplayNames: class { of = (code: string) => english.of(code) } }))
    try {
      const list = countryOptions('kk')
      expect(list.find((c) => c.code === 'RU')?.label).toBe('Ресей (+7)')
      expect(list.find((c) => c.code === 'KZ')?.label).toBe('Қазақстан (+7)')
      expect(list.every((c) => !/^[A-Za-z]/.test(c.label)), list.filter((c) => /^[A-Za-z]/.test(c.label)).map((c) => c.label).join(', ')).toBe(true)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('buyer model', () => {
  const bank = { giftCard: false, mailconfirm: false }
  const gift = { giftCard: true, mailconfirm: true }

  it('reports each invalid field with the contract key', () => {
    const e = buyerErrors({ ...EMPTY_BUYER, fio: 'И', phone: '123', email: 'ivan@', re_email: 'x' }, { giftCard: false, mailconfirm: true })
    expect(e).toEqual({ fio: RuleError.REQUIRED_FIO, phone: RuleError.WRONG_PHONE, email: RuleError.NOT_VALID_EMAIL, re_email: RuleError.RE_EMAIL })
    expect(buyerErrors({ ...EMPTY_BUYER, fio: 'Иван Петров', phone: '+7 912 345-67-89', email: 'ivan@example.ru' }, bank)).toEqual({})
  })

  it('checks the gift-card fields and the masked phone', () => {
    const values = { ...EMPTY_BUYER, surname: 'Ivanov', name: 'иван', patronymic: '', noPatronymic: true, giftPhone: '+7 (912) 345', email: 'ivan@example.ru', re_email: 'ivan@example.ru' }
    expect(buyerErrors(values, gift)).toEqual({ surname: RuleError.GIFT_SURNAME, phone: RuleError.GIFT_PHONE })
    const ok = { ...values, surname: 'иванов-петров', giftPhone: '+7 (912) 345-67-89' }
    expect(buyerErrors(ok, gift)).toEqual({})
    expect(toBuyer(ok, gift)).toEqual({ surname: 'Иванов-Петров', name: 'Иван', patronymic: '', phone: '+7 (912) 345-67-89', email: 'ivan@example.ru', re_email: 'ivan@example.ru' })
  })

  it("refuses a blank gift-card patronymic unless 'Нет отчества' is ticked, and still sends '' for the box", () => {
    const values = { ...EMPTY_BUYER, surname: 'Иванова', name: 'Анна', patronymic: '', giftPhone: '+7 (912) 345-67-89', email: 'anna@example.ru', re_email: 'anna@example.ru' }
    expect(buyerErrors(values, gift)).toEqual({ patronymic: RuleError.GIFT_PATRONYMIC })
    expect(buyerErrors({ ...values, patronymic: '   ' }, gift)).toEqual({ patronymic: RuleError.GIFT_PATRONYMIC })
    expect(buyerErrors({ ...values, patronymic: 'Сергеевна' }, gift)).toEqual({})
    // Ticked: the field is disabled and whatever it held is neither checked nor sent.
    expect(buyerErrors({ ...values, noPatronymic: true }, gift)).toEqual({})
    expect(buyerErrors({ ...values, patronymic: 'Sergeevna', noPatronymic: true }, gift)).toEqual({})
    expect(toBuyer({ ...values, patronymic: 'Сергеевна', noPatronymic: true }, gift).patronymic).toBe('')
    // The bank card has no patronymic field at all.
    expect(buyerErrors({ ...EMPTY_BUYER, fio: 'Анна Иванова', phone: '+7 912 345-67-89', email: 'anna@example.ru' }, bank)).toEqual({})
  })

  it("prefills the gift-card phone from a stored client's number only when the gift-card rule accepts it", () => {
    const client = { id: '1', typeId: '', typeName: '', cardCode: '', first_name: 'Анна', last_name: 'Смирнова', middle_name: 'Сергеевна', phone: '+79001112233', email: 'a@b.ru' }
    const v = initialBuyer(client)
    expect(v.phone).toBe('+79001112233')
    // Shown as the +7 (9__) ___-__-__ mask shows it, and accepted as typed by the buyer would be.
    expect(v.giftPhone).toBe('+7 (900) 111-22-33')
    expect(isGiftPhoneValid(v.giftPhone)).toBe(true)
    expect(applyGiftPhoneMask(v.giftPhone, v.giftPhone)).toBe(v.giftPhone)
    expect(buyerErrors(v, gift)).toEqual({ re_email: RuleError.RE_EMAIL })
    expect(toBuyer(v, gift).phone).toBe('+7 (900) 111-22-33')
    // Numbers the gift-card rule refuses stay out of its field (the general phone keeps them).
    for (const phone of ['+74951112233', '+998901234567', '+4915112345678', '89001112233', '']) {
      expect(initialBuyer({ ...client, phone }).giftPhone, phone).toBe('')
      expect(initialBuyer({ ...client, phone }).phone).toBe(phone)
    }
    expect(initialBuyer(null).giftPhone).toBe('')
  })

  it('normalises fio and sends the phone in E.164', () => {
    expect(toBuyer({ ...EMPTY_BUYER, fio: ' Пётр  Ёлкин-2 ', phone: '912 345-67-89', email: ' a@b.ru ' }, bank))
      .toEqual({ fio: 'Петр Елкин-', phone: '+79123456789', email: 'a@b.ru' })
  })

  it('prefills from a stored client and lists the visible fields', () => {
    const v = initialBuyer({ id: '1', typeId: '', typeName: '', cardCode: '', first_name: 'Анна', last_name: 'Смирнова', middle_name: '', phone: '+79001112233', email: 'a@b.ru' })
    expect(v.fio).toBe('Смирнова Анна')
    expect(v.email).toBe('a@b.ru')
    expect(visibleFields(bank, false)).toEqual(['fio', 'phone', 'email'])
    expect(visibleFields(gift, true)).toEqual(['surname', 'name', 'phone', 'email', 're_email'])
  })
})

describe('agreements', () => {
  const items = [
    { id: 1, filling: 1, ...sameInAll('name', 'Правила') },
    { id: 2, filling: 0, ...sameInAll('name', 'Новости') },
  ]
  it('passes only with every required item ticked and answers 0/1 for each', () => {
    expect(agreementsPass(items, {})).toBe(false)
    expect(missingAgreements(items, { 2: true })).toEqual([1])
    expect(agreementsPass(items, { 1: true })).toBe(true)
    expect(agreementAnswers(items, { 1: true })).toEqual([{ id: 1, checked: 1 }, { id: 2, checked: 0 }])
  })
})

describe('event texts', () => {
  it('translate every rule error the buyer form can show, in every language', () => {
    const keys = [RuleError.REQUIRED_ALL, RuleError.REQUIRED_FIO, RuleError.WRONG_PHONE, RuleError.REQUIRED_EMAIL, RuleError.NOT_VALID_EMAIL,
      RuleError.RE_EMAIL, RuleError.GIFT_SURNAME, RuleError.GIFT_NAME, RuleError.GIFT_PATRONYMIC, RuleError.GIFT_PHONE, RuleError.CONSENT]
    for (const lang of LANGS) {
      const i18n = createI18n(lang)
      for (const key of keys) expect(i18n.exists(key), `${lang} ${key}`).toBe(true)
      expect(EVENT_TEXTS[lang]).toBeDefined()
    }
  })

  it('leave the shell bundles themselves untouched', () => {
    createI18n('ru')
    expect((RESOURCES.ru.translation as Record<string, unknown>).event).toBeUndefined()
    expect(withScreenTexts(RESOURCES, EVENT_TEXTS).ru.translation).toHaveProperty('event.submit', 'Оформить заказ')
  })

  it('merge beside the shell texts without replacing them', () => {
    const ru = createI18n('ru')
    expect(ru.t('modal.error-limit')).toBe('Достигнут лимит количества билетов в одном заказе!')
    expect(ru.t('modal.header-warning')).toBe('Предупреждение')
    expect(ru.t('captcha.title')).toBe('Введите код')
    expect(ru.t('captcha.placeholder')).toBe('Введите код c картинки')
    expect(ru.t('subscription.text', { count: 5, date: '1 декабря' })).toBe('Вы действительно хотите приобрести 5 билетов по подписке на 1 декабря?')
    expect(ru.t('errors.gift-phone', { phone: '+7 (912) 345-67-89' })).toBe('Номер телефона не действителен. Пример: +7 (912) 345-67-89')
    expect(createI18n('en').t('event.ticket-count', { count: 2 })).toBe('2 tickets')
  })
})
