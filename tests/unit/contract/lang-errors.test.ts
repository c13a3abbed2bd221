import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  DEFAULT_LANG,
  ErrorCode,
  ErrorMessage,
  FALLBACK_LANG,
  LANGS,
  apiErrorSchema,
  formatErrorMessage,
  isApiError,
  localized,
  parseLanguageList,
  pickLocalized,
} from '../../../src/contract'

describe('languages', () => {
  it('are ru (default), en (fallback), kz, ch', () => {
    expect(LANGS).toEqual(['ru', 'en', 'kz', 'ch'])
    expect(DEFAULT_LANG).toBe('ru')
    expect(FALLBACK_LANG).toBe('en')
  })
  it('localized() builds one string field per language', () => {
    const s = z.object(localized('action'))
    expect(Object.keys(s.shape)).toEqual(['action_ru', 'action_en', 'action_kz', 'action_ch'])
    expect(s.safeParse({ action_ru: 'a', action_en: 'b', action_kz: '', action_ch: '' }).success).toBe(true)
    expect(s.safeParse({ action_ru: 'a', action_en: 'b', action_kz: '' }).success).toBe(false)
  })
  it('pickLocalized falls back to en, then ru', () => {
    const o = { action_ru: 'Озеро', action_en: 'Lake', action_kz: '', action_ch: '' }
    expect(pickLocalized(o, 'action', 'ru')).toBe('Озеро')
    expect(pickLocalized(o, 'action', 'kz')).toBe('Lake')
    expect(pickLocalized({ ...o, action_en: '' }, 'action', 'ch')).toBe('Озеро')
    expect(pickLocalized({}, 'action', 'ru')).toBe('')
  })
  it('parses the setup comma list', () => {
    expect(parseLanguageList('ru, en,xx,EN')).toEqual(['ru', 'en'])
    expect(parseLanguageList('')).toEqual(['ru'])
  })
})

describe('errors', () => {
  it('has the spec codes and ours as strings', () => {
    expect(ErrorCode).toMatchObject({ OK: '0', CSRF: '-1000', CAPTCHA: '-1001', INTERNAL: '-9999', LIMIT: '-9998', PAYMENT: '-9997' })
    expect(ErrorCode).toMatchObject({ UNKNOWN_PAYMENT_METHOD: '-9996', NO_PAYMENT_METHOD: '-9995', BAD_REQUEST: '-1002', NOT_FOUND: '-1004' })
    expect(ErrorCode).toMatchObject({ UNAVAILABLE: '-1005', NOT_BUILT: '-1009' })
    expect(new Set(Object.values(ErrorCode)).size).toBe(Object.values(ErrorCode).length)
  })
  it('isApiError: errorCode present and not 0', () => {
    expect(isApiError({ errorCode: '-1000', errorText: 'x' })).toBe(true)
    expect(isApiError({ errorCode: -9999 })).toBe(true)
    expect(isApiError({ errorCode: '0', errorText: '' })).toBe(false)
    expect(isApiError({ response: 'tok' })).toBe(false)
    expect(isApiError(null)).toBe(false)
    expect(isApiError('x')).toBe(false)
  })
  it('error answers allow extra fields and format messages', () => {
    expect(apiErrorSchema.safeParse({ errorCode: '-1004', errorText: 'x', hash: 'h' }).success).toBe(true)
    expect(apiErrorSchema.safeParse({ errorCode: -1004, errorText: 'x' }).success).toBe(false)
    expect(formatErrorMessage(ErrorMessage.UNKNOWN_PAYMENT_METHOD, ErrorCode.UNKNOWN_PAYMENT_METHOD)).toBe(
      'Выбран недопустимый способ оплаты. Код ошибки: -9996',
    )
    expect(formatErrorMessage(ErrorMessage.NO_PAYMENT_METHOD, -9995)).toBe('Cпособ оплаты не задан. Код ошибки: -9995')
  })
})
