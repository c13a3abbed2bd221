import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { schemeMapResponseSchema } from '../../src/contract/entities/scheme'
import { ApiClient } from '../support/client'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { type AdminClient, signedIn } from './admin-helpers'
import { visitor } from './order-fixtures'
import { loadScheme, seatChange } from './scheme-helpers'

/** A real drawing nobody made for us (the smallest of ../shared/venues/real). */
const DRAWING = path.resolve('../shared/venues/real/ub-palace-ulaanbaatar.svg')
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }

/** Rows of a sector in the plan, with their seats' indexes, numeric rows sorted. */
function rowsOf(plan: StudioPlan, sector: number): Map<string, number[]> {
  const out = new Map<string, number[]>()
  plan.seats.sector.forEach((s, i) => {
    if (s !== sector) return
    const row = plan.seats.row[i]
    out.set(row, [...(out.get(row) ?? []), i])
  })
  return out
}

describe.each(TEST_DBS)('venue map studio on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let venue: number
  let first: number
  let plan: StudioPlan

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Дворец', name_en: 'Palace' })).body.id
    const report = await manager.post<{ drawing_id: number; seats: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'ub-palace', svg: fs.readFileSync(DRAWING, 'utf8') })
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    first = report.body.drawing_id
    const p = await manager.get<StudioPlan>(`/api/admin/drawings/${first}`)
    expect(p.status).toBe(200)
    plan = p.body
    expect(plan.seats.key).toHaveLength(report.body.seats)
  })
  afterAll(async () => {
    await server?.close()
  })

  /** The biggest seated sector with at least three numeric rows. */
  const bigSector = () => {
    const counts = plan.sectors.filter((s) => s.kind === 0).map((s) => ({ s, rows: [...rowsOf(plan, s.index).keys()].filter((r) => /^\d+$/.test(r)).sort((a, b) => Number(a) - Number(b)) }))
    const best = counts.filter((c) => c.rows.length >= 3).sort((a, b) => b.s.seat_count - a.s.seat_count)[0]
    if (!best) throw new Error('the drawing has no sector with three numeric rows')
    return best
  }

  it('answers a drawing as the studio shows it: svg, sectors, seats in parallel arrays, version 1 of its venue', async () => {
    expect(plan.svg).toMatch(/^<svg|<\?xml/)
    expect(plan.drawing).toMatchObject({ id: first, venue_id: venue, version: 1, parent_id: null })
    expect(plan.sectors.length).toBeGreaterThan(0)
    for (const k of ['sector', 'row', 'number', 'zone'] as const) expect(plan.seats[k]).toHaveLength(plan.seats.key.length)
    expect(plan.versions).toEqual([expect.objectContaining({ id: first, version: 1, sessions: 0 })])
  })

  it('paints two zones by row range and by seats, blocks a row and renames, as a new version of a version on sale; the old one stays as it was; the storefront sells the new one as painted', async () => {
    const { s, rows } = bigSector()
    // A session on the import seals it (a version no session used would be saved in place:
    // studio-drafts.test.ts), so this save copies it into version 2.
    const refs = (await manager.get<{ kinds: Row[]; menus: Row[]; categories: Row[] }>('/api/admin/refs')).body
    const kind = refs.kinds[0].id
    const event = (await manager.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: venue, scheme: 1, name_ru: 'Концерт', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
    const onImport = await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(4), time: '19:00', drawing_id: first })
    expect(onImport.status, JSON.stringify(onImport.body)).toBe(200)
    const blockedRow = rows[rows.length - 1]
    const firstRows = rows.slice(0, 2)
    // Seats of other sectors, named one by one (as clicks or box selection send them).
    const picked = plan.seats.key.filter((_, i) => plan.seats.sector[i] !== s.index).slice(0, 5)
    const renumbered = rows[1]
    const edit = await manager.post<{ drawing_id: number; version: number; seats: number; changed: number }>(`/api/admin/drawings/${first}/edit`, {
      ops: [
        { op: 'add-zone', name: 'Партер A', color: '#E63946' },
        { op: 'add-zone', name: 'Балкон B', color: '#457b9d' },
        // Everything blocked first, then painted: what is not painted is not for sale.
        { op: 'paint', zone: null, seats: { keys: plan.seats.key } },
        { op: 'paint', zone: 'new:0', seats: { sector: s.index, from_row: firstRows[0], to_row: firstRows[1] } },
        { op: 'paint', zone: 'new:1', seats: { keys: picked } },
        { op: 'rename-sector', sector: s.index, name: 'Партер' },
        { op: 'renumber-row', sector: s.index, row: renumbered, start: 101 },
        { op: 'paint', zone: 'new:1', seats: { sector: s.index, from_row: blockedRow, to_row: blockedRow } },
        { op: 'paint', zone: null, seats: { sector: s.index, from_row: blockedRow, to_row: blockedRow } },
      ],
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect(edit.body.version).toBe(2)
    expect(edit.body.drawing_id).not.toBe(first)
    const v2 = (await manager.get<StudioPlan>(`/api/admin/drawings/${edit.body.drawing_id}`)).body
    expect(v2.drawing).toMatchObject({ version: 2, parent_id: first })
    const zoneA = v2.zones.find((z) => z.name === 'Партер A')!
    const zoneB = v2.zones.find((z) => z.name === 'Балкон B')!
    expect(zoneA.color).toBe('#e63946')
    const v2Rows = rowsOf(v2, s.index)
    const expectZone = (row: string, zone: number | null) => {
      for (const i of v2Rows.get(row)!) expect(v2.seats.zone[i], `row ${row}`).toBe(zone)
    }
    for (const r of firstRows) expectZone(r, zoneA.id)
    expectZone(blockedRow, null)
    for (const k of picked) expect(v2.seats.zone[v2.seats.key.indexOf(k)]).toBe(zoneB.id)
    expect(v2.sectors.find((x) => x.index === s.index)!.name).toBe('Партер')
    const numbers = v2Rows.get(renumbered)!.map((i) => Number(v2.seats.number[i])).sort((a, b) => a - b)
    expect(numbers).toEqual(numbers.map((_, i) => 101 + i))
    // Version 1 is untouched: its zones and labels are what the import made.
    const v1 = (await manager.get<StudioPlan>(`/api/admin/drawings/${first}`)).body
    expect(v1.seats.zone).toEqual(plan.seats.zone)
    expect(v1.seats.number).toEqual(plan.seats.number)
    expect(v1.versions.map((v) => v.version)).toEqual([1, 2])

    // The audit log names who made which version from which, with the edits (seat lists as counts).
    const audit = await manager.get<{ entries: { action: string; entity_id: string; before: { drawing_id: number }; after: { ops: { seats?: { keys?: number } }[]; edited?: boolean; seat_count?: number } }[] }>(`/api/admin/audit?entity=drawing`)
    const entry = audit.body.entries.find((e) => e.entity_id === String(edit.body.drawing_id) && e.action === 'edit-map')!
    expect(entry.before.drawing_id).toBe(first)
    expect(entry.after.ops[2].seats).toEqual({ keys: plan.seats.key.length })
    // The copy's own row: done, with the edits applied (copy-job.ts).
    const copied = audit.body.entries.find((e) => e.entity_id === String(edit.body.drawing_id) && e.action === 'edit-map-copied')!
    expect(copied.after).toMatchObject({ edited: true, seat_count: plan.seats.key.length })

    // An event on the new version, priced in both zones, published: the visitor's map sells
    // exactly the painted seats; the blocked row is not among them.
    const [session] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(5), time: '19:00', drawing_id: edit.body.drawing_id })).body.ids
    for (const [zone, price] of [[zoneA.id, 300000], [zoneB.id, 150000]]) {
      const r = await manager.post(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone, price })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
    }
    expect((await manager.post(`/api/admin/events/${event}/publish`, { published: 1 })).status).toBe(200)
    const hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${event}`)).body.event.hash_id
    const visitor = new ApiClient(server.url)
    await visitor.startSession()
    const map = schemeMapResponseSchema.parse((await visitor.post('/api/scheme/map', { hash, calendar_id: session })).body)
    const sold = new Set(map.seat_numbers.map((x) => x.seat_id))
    const painted = v2.seats.key.filter((_, i) => v2.seats.zone[i] !== null)
    expect(sold).toEqual(new Set(painted))
    for (const i of v2Rows.get(blockedRow)!) expect(sold.has(v2.seats.key[i])).toBe(false)
    expect(map.sectors.map((x) => x.sector_id)).toContain('Партер')

    // Editing again makes version 3; the session keeps the version it went on sale with.
    const v3 = await manager.post<{ drawing_id: number; version: number }>(`/api/admin/drawings/${edit.body.drawing_id}/edit`, { ops: [{ op: 'paint', zone: zoneA.id, seats: { sector: s.index } }] })
    expect(v3.status).toBe(200)
    expect(v3.body.version).toBe(3)
    const cal = await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', session).executeTakeFirstOrThrow()
    expect(cal.drawing_id).toBe(edit.body.drawing_id)
    const again = schemeMapResponseSchema.parse((await visitor.post('/api/scheme/map', { hash, calendar_id: session })).body)
    expect(new Set(again.seat_numbers.map((x) => x.seat_id))).toEqual(sold)
    const listed = (await manager.get<StudioPlan>(`/api/admin/drawings/${v3.body.drawing_id}`)).body.versions
    expect(listed.map((v) => [v.version, v.sessions])).toEqual([[1, 1], [2, 1], [3, 0]])
  })

  it('blocks seats for one session only: a version made for it and the session moved onto it (prices follow by zone); a session with a hold is refused the move', async () => {
    const { s, rows } = bigSector()
    const blocked = rows[0]
    const made = (await manager.post<{ drawing_id: number }>(`/api/admin/drawings/${first}/edit`, { ops: [{ op: 'add-zone', name: 'Весь зал', color: '#2a9d8f' }, { op: 'paint', zone: 'new:0', seats: { sector: s.index } }] })).body.drawing_id
    const whole = (await manager.get<StudioPlan>(`/api/admin/drawings/${made}`)).body
    const zone = whole.zones.find((z) => z.name === 'Весь зал')!
    const refs = (await manager.get<{ kinds: Row[]; menus: Row[]; categories: Row[] }>('/api/admin/refs')).body
    const kind = refs.kinds[0].id
    const event = (await manager.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: venue, scheme: 1, name_ru: 'Два сеанса', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
    const ids: number[] = []
    for (const day of [dayIn(6), dayIn(7)]) ids.push(...(await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day, time: '19:00', drawing_id: made })).body.ids)
    const [a, b] = ids
    for (const id of ids) expect((await manager.post(`/api/admin/sessions/${id}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone.id, price: 100000 })).status).toBe(200)
    expect((await manager.post(`/api/admin/events/${event}/publish`, { published: 1 })).status).toBe(200)
    const hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${event}`)).body.event.hash_id

    // A version for session B with one row blocked; B moves onto it, A stays.
    const forB = await manager.post<{ drawing_id: number }>(`/api/admin/drawings/${made}/edit`, { ops: [{ op: 'paint', zone: null, seats: { sector: s.index, from_row: blocked, to_row: blocked } }] })
    expect((await manager.post(`/api/admin/sessions/${b}/map`, { drawing_id: forB.body.drawing_id })).status).toBe(200)
    const cals = await server.db.selectFrom('calendars').select(['id', 'drawing_id']).where('event_id', '=', event).orderBy('id').execute()
    expect(cals.map((c) => c.drawing_id)).toEqual([made, forB.body.drawing_id])
    const bZone = await server.db.selectFrom('prices as p').innerJoin('zones as z', 'z.id', 'p.zone_id').select(['z.drawing_id', 'z.name_ru']).where('p.calendar_id', '=', b).executeTakeFirstOrThrow()
    expect(bZone).toEqual({ drawing_id: forB.body.drawing_id, name_ru: 'Весь зал' })
    const v = await visitor(server.url)
    const blockedKeys = whole.seats.key.filter((_, i) => whole.seats.sector[i] === s.index && whole.seats.row[i] === blocked)
    const mapOf = async (calendar: number) => new Set(schemeMapResponseSchema.parse((await v.post('/api/scheme/map', { hash, calendar_id: calendar })).body).seat_numbers.map((x) => x.seat_id))
    const onA = await mapOf(a)
    const onB = await mapOf(b)
    for (const k of blockedKeys) {
      expect(onA.has(k)).toBe(true)
      expect(onB.has(k)).toBe(false)
    }
    expect(onB.size).toBe(onA.size - blockedKeys.length)

    // A visitor holds a seat of A: A keeps its version, the move is refused and changes nothing.
    const fx = await loadScheme(v, 'unused', hash)
    expect(fx.calendarId).toBe(a)
    const free = fx.map.seat_numbers.find((x) => x.status === 'free')!.seat_id
    expect((await v.post('/api/cart/update', { calendar_id: a, changes: [seatChange(fx, free)] })).status).toBe(200)
    const refused = await manager.post(`/api/admin/sessions/${a}/map`, { drawing_id: forB.body.drawing_id })
    expect(refused.status).toBe(409)
    expect(refused.body.errorCode).toBe(AdminErrorCode.CONFLICT)
    expect((await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', a).executeTakeFirstOrThrow()).drawing_id).toBe(made)
    // Another venue's map is not this session's.
    const other = (await server.db.selectFrom('venue_drawings').select('id').where('venue_id', '!=', venue).executeTakeFirstOrThrow()).id
    expect((await manager.post(`/api/admin/sessions/${b}/map`, { drawing_id: other })).status).toBe(400)
    const door = await signedIn(server, 'door')
    expect((await door.post(`/api/admin/sessions/${b}/map`, { drawing_id: made })).status).toBe(403)
    const audit = await manager.get<{ entries: { action: string; before: { drawing_id: number }; after: { drawing_id: number } }[] }>(`/api/admin/audit?entity=session&entity_id=${b}`)
    expect(audit.body.entries.find((e) => e.action === 'move-map')).toMatchObject({ before: { drawing_id: made }, after: { drawing_id: forB.body.drawing_id } })
    // The studio lists the sessions on each version.
    expect((await manager.get<StudioPlan>(`/api/admin/drawings/${forB.body.drawing_id}`)).body.sessions.map((x) => x.id)).toEqual([b])
  })

  it('sets a standing area capacity and deletes stray seats in a new version (seat counts follow)', async () => {
    const stray = plan.seats.key.slice(0, 3)
    const r = await manager.post<{ drawing_id: number; seats: number; changed: number }>(`/api/admin/drawings/${first}/edit`, { ops: [{ op: 'delete-seats', seats: { keys: stray } }] })
    expect(r.status).toBe(200)
    expect(r.body.seats).toBe(plan.seats.key.length - 3)
    expect(r.body.changed).toBe(3)
    const p = (await manager.get<StudioPlan>(`/api/admin/drawings/${r.body.drawing_id}`)).body
    for (const k of stray) expect(p.seats.key).not.toContain(k)
    const sectorTotal = p.sectors.filter((x) => x.kind === 0).reduce((a, x) => a + x.seat_count, 0)
    expect(sectorTotal).toBe(p.seats.key.length)
    // The real drawing has no standing area; the demo arena's drawing has.
    const arena = await server.db.selectFrom('standing_places').select(['drawing_id', 'place_key', 'capacity']).orderBy('id').executeTakeFirstOrThrow()
    const c = await manager.post<{ drawing_id: number }>(`/api/admin/drawings/${arena.drawing_id}/edit`, { ops: [{ op: 'capacity', place_key: arena.place_key, capacity: arena.capacity + 321 }] })
    expect(c.status, JSON.stringify(c.body)).toBe(200)
    const areas = (await manager.get<StudioPlan>(`/api/admin/drawings/${c.body.drawing_id}`)).body.standing
    expect(areas.find((a) => a.place_key === arena.place_key)!.capacity).toBe(arena.capacity + 321)
    const old = (await manager.get<StudioPlan>(`/api/admin/drawings/${arena.drawing_id}`)).body.standing
    expect(old.find((a) => a.place_key === arena.place_key)!.capacity).toBe(arena.capacity)
    const noPlace = await manager.post(`/api/admin/drawings/${first}/edit`, { ops: [{ op: 'capacity', place_key: 'no-such-area', capacity: 5 }] })
    expect(noPlace.status).toBe(400)
    expect(noPlace.body.errorText).toBe('Unknown value in place_key: no-such-area')
  })

  it('refuses unknown seats, sectors, rows and zones and malformed edits, leaving no new version', async () => {
    const count = async () => (await server.db.selectFrom('venue_drawings').select('id').where('venue_id', '=', venue).execute()).length
    const before = await count()
    const cases: [unknown, number, string | RegExp][] = [
      [{ ops: [{ op: 'paint', zone: null, seats: { keys: [plan.seats.key[0], 'no-such-seat'] } }] }, 400, 'Unknown value in seats: no-such-seat'],
      [{ ops: [{ op: 'rename-sector', sector: 9999, name: 'X' }] }, 400, 'Unknown value in sector: 9999'],
      [{ ops: [{ op: 'rename-row', sector: 0, row: 'no-such-row', to: '1' }] }, 400, 'Unknown value in row: no-such-row'],
      [{ ops: [{ op: 'paint', zone: 'new:3', seats: { sector: 0 } }] }, 400, 'Unknown value in zone: new:3'],
      [{ ops: [{ op: 'paint', zone: 999999, seats: { sector: 0 } }] }, 400, 'Unknown value in zone: 999999'],
      [{ ops: [{ op: 'paint', zone: null }] }, 400, /./],
      [{ ops: [{ op: 'explode' }] }, 400, /./],
      [{ ops: [] }, 400, /./],
      ['not json at all', 400, /./],
    ]
    for (const [body, status, text] of cases) {
      const r = await manager.post(`/api/admin/drawings/${first}/edit`, body)
      expect(r.status, JSON.stringify(body)).toBe(status)
      expect(r.body.errorText).toMatch(text)
    }
    expect(await count()).toBe(before)
    const missing = await manager.get('/api/admin/drawings/999999')
    expect(missing.status).toBe(404)
  })

  it('refuses roles that may not edit maps (box office, door) and the signed-out; they change nothing; door and box office may look', async () => {
    const before = (await server.db.selectFrom('venue_drawings').select('id').execute()).length
    for (const role of ['boxoffice', 'door'] as const) {
      const c = await signedIn(server, role)
      expect((await c.get(`/api/admin/drawings/${first}`)).status).toBe(200)
      const r = await c.post(`/api/admin/drawings/${first}/edit`, { ops: [{ op: 'paint', zone: null, seats: { sector: 0 } }] })
      expect(r.status).toBe(403)
      expect(r.body.errorCode).toBe(AdminErrorCode.FORBIDDEN)
    }
    const res = await fetch(`${server.url}/api/admin/drawings/${first}`)
    expect(res.status).toBe(401)
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe(AdminErrorCode.SIGNED_OUT)
    expect((await server.db.selectFrom('venue_drawings').select('id').execute()).length).toBe(before)
  })
})
