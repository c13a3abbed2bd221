import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { schemeMapResponseSchema } from '../../src/contract/entities/scheme'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { type AdminClient, signedIn } from './admin-helpers'
import { visitor } from './scheme-helpers'

/**
 * Draft map versions (issue 17 item 3): a studio save on the venue's newest version that no
 * session was ever put on, the import itself included, changes it in place (no copy of the
 * venue: the first save after importing a 1,000,000-seat drawing costs what it changes); a save on
 * a version a session was put on makes a new version and the session keeps its map; a refused
 * edit in a draft's save changes nothing.
 */
const DRAWING = path.resolve('../shared/venues/real/ub-palace-ulaanbaatar.svg')
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
interface Saved { drawing_id: number; version: number; revision: number; in_place: boolean; seats: number; changed: number; copying: { copied: number; total: number } | null }

describe.each(TEST_DBS)('draft map versions on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let venue: number
  let first: number
  let plan: StudioPlan
  /** The biggest seated sector (index) and another seated one. */
  let big: number
  let other: number

  const planOf = async (id: number) => (await manager.get<StudioPlan>(`/api/admin/drawings/${id}`)).body
  const save = async (id: number, ops: unknown[]) => manager.post<Saved>(`/api/admin/drawings/${id}/edit`, { ops })
  const drawingRows = async () => (await server.db.selectFrom('venue_drawings').select('id').where('venue_id', '=', venue).execute()).length
  const auditRows = async () => (await manager.get<{ entries: { action: string; entity_id: string; after: { in_place?: boolean } }[] }>('/api/admin/audit?entity=drawing')).body.entries

  /** A published seat-map event with one session on `drawingId`, every zone of it priced. */
  async function onSale(drawingId: number, name: string): Promise<{ session: number; hash: string }> {
    const refs = (await manager.get<{ kinds: Row[]; menus: Row[]; categories: Row[] }>('/api/admin/refs')).body
    const kind = refs.kinds[0].id
    const event = (await manager.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: venue, scheme: 1, name_ru: name, main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
    const [session] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(8), time: '19:00', drawing_id: drawingId })).body.ids
    for (const z of (await planOf(drawingId)).zones) {
      expect((await manager.post(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: z.id, price: 100000 })).status).toBe(200)
    }
    expect((await manager.post(`/api/admin/events/${event}/publish`, { published: 1 })).status).toBe(200)
    return { session, hash: (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${event}`)).body.event.hash_id }
  }

  /** The storefront's map of a session: seat keys for sale, and the sector names. */
  async function shopMap(hash: string, session: number) {
    const v = await visitor(server.url)
    const map = schemeMapResponseSchema.parse((await v.post('/api/scheme/map', { hash, calendar_id: session })).body)
    return { keys: new Set(map.seat_numbers.map((x) => x.seat_id)), sectors: map.sectors.map((x) => x.sector_id) }
  }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Черновики', name_en: 'Drafts' })).body.id
    const report = await manager.post<{ drawing_id: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'ub-palace', svg: fs.readFileSync(DRAWING, 'utf8') })
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    first = report.body.drawing_id
    plan = await planOf(first)
    const seated = plan.sectors.filter((s) => s.kind === 0 && s.seat_count > 2).sort((a, b) => b.seat_count - a.seat_count)
    big = seated[0].index
    other = seated[1].index
  })
  afterAll(async () => {
    await server?.close()
  })

  it('saves on the import no session uses change it in place: no new drawing rows, revision 1, 2 then 3, one audit row each; its compiled form is made again from its rows; the shop then sells it as saved', async () => {
    // The import is a draft until a session takes it: the first save does not copy the venue.
    expect(plan.drawing).toMatchObject({ version: 1, revision: 0, draft: true, copying: null, parent_id: null })
    const rowsBefore = await drawingRows()
    // The import's compiled form (made at import) goes with the first save: it no longer matches the rows.
    expect(await server.db.selectFrom('compiled_venues').select('drawing_id').where('drawing_id', '=', first).executeTakeFirst()).toBeDefined()
    const made = await save(first, [{ op: 'add-zone', name: 'Весь зал', color: '#2a9d8f' }, { op: 'paint', zone: 'new:0', seats: { sector: big } }])
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(made.body).toMatchObject({ drawing_id: first, version: 1, revision: 1, in_place: true, copying: null })
    const draft = made.body.drawing_id
    expect(await drawingRows()).toBe(rowsBefore)
    expect((await planOf(draft)).drawing).toMatchObject({ id: first, version: 1, revision: 1, draft: true, parent_id: null })
    const rows = await drawingRows()
    const audits = (await auditRows()).length

    const zone = (await planOf(draft)).zones.find((z) => z.name === 'Весь зал')!
    const s1 = await save(draft, [{ op: 'paint', zone: zone.id, seats: { sector: other } }, { op: 'rename-sector', sector: big, name: 'Партер' }])
    expect(s1.status, JSON.stringify(s1.body)).toBe(200)
    expect(s1.body).toMatchObject({ drawing_id: draft, version: 1, revision: 2, in_place: true, seats: plan.seats.key.length })
    // A second save adds a zone (its key must not clash with the first save's) and deletes seats.
    const stray = plan.seats.key.filter((_, i) => plan.seats.sector[i] === other).slice(0, 2)
    const s2 = await save(draft, [{ op: 'add-zone', name: 'Ложа', color: '#e63946' }, { op: 'paint', zone: 'new:0', seats: { sector: big, from_row: plan.seats.row[plan.seats.sector.indexOf(big)], to_row: plan.seats.row[plan.seats.sector.indexOf(big)] } }, { op: 'delete-seats', seats: { keys: stray } }])
    expect(s2.status, JSON.stringify(s2.body)).toBe(200)
    expect(s2.body).toMatchObject({ drawing_id: draft, version: 1, revision: 3, in_place: true, seats: plan.seats.key.length - 2, changed: expect.any(Number) })
    expect(await drawingRows()).toBe(rows)

    const p = await planOf(draft)
    expect(p.drawing).toMatchObject({ id: draft, version: 1, revision: 3, draft: true })
    expect(p.versions.map((v) => v.version)).toEqual([1])
    expect(p.seats.key).toHaveLength(plan.seats.key.length - 2)
    for (const k of stray) expect(p.seats.key).not.toContain(k)
    expect(p.sectors.find((s) => s.index === big)!.name).toBe('Партер')
    expect(p.sectors.filter((s) => s.kind === 0).reduce((a, s) => a + s.seat_count, 0)).toBe(p.seats.key.length)
    const loge = p.zones.find((z) => z.name === 'Ложа')!
    expect(new Set(p.zones.map((z) => z.id)).size).toBe(p.zones.length)
    const zoneAt = (sector: number) => new Set(p.seats.zone.filter((_, i) => p.seats.sector[i] === sector))
    expect(zoneAt(other)).toEqual(new Set([zone.id]))
    expect(zoneAt(big)).toEqual(new Set([zone.id, loge.id]))

    const entries = await auditRows()
    expect(entries).toHaveLength(audits + 2)
    expect(entries.filter((e) => e.entity_id === String(draft) && e.after.in_place === true)).toHaveLength(3)

    // Nothing compiled stands for the draft's old seats: a save drops its compiled form and compiles
    // the saved one in the background (venues/warm.ts), stored under the new revision.
    await vi.waitFor(
      async () => {
        const row = await server.db.selectFrom('compiled_venues').select(['revision', 'seat_count']).where('drawing_id', '=', draft).executeTakeFirst()
        expect(row).toMatchObject({ revision: 3, seat_count: p.seats.key.length })
      },
      { timeout: 60_000, interval: 50 },
    )
    // A session put on the draft sells it as the two saves left it, and seals it.
    const { session, hash } = await onSale(draft, 'На черновике')
    const map = await shopMap(hash, session)
    expect(map.keys).toEqual(new Set(p.seats.key.filter((_, i) => p.seats.zone[i] !== null)))
    expect(map.sectors).toContain('Партер')
    const compiled = await (await visitor(server.url)).post('/api/scheme/map/compiled', { hash, calendar_id: session })
    expect(compiled.status).toBe(200)
    expect((compiled.body as { venue: { seat_count: number } }).venue.seat_count).toBe(p.seats.key.length)
    expect((await planOf(draft)).drawing).toMatchObject({ revision: 3, draft: false })
    // Sealed by the session: the next save copies it into version 2 and the session keeps version 1.
    const next = await save(draft, [{ op: 'rename-sector', sector: big, name: 'После продажи' }])
    expect(next.status, JSON.stringify(next.body)).toBe(200)
    expect(next.body).toMatchObject({ version: 2, revision: 0, in_place: false, copying: null })
    expect(await shopMap(hash, session)).toEqual(map)
  })

  it('a save on a version a session was put on makes a new version and the session keeps its map; moving a session onto a draft seals it too', async () => {
    const made = (await save(first, [{ op: 'add-zone', name: 'Зал', color: '#457b9d' }, { op: 'paint', zone: 'new:0', seats: { sector: big } }])).body
    const { session, hash } = await onSale(made.drawing_id, 'Продаётся')
    const before = await shopMap(hash, session)
    expect((await planOf(made.drawing_id)).drawing.draft).toBe(false)

    const next = await save(made.drawing_id, [{ op: 'paint', zone: null, seats: { sector: big } }, { op: 'rename-sector', sector: big, name: 'Новое имя' }])
    expect(next.status, JSON.stringify(next.body)).toBe(200)
    expect(next.body.in_place).toBe(false)
    expect(next.body.drawing_id).not.toBe(made.drawing_id)
    expect(next.body.version).toBeGreaterThan(made.version)
    expect((await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', session).executeTakeFirstOrThrow()).drawing_id).toBe(made.drawing_id)
    expect(await shopMap(hash, session)).toEqual(before)
    const mine = await planOf(made.drawing_id)
    expect(mine.drawing.revision).toBe(0)
    expect(mine.sectors.find((s) => s.index === big)!.name).not.toBe('Новое имя')

    // The new version is a draft; the session (no sales) moves onto it, which seals it: the
    // next save copies again and the session's map stays as it was moved.
    expect((await planOf(next.body.drawing_id)).drawing.draft).toBe(true)
    expect((await manager.post(`/api/admin/sessions/${session}/map`, { drawing_id: next.body.drawing_id })).status).toBe(200)
    expect((await planOf(next.body.drawing_id)).drawing.draft).toBe(false)
    const moved = await shopMap(hash, session)
    const again = await save(next.body.drawing_id, [{ op: 'rename-sector', sector: big, name: 'Ещё раз' }])
    expect(again.body.in_place).toBe(false)
    expect(await shopMap(hash, session)).toEqual(moved)
    expect(moved.sectors).toContain('Новое имя')
  })

  it('a refused edit in a draft save leaves the draft as it was: no zone added, no seat painted or deleted, no revision, no audit row', async () => {
    const draft = (await save(first, [{ op: 'add-zone', name: 'Черновик', color: '#111111' }])).body.drawing_id
    const before = await planOf(draft)
    expect(before.drawing.draft).toBe(true)
    const rows = await drawingRows()
    const audits = (await auditRows()).length
    const refused = await save(draft, [
      { op: 'add-zone', name: 'Лишняя', color: '#222222' },
      { op: 'paint', zone: 'new:0', seats: { sector: big } },
      { op: 'rename-sector', sector: big, name: 'Не сохранится' },
      { op: 'delete-seats', seats: { keys: before.seats.key.slice(0, 3) } },
      { op: 'paint', zone: null, seats: { keys: [before.seats.key[5], 'no-such-seat'] } },
    ])
    expect(refused.status).toBe(400)
    expect(refused.body.errorText).toBe('Unknown value in seats: no-such-seat')
    expect(await planOf(draft)).toEqual(before)
    expect(await drawingRows()).toBe(rows)
    expect((await auditRows()).length).toBe(audits)
    // A zone of another version is not this draft's.
    const foreign = (await planOf(first)).zones[0]
    if (foreign) expect((await save(draft, [{ op: 'paint', zone: foreign.id, seats: { sector: big } }])).status).toBe(400)
    expect(await planOf(draft)).toEqual(before)
  })
})
