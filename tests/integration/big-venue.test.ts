import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemeMapResponseSchema, schemeSessionsResponseSchema } from '../../src/contract/entities/scheme'
import { bigEventHash, seedBigVenue } from '../../src/server/seed/big-venue'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { visitor } from './order-fixtures'

/** Small for the test; the command takes up to 1,000,000 (the benchmark seeds 100k and 1M). */
const SEATS = 2000

/** Issue 16.4: generated big venues on sale in the storefront (`npm run venue -- seed-big N`). */
describe.each(TEST_DBS)('a generated venue put on sale by seed-big on %s', (dbKind) => {
  let server: TestServer
  const log = pino({ level: 'silent' })

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('adds one seat-map event whose map the storefront answers with every seat free, once', async () => {
    const first = await seedBigVenue(server.db, SEATS, log)
    expect(first).toMatchObject({ created: true, seats: SEATS, hash: bigEventHash(SEATS) })
    const again = await seedBigVenue(server.db, SEATS, log)
    expect(again).toMatchObject({ created: false, eventId: first.eventId, calendarId: first.calendarId })

    const v = await visitor(server.url)
    const sessions = schemeSessionsResponseSchema.parse((await v.post('/api/scheme/sessions', { hash: first.hash })).body)
    expect(sessions.calendar.map((c) => c.calendar_id)).toEqual([first.calendarId])
    const map = schemeMapResponseSchema.parse((await v.post('/api/scheme/map', { hash: first.hash, calendar_id: first.calendarId })).body)
    expect(map.seat_numbers).toHaveLength(SEATS)
    expect(new Set(map.seat_numbers.map((s) => s.seat_id)).size).toBe(SEATS)
    expect(map.seat_numbers.every((s) => s.status === 'free')).toBe(true)
    // Every seat is priced: each zone of the drawing has a price row of the session.
    const priced = new Set(sessions.prices.filter((p) => p.calendar_id === first.calendarId).map((p) => p.zonelevel_id))
    expect(map.seat_numbers.every((s) => priced.has(s.zonelevel_id))).toBe(true)
  })

  it('refuses sizes outside 1,000 to 1,000,000 seats, adding nothing', async () => {
    const before = await server.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    for (const n of [0, 999, 1_000_001, 1500.5]) await expect(seedBigVenue(server.db, n, log)).rejects.toThrow(/1000 to 1000000/)
    const after = await server.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })
})
