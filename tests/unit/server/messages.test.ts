import { describe, expect, it } from 'vitest'
import { ErrorCode } from '../../../src/contract/errors'
import { LANGS } from '../../../src/contract/lang'
import { ApiFailure } from '../../../src/server/errors'
import { httpStatusOf } from '../../../src/server/plugins/error-handler'
import { fieldNames, localize, messageText, PHRASES, REASONS, type Phrase, type Reason } from '../../../src/server/messages'

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
    const place = localize('phrase.seat', { sector: 'Партер', row: 3, seat: 7 })
    expect(new ApiFailure('place-not-by-subscription', { place }).textIn('ru')).toBe('Партер, ряд 3, место 7: не продаётся по абонементу на этот сеанс')
    expect(new ApiFailure('place-not-by-subscription', { place }).textIn('en')).toBe('Партер, row 3, seat 7 is not sold by subscription in this session')
    expect(new ApiFailure('invalid-buyer', { fields: fieldNames(['fio', 'email']) }).textIn('ru')).toBe('Проверьте данные покупателя: ФИО, e-mail')
  })

  it('names each field of the forms in every language', () => {
    for (const phrase of PHRASES.filter((p): p is Phrase => p.startsWith('field.'))) {
      for (const lang of LANGS) expect(messageText(phrase, lang)).not.toMatch(/^field\./)
    }
    expect(fieldNames(['unknownField']).ru).toBe('unknownField')
  })
})
