import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PRICE_CURRENCY_MONEY, PRICE_CURRENCY_PERCENT } from '../../../src/contract/constants'
import type { CartItem } from '../../../src/contract/entities/cart'
import { sameInAll } from '../../../src/contract/lang'
import { orderSum, ticketFee, toMajor, toMinor } from '../../../src/contract/rules/money'
import { orderLines, rowKey, totals, type Quantities } from '../../../src/app/kernel/cart'
import { groupByAction } from '../../../src/app/screens/order/model/lines'
import { cartTotals } from '../../../src/app/screens/scheme/model/totals'
import { priceRowView } from '../../../src/server/domain/admission/event-page'
import { planOrder, type OrderCreateInput } from '../../../src/server/domain/admission/plan'
import type { CalendarRow, EventRow, PriceRowDb } from '../../../src/server/domain/events/repository'
import { toTicketLine } from '../../../src/server/domain/tickets/lines'
import { moneyOf } from '../../../src/server/domain/orders/money'
import type { TicketLineRow } from '../../../src/server/domain/orders/order.repository'
import { groupFees } from '../../../src/server/domain/order-page/view'

/**
 * The money rule seen from every side (issue 13.2, issue 14 item 2): for any price rows (money
 * and percent fees) and quantities, the event page's cart, the seat-map cart, the order lines
 * the page sends, the server's order sum (planOrder → orders.total), the order view (server
 * lines and fee rows → the page's groups) and the server's payable amount are the same number.
 * Every function here is the product's own; only the database is left out.
 */

const EVENT_ID = 7
const DAY = '2026-12-01'
const TIME = '19:00'

const calendar = { id: 11, day: DAY, time: TIME, capacity: 10_000 } as unknown as CalendarRow
const event = { id: EVENT_ID, maybefree: 0, demquantlimit: 1000, mailconfirm: 0, usepushkarta: 0, usenopushkarta: 1 } as unknown as EventRow

/** A server price row (minor units; percent fees in hundredths of a percent). */
function priceDb(id: number, price: number, fee: number, currencyId: number): PriceRowDb {
  return {
    id, calendar_id: calendar.id, client_category_id: id, zone_id: 1, price, quantity: 10_000, useproculture: 0, needprice: 0, passagequant: 0,
    priceservise: fee, currency_id: currencyId, for_subscription: 0, sortnum: id, zonecolor: '#457b9d',
    ...sameInAll('category', `Cat ${id}`), ...sameInAll('category_descript', ''), ...sameInAll('zonelevel', 'Stalls'), ...sameInAll('zonelevel_descript', ''),
  } as unknown as PriceRowDb
}

const buyer = { fio: 'Иван Петров', phone: '+79161234567', email: 'ivan@example.org', re_email: 'ivan@example.org' }

/** What the server writes: one order_lines row per ticket (create.ts), as the view reads it back. */
function storedLines(plan: ReturnType<typeof planOrder>): TicketLineRow[] {
  let id = 0
  return plan.lines.flatMap((l) =>
    Array.from({ length: l.quantity }, () => ({
      id: ++id, event_id: EVENT_ID, calendar_id: calendar.id, quantity: 1, price: l.priceMinor, service_fee: l.feeMinor, cost: l.priceMinor + l.feeMinor,
      ticket_hash: `h${id}`, ticket_code: String(id).padStart(12, '0'), tickettype: 1, person_surname: '', person_name: '', person_middle_name: '',
      return_status: 0, seat_id: null, standing_place_id: null, age_from: 0, day: DAY, time: TIME,
      ...sameInAll('action', 'Concert'), ...sameInAll('seatroot', 'Hall'), ...sameInAll('address', 'Street 1'), ...sameInAll('category', 'Cat'), ...sameInAll('zonelevel', 'Stalls'),
      sector_name: null, row_label: null, number_label: null, stand_name: null,
    })),
  ) as unknown as TicketLineRow[]
}

interface Side {
  cart: number
  schemeCart: number
  linesSent: number
  server: number
  view: number
  payable: number
  fee: { cart: number; server: number; view: number }
}

/** Every side's total (major units) for these rows and quantities. */
async function sides(rows: PriceRowDb[], quantities: number[]): Promise<Side> {
  const views = rows.map((r) => priceRowView(r, calendar, EVENT_ID, r.quantity))
  const q: Quantities = Object.fromEntries(views.map((v, i) => [rowKey(v), quantities[i]]))
  const cart = totals(views, q)
  const items = views.map((v, i) => ({ ...v, quantity: quantities[i] }) as unknown as CartItem)
  const lines = orderLines(views, q, { day: DAY, time: TIME })
  const input = { ...buyer, data: lines, lang: 'ru', hash: 'event-hash', checkboxList: [] } as unknown as OrderCreateInput
  const plan = planOrder(input, { event, calendars: [calendar], prices: rows, checkboxes: [], subscription: null, showproculture: 1 })
  const stored = storedLines(plan)
  const main = await Promise.all(stored.map((l) => toTicketLine(l, null)))
  const service = groupFees(stored)
  const groups = groupByAction(main, service, 'ru')
  return {
    cart: cart.total,
    schemeCart: cartTotals(items).total,
    linesSent: toMajor(lines.reduce((s, l) => s + toMinor(l.sum), 0)),
    server: toMajor(plan.total),
    view: toMajor(groups.reduce((s, g) => s + toMinor(g.total), 0)),
    payable: toMajor(moneyOf(stored, [], null, []).payable),
    fee: { cart: cart.fee, server: toMajor(plan.serviceTotal), view: toMajor(groups.reduce((s, g) => s + toMinor(g.serviceFee), 0)) },
  }
}

describe('the money rule', () => {
  it('rounds a percent fee per ticket, half up: 3 × 333.33 ₽ at 5 % is 50.01 ₽ in the cart, on the server and in the order view', async () => {
    const s = await sides([priceDb(1, 33_333, 500, PRICE_CURRENCY_PERCENT)], [3])
    expect(s.fee).toEqual({ cart: 50.01, server: 50.01, view: 50.01 })
    expect(s).toMatchObject({ cart: 1050, schemeCart: 1050, linesSent: 1050, server: 1050, view: 1050, payable: 1050 })
  })

  it('counts the service fee once in the order view (issue 13.2: 2 × 2 500 ₽ + 300 ₽ fee is 5 300 ₽ everywhere)', async () => {
    const s = await sides([priceDb(1, 250_000, 15_000, PRICE_CURRENCY_MONEY)], [2])
    expect(s).toMatchObject({ cart: 5300, server: 5300, view: 5300, payable: 5300 })
    expect(s.fee.view).toBe(300)
  })

  it('cart, seat-map cart, lines sent, server sum, order view and payable amount always agree', async () => {
    const row = fc.record({
      price: fc.integer({ min: 1, max: 10_000_000 }),
      currency: fc.constantFrom(PRICE_CURRENCY_MONEY, PRICE_CURRENCY_PERCENT),
      // Money fees up to 5,000.00 ₽; percent fees up to 30 % in hundredths.
      fee: fc.integer({ min: 0, max: 500_000 }),
      quantity: fc.integer({ min: 0, max: 12 }),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 5 }), async (spec) => {
        fc.pre(spec.some((r) => r.quantity > 0))
        const rows = spec.map((r, i) => priceDb(i + 1, r.price, r.currency === PRICE_CURRENCY_PERCENT ? r.fee % 3001 : r.fee, r.currency))
        const s = await sides(rows, spec.map((r) => r.quantity))
        const expected = toMajor(orderSum({ tickets: rows.map((r, i) => ({ price: r.price, fee: ticketFee(r.price, r.priceservise, r.currency_id), quantity: spec[i].quantity })) }).gross)
        expect(s).toMatchObject({ cart: expected, schemeCart: expected, linesSent: expected, server: expected, view: expected, payable: expected })
        expect(s.fee.cart).toBe(s.fee.server)
        expect(s.fee.view).toBe(s.fee.server)
      }),
      { numRuns: 200 },
    )
  })

  it('leaves returned tickets out of every total and reports what they cost', () => {
    const lines = [
      { price: 100_000, service_fee: 5_000, quantity: 1, return_status: 0 },
      { price: 100_000, service_fee: 5_000, quantity: 1, return_status: 70 },
      { price: 100_000, service_fee: 5_000, quantity: 1, return_status: 60 },
    ]
    const m = moneyOf(lines, [20_000], null, [])
    expect(m).toMatchObject({ count: 2, tickets: 200_000, fees: 10_000, services: 20_000, gross: 230_000, returned: 105_000, payable: 230_000 })
  })
})
