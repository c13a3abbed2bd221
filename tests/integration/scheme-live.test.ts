import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { loadScheme, schemeOrderBody, seatChange, SseReader, visitor, type SchemeFx } from './scheme-helpers'

/** Generous bound for a change to reach a stream in the same process (it normally takes milliseconds). */
const SAME_PROCESS_MS = 3000

const syncOf = (r: SseReader) => r.messages.filter((m) => m.event === 'sync').map((m) => JSON.parse(m.data) as { calendar_id: number; version: number; resync: boolean })

describe.each(TEST_DBS)('live seat status stream in one process on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let seats: string[]
  const readers: SseReader[] = []

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    seats = fx.map.seat_numbers.map((s) => s.seat_id)
  })
  afterAll(async () => {
    for (const r of readers) r.close()
    await server?.close()
  })

  async function open(lastEventId?: string): Promise<SseReader> {
    const r = await SseReader.open(server.url, fx.calendarId, { lastEventId })
    readers.push(r)
    await r.waitFor((x) => syncOf(x).length > 0, SAME_PROCESS_MS, 'sync event')
    return r
  }

  it('publishes holds, releases and orders of the session as they happen', async () => {
    const r = await open()
    expect(syncOf(r)[0]).toMatchObject({ calendar_id: fx.calendarId, resync: true })
    const v = await visitor(server.url)
    const [s1, s2, s3] = seats.slice(100, 103)
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1), seatChange(fx, s2)] })
    await r.waitFor((x) => x.latestStatus().get(s1) === 'held' && x.latestStatus().get(s2) === 'held', SAME_PROCESS_MS, `${s1} and ${s2} held`)
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s2, 0)] })
    await r.waitFor((x) => x.latestStatus().get(s2) === 'free', SAME_PROCESS_MS, `${s2} free`)
    const order = await v.post<{ errorCode: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [s1, s3]))
    expect(order.body.errorCode).toBe('0')
    await r.waitFor((x) => x.latestStatus().get(s1) === 'sold' && x.latestStatus().get(s3) === 'sold', SAME_PROCESS_MS, `${s1} and ${s3} sold`)
    // Every message is the contract's shape and only about this session.
    expect(r.statusEvents().every((e) => e.calendar_id === fx.calendarId)).toBe(true)
  })

  it('a reconnect with Last-Event-ID replays what was missed; an id older than the kept log asks for a resync', async () => {
    const first = await open()
    const v = await visitor(server.url)
    const [s1, s2] = seats.slice(110, 112)
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1)] })
    await first.waitFor((x) => x.latestStatus().get(s1) === 'held', SAME_PROCESS_MS, `${s1} held`)
    const lastId = [...first.messages].reverse().find((m) => m.id !== null)!.id!
    first.close()

    // While disconnected: s2 is held and s1 released.
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s2), seatChange(fx, s1, 0)] })
    const again = await open(lastId)
    expect(syncOf(again)[0].resync).toBe(false)
    const replayed = again.latestStatus()
    expect(replayed.get(s2)).toBe('held')
    expect(replayed.get(s1)).toBe('free')

    // The log no longer reaches back to id 1: a client that saw id 0 must reload the map.
    const kept = await server.db.selectFrom('seat_changes').select((eb) => eb.fn.min('id').as('m')).executeTakeFirstOrThrow()
    await server.db.deleteFrom('seat_changes').where('id', '<=', Number(kept.m)).execute()
    const stale = await open('0')
    expect(syncOf(stale)[0].resync).toBe(true)
  })

  it('refuses a stream for an unknown session', async () => {
    const res = await fetch(`${server.url}/api/scheme/events?calendar_id=987654`)
    expect(res.status).toBe(404)
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe('-1004')
    const bad = await fetch(`${server.url}/api/scheme/events?calendar_id=abc`)
    expect(bad.status).toBe(400)
  })

  it('ends open streams cleanly when the server shuts down', async () => {
    const r = await open()
    await server.close()
    await r.waitFor((x) => x.closed, SAME_PROCESS_MS, 'the stream to end')
    expect(r.closed).toBe(true)
  })
})
