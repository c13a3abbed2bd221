import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemeMapResponseSchema, seatSyncEventSchema } from '../../src/contract/entities/scheme'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { loadScheme, seatChange, SseReader, visitor, type SchemeFx } from './scheme-helpers'

/** Generous bound for a change to reach a stream in the same process (it normally takes milliseconds). */
const SAME_PROCESS_MS = 5000

const syncOf = (r: SseReader) => r.messages.filter((m) => m.event === 'sync').map((m) => seatSyncEventSchema.parse(JSON.parse(m.data)))

/** The seat changes a stream sent before its `sync` message: the replay of what the client missed. */
function replayOf(r: SseReader): { seat_id: string; status: string }[] {
  const sync = r.messages.findIndex((m) => m.event === 'sync')
  return r.messages
    .slice(0, sync)
    .filter((m) => m.event === 'message')
    .flatMap((m) => (JSON.parse(m.data) as { changes: { seat_id: string; status: string }[] }).changes)
}

const sorted = (list: { seat_id: string; status: string }[]) => [...list].sort((a, b) => a.seat_id.localeCompare(b.seat_id))

/**
 * Issue 16.3: the live stream resumes from a position in the change log, so nothing is missed
 * between loading the map and opening the stream, or during a reconnect, and a reconnect needs
 * no reload of the map.
 */
describe.each(TEST_DBS)('live seat stream resumes without gaps on %s', (dbKind) => {
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

  async function open(opts: { lastEventId?: string; since?: number | string }): Promise<SseReader> {
    const r = await SseReader.open(server.url, fx.calendarId, opts)
    readers.push(r)
    await r.waitFor((x) => syncOf(x).length > 0, SAME_PROCESS_MS, 'sync event')
    return r
  }

  /** The map now; our server always sends its version (the contract keeps it optional for spec-only peers). */
  const mapNow = async () => {
    const map = schemeMapResponseSchema.parse((await (await visitor(server.url)).post('/api/scheme/map', { hash: fx.hash, calendar_id: fx.calendarId })).body)
    if (map.version === undefined) throw new Error('the map answer carries no version')
    return { ...map, version: map.version }
  }

  it('a change made between loading the map and opening the stream is delivered (no resync)', async () => {
    const before = await mapNow()
    const [s1, s2] = seats.slice(200, 202)
    expect(before.seat_numbers.find((s) => s.seat_id === s1)?.status).toBe('free')
    const v = await visitor(server.url)
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1), seatChange(fx, s2)] })

    const r = await open({ since: before.version })
    expect(syncOf(r)[0]).toMatchObject({ calendar_id: fx.calendarId, resync: false })
    expect(r.latestStatus().get(s1)).toBe('held')
    expect(r.latestStatus().get(s2)).toBe('held')
    // The sync's resume point is where the stream stands: at or past the change just replayed.
    expect(syncOf(r)[0].version).toBeGreaterThan(before.version)
    expect(r.lastEventId).toBe(String(syncOf(r)[0].version))

    // A map read after the change carries a newer version; a stream from it has nothing to replay.
    const after = await mapNow()
    expect(after.version).toBeGreaterThan(before.version)
    expect(after.seat_numbers.find((s) => s.seat_id === s1)?.status).toBe('held')
    const fresh = await open({ since: after.version })
    expect(syncOf(fresh)[0].resync).toBe(false)
    // From a map's version the server also repeats a few changes before it (a change committed
    // late with a lower id is not lost); repeats are absolute statuses, so the result is the same.
    expect(fresh.latestStatus().get(s1) ?? 'held').toBe('held')
  })

  it('a reconnect with Last-Event-ID gets exactly the changes it missed, then live ones', async () => {
    const [s1, s2, s3] = seats.slice(210, 213)
    const first = await open({ since: (await mapNow()).version })
    const v = await visitor(server.url)
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s1)] })
    await first.waitFor((x) => x.latestStatus().get(s1) === 'held', SAME_PROCESS_MS, `${s1} held`)
    const lastId = first.lastEventId!
    first.close()

    // While away: s2 held and s1 released.
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s2), seatChange(fx, s1, 0)] })
    const again = await open({ lastEventId: lastId, since: 0 })
    expect(syncOf(again)[0].resync).toBe(false)
    // Exactly what was missed: not s1's hold it had already seen (the header wins over ?last_event_id=0).
    expect(sorted(replayOf(again))).toEqual(sorted([{ seat_id: s1, status: 'free' }, { seat_id: s2, status: 'held' }]))

    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, s3)] })
    await again.waitFor((x) => x.latestStatus().get(s3) === 'held', SAME_PROCESS_MS, `${s3} held live after the replay`)
    expect(again.statusEvents().flatMap((e) => e.changes).filter((c) => c.seat_id === s1)).toEqual([{ seat_id: s1, status: 'free' }])
  })

  it('a garbage or huge resume point gets a clean answer: a resync, or the contract\'s error for the query', async () => {
    for (const header of ['abc', '9'.repeat(40), '-5', '1e9']) {
      const r = await open({ lastEventId: header })
      expect(syncOf(r)[0].resync, header).toBe(true)
    }
    // Digits we never sent (beyond the newest change) ask for a reload too.
    const beyond = await open({ lastEventId: '999999999999999' })
    expect(syncOf(beyond)[0].resync).toBe(true)
    const beyondQuery = await open({ since: 999_999_999_999 })
    expect(syncOf(beyondQuery)[0].resync).toBe(true)
    for (const bad of ['abc', '99999999999999999999999', '-1', '1.5']) {
      const res = await fetch(`${server.url}/api/scheme/events?calendar_id=${fx.calendarId}&last_event_id=${bad}`)
      expect(res.status, bad).toBe(400)
      const body = (await res.json()) as { errorCode: string; errorText: string }
      expect(body.errorCode).not.toBe('0')
      expect(body.errorText.length).toBeGreaterThan(0)
    }
  })

  it('says resync when the log no longer holds the changes after the resume point', async () => {
    const version = (await mapNow()).version
    const v = await visitor(server.url)
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seats[220]), seatChange(fx, seats[221])] })
    // Pruned: the change after `version` is gone from the log.
    await server.db.deleteFrom('seat_changes').where('id', '<=', version + 1).execute()
    const r = await open({ lastEventId: String(version) })
    expect(syncOf(r)[0].resync).toBe(true)
    expect(replayOf(r)).toEqual([])
  })
})
