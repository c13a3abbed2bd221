import { Writable } from 'node:stream'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS_CONFIRMED } from '../../src/contract/constants'
import { ErrorCode } from '../../src/contract/errors'
import { orderViewResponseSchema } from '../../src/contract/entities/orderView'
import { signCrmToken } from '../../src/server/crm/token'
import { buildApp } from '../../src/server/app'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { visitor, type Fixtures } from './order-fixtures'
import { placeOrder, startPay, startPaymentShop, type PaymentFx } from './payment-fixtures'
import { loadScheme, schemeOrderBody, seatChange, type SchemeFx } from './scheme-helpers'

interface Refusal {
  errorCode: string
  errorText: string
}

/** Demo seat-map event with a subscription price in one zone only. */
const SUBSCRIPTION_EVENT = 'rachmaninoff'

/**
 * Every refusal a visitor can see speaks the request's language (issue 13.5): `lang` of the
 * body (or query), ru by default, also on calls whose schema has no lang (the cart, special
 * offers) and on bodies that fail validation; the code is the spec's; details stay in the log.
 */
describe.each(TEST_DBS)('refusals in the visitor language on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url), SUBSCRIPTION_EVENT)
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A signed-in client with a subscription to the event, and a seat its subscription does not cover. */
  async function member() {
    const eventId = (await server.db.selectFrom('events').select('id').where('hash_id', '=', fx.hash).executeTakeFirstOrThrow()).id
    const client = await server.db.insertInto('crm_clients').values({ first_name: 'Анна', email: `lang-${Date.now()}-${Math.random()}@example.org`, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()
    const sub = await server.db.insertInto('crm_subscriptions').values({ crm_client_id: client.id, event_id: eventId, quant: 3 }).returning('id').executeTakeFirstOrThrow()
    const v = await visitor(server.url)
    await v.post('/api/crm/client-info', { token: signCrmToken(server.config.crmSecret, { id: client.id, exp: Math.floor(Date.now() / 1000) + 600 }) })
    const zone = (await server.db.selectFrom('prices').select('zone_id').where('calendar_id', '=', fx.calendarId).where('for_subscription', '=', 1).executeTakeFirstOrThrow()).zone_id
    const outside = fx.map.seat_numbers.find((s) => s.zonelevel_id !== zone && s.status === 'free')!
    return { v, subId: sub.id, outside }
  }

  it('"not sold by subscription" from the cart and from create-scheme, in ru (default), en, kz and ch', async () => {
    const m = await member()
    const place = `${m.outside.sector}, `
    const placeCh = `${m.outside.sector}，`
    const expected = {
      ru: `${place}ряд ${m.outside.row}, место ${m.outside.seat}: не продаётся по абонементу на этот сеанс`,
      en: `${place}row ${m.outside.row}, seat ${m.outside.seat} is not sold by subscription in this session`,
      kz: `${place}${m.outside.row}-қатар, ${m.outside.seat}-орын: бұл сеансқа абонемент бойынша сатылмайды`,
      ch: `${placeCh}${m.outside.row} 排，${m.outside.seat} 號：此場次不適用套票`,
    }
    // The cart call has no lang in its schema: the visitor's lang still reaches the answer.
    const cart = await m.v.post<Refusal>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, m.outside.seat_id)], subscritId: m.subId })
    expect(cart.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: expected.ru })
    for (const lang of ['en', 'kz', 'ch'] as const) {
      const res = await m.v.post<Refusal>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, m.outside.seat_id)], subscritId: m.subId, lang })
      expect(res.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: expected[lang] })
      const order = await m.v.post<Refusal>('/api/order/create-scheme', await schemeOrderBody(m.v, fx, [m.outside.seat_id], { lang, crmClient: { subscritId: m.subId } }))
      expect(order.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: expected[lang] })
    }
  })

  it('the -1002, -1004 and -1005 texts', async () => {
    const v = await visitor(server.url)
    // -1002: a body that fails the schema names the field, in the visitor's language.
    const bad = await v.post<Refusal>('/api/cart/update', { calendar_id: 'x', changes: [], lang: 'kz' })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: 'Сұраныс дұрыс емес: тексеріңіз — calendar_id, changes' })
    const badRu = await v.post<Refusal>('/api/cart/update', { calendar_id: 'x', changes: [] })
    expect(badRu.body.errorText).toBe('Некорректный запрос: проверьте calendar_id, changes')
    // -1004
    for (const [lang, text] of [['ru', 'Заказ удалён или не найден'], ['en', 'Order deleted or not found'], ['kz', 'Тапсырыс жойылды немесе табылмады'], ['ch', '訂單已刪除或不存在']] as const) {
      const res = await v.post<Refusal>('/api/order/view', { hash: 'no-such-order', lang })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ errorCode: ErrorCode.NOT_FOUND, errorText: text })
    }
    // -1005: a seat someone else holds.
    const seat = fx.map.seat_numbers.filter((s) => s.status === 'free')[5]
    const other = await visitor(server.url)
    expect((await other.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat.seat_id)] })).status).toBe(200)
    const taken = await v.post<Refusal>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat.seat_id)], lang: 'ch' })
    expect(taken.body).toEqual({ errorCode: ErrorCode.UNAVAILABLE, errorText: `剛被其他觀眾選走：${seat.sector}，${seat.row} 排，${seat.seat} 號。未保留任何座位，請選擇其他座位。` })
    // Malformed JSON carries no lang: the default language.
    const res = await v.fetch('/api/cart/list', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': v.token, 'x-requested-with': 'XMLHttpRequest' }, body: '{"calendar_id": ' })
    expect(await res.json()).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: 'Не удалось прочитать запрос (некорректный JSON). Обновите страницу и попробуйте ещё раз.' })
  })

  it('keeps the technical details in the log, not in the answer', async () => {
    const lines: string[] = []
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => { lines.push(chunk.toString()); done() } })
    const app = await buildApp({ config: server.config, db: server.db, logger: pino({ level: 'info' }, sink) })
    try {
      const token = await app.inject({ method: 'GET', url: '/api/token' })
      const cookie = token.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
      const csrf = (token.json() as { response: string }).response
      const res = await app.inject({
        method: 'POST', url: '/api/cart/update', headers: { cookie, 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
        payload: { calendar_id: fx.calendarId, changes: [{ seat_id: 'no|such|seat', clientcategory_id: 1, quantity: 1 }], lang: 'en' },
      })
      expect(res.json()).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: 'Unknown places on this map: no|such|seat' })
      const bad = await app.inject({
        method: 'POST', url: '/api/cart/update', headers: { cookie, 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
        payload: { calendar_id: -5, changes: 'x', lang: 'en' },
      })
      const text = (bad.json() as Refusal).errorText
      expect(text).toBe('Invalid request: check calendar_id, changes')
      // The validator's own words are logged with the fields, never answered.
      const logged = lines.map((l) => JSON.parse(l) as { msg: string; issues?: { field: string; message: string }[]; reason?: string })
      expect(logged.some((l) => l.reason === 'unknown-places' && l.msg.startsWith('refused: Unknown places'))).toBe(true)
      const invalid = logged.find((l) => l.msg === 'invalid request')!
      expect(invalid.issues!.map((i) => i.field)).toEqual(['calendar_id', 'changes'])
      for (const issue of invalid.issues!) expect(text).not.toContain(issue.message)
    } finally {
      await app.close()
    }
  })
})

describe.each(TEST_DBS)('a cancelled order in the visitor language on %s', (dbKind) => {
  let server: TestServer
  let ofx: Fixtures
  let pfx: PaymentFx

  beforeAll(async () => {
    ;({ server, fx: ofx, pfx } = await startPaymentShop(dbKind))
  })
  afterAll(async () => {
    await server?.close()
  })

  it('offers no "remove" on its services, refuses removal and payment with the -9997 text in the visitor language (issue 13.6)', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, ofx, ofx.basic, 'adult', 1)
    const before = orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body)
    const offer = before.addToping[0]
    expect((await v.post<Refusal>('/api/order/add-special-offer', { hash, data: [{ uid: offer.uid, parent_id: offer.parent_id, package_id: offer.package_id, price_id: offer.price_id, cost: offer.cost }] })).body.errorCode).toBe('0')
    const open = orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body)
    expect(open.toping.map((t) => t.candelete)).toEqual([1])

    // The reservation lapses (the sweeper then cancels it).
    await server.db.updateTable('orders').set({ reserve_until: Date.now() - 1000 }).where('hash', '=', hash).execute()
    const lapsed = orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body)
    expect(lapsed.demandstatusid).toBe(90)
    expect(lapsed.toping.map((t) => t.candelete)).toEqual([0])
    expect(lapsed.addToping).toEqual([])
    await server.db.updateTable('orders').set({ status: 90, cancelled_at: Date.now() }).where('hash', '=', hash).execute()
    const cancelled = orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body)
    expect(cancelled.toping.map((t) => t.candelete)).toEqual([0])

    // A change says the order can no longer be changed; only the payment start says it cannot be paid.
    const texts = { ru: 'Заказ отменён: изменить его уже нельзя', en: 'The order is cancelled: it can no longer be changed', kz: 'Тапсырыс жойылған: оны енді өзгерту мүмкін емес', ch: '訂單已取消：無法再修改訂單' } as const
    for (const lang of ['ru', 'en', 'kz', 'ch'] as const) {
      const removal = await v.post<Refusal>('/api/order/remove-special-offer', { hash, id: cancelled.toping[0].id, lang })
      expect(removal.status).toBe(409)
      expect(removal.body).toEqual({ errorCode: ErrorCode.PAYMENT, errorText: texts[lang] })
    }
    const pay = await startPay(v, hash, pfx.types.card)
    expect(pay.body).toEqual({ errorCode: ErrorCode.PAYMENT, errorText: 'Невозможно оплатить заказ: он отменён' })
    // The service is still there.
    expect(orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body).toping).toHaveLength(1)
  })

  it('refuses a promo code or an offer on an expired order as a change, and its payment start as a payment, in the visitor language', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, ofx, ofx.basic, 'adult', 1)
    const offer = orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body).addToping[0]
    // The reservation lapses. Laid again before each call: the expiry sweep, should it run in
    // between, records the order cancelled, which has texts of its own.
    const lapse = () => server.db.updateTable('orders').set({ status: ORDER_STATUS_CONFIRMED, cancelled_at: null, reserve_until: Date.now() - 1000 }).where('hash', '=', hash).execute()
    const texts = {
      ru: 'Время брони истекло: заказ уже нельзя изменить',
      en: 'The booking time has expired: the order can no longer be changed',
      kz: 'Брондау уақыты өтіп кетті: тапсырысты енді өзгерту мүмкін емес',
      ch: '保留時間已過：訂單已無法修改',
    } as const
    for (const lang of ['ru', 'en', 'kz', 'ch'] as const) {
      await lapse()
      const promo = await v.post<Refusal>('/api/order/add-discount', { hash, lang, bonuses: 0, cardCode: '', promoCode: pfx.promos.single })
      expect(promo.status).toBe(409)
      expect(promo.body).toEqual({ errorCode: ErrorCode.PAYMENT, errorText: texts[lang] })
    }
    await lapse()
    const added = await v.post<Refusal>('/api/order/add-special-offer', { hash, lang: 'en', data: [{ uid: offer.uid, parent_id: offer.parent_id, package_id: offer.package_id, price_id: offer.price_id, cost: offer.cost }] })
    expect(added.status).toBe(409)
    expect(added.body).toEqual({ errorCode: ErrorCode.PAYMENT, errorText: texts.en })
    // Paying keeps its own words.
    await lapse()
    const pay = await startPay(v, hash, pfx.types.card)
    expect(pay.status).toBe(409)
    expect(pay.body).toEqual({ errorCode: ErrorCode.PAYMENT, errorText: 'Невозможно оплатить заказ: время брони истекло' })
    await lapse()
    const payEn = await v.post<Refusal>(`/api/payment/start/${pfx.types.card}`, { hash, lang: 'en' })
    expect(payEn.body).toEqual({ errorCode: ErrorCode.PAYMENT, errorText: 'Unable to pay for order: the booking time has expired' })
    // Nothing was applied.
    const view = orderViewResponseSchema.parse((await v.post('/api/order/view', { hash, lang: 'ru' })).body)
    expect(view.toping).toEqual([])
  })
})
