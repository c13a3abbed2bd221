import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { writeSettings } from '../../src/server/domain/settings/repository'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { GIFT_BUYER, orderBody, orderCount, seedOrderFixtures, soldByPrice, visitor, type Fixtures, type OrderAnswer } from './order-fixtures'

type Case = [name: string, body: (fx: Fixtures) => Record<string, unknown>, code: string, text: RegExp]

const GIFT = { ...GIFT_BUYER, USE_PUSHKIN_CARD: 1 }

/** Every refusal of /api/order/create: each answers a clear error and reserves nothing (asked in English: `lang` en). */
const CASES: Case[] = [
  ['fio missing', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { fio: undefined }), ErrorCode.BAD_REQUEST, /^Invalid buyer data: check full name$/],
  ['fio too short', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { fio: 'Я' }), ErrorCode.BAD_REQUEST, /full name/],
  ['phone too short', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { phone: '12345' }), ErrorCode.BAD_REQUEST, /check phone$/],
  ['e-mail invalid', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { email: 'ivan@', re_email: 'ivan@' }), ErrorCode.BAD_REQUEST, /check e-mail$/],
  ['e-mail empty', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { email: '', re_email: '' }), ErrorCode.BAD_REQUEST, /check e-mail$/],
  ['re_email differs (mailconfirm = 1)', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { re_email: 'other@example.org' }), ErrorCode.BAD_REQUEST, /check repeated e-mail$/],
  ['gift-card surname in Latin letters', (fx) => orderBody(fx, fx.pushkinMixed, [{ price: fx.pushkinMixed.prices.pushkin, quantity: 1 }], { ...GIFT, surname: 'Ivanova' }), ErrorCode.BAD_REQUEST, /check surname$/],
  ['gift-card name missing', (fx) => orderBody(fx, fx.pushkinMixed, [{ price: fx.pushkinMixed.prices.pushkin, quantity: 1 }], { ...GIFT, name: '' }), ErrorCode.BAD_REQUEST, /check name$/],
  ['gift-card patronymic with digits', (fx) => orderBody(fx, fx.pushkinMixed, [{ price: fx.pushkinMixed.prices.pushkin, quantity: 1 }], { ...GIFT, patronymic: 'Сергеевна2' }), ErrorCode.BAD_REQUEST, /check patronymic$/],
  ['gift-card phone not +7 and 11 digits', (fx) => orderBody(fx, fx.pushkinMixed, [{ price: fx.pushkinMixed.prices.pushkin, quantity: 1 }], { ...GIFT, phone: '+44 20 7946 0958' }), ErrorCode.BAD_REQUEST, /check phone$/],
  ['a required agreement not ticked', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { checkboxList: [{ id: fx.checkboxes.required[0], checked: 1 }, { id: fx.checkboxes.required[1], checked: 0 }] }), ErrorCode.BAD_REQUEST, /agreements are not accepted/],
  ['wrong sum', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 2, sum: 3000 }]), ErrorCode.BAD_REQUEST, /sum 3000 does not match the price: 2 × 1650 = 3300/],
  ['unknown price row', (fx) => orderBody(fx, fx.basic, [{ price: fx.pushkinOnly.prices.pushkin, quantity: 1 }]), ErrorCode.BAD_REQUEST, /no price for this category/],
  ['a day without a session', (fx) => ({ ...orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }]), data: [{ day: '2030-01-01', time: fx.basic.time, actionId: fx.basic.id, categoryId: fx.basic.prices.adult.categoryId, zoneId: fx.basic.prices.adult.zoneId, quantity: 1, sum: 1500 }] }), ErrorCode.BAD_REQUEST, /no session on sale on 2030-01-01/],
  ['a line of another event', (fx) => ({ ...orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }]), hash: fx.named.hash }), ErrorCode.BAD_REQUEST, /not a ticket of this event/],
  ['the same price twice', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }, { price: fx.basic.prices.adult, quantity: 1 }]), ErrorCode.BAD_REQUEST, /ordered twice/],
  ['unknown event hash', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { hash: 'no-such-event' }), ErrorCode.NOT_FOUND, /^Event not found$/],
  ['quantity below 0 (schema)', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: -1 }]), ErrorCode.BAD_REQUEST, /quantity/],
  ['quantity 0', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 0 }]), ErrorCode.BAD_REQUEST, /quantity must be at least 1/],
  ['over demquantlimit', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 11 }]), ErrorCode.LIMIT, /At most 10 tickets per order \(11 asked/],
  ['over the row availability', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.child, quantity: 6 }]), ErrorCode.UNAVAILABLE, /Only 5 tickets of this price are left/],
  ['needprice minimum not reached', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.family, quantity: 2 }]), ErrorCode.LIMIT, /needs at least 3 tickets/],
  ['group passes over the remaining group limit', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.group, quantity: 3 }]), ErrorCode.LIMIT, /group limit .* 6 passes \(2 group tickets\) left, 9 asked/],
  ['a group ticket counts as its passes towards demquantlimit: 1 group of 3 + 8 adults is 11', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.group, quantity: 1 }, { price: fx.basic.prices.adult, quantity: 8 }]), ErrorCode.LIMIT, /At most 10 tickets per order \(11 asked/],
  ['gift card with 2 tickets', (fx) => orderBody(fx, fx.pushkinMixed, [{ price: fx.pushkinMixed.prices.pushkin, quantity: 2 }], GIFT), ErrorCode.LIMIT, /exactly 1 ticket/],
  ['gift card with a non-gift-card price', (fx) => orderBody(fx, fx.pushkinMixed, [{ price: fx.pushkinMixed.prices.adult, quantity: 1 }], GIFT), ErrorCode.BAD_REQUEST, /not sold with the gift card/],
  ['bank card with a gift-card-only price', (fx) => orderBody(fx, fx.pushkinMixed, [{ price: fx.pushkinMixed.prices.pushkin, quantity: 1 }], { USE_PUSHKIN_CARD: 0 }), ErrorCode.BAD_REQUEST, /gift card only/],
  ['gift card on an event without usepushkarta', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], GIFT), ErrorCode.UNKNOWN_PAYMENT_METHOD, /^An invalid payment method was chosen\. Error code: -9996$/],
  ['bank card on a gift-card-only event', (fx) => orderBody(fx, fx.pushkinOnly, [{ price: fx.pushkinOnly.prices.adult, quantity: 1 }], { USE_PUSHKIN_CARD: 0 }), ErrorCode.UNKNOWN_PAYMENT_METHOD, /^An invalid payment method was chosen\. Error code: -9996$/],
  ['no payment method on a gift-card event', (fx) => orderBody(fx, fx.pushkinMixed, [{ price: fx.pushkinMixed.prices.adult, quantity: 1 }]), ErrorCode.NO_PAYMENT_METHOD, /^No payment method is set\. Error code: -9995$/],
  ['a subscription without a signed-in client', (fx) => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { crmClient: { subscritId: 1 } }), ErrorCode.BAD_REQUEST, /signed in/],
]

describe.each(TEST_DBS)('order refusals on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  it.each(CASES)('%s: a clear error, nothing reserved', async (_name, body, code, text) => {
    const soldBefore = await soldByPrice(server.db)
    const ordersBefore = await orderCount(server.db)
    const v = await visitor(server.url)
    const res = await v.post<OrderAnswer>('/api/order/create', { ...body(fx), lang: 'en' })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(res.body.errorCode).toBe(code)
    expect(res.body.errorText).toMatch(text)
    expect(await soldByPrice(server.db)).toEqual(soldBefore)
    expect(await orderCount(server.db)).toBe(ordersBefore)
  })

  it('the group limit counts passes already sold: 1 of 2 group tickets sold leaves 3 passes', async () => {
    const buyer = await visitor(server.url)
    const first = await buyer.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.group, quantity: 1 }]))
    expect(first.body.errorCode).toBe('0')
    const page = await buyer.post<{ ticketInfo: unknown[] }>('/api/no-scheme', { hash: fx.basic.hash })
    expect(page.body.ticketInfo).toEqual([{ day: fx.basic.day, time: fx.basic.time, passagelimit: 6, passageleft: 3 }])
    const second = await (await visitor(server.url)).post<OrderAnswer>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.group, quantity: 2 }], { lang: 'en' }))
    expect(second.body).toMatchObject({ errorCode: ErrorCode.LIMIT, errorText: expect.stringMatching(/3 passes \(1 group tickets\) left, 6 asked/) })
  })

  it('a shop that does not offer the gift card refuses it and sells its gift-card-only events by bank card, as its pages offer', async () => {
    await writeSettings(server.db, { db: { showproculture: 0 } })
    try {
      const ordersBefore = await orderCount(server.db)
      const gift = await (await visitor(server.url)).post<OrderAnswer>('/api/order/create', { ...orderBody(fx, fx.pushkinOnly, [{ price: fx.pushkinOnly.prices.pushkin, quantity: 1 }], GIFT), lang: 'en' })
      expect(gift.body).toMatchObject({ errorCode: ErrorCode.UNKNOWN_PAYMENT_METHOD, errorText: 'An invalid payment method was chosen. Error code: -9996' })
      expect(await orderCount(server.db)).toBe(ordersBefore)
      // The page offers the bank card alone (paymentMethods), and says nothing or 0.
      for (const method of [{ USE_PUSHKIN_CARD: 0 }, {}]) {
        const bank = await (await visitor(server.url)).post<OrderAnswer>('/api/order/create', orderBody(fx, fx.pushkinOnly, [{ price: fx.pushkinOnly.prices.adult, quantity: 1 }], method))
        expect(bank.body.errorCode).toBe('0')
      }
      expect(await orderCount(server.db)).toBe(ordersBefore + 2)
    } finally {
      await writeSettings(server.db, { db: { showproculture: 1 } })
    }
  })
})
