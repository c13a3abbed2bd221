import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { signCrmToken } from '../../src/server/crm/token'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { GIFT_BUYER, orderBody, seedOrderFixtures, soldByPrice, visitor, type Fixtures, type OrderAnswer, type PriceFx, type Visitor } from './order-fixtures'

/**
 * Subscription tickets are never paid with the gift card (contract/rules/payment.ts
 * subscriptionPayableBy): the seat-map order and cart refuse the pair with 'subscription-gift',
 * and so must a general-admission order (POST /api/order/create), even where the
 * subscription's price row is open to every method (useproculture 0), so nothing else stops it.
 */
describe.each(TEST_DBS)('a general-admission subscription order with the gift card on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  let member: Visitor
  let subscriptionId: number
  let subscriptionPrice: PriceFx

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
    // The event takes both methods (the shop offers the gift card); its subscription row takes any.
    const ev = fx.pushkinMixed
    const adult = ev.prices.adult
    const row = await server.db
      .insertInto('prices')
      .values({ calendar_id: ev.calendarId, client_category_id: adult.categoryId, zone_id: adult.zoneId, price: 50_000, quantity: 10, useproculture: 0, needprice: 0, passagequant: 0, priceservise: 0, currency_id: 1, for_subscription: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    subscriptionPrice = { id: row.id, categoryId: adult.categoryId, zoneId: adult.zoneId, price: 500, fee: 0, currency: 1 }
    const client = await server.db.insertInto('crm_clients').values({ first_name: 'Анна', email: `sub-gift-${dbKind}@example.org`, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()
    subscriptionId = (await server.db.insertInto('crm_subscriptions').values({ crm_client_id: client.id, event_id: ev.id, quant: 3 }).returning('id').executeTakeFirstOrThrow()).id
    member = await visitor(server.url)
    const signIn = await member.post('/api/crm/client-info', { token: signCrmToken(server.config.crmSecret, { id: client.id, exp: Math.floor(Date.now() / 1000) + 600 }) })
    expect(signIn.status).toBe(200)
  })
  afterAll(async () => {
    await server?.close()
  })

  const subscriptionOrder = (extra: Record<string, unknown>) =>
    orderBody(fx, fx.pushkinMixed, [{ price: subscriptionPrice, quantity: 1 }], { crmClient: { subscritId: subscriptionId }, ...extra })

  it('is refused with the seat map\'s subscription-gift refusal, in the visitor\'s language, and sells nothing', async () => {
    const before = (await soldByPrice(server.db)).get(subscriptionPrice.id) ?? 0
    const texts = {
      ru: 'Билеты по абонементу не оплачиваются Пушкинской картой',
      en: 'Subscription tickets are not paid with the gift card',
      kz: 'Абонемент бойынша билеттер Пушкин картасымен төленбейді',
      ch: '套票門票不能以普希金卡付款',
    }
    for (const [lang, errorText] of Object.entries(texts)) {
      const res = await member.post<OrderAnswer>('/api/order/create', subscriptionOrder({ ...GIFT_BUYER, USE_PUSHKIN_CARD: 1, lang }))
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText })
    }
    expect((await soldByPrice(server.db)).get(subscriptionPrice.id) ?? 0).toBe(before)
  })

  it('is taken by bank card', async () => {
    const res = await member.post<OrderAnswer>('/api/order/create', subscriptionOrder({ USE_PUSHKIN_CARD: 0 }))
    expect(res.body).toMatchObject({ errorCode: '0' })
    expect((await soldByPrice(server.db)).get(subscriptionPrice.id)).toBe(1)
  })
})
