import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { signCrmToken } from '../../src/server/crm/token'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { orderBody, seedOrderFixtures, soldByPrice, visitor, type Fixtures, type OrderAnswer, type PriceFx } from './order-fixtures'

/** A reserve time short enough to wait for in a test. */
const RESERVE_SECONDS = 1
/** How long a test waits for the background sweeper before giving up (it runs every second here). */
const SWEEP_WAIT_MS = 15_000
const POLL_MS = 100

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(TEST_DBS)('reservation expiry on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', ORDER_RESERVE_SECONDS: String(RESERVE_SECONDS) } })
    fx = await seedOrderFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  const statusOf = async (hash: string) => (await server.db.selectFrom('orders').select(['status', 'cancelled_at']).where('hash', '=', hash).executeTakeFirstOrThrow())
  const timeLeft = async (hash: string) => {
    const v = await visitor(server.url)
    const page = await v.post<{ calendar: { times: { quantity: number }[] }[] }>('/api/no-scheme', { hash })
    return page.body.calendar[0].times[0].quantity
  }
  const order = async (body: Record<string, unknown>) => (await visitor(server.url)).post<OrderAnswer>('/api/order/create', body)
  /** Waits until the order's reserve time has passed (the server compares with its clock). */
  const waitPastReserve = async (hash: string) => {
    const { reserve_until } = await server.db.selectFrom('orders').select('reserve_until').where('hash', '=', hash).executeTakeFirstOrThrow()
    await sleep(Math.max(0, reserve_until - Date.now()) + POLL_MS)
  }

  it('an expired unpaid order is cancelled and its tickets return to sale', async () => {
    const before = await timeLeft(fx.named.hash)
    const res = await order(orderBody(fx, fx.named, [{ price: fx.named.prices.adult, quantity: 4 }]))
    expect(res.body.errorCode).toBe('0')
    expect(await timeLeft(fx.named.hash)).toBe(before - 4)
    await waitPastReserve(res.body.hash!)
    expect(await timeLeft(fx.named.hash)).toBe(before)
    expect((await statusOf(res.body.hash!)).status).toBe(90)
  })

  it('the background sweeper cancels expired orders without any read', async () => {
    const res = await order(orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 2 }]))
    expect(res.body.errorCode).toBe('0')
    const deadline = Date.now() + SWEEP_WAIT_MS
    while ((await statusOf(res.body.hash!)).status !== 90 && Date.now() < deadline) await sleep(POLL_MS)
    const { status, cancelled_at } = await statusOf(res.body.hash!)
    expect(status).toBe(90)
    expect(cancelled_at).not.toBeNull()
    expect((await soldByPrice(server.db)).get(fx.basic.prices.adult.id) ?? 0).toBe(0)
  })

  it('a paid order keeps its tickets after the reserve time', async () => {
    const res = await order(orderBody(fx, fx.race, [{ price: fx.race.prices.adult, quantity: 1 }]))
    await server.db.updateTable('orders').set({ paid: 1, paid_at: Date.now() }).where('hash', '=', res.body.hash!).execute()
    await waitPastReserve(res.body.hash!)
    await timeLeft(fx.race.hash)
    expect((await statusOf(res.body.hash!)).status).toBe(20)
    expect((await soldByPrice(server.db)).get(fx.race.prices.adult.id)).toBe(1)
  })

  it('subscription tickets: the session client only, within quant, given back on expiry', async () => {
    const client = await server.db.insertInto('crm_clients').values({ first_name: 'Анна', email: 'anna@example.org', created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()
    const sub = await server.db.insertInto('crm_subscriptions').values({ crm_client_id: client.id, event_id: fx.basic.id, quant: 2 }).returning('id').executeTakeFirstOrThrow()
    const adult = fx.basic.prices.adult
    const row = await server.db
      .insertInto('prices')
      .values({ calendar_id: fx.basic.calendarId, client_category_id: adult.categoryId, zone_id: adult.zoneId, price: 10_000, quantity: 10, for_subscription: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const subPrice: PriceFx = { ...adult, id: row.id, price: 100, fee: 0, currency: 1 }
    const body = (quantity: number) => {
      const b = orderBody(fx, fx.basic, [{ price: subPrice, quantity }])
      return { ...b, data: (b.data as Record<string, unknown>[]).map((l) => ({ ...l, subscrit_id: sub.id })) }
    }

    // Anonymous: refused, whatever the body claims about the client.
    const anonymous = await order({ ...body(1), crmClient: { id: String(client.id) } })
    expect(anonymous.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, errorText: expect.stringMatching(/войдите в личный кабинет/) })

    const member = await visitor(server.url)
    const token = signCrmToken(server.config.crmSecret, { id: client.id, exp: Math.floor(Date.now() / 1000) + 600 })
    expect((await member.post('/api/crm/client-info', { token })).status).toBe(200)
    const tooMany = await member.post<OrderAnswer>('/api/order/create', body(3))
    expect(tooMany.body).toMatchObject({ errorCode: ErrorCode.LIMIT, errorText: expect.stringMatching(/По абонементу осталось билетов: 2/) })
    const ok = await member.post<OrderAnswer>('/api/order/create', body(2))
    expect(ok.body.errorCode).toBe('0')
    const quant = async () => (await server.db.selectFrom('crm_subscriptions').select('quant').where('id', '=', sub.id).executeTakeFirstOrThrow()).quant
    expect(await quant()).toBe(0)
    const lines = await server.db.selectFrom('order_lines').select(['crm_subscription_id', 'price_id']).where('price_id', '=', row.id).execute()
    expect(lines).toEqual([{ crm_subscription_id: sub.id, price_id: row.id }, { crm_subscription_id: sub.id, price_id: row.id }])

    await waitPastReserve(ok.body.hash!)
    await timeLeft(fx.basic.hash)
    expect(await quant()).toBe(2)
  })
})
