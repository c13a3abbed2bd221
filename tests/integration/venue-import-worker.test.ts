import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { generateVenue } from '../../src/engine/generate/index'
import { CompileCancelledError, poolActivity } from '../../src/server/venues/compile-pool'
import { compiledVenueOfDrawing } from '../../src/server/venues/compiled'
import { deleteCompiledVenue } from '../../src/server/venues/compiled.repository'
import { importVenueDrawing } from '../../src/server/venues/import'
import { recogniseDrawing } from '../../src/server/venues/import-job'
import { MAX_ATTRIBUTE_BYTES } from '../../src/server/venues/sanitize'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { warningText } from '../../src/engine/parse/warnings'

/**
 * The compile workers and the server's event loop (issues 16 and 18): an import's cleaning and
 * recognition run in a compile worker, so the server answers other requests meanwhile, with the
 * same import report; a closing server stops its background compiles before the database closes.
 * Every wait here is for a condition, never for a time.
 */

/** Seats of the large drawing: its recognition takes long enough for many trivial requests. */
const BIG_SEATS = 50_000
/** Bound on waiting for the compile worker to take a job (a wait for a condition). */
const TAKEN_WAIT_MS = 60_000

describe.each(TEST_DBS)('imports and compiles off the event loop on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let venue: number
  const svg = generateVenue({ kind: 'stadium', seats: BIG_SEATS, seed: 3 })

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Стадион', name_en: 'Stadium' })).body.id
  })
  afterAll(async () => {
    await server?.close()
  })

  it('a large drawing uploaded in the console is recognised in a worker: other requests are answered meanwhile, and its report is the parser\'s', async () => {
    let importAnswered = false
    const importing = manager.post<Record<string, unknown> & { drawing_id: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'big', svg }).finally(() => (importAnswered = true))
    // Trivial requests, one after another, until the import answers. A request sent and answered
    // while the pool says the import is being recognised proves the event loop was free then; a
    // recognition on the loop would let no request in between its start and its end.
    let answeredWhileRecognising = 0
    let answeredBeforeImport = 0
    while (!importAnswered) {
      const recognisingAtSend = poolActivity().recognising > 0
      const res = await fetch(`${server.url}/api/token`)
      await res.arrayBuffer()
      expect(res.status).toBe(200)
      if (recognisingAtSend && poolActivity().recognising > 0) answeredWhileRecognising++
      if (!importAnswered) answeredBeforeImport++
    }
    expect(answeredWhileRecognising).toBeGreaterThan(0)
    expect(answeredBeforeImport).toBeGreaterThan(0)

    const imported = await importing
    expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(200)
    // The report is the one the parser gives on this thread.
    const { report, venue: parsed } = recogniseDrawing(svg)
    expect(imported.body).toMatchObject({ seats: BIG_SEATS, standing_places: report.standing, sectors: parsed.sectors.count, warnings: parsed.warnings.map(warningText) })
    expect(imported.body.seat_types).toEqual({ wheelchair: report.access.wheelchair, companion: report.access.companion, transfer: report.access.transfer, restricted: report.access.restricted, signlang: report.access.signlang, companions_linked: report.access.companionsLinked })
    const stored = await server.db.selectFrom('seats').select((eb) => eb.fn.countAll<number>().as('n')).where('drawing_id', '=', imported.body.drawing_id).executeTakeFirstOrThrow()
    expect(Number(stored.n)).toBe(BIG_SEATS)
    // Its compiled form was made (encoded and compressed) in the worker too.
    expect((await compiledVenueOfDrawing(server.db, imported.body.drawing_id)).seatCount).toBe(BIG_SEATS)
  })

  it('a drawing refused in the worker (an attribute over its bound) answers the spec\'s error and stores nothing', async () => {
    const before = await server.db.selectFrom('venue_drawings').select('id').where('venue_id', '=', venue).execute()
    const huge = `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0${' L1 1'.repeat(Math.ceil(MAX_ATTRIBUTE_BYTES / 5) + 1)}"/></svg>`
    const refused = await manager.post(`/api/admin/venues/${venue}/drawings`, { name: 'huge', svg: huge })
    expect(refused.status).toBe(400)
    expect(refused.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    const junk = await manager.post(`/api/admin/venues/${venue}/drawings`, { name: 'junk', svg: '<svg><g>' + '<'.repeat(10) })
    expect(junk.status).toBe(400)
    expect(junk.body.errorText).toMatch(/^The drawing could not be read/)
    expect(await server.db.selectFrom('venue_drawings').select('id').where('venue_id', '=', venue).execute()).toEqual(before)
  })
})

describe.each(TEST_DBS)('a closing server and its background compiles on %s', (dbKind) => {
  it('close cancels the compile a worker runs and waits for it to stop before the database closes', async () => {
    const server = await startTestServer({ db: dbKind })
    let outcome: unknown = 'still running'
    try {
      const venueId = (await server.db.insertInto('venues').values({ name_ru: 'З', name_en: 'H', name_kz: 'З', name_ch: 'З' }).returning('id').executeTakeFirstOrThrow()).id
      const { drawingId } = await importVenueDrawing(server.db, { venueId, name: 'big', svg: generateVenue({ kind: 'stadium', seats: BIG_SEATS, seed: 4 }) })
      // Without its stored form, the next demand compiles the version from its rows, in a worker.
      await deleteCompiledVenue(server.db, drawingId)
      expect(poolActivity().busyLanes).toBe(0)
      compiledVenueOfDrawing(server.db, drawingId).then(
        () => (outcome = 'compiled'),
        (err: unknown) => (outcome = err),
      )
      await vi.waitFor(() => expect(poolActivity().busyLanes).toBeGreaterThan(0), { timeout: TAKEN_WAIT_MS, interval: 5 })
    } finally {
      await server.close()
    }
    // Settled before close answered (a worker left running would write to a closed database).
    expect(outcome).toBeInstanceOf(CompileCancelledError)
    expect(poolActivity().busyLanes).toBe(0)
  })
})
