import { describe, expect, it } from 'vitest'
import { GIFT_CARD_TICKET_LIMIT, PROCULTURE_ALL, PROCULTURE_NONE, PROCULTURE_ONLY } from '../../../src/contract/constants'
import type { CartItem } from '../../../src/contract/entities/cart'
import type { PriceRow } from '../../../src/contract/entities/price'
import { sameInAll } from '../../../src/contract/lang'
import { cartLimit, fitCart, type CartTerms } from '../../../src/app/screens/scheme/model/refit'

/**
 * Fitting a restored seat-map cart to the terms the page now sells on (001 §4: the gift card
 * limits the order to one ticket and filters prices by useproculture): what is re-priced, what
 * is released and in which order, and the limit the page fits to.
 */

const ADULT = 1
const PUSHKIN = 2
const CHILD = 3
const CHEAP_ZONE = 10
const BEST_ZONE = 20

function row(over: Partial<PriceRow> = {}): PriceRow {
  return {
    action_day: '2026-12-01', time: '19:00', calendar_id: 1, price: 1000, quantity: 50, clientcategory_id: ADULT, zonelevel_id: CHEAP_ZONE,
    action_id: 7, useproculture: PROCULTURE_ALL, needprice: 0, passagequant: 0, zonecolor: '#457b9d', priceservise: 0, currency_id: 1, for_subscription: 0,
    ...sameInAll('category', 'Взрослый'), ...sameInAll('category_descript', ''), ...sameInAll('zonelevel', 'Партер'), ...sameInAll('zonelevel_descript', ''),
    ...over,
  }
}

/** The demo's rows of a gift-card seat-map event (seed/catalog.ts): every zone not for the gift card, the cheap zone's gift-only row. */
const adultCheap = row({ useproculture: PROCULTURE_NONE })
const adultBest = row({ zonelevel_id: BEST_ZONE, price: 3000, useproculture: PROCULTURE_NONE })
const pushkinCheap = row({ clientcategory_id: PUSHKIN, useproculture: PROCULTURE_ONLY })
const sessionRows = [adultCheap, adultBest, pushkinCheap]
const rowsFor = (method: 'bank' | 'gift') => sessionRows.filter((r) => (method === 'gift' ? r.useproculture !== PROCULTURE_NONE : r.useproculture !== PROCULTURE_ONLY))

function seat(seatId: string, priced: PriceRow): CartItem {
  return { ...priced, seat_id: seatId, quantity: 1, sector: 'Партер', row: '3', seat: seatId }
}
function stand(seatId: string, priced: PriceRow, quantity: number): CartItem {
  return { ...priced, seat_id: seatId, quantity, sector: 'Танцпол', row: '', seat: '' }
}

const giftTerms: CartTerms = { rows: rowsFor('gift'), method: 'gift', bySubscription: false, limit: GIFT_CARD_TICKET_LIMIT }
const bankTerms: CartTerms = { rows: rowsFor('bank'), method: 'bank', bySubscription: false, limit: 10 }

describe('fitting the cart to the gift card', () => {
  it('keeps the first held seat re-priced at its zone\'s gift row and releases the rest past the limit of one', () => {
    const items = [seat('a', adultCheap), seat('b', adultCheap), seat('c', adultCheap)]
    const fit = fitCart(items, giftTerms)
    expect(fit.changes).toEqual([
      { seat_id: 'a', clientcategory_id: PUSHKIN, quantity: 1 },
      { seat_id: 'b', clientcategory_id: ADULT, quantity: 0 },
      { seat_id: 'c', clientcategory_id: ADULT, quantity: 0 },
    ])
    expect(fit.overLimit.map((d) => [d.item.seat_id, d.count])).toEqual([['b', 1], ['c', 1]])
    expect(fit.notSold).toEqual([])
  })

  it('releases a seat whose zone has no gift row, and keeps the next held one that can be bought so', () => {
    const items = [seat('best', adultBest), seat('cheap', adultCheap), seat('late', adultCheap)]
    const fit = fitCart(items, giftTerms)
    expect(fit.changes).toEqual([
      { seat_id: 'best', clientcategory_id: ADULT, quantity: 0 },
      { seat_id: 'cheap', clientcategory_id: PUSHKIN, quantity: 1 },
      { seat_id: 'late', clientcategory_id: ADULT, quantity: 0 },
    ])
    expect(fit.notSold.map((d) => d.item.seat_id)).toEqual(['best'])
    expect(fit.overLimit.map((d) => d.item.seat_id)).toEqual(['late'])
  })

  it('leaves a cart that already fits alone, and keeps a row every method may use', () => {
    expect(fitCart([seat('a', pushkinCheap)], giftTerms).changes).toEqual([])
    const child = row({ clientcategory_id: CHILD, useproculture: PROCULTURE_ALL })
    expect(fitCart([seat('a', child)], { ...giftTerms, rows: [...giftTerms.rows, child] }).changes).toEqual([])
  })

  it('cuts a standing place to what the limit leaves instead of dropping it whole', () => {
    const fit = fitCart([stand('floor', adultCheap, 3)], giftTerms)
    expect(fit.changes).toEqual([{ seat_id: 'floor', clientcategory_id: PUSHKIN, quantity: 1 }])
    expect(fit.overLimit.map((d) => [d.item.seat_id, d.count])).toEqual([['floor', 2]])
  })
})

describe('fitting the cart back to the bank card and to the subscription box', () => {
  it('re-prices a gift-only row at the zone\'s bank row; nothing is over the limit', () => {
    const fit = fitCart([seat('a', pushkinCheap)], bankTerms)
    expect(fit.changes).toEqual([{ seat_id: 'a', clientcategory_id: ADULT, quantity: 1 }])
    expect(fit.overLimit).toEqual([])
    expect(fit.notSold).toEqual([])
  })

  it('releases a gift-only row whose zone the bank card cannot buy', () => {
    const giftOnly = row({ zonelevel_id: 30, clientcategory_id: PUSHKIN, useproculture: PROCULTURE_ONLY })
    const fit = fitCart([seat('a', giftOnly)], bankTerms)
    expect(fit.changes).toEqual([{ seat_id: 'a', clientcategory_id: PUSHKIN, quantity: 0 }])
    expect(fit.notSold.map((d) => d.item.seat_id)).toEqual(['a'])
  })

  it('re-prices regular places by the subscription rows, capped by what the subscription has left', () => {
    const subRow = row({ price: 0, for_subscription: 1, useproculture: PROCULTURE_ALL })
    const items = [seat('a', adultCheap), seat('b', adultBest), seat('c', adultCheap), seat('d', adultCheap)]
    const fit = fitCart(items, { rows: [subRow], method: 'bank', bySubscription: true, limit: 2 })
    expect(fit.changes).toEqual([
      { seat_id: 'a', clientcategory_id: ADULT, quantity: 1 },
      { seat_id: 'b', clientcategory_id: ADULT, quantity: 0 },
      { seat_id: 'c', clientcategory_id: ADULT, quantity: 1 },
      { seat_id: 'd', clientcategory_id: ADULT, quantity: 0 },
    ])
    expect(fit.notSold.map((d) => d.item.seat_id)).toEqual(['b'])
    expect(fit.overLimit.map((d) => d.item.seat_id)).toEqual(['d'])
    // Back to regular prices: the subscription's rows are re-priced, nothing released.
    const back = fitCart([seat('a', subRow)], bankTerms)
    expect(back.changes).toEqual([{ seat_id: 'a', clientcategory_id: ADULT, quantity: 1 }])
  })
})

describe('the limit the page fits to', () => {
  const items = [seat('a', adultCheap), seat('b', adultCheap), seat('c', adultCheap)]
  it('is what the cart holds plus the server\'s limit_left', () => {
    expect(cartLimit({ items, limit_left: 7 }, 'bank', null)).toBe(10)
    expect(cartLimit({ items: [], limit_left: 1 }, 'gift', null)).toBe(1)
  })
  it('is the gift card\'s own limit when the cart is over it (limit_left stops at 0)', () => {
    expect(cartLimit({ items, limit_left: 0 }, 'gift', null)).toBe(GIFT_CARD_TICKET_LIMIT)
  })
  it('is no more than the subscription has left', () => {
    expect(cartLimit({ items, limit_left: 7 }, 'bank', 2)).toBe(2)
  })
})
