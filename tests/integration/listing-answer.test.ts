import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afishaResponseSchema, type AfishaResponse } from '../../src/contract/entities/afisha'
import { signCrmToken } from '../../src/server/crm/token'
import { SCHEME_SESSIONS_TTL_MS, sharedSchemeSessions } from '../../src/server/domain/scheme/views'
import { anonymousListing, LISTING_ANSWER_TTL_MS } from '../../src/server/routes/listing-answer'
import { ApiClient } from '../support/client'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { loadScheme, seatChange, visitor, type SchemeFx } from './scheme-helpers'

const HOUR_S = 3600

/** GET /api/afisha with `accept-encoding` (none: plain), the body decoded by hand as a browser would. */
function rawListing(url: string, accept?: string): Promise<{ encoding: string | undefined; vary: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/afisha`, { headers: accept ? { 'accept-encoding': accept } : {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding']
        const text = (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : encoding === 'deflate' ? zlib.inflateSync(body) : body).toString('utf8')
        resolve({ encoding, vary: res.headers.vary, text })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

const quantityIn = (afisha: AfishaResponse, eventId: number, day: string, time: string) =>
  afisha.calendar.find((c) => c.event_id === eventId && c.eventday === day && c.eventtime === time)!.quantity

/**
 * Issue 18, routes/listing-answer.ts: visitors without a signed-in CRM client share one listing
 * a process builds at most once in LISTING_ANSWER_TTL_MS, each encoding compressed once; a
 * signed-in visitor's is built for him. The scheme page's sessions (views.ts sharedSchemeSessions)
 * are shared the same way. The clock is passed in where the test needs the cache's
 * time to stand still (`anonymousListing(db, now)`, what the route calls with Date.now()).
 */
describe.each(TEST_DBS)('the shared listing on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let session: { eventId: number; day: string; time: string }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    const cal = await server.db.selectFrom('calendars').select(['event_id', 'day', 'time']).where('id', '=', fx.calendarId).executeTakeFirstOrThrow()
    session = { eventId: cal.event_id, day: cal.day, time: cal.time }
  })
  afterAll(async () => {
    await server?.close()
  })

  /**
   * A clock past every answer built so far (the fixture's reads, earlier tests): the first read at
   * it builds anew, so the time to live counts from it.
   */
  let clock = 0
  const freshClock = () => (clock = Math.max(Date.now(), clock) + 2 * Math.max(LISTING_ANSWER_TTL_MS, SCHEME_SESSIONS_TTL_MS))
  /** Seats this file's holds took (the fixture's map is read once). */
  const held = new Set<string>()
  const shared = async (now: number) => afishaResponseSchema.parse(JSON.parse((await anonymousListing(server.db, now)).json))
  const holdTwo = async () => {
    const seats = fx.map.seat_numbers.filter((s) => s.status === 'free' && !held.has(s.seat_id)).slice(0, 2).map((s) => s.seat_id)
    for (const s of seats) held.add(s)
    const res = await (await visitor(server.url)).post('/api/cart/update', { calendar_id: fx.calendarId, changes: seats.map((s) => seatChange(fx, s)) })
    expect(res.status).toBe(200)
  }

  it('is built once for everyone within its time to live: a hold shows once it has run out', async () => {
    const t = freshClock()
    const first = await anonymousListing(server.db, t)
    const before = quantityIn(await shared(t), session.eventId, session.day, session.time)
    await holdTwo()
    // Within the time to live: the very same answer, the hold not counted yet.
    expect(await anonymousListing(server.db, t + LISTING_ANSWER_TTL_MS - 1)).toBe(first)
    expect(quantityIn(await shared(t + LISTING_ANSWER_TTL_MS - 1), session.eventId, session.day, session.time)).toBe(before)
    // Past it: built again, with the hold.
    expect(quantityIn(await shared(t + LISTING_ANSWER_TTL_MS), session.eventId, session.day, session.time)).toBe(before - 2)
  })

  it("the scheme page's sessions are counted once for everyone within their time to live, as the listing", async () => {
    const t = freshClock()
    const quant = async (now: number) => (await sharedSchemeSessions(server.db, fx.hash, now)).calendar.find((c) => c.calendar_id === fx.calendarId)!.quant
    const first = await sharedSchemeSessions(server.db, fx.hash, t)
    const before = await quant(t)
    await holdTwo()
    expect(await sharedSchemeSessions(server.db, fx.hash, t + SCHEME_SESSIONS_TTL_MS - 1)).toBe(first)
    expect(await quant(t + SCHEME_SESSIONS_TTL_MS)).toBe(before - 2)
  })

  it("a write to the catalogue through this process is seen at once, within the answer's time to live", async () => {
    const t = freshClock()
    await anonymousListing(server.db, t)
    const name = `Renamed ${dbKind}`
    await server.db.updateTable('events').set({ name_en: name }).where('id', '=', session.eventId).execute()
    const after = await shared(t + 1)
    expect(after.action.find((e) => e.event_id === session.eventId)!.action_en).toBe(name)
  })

  it('is sent as JSON in the encoding asked for, each the same answer, with Vary: Accept-Encoding', async () => {
    const answers = await Promise.all([rawListing(server.url, 'br'), rawListing(server.url, 'gzip, deflate'), rawListing(server.url)])
    expect(answers.map((a) => a.encoding)).toEqual(['br', 'gzip', undefined])
    for (const a of answers) expect(a.vary).toMatch(/accept-encoding/i)
    // The same text unless the shared answer was rebuilt between the requests (its time ran out).
    const parsed = answers.map((a) => afishaResponseSchema.parse(JSON.parse(a.text)))
    for (const p of parsed) expect({ ...p, setup: { ...p.setup, date: '' } }).toEqual({ ...parsed[0], setup: { ...parsed[0].setup, date: '' } })
    expect(parsed[0].setup.crm_client).toEqual({ data: null, subscriptions: [] })
  })

  it("a signed-in visitor's listing is his own: his CRM client, counts as of now", async () => {
    const anna = (await server.db.selectFrom('crm_clients').select(['id', 'email']).where('email', 'like', 'anna%').executeTakeFirstOrThrow())
    const client = new ApiClient(server.url)
    await client.startSession()
    expect((await client.post('/api/crm/client-info', { token: signCrmToken(server.config.crmSecret, { id: anna.id, exp: Math.floor(Date.now() / 1000) + HOUR_S }) })).status).toBe(200)
    // The shared answer is made now; the hold that follows is not in it for up to a second.
    const before = quantityIn(await shared(Date.now()), session.eventId, session.day, session.time)
    await holdTwo()
    const own = afishaResponseSchema.parse((await client.getJson('/api/afisha')).body)
    expect(own.setup.crm_client.data?.email).toBe(anna.email)
    expect(quantityIn(own, session.eventId, session.day, session.time)).toBe(before - 2)
  })
})
