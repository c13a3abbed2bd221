import { describe, expect, it } from 'vitest'
import { LANGS } from '../../../src/contract/lang'
import { createI18n } from '../../../src/app/i18n'
import { seatList } from '../../../src/app/screens/scheme/seatChoice/seatList'
import { useCart } from '../../../src/app/state/cart'

describe('seat choice in the storefront (issue 20)', () => {
  it('keeps the server’s single seats with the cart and forgets them with it', () => {
    const single = { seat_id: 'A-1-1', sector: 'A', row: '1', seat: '1' }
    useCart.getState().apply({ calendar_id: 1, items: [], hold_seconds: 0, limit_left: 10, singles: [single] }, 1_000)
    expect(useCart.getState().singles).toEqual([single])
    // An answer without the field (an older server) means none.
    useCart.getState().apply({ calendar_id: 1, items: [], hold_seconds: 0, limit_left: 10 }, 2_000)
    expect(useCart.getState().singles).toEqual([])
    useCart.getState().apply({ calendar_id: 1, items: [], hold_seconds: 0, limit_left: 10, singles: [single] }, 3_000)
    useCart.getState().clear()
    expect(useCart.getState().singles).toEqual([])
  })

  it('names the seats and says every text in all four languages', () => {
    for (const lang of LANGS) {
      const i18n = createI18n(lang)
      const seats = seatList([{ sector: 'Parterre', row: '5', seat: '7' }, { sector: 'Parterre', row: '5', seat: '8' }], i18n.t)
      expect(seats).toContain('7')
      expect(seats).toContain('8')
      for (const key of ['title', 'quantity', 'zone', 'any-zone', 'find', 'others', 'busy', 'held-row', 'held-block', 'held-single', 'singles']) {
        const text = i18n.t(`seatChoice.${key}`, { seats })
        expect(text, `${lang} ${key}`).not.toBe(`seatChoice.${key}`)
      }
      expect(i18n.t('seatChoice.singles', { seats })).toContain(seats)
    }
    expect(createI18n('en').t('seatChoice.held-row', { seats: 'X' })).toBe('Held together: X')
  })
})
