import { describe, expect, it } from 'vitest'
import { ErrorCode } from '../../../src/contract/errors'
import { LANGS } from '../../../src/contract/lang'
import { ApiFailure } from '../../../src/server/errors'
import { httpStatusOf } from '../../../src/server/plugins/error-handler'
import { fieldNames, messageText, PHRASES, REASONS, type Phrase, type Reason } from '../../../src/server/messages'
import { ADMIN_ENTITIES, type AdminEntity } from '../../../src/server/messages/admin-entities'
import { placeText } from '../../../src/server/domain/inventory/places'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const KEYS = [...(Object.keys(REASONS) as Reason[]), ...PHRASES]

describe('the server message catalogue', () => {
  it('has every reason and phrase in ru, en, kz and ch, with the same placeholders, none left empty', () => {
    for (const key of KEYS) {
      const en = messageText(key, 'en')
      for (const lang of LANGS) {
        const text = messageText(key, lang)
        expect(text.trim(), `${lang} ${key}`).not.toBe('')
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(en))
      }
    }
  })

  it('speaks the language asked, fills parameters, and keeps the spec texts for payment methods', () => {
    const f = new ApiFailure('order-cancelled')
    expect(f.errorCode).toBe(ErrorCode.PAYMENT)
    expect(httpStatusOf(f.reason)).toBe(409)
    expect(f.message).toBe('Unable to pay for order: it is cancelled')
    expect(f.textIn('ru')).toBe('Невозможно оплатить заказ: он отменён')
    expect(f.textIn('kz')).toBe('Тапсырысты төлеу мүмкін емес: ол жойылған')
    expect(f.textIn('ch')).toBe('無法支付訂單：訂單已取消')
    expect(new ApiFailure('unknown-payment-method').textIn('ru')).toBe('Выбран недопустимый способ оплаты. Код ошибки: -9996')
    const place = placeText({ kind: 'seat', key: 's7', id: 7, zoneId: null, sector: 'Партер', row: '3', seat: '7' })
    expect(new ApiFailure('place-not-by-subscription', { place }).textIn('ru')).toBe('Партер, ряд 3, место 7: не продаётся по абонементу на этот сеанс')
    expect(new ApiFailure('place-not-by-subscription', { place }).textIn('en')).toBe('Партер, row 3, seat 7 is not sold by subscription in this session')
    expect(new ApiFailure('invalid-buyer', { fields: fieldNames(['fio', 'email']) }).textIn('ru')).toBe('Проверьте данные покупателя: ФИО, e-mail')
  })

  it("names what the console did not find in the operator's language, no English word of our code in it", () => {
    const list = new ApiFailure('admin-not-found', { what: 'checkin-list', id: 999999 })
    expect(list.errorCode).toBe(ErrorCode.NOT_FOUND)
    expect(list.message).toBe('Check-in list 999999 not found')
    expect(list.textIn('ru')).toBe('Не найдено: список входа 999999')
    expect(list.textIn('kz')).toBe('Кіру тізімі 999999 табылмады')
    expect(list.textIn('ch')).toBe('找不到驗票清單 999999')
    expect(new ApiFailure('admin-not-found', { what: 'session', id: 99999 }).textIn('ch')).toBe('找不到場次 99999')
    expect(new ApiFailure('admin-not-found', { what: 'order', id: 99999 }).textIn('kz')).toBe('Тапсырыс 99999 табылмады')
    expect(new ApiFailure('admin-not-found', { what: 'ticket', id: 99999999 }).textIn('ru')).toBe('Не найдено: билет 99999999')
    // Every name of the closed set, in every language: none is empty, none is left in English.
    for (const what of Object.keys(ADMIN_ENTITIES) as AdminEntity[]) {
      const f = new ApiFailure('admin-not-found', { what, id: 7 })
      for (const lang of LANGS) {
        expect(ADMIN_ENTITIES[what][lang].trim(), `${lang} ${what}`).not.toBe('')
        expect(f.textIn(lang), `${lang} ${what}`).toContain(`${ADMIN_ENTITIES[what][lang]} 7`)
        // Latin letters only where the language itself writes them ("API").
        if (lang !== 'en') expect(ADMIN_ENTITIES[what][lang], `${lang} ${what}`).not.toMatch(/\b(?!API\b)[A-Za-z]{2,}/)
      }
    }
    // A word outside the closed set is refused by the type checker (npx tsc fails if this line compiles).
    // @ts-expect-error 'check-in list' is not an AdminEntity
    const unknownWhat = () => new ApiFailure('admin-not-found', { what: 'check-in list', id: 1 })
    expect(typeof unknownWhat).toBe('function')
  })

  it('names each field of the forms in every language', () => {
    for (const phrase of PHRASES.filter((p): p is Phrase => p.startsWith('field.'))) {
      for (const lang of LANGS) expect(messageText(phrase, lang)).not.toMatch(/^field\./)
    }
    expect(fieldNames(['unknownField']).ru).toBe('unknownField')
  })
})
