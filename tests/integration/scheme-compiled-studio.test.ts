import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { SEAT_STATUS_BYTE, schemeMapCompiledResponseSchema, type SchemeMapCompiledResponse } from '../../src/contract/entities/compiledVenue'
import { ErrorCode } from '../../src/contract/errors'
import { schemeMapResponseSchema } from '../../src/contract/entities/scheme'
import { decodeCompiledVenue } from '../../src/engine/compiled/decode'
import { generateVenue } from '../../src/engine/generate/index'
import { NO_ZONE, type VenueData } from '../../src/engine/model'
import { StringTable } from '../../src/engine/strings/StringTable'
import { compiledVenueOfDrawing, forgetCompiledVenue } from '../../src/server/venues/compiled'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { type AdminClient, signedIn } from './admin-helpers'
import { visitor, type Visitor } from './order-fixtures'
import { seatKeyId } from '../../src/engine/seatKeys'

/**
 * The compiled map of a version edited in the console's studio (issues 16 and 17): its painted
 * zones, renamed rows and sectors and deleted seats live in its rows, and the storefront's compiled
 * venue and status bytes follow those rows, not the drawing's svg.
 */
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
const HALL_SEATS = 300
type Row = Record<string, unknown> & { id: number }

interface Decoded {
  venue: VenueData
  strings: StringTable
  keys: string[]
  indexOf: Map<string, number>
}

function decoded(bytes: Uint8Array): Decoded {
  const venue = decodeCompiledVenue(bytes)
  const strings = new StringTable(venue.strings)
  const keys = Array.from({ length: venue.seats.count }, (_, i) => strings.get(seatKeyId(venue, i)))
  return { venue, strings, keys, indexOf: new Map(keys.map((k, i) => [k, i])) }
}

describe.each(TEST_DBS)('compiled map of a studio-edited version on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let v: Visitor
  let edited: number
  let plan: StudioPlan
  let zoneId: number
  let ownZone: number
  let sector1Seats: number
  let category: number
  let session: number
  let hash: string
  let painted: string
  let deleted: string
  let renamedRow: string[]
  let answer: SchemeMapCompiledResponse

  const compiled = async () => {
    const res = await v.post('/api/scheme/map/compiled', { hash, calendar_id: session })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return schemeMapCompiledResponseSchema.parse(res.body)
  }
  const download = async (url: string) => decoded(new Uint8Array(await (await fetch(server.url + url)).arrayBuffer()))
  const statuses = async (a: SchemeMapCompiledResponse) => new Uint8Array(await (await fetch(server.url + a.statuses_url)).arrayBuffer())
  const dbSeats = () => server.db.selectFrom('seats').select(['id', 'seat_key', 'zone_id', 'row_label', 'number_label']).where('drawing_id', '=', edited).orderBy('id').execute()

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    const venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Студия', name_en: 'Studio hall' })).body.id
    const imported = await manager.post<{ drawing_id: number; seats: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'hall', svg: generateVenue({ kind: 'hall', seats: HALL_SEATS, seed: 3 }) })
    expect(imported.status, JSON.stringify(imported.body)).toBe(200)
    const first = imported.body.drawing_id
    const original = (await manager.get<StudioPlan>(`/api/admin/drawings/${first}`)).body
    // Sector 0's first row is renamed, its first seat painted into a new zone; a seat of sector 1 is deleted.
    const row0 = original.seats.row[original.seats.sector.indexOf(0)]
    const inRow = original.seats.key.filter((_, i) => original.seats.sector[i] === 0 && original.seats.row[i] === row0)
    painted = inRow[0]
    deleted = original.seats.key[original.seats.sector.indexOf(1)]
    sector1Seats = original.sectors.find((x) => x.index === 1)!.seat_count
    const edit = await manager.post<{ drawing_id: number; seats: number }>(`/api/admin/drawings/${first}/edit`, {
      ops: [
        { op: 'add-zone', name: 'Студия', color: '#E63946' },
        { op: 'paint', zone: 'new:0', seats: { keys: [painted] } },
        { op: 'rename-row', sector: 0, row: row0, to: 'Z9' },
        { op: 'rename-sector', sector: 0, name: 'Партер студии' },
        { op: 'delete-seats', seats: { keys: [deleted] } },
      ],
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect(edit.body.seats).toBe(HALL_SEATS - 1)
    edited = edit.body.drawing_id
    plan = (await manager.get<StudioPlan>(`/api/admin/drawings/${edited}`)).body
    zoneId = plan.zones.find((z) => z.name === 'Студия')!.id
    renamedRow = inRow

    // A session on the edited version, priced in the new zone and in one of the drawing's own.
    ownZone = plan.seats.zone[plan.seats.key.indexOf(inRow[1])]!
    const refs = (await manager.get<{ kinds: Row[]; menus: Row[]; categories: Row[] }>('/api/admin/refs')).body
    const kind = refs.kinds[0].id
    category = refs.categories[0].id
    const event = (await manager.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: venue, scheme: 1, name_ru: 'Студийный концерт', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
    session = (await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(5), time: '19:00', drawing_id: edited })).body.ids[0]
    for (const zone of [zoneId, ownZone]) expect((await manager.post(`/api/admin/sessions/${session}/prices`, { client_category_id: category, zone_id: zone, price: 100000 })).status).toBe(200)
    expect((await manager.post(`/api/admin/events/${event}/publish`, { published: 1 })).status).toBe(200)
    hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${event}`)).body.event.hash_id
    v = await visitor(server.url)
    answer = await compiled()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('answers a compiled venue whose seats are the version\'s rows: by id, without the deleted seat, painted zones, renamed row and sector', async () => {
    const { venue, strings, keys, indexOf } = await download(answer.venue.url)
    const rows = await dbSeats()
    expect(venue.seats.count).toBe(HALL_SEATS - 1)
    expect(answer.venue.seat_count).toBe(HALL_SEATS - 1)
    expect(keys).toEqual(rows.map((r) => r.seat_key))
    expect(indexOf.has(deleted)).toBe(false)
    // Every seat's zone is its row's zone id, its labels the row's.
    rows.forEach((r, i) => {
      const z = venue.seats.zone[i]
      expect(z === NO_ZONE ? null : Number(venue.zones[z].id), r.seat_key).toBe(r.zone_id)
      expect(strings.get(venue.seats.row[i])).toBe(r.row_label)
      expect(strings.get(venue.seats.number[i])).toBe(r.number_label)
    })
    const p = indexOf.get(painted)!
    expect(venue.zones[venue.seats.zone[p]]).toMatchObject({ id: String(zoneId), name: 'Студия', color: 0xe63946 })
    for (const k of renamedRow) expect(strings.get(venue.seats.row[indexOf.get(k)!])).toBe('Z9')
    expect(strings.get(venue.sectors.name[venue.seats.sector[p]])).toBe('Партер студии')
    // The sector that lost a seat counts one fewer.
    expect(venue.sectors.seatCount[1]).toBe(sector1Seats - 1)
    expect(venue.sectors.seatCount[0]).toBe(plan.sectors.find((s) => s.index === 0)!.seat_count)
  })

  it('agrees with the JSON map seat by seat (zone, sector, row, number)', async () => {
    const { venue, strings, indexOf } = await download(answer.venue.url)
    const map = schemeMapResponseSchema.parse((await v.post('/api/scheme/map', { hash, calendar_id: session })).body)
    expect(map.seat_numbers.length).toBeGreaterThan(1)
    for (const s of map.seat_numbers) {
      const i = indexOf.get(s.seat_id)!
      expect(i, s.seat_id).toBeDefined()
      expect(venue.zones[venue.seats.zone[i]].id).toBe(String(s.zonelevel_id))
      expect(strings.get(venue.seats.row[i])).toBe(s.row)
      expect(strings.get(venue.seats.number[i])).toBe(s.seat)
      expect(strings.get(venue.sectors.name[venue.seats.sector[i]])).toBe(s.sector)
    }
  })

  it('status bytes align with the compiled seats: one per seat, a held seat shows held at its index, unpriced seats off', async () => {
    const { venue, indexOf } = await download(answer.venue.url)
    const before = await statuses(answer)
    expect(before.length).toBe(venue.seats.count)
    const p = indexOf.get(painted)!
    expect(before[p]).toBe(SEAT_STATUS_BYTE.free)
    const held = await v.post('/api/cart/update', { calendar_id: session, changes: [{ seat_id: painted, clientcategory_id: category, quantity: 1 }] })
    expect(held.status, JSON.stringify(held.body)).toBe(200)
    const after = await statuses(answer)
    expect(after.length).toBe(venue.seats.count)
    expect(after[p]).toBe(SEAT_STATUS_BYTE.held)
    const priced = new Set([String(zoneId), String(ownZone)])
    for (let i = 0; i < after.length; i++) {
      if (i === p) continue
      const z = venue.seats.zone[i]
      expect(after[i], String(i)).toBe(z !== NO_ZONE && priced.has(venue.zones[z].id) ? SEAT_STATUS_BYTE.free : SEAT_STATUS_BYTE.off)
    }
  })

  it('a standing area\'s capacity set in the studio is the compiled venue\'s', async () => {
    const arena = await server.db
      .selectFrom('standing_places as p')
      .innerJoin('sectors as s', 's.id', 'p.sector_id')
      .select(['p.drawing_id', 'p.place_key', 'p.capacity', 's.sector_index'])
      .orderBy('p.id')
      .executeTakeFirstOrThrow()
    const c = await manager.post<{ drawing_id: number }>(`/api/admin/drawings/${arena.drawing_id}/edit`, { ops: [{ op: 'capacity', place_key: arena.place_key, capacity: arena.capacity + 321 }] })
    expect(c.status, JSON.stringify(c.body)).toBe(200)
    const info = await compiledVenueOfDrawing(server.db, c.body.drawing_id)
    const { venue } = await download(`/api/venues/compiled/${info.hash}`)
    expect(venue.sectors.capacity![arena.sector_index]).toBe(arena.capacity + 321)
    const before = await compiledVenueOfDrawing(server.db, arena.drawing_id)
    expect(decodeCompiledVenue(new Uint8Array(await (await fetch(`${server.url}/api/venues/compiled/${before.hash}`)).arrayBuffer())).sectors.capacity![arena.sector_index]).toBe(arena.capacity)
  })

  it('a version edited in place is compiled again once forgotten; one whose rows name a seat its drawing lacks answers not found', async () => {
    const cached = await compiledVenueOfDrawing(server.db, edited)
    expect(cached.hash).toBe(answer.venue.content_hash)
    const [first] = await dbSeats()
    await server.db.updateTable('seats').set({ number_label: '777' }).where('id', '=', first.id).execute()
    await forgetCompiledVenue(server.db, edited)
    const again = await compiledVenueOfDrawing(server.db, edited)
    expect(again.hash).not.toBe(cached.hash)
    const { venue, strings } = await download(`/api/venues/compiled/${again.hash}`)
    expect(strings.get(venue.seats.number[0])).toBe('777')

    await server.db.updateTable('seats').set({ seat_key: 'no-such-seat' }).where('id', '=', first.id).execute()
    await forgetCompiledVenue(server.db, edited)
    const res = await v.post('/api/scheme/map/compiled', { hash, calendar_id: session })
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ errorCode: ErrorCode.NOT_FOUND })
    await server.db.updateTable('seats').set({ seat_key: first.seat_key, number_label: first.number_label }).where('id', '=', first.id).execute()
    await forgetCompiledVenue(server.db, edited)
    expect((await compiled()).venue.content_hash).toBe(answer.venue.content_hash)
    expect((await statuses(answer)).length).toBe(answer.venue.seat_count)

    // A seat deleted in place: the compiled venue and the status bytes (cached before) both follow.
    const rows = await dbSeats()
    await server.db.deleteFrom('seats').where('id', '=', rows[rows.length - 1].id).execute()
    await forgetCompiledVenue(server.db, edited)
    const fewer = await compiled()
    expect(fewer.venue.seat_count).toBe(rows.length - 1)
    expect((await statuses(fewer)).length).toBe(rows.length - 1)
    expect((await download(fewer.venue.url)).keys).toEqual(rows.slice(0, -1).map((r) => r.seat_key))
  })
})
