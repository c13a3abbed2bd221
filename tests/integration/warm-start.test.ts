import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sealedPlacesKept } from '../../src/server/domain/inventory/sealed-places'
import { placesPerZone } from '../../src/server/domain/inventory/stock.repository'
import { SEATING_CACHE_SIZE } from '../../src/server/domain/seating/constants'
import { seatingIndexKept } from '../../src/server/domain/seating/load'
import { upcomingSessionDrawings } from '../../src/server/domain/seating/seating.repository'
import { WARM_PATHS } from '../../src/server/warm-answers'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

/** Places per drawing (seats and standing capacity, as the listing counts them), largest first; ids break ties. */
async function drawingsBySize(server: TestServer, ids: number[]): Promise<number[]> {
  const n = new Map<number, number>()
  for (const r of await placesPerZone(server.db, ids, false)) n.set(r.drawing_id, (n.get(r.drawing_id) ?? 0) + Number(r.n))
  return [...ids].sort((a, b) => (n.get(b) ?? 0) - (n.get(a) ?? 0) || a - b)
}

/**
 * A process builds the seating of the sessions to come before it listens (seating/warm-start.ts,
 * WARM_START): the first hold on a 1,000,000-seat session used to wait 7.5-8.5 s for the seating
 * index, with the whole process (synchronous SQLite), and the first listing for each drawing's
 * places per zone.
 */
describe.each(TEST_DBS)('warm start on %s', (dbKind) => {
  let warm: TestServer
  let cold: TestServer
  let upcoming: number[]

  beforeAll(async () => {
    // One after the other, the warm one last: the caches' entries are voided by any write of this
    // process to the tables they copy (db/write-watch.ts counts them process-wide), and the cold
    // server's demo seed, still writing while the warm one had warmed up, voided its entries once.
    cold = await startTestServer({ db: dbKind, env: { WARM_START: '0' } })
    // A client page to serve (the test environment's CLIENT_DIR has none), so the scheme page's
    // HTML can carry its landing answers.
    warm = await startTestServer({ db: dbKind, env: { WARM_START: '1' }, prepare: (dataDir) => writeClientPage(path.join(dataDir, 'no-client')) })
    upcoming = await upcomingSessionDrawings(warm.db, Date.now(), 1000)
  })
  afterAll(async () => {
    await Promise.all([warm?.close(), cold?.close()])
  })

  it('finds the drawings of sessions to come, and only those', async () => {
    const now = Date.now()
    const all = await warm.db.selectFrom('calendars').select(['drawing_id', 'active', 'starts_at', 'sale_to']).execute()
    const toCome = all.filter((c) => c.drawing_id !== null && Number(c.active) === 1 && Number(c.starts_at) >= now && (c.sale_to === null || Number(c.sale_to) > now))
    expect(upcoming.length).toBeGreaterThan(1)
    expect(new Set(upcoming)).toEqual(new Set(toCome.map((c) => c.drawing_id)))
  })

  it('holds the places per zone of every such drawing and the seating index of the largest ones when it starts listening', async () => {
    for (const id of upcoming) expect(sealedPlacesKept(warm.db, id)).toBe(true)
    const bySize = await drawingsBySize(warm, upcoming)
    const indexed = bySize.slice(0, SEATING_CACHE_SIZE)
    for (const id of indexed) expect(seatingIndexKept(warm.db, id)).toBe(true)
    for (const id of bySize.slice(SEATING_CACHE_SIZE)) expect(seatingIndexKept(warm.db, id)).toBe(false)
  })

  it("asks the setup, the listing and the first scheme event's page before listening, and writes nothing", async () => {
    const listing = (await (await fetch(new URL('/api/afisha', warm.url))).json()) as { action: { hash_id: string; scheme: number }[] }
    const scheme = listing.action.find((e) => e.scheme === 1)
    expect(scheme).toBeDefined()
    expect(warm.warmed?.asked).toEqual([...WARM_PATHS.map((url) => ({ url, status: 200 })), { url: `/scheme/${scheme?.hash_id}`, status: 200 }])
    // Within LANDING_BUDGET_MS on this box's slowest runs: the landing answers were written into the page.
    expect(warm.warmed?.landing).toBe(true)
    // Reads only: no visitor session, cart, hold or waiting-room entry came of them.
    for (const table of ['sessions', 'carts', 'seat_holds', 'standing_holds', 'waiting_visitors'] as const) {
      const [{ n }] = await warm.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).execute()
      expect(Number(n), table).toBe(0)
    }
    expect(cold.warmed).toBeNull()
  })

  it('with WARM_START=0 builds nothing before the first visitor', () => {
    for (const id of upcoming) {
      expect(sealedPlacesKept(cold.db, id)).toBe(false)
      expect(seatingIndexKept(cold.db, id)).toBe(false)
    }
  })

  it.each([
    ['whose sale has ended', (now: number) => ({ sale_to: now - 1000 })],
    ['that has begun', (now: number) => ({ starts_at: now - 1000 })],
    ['switched off', () => ({ active: 0 })],
  ] as const)('leaves a drawing alone when its every session is one %s', async (_what, change) => {
    const now = Date.now()
    const [first] = upcoming
    const sessions = await warm.db.selectFrom('calendars').select(['id', 'sale_to', 'starts_at', 'active']).where('drawing_id', '=', first).execute()
    await warm.db.updateTable('calendars').set(change(now)).where('drawing_id', '=', first).execute()
    try {
      expect(await upcomingSessionDrawings(warm.db, now, 1000)).not.toContain(first)
    } finally {
      for (const { id, ...was } of sessions) await warm.db.updateTable('calendars').set(was).where('id', '=', id).execute()
    }
    expect(await upcomingSessionDrawings(warm.db, now, 1000)).toContain(first)
  })
})

/** A minimal built client: the HTML the scheme page's landing answers are written into. */
function writeClientPage(dir: string): void {
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Seatwise</title></head><body><div id="root"></div></body></html>')
}
