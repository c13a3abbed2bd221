import { describe, expect, it } from 'vitest'
import type { PriceRow } from '../../../src/contract/entities/price'
import { sameInAll } from '../../../src/contract/lang'
import { SeatStatus } from '../../../src/engine/model'
import { schemePath } from '../../../src/app/screens/scheme/model/calendar'
import { availableZones, colorNumber, zoneInputs, zoneLegend } from '../../../src/app/screens/scheme/model/legend'
import { standingMax, subscriptionLimitLeft } from '../../../src/app/screens/scheme/model/standing'
import { blockedSeatIds, ENGINE_STATUS, engineStatus } from '../../../src/app/screens/scheme/map/seatStatus'
import { cartTotals } from '../../../src/app/screens/scheme/model/totals'
import { resolveSelection, schemeCalendar, sessionOf, sortCalendar } from '../../../src/contract/selection'
import { cartSeatIds, useCart } from '../../../src/app/state/cart'
import { formatSeconds } from '../../../src/app/screens/scheme/useHoldCountdown'

function row(over: Partial<PriceRow> = {}): PriceRow {
  return {
    action_day: '2026-12-01', time: '19:00', calendar_id: 1, price: 1000, quantity: 50, clientcategory_id: 1, zonelevel_id: 1,
    action_id: 7, useproculture: 0, needprice: 0, passagequant: 0, zonecolor: '#457b9d', priceservise: 0, currency_id: 1,
    ...sameInAll('category', 'Взрослый'), ...sameInAll('category_descript', ''), ...sameInAll('zonelevel', 'Партер'), ...sameInAll('zonelevel_descript', ''),
    ...over,
  }
}

const seatNumber = (seat_id: string, zonelevel_id: number) => ({ seat_id, zonelevel_id, sector: 'A', row: '1', seat: '1', status: 'free' as const })

describe('price legend', () => {
  it('gives each zone its highest price, sorted descending, ignoring other sessions', () => {
    const rows = [
      row({ zonelevel_id: 1, price: 1500, clientcategory_id: 1 }),
      row({ zonelevel_id: 1, price: 900, clientcategory_id: 2 }),
      row({ zonelevel_id: 2, price: 4000, zonecolor: '#e4572e', ...sameInAll('zonelevel', 'VIP') }),
      row({ zonelevel_id: 3, price: 2500 }),
      row({ zonelevel_id: 3, price: 2600, clientcategory_id: 3 }),
      row({ zonelevel_id: 4, price: 99_999, calendar_id: 2 }),
    ]
    const legend = zoneLegend(rows, 1, 'ru')
    expect(legend.map((e) => [e.zonelevel_id, e.maxPrice])).toEqual([[2, 4000], [3, 2600], [1, 1500]])
    expect(legend[0]).toMatchObject({ name: 'VIP', color: '#e4572e' })
  })

  it('breaks price ties by zone id and feeds the engine colours and prices by zone id', () => {
    const legend = zoneLegend([row({ zonelevel_id: 5, price: 10 }), row({ zonelevel_id: 2, price: 10, zonecolor: 'bad' })], 1, 'en')
    expect(legend.map((e) => e.zonelevel_id)).toEqual([2, 5])
    expect(zoneInputs(legend)).toEqual({ colors: { 5: 0x457b9d }, prices: { 2: 10, 5: 10 } })
    expect(colorNumber('#E4572E')).toBe(0xe4572e)
    expect(colorNumber('red')).toBeNull()
  })

  it('in subscription mode lists the zones the subscription does not cover as not available, and blocks their seats', () => {
    const regular = [row({ zonelevel_id: 1, price: 4500 }), row({ zonelevel_id: 2, price: 2000 })]
    const subscription = [row({ zonelevel_id: 1, price: 0, for_subscription: 1 })]
    const legend = zoneLegend(subscription, 1, 'ru', [...regular, ...subscription])
    expect(legend.map((e) => [e.zonelevel_id, e.maxPrice, e.available])).toEqual([[1, 0, true], [2, 0, false]])
    expect(zoneInputs(legend).prices).toEqual({ 1: 0 })
    expect(blockedSeatIds({ seat_numbers: [seatNumber('a', 1), seatNumber('b', 2)] }, availableZones(legend))).toEqual(new Set(['b']))
    expect(blockedSeatIds({ seat_numbers: [seatNumber('a', 1)] }, availableZones(zoneLegend(regular, 1, 'ru')))).toEqual(new Set())
  })
})

describe('standing-place quantity limit', () => {
  it('is the minimum of free places, the place limit and the remaining order limit', () => {
    expect(standingMax({ quant: 3, limit: 10 }, 0, 6)).toBe(3)
    expect(standingMax({ quant: 50, limit: 4 }, 0, 6)).toBe(4)
    expect(standingMax({ quant: 50, limit: 10 }, 0, 2)).toBe(2)
  })
  it('counts places already in the cart back in and never goes below 0', () => {
    // 2 held here, 1 more free, cart may take 5 more: 3 in all.
    expect(standingMax({ quant: 1, limit: 10 }, 2, 5)).toBe(3)
    // Cart full: only what is held.
    expect(standingMax({ quant: 40, limit: 10 }, 2, 0)).toBe(2)
    expect(standingMax({ quant: 0, limit: 0 }, 0, 0)).toBe(0)
  })
  it('buying by subscription, the cart may take no more than the subscription has left', () => {
    // Not by subscription: the server's limit_left as it is.
    expect(subscriptionLimitLeft(6, null, [{ quantity: 2 }])).toBe(6)
    // Subscription of 3 with 2 in the cart: 1 more, though the order limit leaves 6.
    expect(subscriptionLimitLeft(6, 3, [{ quantity: 1 }, { quantity: 1 }])).toBe(1)
    // The order limit is tighter than the subscription.
    expect(subscriptionLimitLeft(1, 10, [{ quantity: 2 }])).toBe(1)
    // A cart restored with more than the subscription has left: 0, never below.
    expect(subscriptionLimitLeft(6, 2, [{ quantity: 3 }])).toBe(0)
  })
})

describe('seat status mapping', () => {
  it('maps free/held/sold onto the engine statuses', () => {
    expect(ENGINE_STATUS).toEqual({ free: SeatStatus.Free, held: SeatStatus.Held, sold: SeatStatus.Sold })
    expect(engineStatus('held', false)).toBe(SeatStatus.Held)
    expect(engineStatus('free', false)).toBe(SeatStatus.Free)
  })
  it('shows this cart’s seats selected, unless sold', () => {
    expect(engineStatus('held', true)).toBe(SeatStatus.Selected)
    expect(engineStatus('free', true)).toBe(SeatStatus.Selected)
    expect(engineStatus('sold', true)).toBe(SeatStatus.Sold)
  })
})

describe('cart totals and store', () => {
  it('sums tickets, money and percent service fees to kopecks', () => {
    const items = [
      { quantity: 1, price: 4500, priceservise: 5, currency_id: 2 },
      { quantity: 3, price: 1000.1, priceservise: 50, currency_id: 1 },
      { quantity: 0, price: 9999, priceservise: 0, currency_id: 1 },
    ]
    expect(cartTotals(items)).toEqual({ count: 4, tickets: 7500.3, fee: 375, total: 7875.3 })
    expect(cartTotals([])).toEqual({ count: 0, tickets: 0, fee: 0, total: 0 })
  })

  it('replaces the cart with each server answer and times the hold from it', () => {
    const item = { ...row(), seat_id: 'A-1-1', quantity: 1, sector: 'A', row: '1', seat: '1' }
    useCart.getState().apply({ calendar_id: 1, items: [item], hold_seconds: 600, limit_left: 9 }, 1_000)
    expect(useCart.getState()).toMatchObject({ calendarId: 1, holdUntil: 601_000, limitLeft: 9 })
    expect(cartSeatIds(useCart.getState().items)).toEqual(new Set(['A-1-1']))
    useCart.getState().apply({ calendar_id: 1, items: [], hold_seconds: 0, limit_left: 10 }, 2_000)
    expect(useCart.getState()).toMatchObject({ items: [], holdUntil: null, limitLeft: 10 })
    useCart.getState().clear()
    expect(useCart.getState().calendarId).toBeNull()
    expect(formatSeconds(305)).toBe('05:05')
  })
})

describe('scheme calendar and route', () => {
  const sessions = [
    { calendar_id: 3, event_day: '2026-12-08', event_time: '19:00', quant: 10 },
    { calendar_id: 1, event_day: '2026-12-01', event_time: '19:00', quant: 0 },
    { calendar_id: 2, event_day: '2026-12-01', event_time: '14:00', quant: 5 },
  ]
  const calendar = sortCalendar(schemeCalendar(sessions))
  it('groups sessions into days with times and reuses the event page’s selection rules', () => {
    expect(calendar.map((d) => [d.day, d.times.map((x) => x.time)])).toEqual([['2026-12-01', ['14:00', '19:00']], ['2026-12-08', ['19:00']]])
    // Unknown date: first available date, time dropped (two times there).
    expect(resolveSelection(calendar, '2030-01-01', '14:00')).toEqual({ date: '2026-12-01', time: null })
    // Unknown time: cleared.
    expect(resolveSelection(calendar, '2026-12-01', '11:00')).toEqual({ date: '2026-12-01', time: null })
    // Single time auto-selects.
    expect(resolveSelection(calendar, '2026-12-08')).toEqual({ date: '2026-12-08', time: '19:00' })
  })
  it('finds the session of a selection and builds the scheme path', () => {
    expect(sessionOf(sessions, { date: '2026-12-01', time: '14:00' })?.calendar_id).toBe(2)
    expect(sessionOf(sessions, { date: '2026-12-01', time: null })).toBeNull()
    expect(schemePath('ab_c', { date: '2026-12-01', time: '14:00' })).toBe('/scheme/ab_c/2026-12-01/14:00')
    expect(schemePath('ab_c', { date: null, time: null })).toBe('/scheme/ab_c')
  })
})
