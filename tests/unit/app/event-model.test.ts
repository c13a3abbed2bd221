import { describe, expect, it } from 'vitest'
import type { EventCalendarDay } from '../../../src/contract/entities/event'
import type { PriceRow } from '../../../src/contract/entities/price'
import { sameInAll } from '../../../src/contract/lang'
import { isFree, orderLines, rowKey, rowsFor, totals } from '../../../src/app/kernel/cart'
import {
  canIncrement, clampQuantity, decrement, groupAddAllowed, groupIncrementAllowed, increment, orderFill, orderLimit, passesUsed, perOrderRoom, rowMax,
} from '../../../src/app/screens/event/model/limits'
import { ticketsInOrder } from '../../../src/contract/rules/limits'
import { defaultMethod, rowAllowed } from '../../../src/app/kernel/payment'
import { paymentMethods } from '../../../src/contract/rules/payment'
import { resolveSelection, sortCalendar } from '../../../src/contract/selection'
import { eventPath, routeNeedsSync } from '../../../src/app/kernel/selection'
import { isWeekStart, keepInView, pageBy, slidesPerView, utcWeekday, weekStart } from '../../../src/app/kernel/slider'

function row(over: Partial<PriceRow> = {}): PriceRow {
  return {
    action_day: '2026-12-01', time: '', calendar_id: null, price: 1000, quantity: 50, clientcategory_id: 1, zonelevel_id: 1,
    action_id: 7, useproculture: 0, needprice: 0, passagequant: 0, zonecolor: '#457b9d', priceservise: 0, currency_id: 1,
    ...sameInAll('category', 'Взрослый'), ...sameInAll('category_descript', ''), ...sameInAll('zonelevel', ''), ...sameInAll('zonelevel_descript', ''),
    ...over,
  }
}

const day = (d: string, times: [string, number][]): EventCalendarDay => ({ day: d, times: times.map(([time, quantity]) => ({ time, quantity, pricetype_id: 1 })) })

describe('date strip paging', () => {
  it('shows 4/3/2/1 dates from 768/680/480/320 px up and 7 below 320', () => {
    expect(slidesPerView(1280)).toBe(4)
    expect(slidesPerView(768)).toBe(4)
    expect(slidesPerView(767)).toBe(3)
    expect(slidesPerView(680)).toBe(3)
    expect(slidesPerView(679)).toBe(2)
    expect(slidesPerView(480)).toBe(2)
    expect(slidesPerView(479)).toBe(1)
    expect(slidesPerView(390)).toBe(1)
    expect(slidesPerView(320)).toBe(1)
    expect(slidesPerView(319)).toBe(7)
  })

  it('starts weeks on Monday in ru and Sunday in en, reading days in UTC', () => {
    expect(weekStart('ru')).toBe(1)
    expect(weekStart('en')).toBe(0)
    // 2026-11-23 is a Monday, 2026-11-22 a Sunday.
    expect(utcWeekday('2026-11-23')).toBe(1)
    expect(isWeekStart('2026-11-23', 'ru')).toBe(true)
    expect(isWeekStart('2026-11-23', 'en')).toBe(false)
    expect(isWeekStart('2026-11-22', 'en')).toBe(true)
    expect(isWeekStart('2026-11-22', 'ru')).toBe(false)
  })

  it('keeps the selected date in view and pages within bounds', () => {
    expect(keepInView(0, 5, 4, 10)).toBe(2)
    expect(keepInView(4, 1, 4, 10)).toBe(1)
    expect(keepInView(2, 3, 4, 10)).toBe(2)
    expect(keepInView(9, -1, 4, 10)).toBe(6)
    expect(keepInView(0, 0, 7, 3)).toBe(0)
    expect(pageBy(0, 1, 4, 10)).toBe(4)
    expect(pageBy(4, 1, 4, 10)).toBe(6)
    expect(pageBy(6, -1, 4, 10)).toBe(2)
    expect(pageBy(2, -1, 4, 10)).toBe(0)
  })
})

describe('route date and time sync', () => {
  const calendar = sortCalendar([
    day('2026-12-03', [['19:00', 10]]),
    day('2026-12-01', [['15:00', 0], ['11:00', 0]]),
    day('2026-12-02', [['15:00', 4], ['11:00', 8]]),
  ])

  it('sorts days and times', () => {
    expect(calendar.map((d) => d.day)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03'])
    expect(calendar[1].times.map((t) => t.time)).toEqual(['11:00', '15:00'])
  })

  it('uses the first date with tickets when the route has none or an unknown one, dropping the time', () => {
    expect(resolveSelection(calendar)).toEqual({ date: '2026-12-02', time: null })
    expect(resolveSelection(calendar, '2030-01-01', '11:00')).toEqual({ date: '2026-12-02', time: null })
  })

  it('keeps a known date and time, clears an unknown time', () => {
    expect(resolveSelection(calendar, '2026-12-02', '15:00')).toEqual({ date: '2026-12-02', time: '15:00' })
    expect(resolveSelection(calendar, '2026-12-02', '18:00')).toEqual({ date: '2026-12-02', time: null })
  })

  it('auto-selects the only time of a date', () => {
    expect(resolveSelection(calendar, '2026-12-03')).toEqual({ date: '2026-12-03', time: '19:00' })
    expect(resolveSelection(calendar, '2026-12-03', '20:00')).toEqual({ date: '2026-12-03', time: '19:00' })
  })

  it('falls back to the first day when nothing has tickets, and to nothing for an empty calendar', () => {
    expect(resolveSelection([day('2026-12-05', [['10:00', 0], ['12:00', 0]])])).toEqual({ date: '2026-12-05', time: null })
    expect(resolveSelection([])).toEqual({ date: null, time: null })
  })

  it('builds the route and says when it differs', () => {
    expect(eventPath('ab-1', { date: '2026-12-02', time: '15:00' })).toBe('/event/ab-1/2026-12-02/15:00')
    expect(eventPath('ab-1', { date: '2026-12-02', time: null })).toBe('/event/ab-1/2026-12-02')
    expect(eventPath('ab-1', { date: null, time: null })).toBe('/event/ab-1')
    expect(routeNeedsSync({ date: '2026-12-02', time: null }, '2026-12-02', undefined)).toBe(false)
    expect(routeNeedsSync({ date: '2026-12-02', time: null }, '2026-12-02', '18:00')).toBe(true)
    expect(routeNeedsSync({ date: '2026-12-02', time: null }, undefined, undefined)).toBe(true)
  })
})

describe('ticket limits', () => {
  it('caps the time quantity by demquantlimit, the subscription and the gift card', () => {
    expect(orderLimit({ demquantlimit: 10, timeQuantity: 50, subscriptionQuant: null, giftCard: false })).toBe(10)
    expect(orderLimit({ demquantlimit: 10, timeQuantity: 3, subscriptionQuant: null, giftCard: false })).toBe(3)
    expect(orderLimit({ demquantlimit: 0, timeQuantity: 30, subscriptionQuant: null, giftCard: false })).toBe(30)
    expect(orderLimit({ demquantlimit: 10, timeQuantity: 50, subscriptionQuant: 2, giftCard: false })).toBe(2)
    expect(orderLimit({ demquantlimit: 10, timeQuantity: 50, subscriptionQuant: null, giftCard: true })).toBe(1)
    expect(orderLimit({ demquantlimit: 10, timeQuantity: 0, subscriptionQuant: null, giftCard: true })).toBe(0)
  })

  it('gives a row what the order limit leaves after the other rows, within its stock', () => {
    expect(rowMax({ quantity: 50, needprice: 0 }, 2, 6, 10)).toBe(6)
    expect(rowMax({ quantity: 3, needprice: 0 }, 0, 0, 10)).toBe(3)
    expect(rowMax({ quantity: 50, needprice: 0 }, 0, 10, 10)).toBe(0)
  })

  it('steps quantities with the needprice minimum and blocks plus at the maximum', () => {
    const plain = { quantity: 50, needprice: 0 }
    const family = { quantity: 50, needprice: 3 }
    expect(increment(plain, 0, 5)).toBe(1)
    expect(increment(plain, 5, 5)).toBeNull()
    expect(increment(family, 0, 5)).toBe(3)
    expect(increment(family, 3, 5)).toBe(4)
    expect(increment(family, 0, 2)).toBeNull()
    expect(decrement(family, 3)).toBe(0)
    expect(decrement(family, 4)).toBe(3)
    expect(decrement(plain, 0)).toBe(0)
    expect(canIncrement(plain, 0, 0)).toBe(false)
    expect(canIncrement(plain, 0, 1)).toBe(true)
    expect(canIncrement(family, 0, 2)).toBe(false)
    expect(clampQuantity(family, 2, 10)).toBe(0)
    expect(clampQuantity(family, 12, 10)).toBe(10)
    expect(clampQuantity(plain, -1, 10)).toBe(0)
  })

  it('refuses a group ticket beyond the remaining passes', () => {
    const group = { quantity: 3, passagequant: 10 }
    expect(passesUsed([{ quantity: 2, passagequant: 10 }, { quantity: 1, passagequant: 5 }])).toBe(25)
    expect(groupIncrementAllowed(group, 0, 0, 10)).toBe(true)
    expect(groupIncrementAllowed(group, 1, 10, 15)).toBe(false)
    expect(groupIncrementAllowed(group, 3, 0, null)).toBe(false)
    expect(groupIncrementAllowed(group, 2, 20, null)).toBe(true)
  })

  it('counts a group ticket as its passes towards demquantlimit (0 = no limit)', () => {
    expect(perOrderRoom(10, [{ quantity: 1, passagequant: 10 }])).toBe(0)
    expect(perOrderRoom(10, [{ quantity: 1, passagequant: 3 }, { quantity: 5, passagequant: 0 }])).toBe(2)
    expect(perOrderRoom(10, [{ quantity: 2, passagequant: 10 }])).toBe(0)
    expect(perOrderRoom(0, [{ quantity: 2, passagequant: 10 }])).toBe(Number.POSITIVE_INFINITY)
  })

  describe('one limit for normal and group tickets of the order (000 §4, §9)', () => {
    // A group row with stock, 10 passes a ticket, in a session with passes to spare.
    const group = { quantity: 5, passagequant: 10 }
    const normal = { quantity: 50, needprice: 0 }
    const passageLeft = 100
    /** The checks the event page runs on "+": a group row's verdict and a normal row's maximum. */
    const plus = (limit: number, demquantlimit: number, normalCount: number, groupCount: number) => {
      const chosen = [{ quantity: groupCount, passagequant: group.passagequant }]
      const fill = orderFill(limit, demquantlimit, normalCount, chosen)
      return {
        group: groupAddAllowed(group, groupCount, fill, passesUsed(chosen), passageLeft),
        normalMax: rowMax(normal, normalCount, fill.tickets, fill.max),
      }
    }
    const gift = orderLimit({ demquantlimit: 20, timeQuantity: 50, subscriptionQuant: null, giftCard: true })

    it('counts every ticket once towards it, a group ticket too, as the server does', () => {
      const lines = [{ quantity: 1, passagequant: 10 }, { quantity: 2, passagequant: 0 }]
      expect(ticketsInOrder(lines)).toBe(3)
      expect(ticketsInOrder([{ quantity: 0 }])).toBe(0)
      expect(orderFill(1, 20, 0, [{ quantity: 1, passagequant: 10 }])).toEqual({ tickets: 1, room: 10, max: 1 })
    })

    it('with the gift card: one group ticket and nothing more, or one normal ticket and no group ticket', () => {
      expect(gift).toBe(1)
      expect(plus(gift, 20, 0, 0)).toEqual({ group: true, normalMax: 1 })
      // 1 group ticket chosen: a second one and any normal ticket are refused (gift-one-ticket).
      expect(plus(gift, 20, 0, 1)).toEqual({ group: false, normalMax: 0 })
      // 1 normal ticket chosen: a group ticket is refused.
      expect(plus(gift, 20, 1, 0).group).toBe(false)
    })

    it("with a session's few tickets left or a subscription's quantity, group tickets take their share", () => {
      // The session has 3 tickets left (session-sold-out counts a group ticket once).
      const session = orderLimit({ demquantlimit: 100, timeQuantity: 3, subscriptionQuant: null, giftCard: false })
      expect(plus(session, 100, 2, 0).group).toBe(true)
      expect(plus(session, 100, 2, 1)).toEqual({ group: false, normalMax: 2 })
      expect(plus(session, 100, 0, 3)).toEqual({ group: false, normalMax: 0 })
      // Two subscription tickets left (subscription-left).
      const subscription = orderLimit({ demquantlimit: 100, timeQuantity: 50, subscriptionQuant: 2, giftCard: false })
      expect(plus(subscription, 100, 1, 0).group).toBe(true)
      expect(plus(subscription, 100, 1, 1)).toEqual({ group: false, normalMax: 1 })
    })

    it('still counts a group ticket as its passes towards demquantlimit', () => {
      const limit = orderLimit({ demquantlimit: 20, timeQuantity: 50, subscriptionQuant: null, giftCard: false })
      expect(plus(limit, 20, 0, 1)).toEqual({ group: true, normalMax: 10 })
      expect(plus(limit, 20, 0, 2)).toEqual({ group: false, normalMax: 0 })
      expect(plus(limit, 20, 5, 1)).toEqual({ group: false, normalMax: 10 })
      expect(orderFill(limit, 20, 5, [{ quantity: 1, passagequant: 10 }])).toEqual({ tickets: 6, room: 5, max: 11 })
    })
  })
})

describe('payment method', () => {
  it('offers the gift card only with usepushkarta and showproculture, the bank card unless gift-only', () => {
    expect(paymentMethods({ usepushkarta: 1, usenopushkarta: 1 }, 1)).toEqual(['gift', 'bank'])
    expect(paymentMethods({ usepushkarta: 1, usenopushkarta: 0 }, 1)).toEqual(['gift'])
    expect(paymentMethods({ usepushkarta: 1, usenopushkarta: 0 }, 0)).toEqual(['bank'])
    expect(paymentMethods({ usepushkarta: 0, usenopushkarta: 0 }, 1)).toEqual(['bank'])
    expect(defaultMethod(['gift', 'bank'])).toBe('bank')
    expect(defaultMethod(['gift'])).toBe('gift')
  })

  it('filters prices by useproculture', () => {
    expect(rowAllowed({ useproculture: 0 }, 'gift')).toBe(true)
    expect(rowAllowed({ useproculture: 1 }, 'gift')).toBe(true)
    expect(rowAllowed({ useproculture: 2 }, 'gift')).toBe(false)
    expect(rowAllowed({ useproculture: 1 }, 'bank')).toBe(false)
    expect(rowAllowed({ useproculture: 2 }, 'bank')).toBe(true)
  })
})

describe('cart', () => {
  const adult = row()
  const vip = row({ zonelevel_id: 2, price: 2000, priceservise: 10, currency_id: 2 })
  const fee = row({ clientcategory_id: 2, price: 500, priceservise: 50, currency_id: 1, time: '19:00' })

  it('picks the rows of a day and time', () => {
    const other = row({ action_day: '2026-12-02' })
    const late = row({ time: '21:00', clientcategory_id: 3 })
    expect(rowsFor([adult, other, fee, late], '2026-12-01', '19:00')).toEqual([adult, fee])
    expect(rowsFor([adult], '2026-12-01', null)).toEqual([])
  })

  it('adds prices and service fees (money and percent)', () => {
    const q = { [rowKey(adult)]: 2, [rowKey(vip)]: 1, [rowKey(fee)]: 3 }
    expect(totals([adult, vip, fee], q)).toEqual({ count: 6, tickets: 5500, fee: 350, total: 5850 })
    expect(totals([adult], {})).toEqual({ count: 0, tickets: 0, fee: 0, total: 0 })
  })

  it('builds order lines (sum = what the line costs, fees included), with seatId 0 and subscrit_id for subscriptions', () => {
    const q = { [rowKey(adult)]: 2, [rowKey(vip)]: 0, [rowKey(fee)]: 3 }
    expect(orderLines([adult, vip, fee], q, { day: '2026-12-01', time: '19:00' })).toEqual([
      { day: '2026-12-01', time: '19:00', actionId: 7, categoryId: 1, zoneId: 1, quantity: 2, sum: 2000 },
      { day: '2026-12-01', time: '19:00', actionId: 7, categoryId: 2, zoneId: 1, quantity: 3, sum: 1650 },
    ])
    expect(orderLines([adult], q, { day: '2026-12-01', time: '19:00', subscritId: 4 })[0]).toMatchObject({ seatId: 0, subscrit_id: 4 })
  })

  it('knows a free event', () => {
    expect(isFree(1, [row({ price: 0 })])).toBe(true)
    expect(isFree(0, [row({ price: 0 })])).toBe(false)
    expect(isFree(1, [row({ price: 0 }), adult])).toBe(false)
    expect(isFree(1, [])).toBe(false)
  })

  it('keys group rows apart from normal rows', () => {
    expect(rowKey(row({ passagequant: 10 }))).not.toBe(rowKey(adult))
  })
})
