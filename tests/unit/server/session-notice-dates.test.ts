import { describe, expect, it } from 'vitest'
import { formatDayTime } from '../../../src/contract/rules/dayText'
import { sessionCancelMail } from '../../../src/server/mail/templates/sessionCancelMail'
import { sessionMoveMail } from '../../../src/server/mail/templates/sessionMoveMail'
import { russianDay } from '../../../src/server/domain/catalog/service'

describe("a session's date and time in the buyer's language (the move and cancellation notices)", () => {
  it('writes the day and time as each language does, seconds dropped, anything else unchanged', () => {
    expect(formatDayTime('2026-12-09 18:30', 'ru')).toBe('9 декабря 2026 г., 18:30')
    expect(formatDayTime('2026-12-09 18:30:00', 'en')).toBe('December 9, 2026, 18:30')
    expect(formatDayTime('2026-12-09 18:30', 'kz')).toBe('2026 ж. 9 желтоқсан, 18:30')
    expect(formatDayTime('2026-12-09 18:30', 'ch')).toBe('2026年12月9日 18:30')
    expect(formatDayTime('2026-02-30 18:30', 'ru')).toBe('2026-02-30 18:30')
    expect(formatDayTime('soon', 'en')).toBe('soon')
  })

  it('names the dates in the move notice in the order language', () => {
    const mail = sessionMoveMail({ to: 'a@example.com', lang: 'en', ordNum: 7, event: 'Swan Lake', was: '2026-12-09 18:30', now: '2026-12-10 19:00:00', orderLink: 'https://x/order/h' })
    expect(mail.text).toContain('December 9, 2026, 18:30')
    expect(mail.text).toContain('December 10, 2026, 19:00')
    expect(mail.html).toContain('December 10, 2026, 19:00')
    expect(mail.text).not.toContain('2026-12-09')
  })

  it('names the date in the cancellation notice in the order language', () => {
    const mail = sessionCancelMail({ to: 'a@example.com', lang: 'ru', ordNum: 7, event: 'Лебединое озеро', when: '2026-12-09 18:30', sum: 1500, currency: 'KZT', orderLink: 'https://x/order/h' })
    expect(mail.text).toContain('9 декабря 2026 г., 18:30')
    expect(mail.text).not.toContain('2026-12-09')
  })

  it("keeps the listing's Russian day line (str_day_ru) from the same month and weekday names", () => {
    expect(russianDay('2026-12-05')).toBe('5 декабря, сб')
  })
})
