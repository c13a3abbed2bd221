import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS_CONFIRMED } from '../../src/contract/constants'
import { noSchemeResponseSchema, type NoSchemeResponse } from '../../src/contract/entities/event'
import { orderCreatedSchema } from '../../src/contract/entities/order'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { GIFT_BUYER, orderBody, seedOrderFixtures, soldByPrice, visitor, type Fixtures, type OrderAnswer } from './order-fixtures'

const RESERVE_SECONDS = 900

describe.each(TEST_DBS)('general-admission orders on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', ORDER_RESERVE_SECONDS: String(RESERVE_SECONDS) } })
    fx = await seedOrderFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  const noScheme = async (hash: string) => {
    const v = await visitor(server.url)
    return v.post<NoSchemeResponse>('/api/no-scheme', { hash })
  }

  it('POST /api/no-scheme answers the contract shape with the database values', async () => {
    const res = await noScheme(fx.basic.hash)
    expect(res.status).toBe(200)
    const page = noSchemeResponseSchema.parse(res.body)
    expect(page.action).toMatchObject({ action_id: fx.basic.id, hash_id: fx.basic.hash, mailconfirm: 1, demquantlimit: 10, usepushkarta: 0, scheme: 0 })
    expect(page.calendar).toEqual([{ day: fx.basic.day, times: [{ time: fx.basic.time, quantity: 80 + 5 + 30 + 2, pricetype_id: 1, calendar_id: fx.basic.calendarId }] }])
    const adult = page.price.find((p) => p.clientcategory_id === fx.basic.prices.adult.categoryId)!
    expect(adult).toMatchObject({ price: 1500, quantity: 80, priceservise: 150, currency_id: 1, action_day: fx.basic.day, time: fx.basic.time })
    const child = page.price.find((p) => p.clientcategory_id === fx.basic.prices.child.categoryId)!
    expect(child).toMatchObject({ price: 800, priceservise: 10, currency_id: 2 })
    expect(page.price.find((p) => p.clientcategory_id === fx.basic.prices.family.categoryId)!.needprice).toBe(3)
    // The group row is a ticketPrice, with its pass limit in ticketInfo.
    expect(page.ticketPrice).toHaveLength(1)
    expect(page.ticketPrice[0]).toMatchObject({ passagequant: 3, quantity: 2, price: 6000 })
    expect(page.ticketInfo).toEqual([{ day: fx.basic.day, time: fx.basic.time, passagelimit: 6, passageleft: 6 }])
    expect(page.checkboxList.map((c) => [c.id, c.filling])).toEqual([
      [fx.checkboxes.required[0], 1],
      [fx.checkboxes.required[1], 1],
      [fx.checkboxes.optional, 0],
    ])
  })

  it('an unknown event hash answers -1004', async () => {
    const res = await noScheme('no-such-event')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ errorCode: ErrorCode.NOT_FOUND, errorText: 'Мероприятие не найдено' })
  })

  it('creates an order: hash, order row, one line per ticket, fees priced by the server, quantities reserved', async () => {
    const v = await visitor(server.url)
    const before = Date.now()
    const res = await v.post<OrderAnswer>(
      '/api/order/create',
      orderBody(fx, fx.basic, [
        { price: fx.basic.prices.adult, quantity: 2 },
        { price: fx.basic.prices.child, quantity: 1 },
      ]),
    )
    expect(res.status).toBe(200)
    const created = orderCreatedSchema.parse(res.body)
    expect(created.hash).toMatch(/^[A-Za-z0-9_-]{22,}$/)

    const order = await server.db.selectFrom('orders').selectAll().where('hash', '=', created.hash).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ status: ORDER_STATUS_CONFIRMED, paid: 0, fio: 'Иван Петров', email: 'ivan@example.org', use_pushkin_card: 0 })
    // 2 × (1500 + 150 fee) + 1 × (800 + 10 % = 80) roubles, in kopecks.
    expect(order.service_total).toBe((2 * 150 + 80) * 100)
    expect(order.total).toBe((2 * 1650 + 880) * 100)
    expect(order.reserve_until).toBeGreaterThanOrEqual(before + RESERVE_SECONDS * 1000)
    expect(order.reserve_until).toBeLessThanOrEqual(Date.now() + RESERVE_SECONDS * 1000)
    const lines = await server.db.selectFrom('order_lines').selectAll().where('order_id', '=', order.id).orderBy('id').execute()
    expect(lines.map((l) => [l.price_id, l.quantity, l.price, l.service_fee, l.cost])).toEqual([
      [fx.basic.prices.adult.id, 1, 150_000, 15_000, 165_000],
      [fx.basic.prices.adult.id, 1, 150_000, 15_000, 165_000],
      [fx.basic.prices.child.id, 1, 80_000, 8_000, 88_000],
    ])
    expect(new Set(lines.map((l) => l.ticket_hash)).size).toBe(3)

    const page = noSchemeResponseSchema.parse((await noScheme(fx.basic.hash)).body)
    expect(page.calendar[0].times[0].quantity).toBe(117 - 3)
    expect(page.price.find((p) => p.clientcategory_id === fx.basic.prices.adult.categoryId)!.quantity).toBe(78)
    expect(page.price.find((p) => p.clientcategory_id === fx.basic.prices.child.categoryId)!.quantity).toBe(4)
  })

  it('named tickets create the order unconfirmed (status 10) for the tickets-nominal page', async () => {
    const v = await visitor(server.url)
    const res = await v.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.named, [{ price: fx.named.prices.adult, quantity: 2 }]))
    expect(res.body.errorCode).toBe('0')
    const order = await server.db.selectFrom('orders').selectAll().where('hash', '=', res.body.hash!).executeTakeFirstOrThrow()
    expect(order.status).toBe(10)
    expect(order.confirmed_at).toBeNull()
  })

  it('a free event (maybefree) creates a paid order of 0 that nothing has to pay', async () => {
    const v = await visitor(server.url)
    const res = await v.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.free, [{ price: fx.free.prices.adult, quantity: 3 }]))
    expect(res.body.errorCode).toBe('0')
    const order = await server.db.selectFrom('orders').selectAll().where('hash', '=', res.body.hash!).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ total: 0, paid: 1 })
  })

  it('a gift-card order takes one gift-card price and stores the Cyrillic name parts', async () => {
    const v = await visitor(server.url)
    const res = await v.post<OrderAnswer>(
      '/api/order/create',
      orderBody(fx, fx.pushkinMixed, [{ price: fx.pushkinMixed.prices.pushkin, quantity: 1 }], { ...GIFT_BUYER, surname: 'иванова', USE_PUSHKIN_CARD: 1 }),
    )
    expect(res.body.errorCode).toBe('0')
    const order = await server.db.selectFrom('orders').selectAll().where('hash', '=', res.body.hash!).executeTakeFirstOrThrow()
    expect(order).toMatchObject({ use_pushkin_card: 1, surname: 'Иванова', name: 'Анна', patronymic: 'Сергеевна', fio: '' })
    expect((await soldByPrice(server.db)).get(fx.pushkinMixed.prices.pushkin.id)).toBe(1)
  })

  it('a bank-card order on a mixed event takes the non-gift-card price', async () => {
    const v = await visitor(server.url)
    const res = await v.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.pushkinMixed, [{ price: fx.pushkinMixed.prices.adult, quantity: 2 }], { USE_PUSHKIN_CARD: 0 }))
    expect(res.body.errorCode).toBe('0')
  })
  it('reading availability cancels an order past its reserve time on the spot (no sweeper needed)', async () => {
    const v = await visitor(server.url)
    const page = async () => noSchemeResponseSchema.parse((await noScheme(fx.race.hash)).body).calendar[0].times[0].quantity
    const before = await page()
    const res = await v.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.race, [{ price: fx.race.prices.adult, quantity: 2 }]))
    expect(res.body.errorCode).toBe('0')
    expect(await page()).toBe(before - 2)
    // The reserve time (900 s here) is moved into the past; the 30 s sweeper has not run yet.
    await server.db.updateTable('orders').set({ reserve_until: Date.now() - 1 }).where('hash', '=', res.body.hash!).execute()
    expect(await page()).toBe(before)
    const order = await server.db.selectFrom('orders').select('status').where('hash', '=', res.body.hash!).executeTakeFirstOrThrow()
    expect(order.status).toBe(90)
  })
})
