import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captchaSchema, captchaCheckResponseSchema } from '../../src/contract/entities/captcha'
import { ErrorCode } from '../../src/contract/errors'
import { CAPTCHA_AFTER_FAILURES, CAPTCHA_AFTER_ORDERS, ORDER_RATE_MAX } from '../../src/server/domain/abuse/order-guard'
import { CAPTCHA_MAX_ATTEMPTS, storeCaptchaAnswer } from '../../src/server/domain/captcha/store'
import { writeSettings } from '../../src/server/domain/settings/repository'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { freshAddress, orderBody, orderCount, seedOrderFixtures, soldByPrice, visitor, type Fixtures, type OrderAnswer } from './order-fixtures'

describe.each(TEST_DBS)('captcha and rate limit of order creation on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  const captchaEnabled = (enabled: boolean) => writeSettings(server.db, { captcha: { enabled } })
  const good = () => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }])
  const bad = () => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { fio: '' })
  const post = async (address: string, body: Record<string, unknown>) => (await visitor(server.url, address)).post<OrderAnswer>('/api/order/create', body)

  it('GET /api/captcha draws an SVG locally and stores only a digest of the answer', async () => {
    const v = await visitor(server.url)
    const res = await v.getJson('/api/captcha')
    expect(res.status).toBe(200)
    const captcha = captchaSchema.parse(res.body)
    expect(captcha.code).toMatch(/^<svg[\s\S]*<\/svg>$/)
    const row = await server.db.selectFrom('captchas').selectAll().where('sid', '=', captcha.sid).executeTakeFirstOrThrow()
    expect(row.answer).toMatch(/^[0-9a-f]{64}$/)
    expect(row.expires_at).toBeGreaterThan(Date.now())
    const check = await v.post('/api/captcha/check', { code: 'zzzzz', sid: captcha.sid })
    expect(captchaCheckResponseSchema.parse(check.body)).toEqual({ result: false, sid: captcha.sid, text: 'zzzzz' })
  })

  it('POST /api/captcha/check: right answer (any case) true, unknown sid false, too many wrong answers discard it', async () => {
    const v = await visitor(server.url)
    const sid = await storeCaptchaAnswer(server.db, 'AbXy7')
    expect((await v.post('/api/captcha/check', { code: 'abxy7', sid })).body).toEqual({ result: true, sid, text: 'abxy7' })
    expect((await v.post('/api/captcha/check', { code: 'abxy7', sid: 'unknown' })).body).toMatchObject({ result: false })
    const other = await storeCaptchaAnswer(server.db, 'Qwe12')
    for (let i = 0; i < CAPTCHA_MAX_ATTEMPTS; i++) await v.post('/api/captcha/check', { code: 'wrong', sid: other })
    expect((await v.post('/api/captcha/check', { code: 'Qwe12', sid: other })).body).toMatchObject({ result: false })
  })

  it(`after ${CAPTCHA_AFTER_FAILURES} failed orders the captcha is demanded (-1001); the right answer works once`, async () => {
    await captchaEnabled(true)
    const address = freshAddress()
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) expect((await post(address, bad())).body.errorCode).toBe(ErrorCode.BAD_REQUEST)

    const sold = await soldByPrice(server.db)
    const orders = await orderCount(server.db)
    const demanded = await post(address, good())
    expect(demanded.body).toMatchObject({ errorCode: ErrorCode.CAPTCHA, errorText: expect.stringMatching(/Введите код с картинки/) })
    const wrongSid = await storeCaptchaAnswer(server.db, 'Right')
    const wrong = await post(address, { ...good(), captchaSid: wrongSid, captchaText: 'wrong' })
    expect(wrong.body.errorCode).toBe(ErrorCode.CAPTCHA)
    // The wrong answer used up that picture: even the right text fails now.
    expect((await post(address, { ...good(), captchaSid: wrongSid, captchaText: 'Right' })).body.errorCode).toBe(ErrorCode.CAPTCHA)
    expect(await soldByPrice(server.db)).toEqual(sold)
    expect(await orderCount(server.db)).toBe(orders)

    // Solved through /api/captcha/check first, as the dialog does, then sent with the order.
    const sid = await storeCaptchaAnswer(server.db, 'K7mQp')
    const v = await visitor(server.url, address)
    expect((await v.post('/api/captcha/check', { code: 'k7mqp', sid })).body).toMatchObject({ result: true })
    const accepted = await v.post<OrderAnswer>('/api/order/create', { ...good(), captchaSid: sid, captchaText: 'k7mqp' })
    expect(accepted.body.errorCode).toBe('0')

    // Usable once: fail again until demanded, then the same answer is refused.
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) await post(address, bad())
    expect((await post(address, { ...good(), captchaSid: sid, captchaText: 'k7mqp' })).body.errorCode).toBe(ErrorCode.CAPTCHA)
  })

  it(`${CAPTCHA_AFTER_ORDERS} orders from one address make the next one need the captcha`, async () => {
    await captchaEnabled(true)
    const address = freshAddress()
    for (let i = 0; i < CAPTCHA_AFTER_ORDERS; i++) expect((await post(address, good())).body.errorCode).toBe('0')
    expect((await post(address, good())).body.errorCode).toBe(ErrorCode.CAPTCHA)
    // Another address is not affected.
    expect((await post(freshAddress(), good())).body.errorCode).toBe('0')
  })

  it(`${3 * CAPTCHA_AFTER_ORDERS} orders sent at once from one address: exactly ${CAPTCHA_AFTER_ORDERS} are placed, the rest must solve the captcha`, async () => {
    await captchaEnabled(true)
    const address = freshAddress()
    const buyers = await Promise.all(Array.from({ length: 3 * CAPTCHA_AFTER_ORDERS }, () => visitor(server.url, address)))
    const orders = await orderCount(server.db)
    const answers = await Promise.all(buyers.map((v) => v.post<OrderAnswer>('/api/order/create', good())))
    const codes = answers.map((a) => a.body.errorCode)
    expect(codes.filter((c) => c === '0')).toHaveLength(CAPTCHA_AFTER_ORDERS)
    expect(codes.filter((c) => c === ErrorCode.CAPTCHA)).toHaveLength(2 * CAPTCHA_AFTER_ORDERS)
    expect(await orderCount(server.db)).toBe(orders + CAPTCHA_AFTER_ORDERS)
    expect((await post(address, good())).body.errorCode).toBe(ErrorCode.CAPTCHA)
  })

  it('an order the shop refuses does not bring the captcha closer: only placed orders count', async () => {
    await captchaEnabled(true)
    const address = freshAddress()
    // More sold-out refusals than the allowance (the child price has 5 tickets): none of them
    // counts (no order, and not the visitor's fault).
    const soldOut = () => orderBody(fx, fx.basic, [{ price: fx.basic.prices.child, quantity: 6 }])
    for (let i = 0; i < CAPTCHA_AFTER_ORDERS + 1; i++) expect((await post(address, soldOut())).body.errorCode).toBe(ErrorCode.UNAVAILABLE)
    for (let i = 0; i < CAPTCHA_AFTER_ORDERS; i++) expect((await post(address, good())).body.errorCode).toBe('0')
    expect((await post(address, good())).body.errorCode).toBe(ErrorCode.CAPTCHA)
  })

  it('an IPv6 client is limited by its /64: new addresses of the same network do not start afresh', async () => {
    await captchaEnabled(true)
    const net = '2001:db8:18:1'
    for (let i = 1; i <= CAPTCHA_AFTER_ORDERS; i++) expect((await post(`${net}::${i.toString(16)}`, good())).body.errorCode).toBe('0')
    expect((await post(`${net}:ffff:ffff:ffff:ffff`, good())).body.errorCode).toBe(ErrorCode.CAPTCHA)
    // Another /64 is another client.
    expect((await post('2001:db8:18:2::1', good())).body.errorCode).toBe('0')
    await captchaEnabled(false)
    // The rate limit counts the /64 as one address too.
    const other = '2001:db8:18:3'
    for (let i = 1; i <= ORDER_RATE_MAX; i++) expect((await post(`${other}::${i.toString(16)}`, bad())).status).toBe(400)
    expect((await post(`${other}::abcd`, good())).status).toBe(429)
  })

  it('with captcha.enabled off no captcha is demanded', async () => {
    await captchaEnabled(false)
    const address = freshAddress()
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES + 1; i++) await post(address, bad())
    expect((await post(address, good())).body.errorCode).toBe('0')
  })

  it('with captcha.enabled off nothing is counted for it: switched on, an address starts from zero', async () => {
    await captchaEnabled(false)
    const address = freshAddress()
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) await post(address, bad())
    for (let i = 0; i < CAPTCHA_AFTER_ORDERS; i++) expect((await post(address, good())).body.errorCode).toBe('0')
    await captchaEnabled(true)
    try {
      expect((await post(address, good())).body.errorCode).toBe('0')
    } finally {
      await captchaEnabled(false)
    }
  })

  it(`more than ${ORDER_RATE_MAX} order requests a minute from one address are refused with 429 -9998`, async () => {
    await captchaEnabled(false)
    const address = freshAddress()
    for (let i = 0; i < ORDER_RATE_MAX; i++) expect((await post(address, bad())).status).toBe(400)
    const sold = await soldByPrice(server.db)
    const orders = await orderCount(server.db)
    const limited = await post(address, good())
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ errorCode: ErrorCode.LIMIT, errorText: expect.stringMatching(/Слишком много заказов с вашего адреса/) })
    expect(await soldByPrice(server.db)).toEqual(sold)
    expect(await orderCount(server.db)).toBe(orders)
    expect((await post(freshAddress(), good())).body.errorCode).toBe('0')
  })
})
