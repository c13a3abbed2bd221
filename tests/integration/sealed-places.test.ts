import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sealedPlacesPerZone } from '../../src/server/domain/inventory/sealed-places'
import { placesPerZone } from '../../src/server/domain/inventory/stock.repository'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { StatementCount } from '../support/statement-count'

const byKey = (rows: readonly { drawing_id: number; zone_id: number | null; n: number }[]) =>
  rows.map((r) => `${r.drawing_id}:${r.zone_id}:${Number(r.n)}`).sort()

/**
 * The places per zone of the drawings sessions sell are counted once per process
 * (sealed-places.ts): the listing and every scheme page's sessions call read them, and counting
 * scanned every seat of the drawing (~300 ms at 1,000,000 seats on SQLite, on the event loop).
 * Safe because a drawing a session is on is sealed and never edited in place.
 */
describe.each(TEST_DBS)('places per zone of sealed drawings on %s', (dbKind) => {
  let server: TestServer
  let drawings: number[]

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    drawings = [...new Set((await server.db.selectFrom('calendars').select('drawing_id').where('drawing_id', 'is not', null).execute()).map((r) => r.drawing_id!))]
  })
  afterAll(async () => {
    await server?.close()
  })

  it('every drawing a session sells is sealed (what makes keeping its counts safe)', async () => {
    expect(drawings.length).toBeGreaterThan(0)
    const states = await server.db.selectFrom('drawing_states').select(['drawing_id', 'sealed']).where('drawing_id', 'in', drawings).execute()
    expect(states.filter((s) => Number(s.sealed) === 1).map((s) => s.drawing_id).sort()).toEqual([...drawings].sort())
  })

  it('answers what a fresh count answers, with and without the places of no zone', async () => {
    for (const zonedOnly of [false, true]) {
      expect(byKey(await sealedPlacesPerZone(server.db, drawings, zonedOnly))).toEqual(byKey(await placesPerZone(server.db, drawings, zonedOnly)))
    }
    expect((await sealedPlacesPerZone(server.db, drawings, false)).length).toBeGreaterThan(0)
  })

  it('counts each drawing once, then answers from memory', async () => {
    const count = new StatementCount()
    const db = server.db.withPlugin(count)
    const first = await sealedPlacesPerZone(db, drawings, false)
    // Seats and standing places of each drawing.
    expect(count.n).toBe(drawings.length * 2)
    const again = await sealedPlacesPerZone(db, [...drawings].reverse(), true)
    expect(count.n).toBe(drawings.length * 2)
    expect(byKey(again)).toEqual(byKey(first.filter((r) => r.zone_id !== null)))
  })
})
