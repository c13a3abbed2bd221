import { threadId } from 'node:worker_threads'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { schemeMapCompiledResponseSchema } from '../../src/contract/entities/compiledVenue'
import { decodeCompiledVenue } from '../../src/engine/compiled/decode'
import { generateVenue } from '../../src/engine/generate/index'
import { StringTable } from '../../src/engine/strings/StringTable'
import { startServer, type RunningServer } from '../../src/server/server'
import { compiledVenueOfDrawing } from '../../src/server/venues/compiled'
import { deleteCompiledVenue, findCompiledByDrawing, findCompiledByHash, upsertCompiledVenue } from '../../src/server/venues/compiled.repository'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'
import { visitor } from './order-fixtures'

/**
 * The compiled venue of a studio version with more than one server process (issue 16): two app
 * instances on one database, each with its own in-memory caches, as `WORKERS=N` runs them. A draft
 * saved in place through one is served current by the other; saves, new sessions and published
 * events compile in the background, in the compile worker (not on the server's thread).
 */
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
const HALL_SEATS = 300
/** Bound on waiting for a background compile (a wait for a condition, not a time assertion). */
const WARM_WAIT_MS = 60_000
type Row = Record<string, unknown> & { id: number }

describe.each(TEST_DBS)('compiled venues across two server processes on %s', (dbKind) => {
  let a: TestServer
  let b: RunningServer
  let managerA: AdminClient
  let managerB: AdminClient
  let venue: number
  let imported: number
  let draft: number
  let plan: StudioPlan

  const stored = (drawingId: number) => findCompiledByDrawing(a.db, drawingId)
  const storedAt = (drawingId: number, revision: number) =>
    vi.waitFor(
      async () => {
        const row = await stored(drawingId)
        expect(row?.revision).toBe(revision)
        return row!
      },
      { timeout: WARM_WAIT_MS, interval: 50 },
    )
  const rowLabels = async (baseUrl: string, hash: string) => {
    const v = decodeCompiledVenue(new Uint8Array(await (await fetch(`${baseUrl}/api/venues/compiled/${hash}`)).arrayBuffer()))
    const strings = new StringTable(v.strings)
    return new Set(Array.from(v.seats.row, (r) => strings.get(r)))
  }
  const newSession = async (drawingId: number) => {
    const refs = (await managerA.get<{ kinds: Row[]; menus: Row[]; categories: Row[] }>('/api/admin/refs')).body
    const kind = refs.kinds[0].id
    const event = (await managerA.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: venue, scheme: 1, name_ru: 'Два процесса', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
    const created = await managerA.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(6), time: '19:00', drawing_id: drawingId })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    return { event, session: created.body.ids[0], category: refs.categories[0].id }
  }

  beforeAll(async () => {
    a = await startTestServer({ db: dbKind })
    // The second instance: the same configuration, so the same database (file or PostgreSQL).
    b = await startServer(a.config, pino({ level: 'silent' }))
    managerA = await signedIn(a, 'manager')
    managerB = Object.assign(new AdminClient(b.url), { cookie: managerA.cookie, csrf: managerA.csrf })
    venue = (await managerA.post<{ id: number }>('/api/admin/venues', { name_ru: 'Два зала', name_en: 'Two halls' })).body.id
    const imp = await managerA.post<{ drawing_id: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'hall', svg: generateVenue({ kind: 'hall', seats: HALL_SEATS, seed: 5 }) })
    expect(imp.status, JSON.stringify(imp.body)).toBe(200)
    imported = imp.body.drawing_id
    // A session seals the import, so the first save copies it: the copy is a draft (the newest
    // version, no session) whose revisions start at 0.
    await newSession(imported)
    const copy = await managerA.post<{ drawing_id: number; in_place: boolean }>(`/api/admin/drawings/${imported}/edit`, { ops: [{ op: 'rename-sector', sector: 0, name: 'Копия' }] })
    expect(copy.status, JSON.stringify(copy.body)).toBe(200)
    expect(copy.body.in_place).toBe(false)
    draft = copy.body.drawing_id
    plan = (await managerA.get<StudioPlan>(`/api/admin/drawings/${draft}`)).body
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('a studio save compiles the saved version in the background, in the compile worker', async () => {
    // No storefront request asked for it: the save's warm-up stored it.
    const row = await storedAt(draft, 0)
    const info = await compiledVenueOfDrawing(a.db, draft)
    expect(info.hash).toBe(row.content_hash)
    expect(info.seatCount).toBe(HALL_SEATS)
    // The warm-up's compile, as this process remembers it: made by a thread other than the server's.
    expect(info.threadId).toBeTypeOf('number')
    expect(info.threadId).not.toBe(threadId)
  })

  it('a draft saved in place in one process is served with its new content by the other', async () => {
    const row0 = plan.seats.row[0]
    const sector0 = plan.seats.sector[0]
    // Saved through B: B compiles revision 1 in the background; both processes then hold it.
    const first = await managerB.post<{ drawing_id: number; in_place: boolean; revision: number }>(`/api/admin/drawings/${draft}/edit`, { ops: [{ op: 'rename-row', sector: sector0, row: row0, to: 'R1' }] })
    expect(first.body).toMatchObject({ drawing_id: draft, in_place: true, revision: 1 })
    await storedAt(draft, 1)
    const atOne = await compiledVenueOfDrawing(b.db, draft)
    expect((await compiledVenueOfDrawing(a.db, draft)).hash).toBe(atOne.hash)
    expect(await rowLabels(b.url, atOne.hash)).toContain('R1')

    // Saved again through A. B's memory still holds revision 1's compiled form.
    const second = await managerA.post<{ revision: number }>(`/api/admin/drawings/${draft}/edit`, { ops: [{ op: 'rename-row', sector: sector0, row: 'R1', to: 'R2' }] })
    expect(second.body).toMatchObject({ revision: 2 })

    // A visitor of a session on the draft, served by B, gets revision 2's compiled venue.
    const { event, session, category } = await newSession(draft)
    for (const zone of new Set(plan.seats.zone.filter((z): z is number => z !== null))) {
      expect((await managerA.post(`/api/admin/sessions/${session}/prices`, { client_category_id: category, zone_id: zone, price: 100000 })).status).toBe(200)
    }
    expect((await managerA.post(`/api/admin/events/${event}/publish`, { published: 1 })).status).toBe(200)
    const hash = (await managerA.get<{ event: { hash_id: string } }>(`/api/admin/events/${event}`)).body.event.hash_id
    const v = await visitor(b.url)
    const res = await v.post('/api/scheme/map/compiled', { hash, calendar_id: session })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const answer = schemeMapCompiledResponseSchema.parse(res.body)
    expect(answer.venue.content_hash).not.toBe(atOne.hash)
    const labels = await rowLabels(b.url, answer.venue.content_hash)
    expect(labels).toContain('R2')
    expect(labels).not.toContain('R1')
    expect(answer.venue.content_hash).toBe((await compiledVenueOfDrawing(a.db, draft)).hash)
    expect((await stored(draft))?.revision).toBe(2)
    const statuses = new Uint8Array(await (await fetch(b.url + answer.statuses_url)).arrayBuffer())
    expect(statuses.length).toBe(answer.venue.seat_count)
  })

  it('a compile stored late (begun before a save in place) never replaces the newer revision\'s', async () => {
    const current = (await stored(draft))!
    const { drawing_id: _d, ...bytes } = (await findCompiledByHash(a.db, current.content_hash))!
    // The drawing's row answers its forms' sizes, counted by the database, not the bytes.
    expect(current).not.toHaveProperty('raw')
    expect(current).toMatchObject({ raw_bytes: bytes.raw.length, gzip_bytes: bytes.gzip.length, brotli_bytes: bytes.brotli.length })
    expect(bytes.brotli.length).toBeGreaterThan(0)
    await upsertCompiledVenue(a.db, { drawing_id: draft, ...bytes, revision: current.revision - 1, content_hash: 'stale', created_at: Date.now() })
    expect(await stored(draft)).toMatchObject({ revision: current.revision, content_hash: current.content_hash })
  })

  it('a session put on a version without a compiled form starts its compile', async () => {
    // A fresh import (the first one was warmed by beforeAll's session, so this process remembers it).
    const imp = await managerA.post<{ drawing_id: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'hall 2', svg: generateVenue({ kind: 'hall', seats: HALL_SEATS, seed: 6 }) })
    expect(imp.status, JSON.stringify(imp.body)).toBe(200)
    const other = imp.body.drawing_id
    await deleteCompiledVenue(a.db, other)
    expect(await stored(other)).toBeUndefined()
    await newSession(other)
    const row = await storedAt(other, 0)
    expect(row.seat_count).toBe(HALL_SEATS)
  })
})
