import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CURRENCY_CODES, shopCurrency } from '../../../src/contract/rules/moneyText'
import { formatClock, formatDate, formatDayMonth, formatDayParts, formatDayRange, formatLongDay, formatMoment, formatMoney, formatNumber, formatSession } from '../../../src/app/i18n/localeFormat'
import { createI18n } from '../../../src/app/i18n'
import { LANGS } from '../../../src/contract/lang'

const NB = '\u00a0'

describe('our own dates and numbers in every language (issue 13 item 12)', () => {
  it('names weekdays and months in Kazakh, never "Sat" or "M11"', () => {
    // 2026-11-28 is a Saturday.
    expect(formatDayParts('2026-11-28', 'kz')).toEqual({ weekday: 'сб', day: '28', month: 'қар.' })
    expect(formatDayParts('2026-11-28', 'ru')).toEqual({ weekday: 'сб', day: '28', month: 'нояб.' })
    expect(formatDayParts('2026-11-28', 'en')).toEqual({ weekday: 'Sat', day: '28', month: 'Nov' })
    expect(formatDayParts('2026-11-28', 'ch')).toEqual({ weekday: '週六', day: '28', month: '11月' })
  })

  it('writes the long date as each language does', () => {
    expect(formatLongDay('2026-12-01', 'ru')).toBe('вторник, 1 декабря 2026 г.')
    expect(formatLongDay('2026-12-01', 'en')).toBe('Tuesday, December 1, 2026')
    expect(formatLongDay('2026-12-01', 'kz')).toBe('2026 ж. 1 желтоқсан, сейсенбі')
    expect(formatLongDay('2026-12-01', 'ch')).toBe('2026年12月1日 星期二')
    expect(formatDate('2026-12-01', 'kz')).toBe('2026 ж. 1 желтоқсан')
    expect(formatDayMonth('2026-12-01', 'ru')).toBe('1 декабря')
    // Not a day: shown as it came, never "Invalid Date".
    expect(formatLongDay('soon', 'ru')).toBe('soon')
  })

  it('writes a session (its stored day and time) as each language does', () => {
    expect(formatSession('2026-12-05', '11:00', 'ru')).toBe('5 декабря 2026 г., 11:00')
    expect(formatSession('2026-12-05', '11:00', 'en')).toBe('December 5, 2026, 11:00')
    expect(formatSession('2026-12-05', '11:00', 'kz')).toBe('2026 ж. 5 желтоқсан, 11:00')
    expect(formatSession('2026-12-05', '11:00', 'ch')).toBe('2026年12月5日 11:00')
  })

  it('writes ranges of days', () => {
    expect(formatDayRange('2026-12-01', '2026-12-05', 'ru')).toBe('1–5 декабря 2026 г.')
    expect(formatDayRange('2026-12-01', '2026-12-05', 'en')).toBe('December 1–5, 2026')
    expect(formatDayRange('2026-12-01', '2026-12-05', 'kz')).toBe('2026 ж. 1–5 желтоқсан')
    expect(formatDayRange('2026-11-28', '2026-12-05', 'ru')).toBe('28 ноября – 5 декабря 2026 г.')
    expect(formatDayRange('2026-12-28', '2027-01-05', 'en')).toBe('December 28, 2026 – January 5, 2027')
    expect(formatDayRange('2026-12-01', '2026-12-01', 'ch')).toBe('2026年12月1日')
  })

  it('groups digits per language and shows the spec\'s currency symbols, not codes', () => {
    expect(formatNumber(1234567, 'ru')).toBe(`1${NB}234${NB}567`)
    expect(formatNumber(1234567, 'en')).toBe('1,234,567')
    expect(formatMoney(1200, 'kz', 'RUB')).toBe(`1${NB}200,00${NB}₽`)
    expect(formatMoney(1200, 'ru', 'RUB')).toBe(`1${NB}200,00${NB}₽`)
    expect(formatMoney(1200, 'en', 'RUB')).toBe('₽1,200.00')
    expect(formatMoney(1200, 'ch', 'RUB')).toBe('₽1,200.00')
    expect(formatMoney(5.5, 'en', 'USD')).toBe('$5.50')
    expect(formatMoney(1200, 'kz', 'KZT')).toBe(`1${NB}200,00${NB}T`)
    expect(formatMoney(88, 'ch', 'CNY')).toBe('¥88.00')
    for (const lang of LANGS) expect(formatMoney(1200, lang, 'RUB')).not.toMatch(/RUB/)
    // A code the spec names no symbol for stands apart from the number, whichever side it is on.
    expect(formatMoney(10, 'en', 'eur')).toBe('EUR\u00a010.00')
    expect(formatMoney(10, 'ru', 'EUR')).toBe(`10,00${NB}EUR`)
  })

  it('reads a stored currency as the shop sells in it: a known code, else the spec\'s rouble', () => {
    expect(shopCurrency('KZT')).toBe('KZT')
    expect(shopCurrency(' kzt ')).toBe('KZT')
    expect(shopCurrency('XYZ')).toBe('RUB')
    expect(shopCurrency(undefined)).toBe('RUB')
    expect(CURRENCY_CODES).toEqual(['USD', 'RUB', 'KZT', 'CNY'])
  })

  it('leaves no date or number to the browser\'s Intl in the app', () => {
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(file)
        else if (/\.tsx?$/.test(entry.name) && /Intl\.(DateTimeFormat|NumberFormat)|toLocale(Date|Time)?String\(/.test(fs.readFileSync(file, 'utf8'))) offenders.push(file)
      }
    }
    walk(path.resolve('src/app'))
    expect(offenders).toEqual([])
  })
})

describe("a moment on a zone's clock (the console's, VENUE_TIME_ZONE)", () => {
  it('writes the zone\'s wall clock, whatever the device\'s zone', () => {
    // 19:30 UTC on 30 November is 00:30 on 1 December in Almaty (UTC+5), 22:30 in Moscow.
    const ms = Date.UTC(2026, 10, 30, 19, 30, 5)
    expect(formatMoment(ms, 'ru', 'Asia/Almaty')).toBe('01.12.2026 00:30:05')
    expect(formatMoment(ms, 'ch', 'Asia/Almaty')).toBe('2026-12-01 00:30:05')
    expect(formatMoment(ms, 'en', 'Europe/Moscow')).toBe('30.11.2026 22:30:05')
    expect(formatClock(ms, 'America/New_York')).toBe('14:30:05')
  })
})

describe('Russian plurals for counts (issue 13 item 12)', () => {
  it('agrees the noun after "не больше" and "до" with the number', () => {
    const ru = createI18n('ru')
    expect([1, 2, 5, 21].map((count) => ru.t('event.limit-reached', { count }))).toEqual([
      'В одном заказе не больше 1 билета', 'В одном заказе не больше 2 билетов', 'В одном заказе не больше 5 билетов', 'В одном заказе не больше 21 билета',
    ])
    expect([1, 3, 10].map((count) => ru.t('event.group', { count }))).toEqual([
      'Один билет на группу до 1 человека', 'Один билет на группу до 3 человек', 'Один билет на группу до 10 человек',
    ])
    expect(createI18n('en').t('event.limit-reached', { count: 1 })).toBe('At most 1 ticket per order')
  })
})
