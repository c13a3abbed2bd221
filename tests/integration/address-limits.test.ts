import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEAT_EVENTS_PATH } from '../../src/contract/entities/scheme'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

const SESSIONS = 3
const STREAMS = 2

/**
 * Issue 18.6 (sessions and streams per address) and 18.2 (TRUST_PROXY): the server (trusting
 * only the loopback proxy) takes the right-most X-Forwarded-For hop that is not a trusted proxy
 * as the client, so whatever a client writes at the left of the header changes nothing.
 */
describe.each(TEST_DBS)('per-address bounds behind a trusted proxy on %s', (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { TRUST_PROXY: 'loopback', SESSIONS_PER_ADDRESS_PER_MINUTE: String(SESSIONS), STREAMS_PER_ADDRESS: String(STREAMS) } })
  })
  afterAll(async () => {
    await server?.close()
  })

  const token = (xff: string, lang = 'ru') => fetch(`${server.url}/api/token?lang=${lang}`, { headers: { 'x-forwarded-for': xff } })
  const sessionRows = async () => Number((await server.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

  it('new sessions per address are bounded; a spoofed left-hand X-Forwarded-For does not reset the count', async () => {
    const before = await sessionRows()
    for (let i = 0; i < SESSIONS; i++) expect((await token(`198.51.100.${i}, 203.0.113.7`)).status).toBe(200)
    const refused = await token('198.51.100.99, 203.0.113.7', 'en')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({ errorCode: ErrorCode.LIMIT, errorText: 'Too many new sessions from your address, try again in a minute' })
    expect(await sessionRows()).toBe(before + SESSIONS)
    // Another client behind the same proxy is not affected.
    expect((await token('203.0.113.8')).status).toBe(200)
    // A visitor who already has a session keeps getting its token.
    const first = await token('203.0.113.9')
    const cookie = first.headers.getSetCookie()[0].split(';')[0]
    for (let i = 0; i < SESSIONS + 2; i++) {
      const again = await fetch(`${server.url}/api/token`, { headers: { 'x-forwarded-for': '203.0.113.9', cookie } })
      expect(again.status).toBe(200)
    }
  })

  it('an IPv6 client counts by its /64, an IPv4-mapped one as its IPv4 address', async () => {
    // Each session from another address of one /64: the network's allowance, then refused.
    for (let i = 1; i <= SESSIONS; i++) expect((await token(`2001:db8:aa:1::${i}`)).status).toBe(200)
    expect((await token('2001:db8:aa:1:ffff:ffff:ffff:ffff')).status).toBe(429)
    expect((await token('2001:db8:aa:2::1')).status).toBe(200)
    // A dual-stack address and its IPv4 form are one client.
    for (let i = 0; i < SESSIONS; i++) expect((await token(i % 2 ? '198.51.100.200' : '::ffff:198.51.100.200')).status).toBe(200)
    expect((await token('::ffff:c633:64c8')).status).toBe(429)
    expect((await token('198.51.100.200')).status).toBe(429)
  })

  it('a hop the proxy wrote with a port counts as its address: a new source port does not reset the count', async () => {
    // Proxies that write ip:port give every new connection another hop text.
    for (let i = 0; i < SESSIONS; i++) expect((await token(`198.51.100.8:${40000 + i}`)).status).toBe(200)
    expect((await token('198.51.100.8:40099')).status).toBe(429)
    expect((await token('198.51.100.8')).status).toBe(429)
    // IPv6 in brackets, with or without a port: the port dropped, then grouped by its /64.
    for (let i = 1; i <= SESSIONS; i++) expect((await token(`[2001:db8:cc:1::${i}]:443`)).status).toBe(200)
    expect((await token('[2001:db8:cc:1::ffff]')).status).toBe(429)
    expect((await token('2001:db8:cc:1::abcd')).status).toBe(429)
    // Text that only looks like an address with a port stays a key of its own.
    expect((await token('198.51.100.8:4000x')).status).toBe(200)
  })

  it('live seat streams open at once per address are bounded; closing one frees its place', async () => {
    const calendar = await server.db.selectFrom('calendars').select('id').where('drawing_id', 'is not', null).executeTakeFirstOrThrow()
    const open = (xff: string) => {
      const controller = new AbortController()
      const res = fetch(`${server.url}${SEAT_EVENTS_PATH}?calendar_id=${calendar.id}`, { headers: { 'x-forwarded-for': xff }, signal: controller.signal })
      return { res, close: () => controller.abort() }
    }
    const streams = []
    for (let i = 0; i < STREAMS; i++) {
      const s = open(`192.0.2.${i}, 203.0.113.20`)
      expect((await s.res).status).toBe(200)
      streams.push(s)
    }
    const refused = await open('192.0.2.50, 203.0.113.20').res
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe(ErrorCode.LIMIT)
    expect((await open('203.0.113.21').res).status).toBe(200)
    // Streams from one IPv6 /64 count as one address's.
    const v6 = Array.from({ length: STREAMS }, (_, i) => open(`2001:db8:bb:1::${i + 1}`))
    for (const s of v6) expect((await s.res).status).toBe(200)
    expect((await open('2001:db8:bb:1:ffff::1').res).status).toBe(429)
    for (const s of v6) s.close()
    streams[0].close()
    // The server hears the close shortly after.
    let status = 0
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      await new Promise((r) => setTimeout(r, 100))
      const s = open('203.0.113.20')
      status = (await s.res).status
      s.close()
    }
    expect(status).toBe(200)
    for (const s of streams) s.close()
  })
})
