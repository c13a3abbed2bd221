import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { orderBody, patientVisitor, seedOrderFixtures, soldByPrice, visitor, type Fixtures, type OrderAnswer } from './order-fixtures'

/** Buyers racing at once, each with its own session, token and address. */
const RACERS = 200
/** Tickets left in the session when the race starts (capacity 53 minus 3 sold before). */
const LAST_TICKETS = 50

describe.each(TEST_DBS)('no overselling under concurrency on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  it(`${RACERS} simultaneous orders for the last ${LAST_TICKETS} tickets: exactly ${LAST_TICKETS} are sold`, async () => {
    const adult = fx.race.prices.adult
    const early = await visitor(server.url)
    const first = await early.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.race, [{ price: adult, quantity: 3 }]))
    expect(first.body.errorCode).toBe('0')
    const page = await early.post<{ calendar: { times: { quantity: number }[] }[] }>('/api/no-scheme', { hash: fx.race.hash })
    expect(page.body.calendar[0].times[0].quantity).toBe(LAST_TICKETS)

    const racers = await Promise.all(Array.from({ length: RACERS }, () => patientVisitor(server.url)))
    const answers = await Promise.all(racers.map((r) => r.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.race, [{ price: adult, quantity: 1 }]))))

    const won = answers.filter((a) => a.status === 200 && a.body.errorCode === '0')
    const lost = answers.filter((a) => a.body.errorCode === ErrorCode.UNAVAILABLE)
    expect(won).toHaveLength(LAST_TICKETS)
    expect(lost).toHaveLength(RACERS - LAST_TICKETS)
    expect(lost.every((a) => a.status === 409 && /осталось 0 \(запрошено 1\)/.test(a.body.errorText))).toBe(true)
    expect(new Set(won.map((a) => a.body.hash)).size).toBe(LAST_TICKETS)
    expect((await soldByPrice(server.db)).get(adult.id)).toBe(53)
    const after = await early.post<{ calendar: { times: { quantity: number }[] }[] }>('/api/no-scheme', { hash: fx.race.hash })
    expect(after.body.calendar[0].times[0].quantity).toBe(0)
  })
})
