import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import type { StudioPlan } from '../../src/contract/admin/studio'
import type { SessionSales } from '../../src/contract/admin/sales'
import { schemeMapResponseSchema } from '../../src/contract/entities/scheme'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { type AdminClient, signedIn } from './admin-helpers'
import { loadScheme, seatChange, SseReader, visitor } from './scheme-helpers'

/** A real drawing nobody made for us (the smallest of ../shared/venues/real). */
const DRAWING = path.resolve('../shared/venues/real/ub-palace-ulaanbaatar.svg')
const DAY_MS = 86_400_000
/** Generous bound for a change to reach a stream of the same process (it normally takes milliseconds). */
const STREAM_MS = 5000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }

/** Keys of a sector's seats per row, rows in the plan's order. */
function rowsOf(plan: StudioPlan, sector: number): Map<string, string[]> {
  const out = new Map<string, string[]>()
  plan.seats.sector.forEach((s, i) => {
    if (s === sector) out.set(plan.seats.row[i], [...(out.get(plan.seats.row[i]) ?? []), plan.seats.key[i]])
  })
  return out
}

describe.each(TEST_DBS)('blocking seats per venue and per session, merging and splitting rows, on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let venue: number
  let painted: StudioPlan
  let sector: number
  let rows: string[]
  let refs: { kinds: Row[]; menus: Row[]; categories: Row[] }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Дворец', name_en: 'Palace' })).body.id
    const report = await manager.post<{ drawing_id: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'ub-palace', svg: fs.readFileSync(DRAWING, 'utf8') })
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    const plan = (await manager.get<StudioPlan>(`/api/admin/drawings/${report.body.drawing_id}`)).body
    // The biggest seated sector with at least four rows of two seats or more.
    const candidates = plan.sectors.filter((s) => s.kind === 0).map((s) => ({ s, rows: [...rowsOf(plan, s.index)].filter(([, k]) => k.length >= 2).map(([r]) => r) }))
    const best = candidates.filter((c) => c.rows.length >= 4).sort((a, b) => b.s.seat_count - a.s.seat_count)[0]
    sector = best.s.index
    rows = best.rows
    const edit = await manager.post<{ drawing_id: number }>(`/api/admin/drawings/${plan.drawing.id}/edit`, { ops: [{ op: 'add-zone', name: 'Зал', color: '#2a9d8f' }, { op: 'paint', zone: 'new:0', seats: { sector } }] })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    painted = (await manager.get<StudioPlan>(`/api/admin/drawings/${edit.body.drawing_id}`)).body
    refs = (await manager.get<{ kinds: Row[]; menus: Row[]; categories: Row[] }>('/api/admin/refs')).body
    // A session goes on sale on the painted version, so the tests' saves on it make new versions
    // and it stays as painted (a version no session was put on is a draft, saved in place:
    // studio-drafts.test.ts).
    await onSale(painted.drawing.id, 'Версия в продаже')
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A published event with one session on `drawingId`, its zone priced. */
  async function onSale(drawingId: number, name: string): Promise<{ session: number; hash: string; event: number }> {
    const kind = refs.kinds[0].id
    const event = (await manager.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: venue, scheme: 1, name_ru: name, main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
    const [session] = (await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(9), time: '19:00', drawing_id: drawingId })).body.ids
    const zone = (await manager.get<StudioPlan>(`/api/admin/drawings/${drawingId}`)).body.zones.find((z) => z.name === 'Зал')!
    expect((await manager.post(`/api/admin/sessions/${session}/prices`, { client_category_id: refs.categories[0].id, zone_id: zone.id, price: 100000 })).status).toBe(200)
    expect((await manager.post(`/api/admin/events/${event}/publish`, { published: 1 })).status).toBe(200)
    const hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${event}`)).body.event.hash_id
    return { session, hash, event }
  }

  const statusOn = async (hash: string, session: number): Promise<Map<string, string>> => {
    const v = await visitor(server.url)
    const map = schemeMapResponseSchema.parse((await v.post('/api/scheme/map', { hash, calendar_id: session })).body)
    return new Map(map.seat_numbers.map((s) => [s.seat_id, s.status]))
  }

  it('blocks a row for the venue in a new version: every session put on it has the row taken, from the start; the old version is untouched', async () => {
    const row = rows[0]
    const keys = rowsOf(painted, sector).get(row)!
    const edit = await manager.post<{ drawing_id: number; changed: number }>(`/api/admin/drawings/${painted.drawing.id}/edit`, { ops: [{ op: 'block', blocked: true, seats: { sector, from_row: row, to_row: row } }] })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect(edit.body.changed).toBe(keys.length)
    const v = (await manager.get<StudioPlan>(`/api/admin/drawings/${edit.body.drawing_id}`)).body
    expect(keys.map((k) => v.seats.blocked[v.seats.key.indexOf(k)])).toEqual(keys.map(() => 1))
    expect(painted.seats.blocked.every((b) => b === 0)).toBe(true)
    const { session, hash } = await onSale(edit.body.drawing_id, 'Камеры в зале')
    const status = await statusOn(hash, session)
    for (const k of keys) expect(status.get(k), k).toBe('sold')
    expect([...status.values()].filter((s) => s === 'free')).toHaveLength(status.size - keys.length)
    expect((await manager.get<{ keys: string[] }>(`/api/admin/sessions/${session}/blocks`)).body.keys.sort()).toEqual([...keys].sort())
    // Sales counts them as blocked, not sold.
    const sales = (await manager.get<SessionSales>(`/api/admin/sales/sessions/${session}`)).body
    expect(sales.totals).toMatchObject({ sold: 0, held: 0, blocked: expect.any(Number) })
    expect(sales.totals.blocked).toBeGreaterThanOrEqual(keys.length)
    expect(sales.totals.free).toBe(status.size - keys.length)
    // Unblocking the row in a later version takes it back.
    const back = await manager.post<{ drawing_id: number }>(`/api/admin/drawings/${edit.body.drawing_id}/edit`, { ops: [{ op: 'block', blocked: false, seats: { keys } }] })
    const later = (await manager.get<StudioPlan>(`/api/admin/drawings/${back.body.drawing_id}`)).body
    expect(later.seats.blocked.every((b) => b === 0)).toBe(true)
  })

  it('blocks free seats of a session that sells: taken at once in the shop and on the live stream; a held seat refuses the whole request; unblocking frees them', async () => {
    const { session, hash } = await onSale(painted.drawing.id, 'Продаётся')
    const v = await visitor(server.url)
    const fx = await loadScheme(v, 'unused', hash)
    expect(fx.calendarId).toBe(session)
    const [row1, row2] = [rowsOf(painted, sector).get(rows[1])!, rowsOf(painted, sector).get(rows[2])!]
    const held = row1[0]
    expect((await v.post('/api/cart/update', { calendar_id: session, changes: [seatChange(fx, held)] })).status).toBe(200)
    const stream = await SseReader.open(server.url, session, { since: fx.map.version })
    try {
      // A held seat in the selection: refused whole, nothing blocked, the refusal names the seat.
      const refused = await manager.post(`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys: [row2[0], held] } })
      expect(refused.status).toBe(409)
      expect(refused.body.errorCode).toBe(AdminErrorCode.CONFLICT)
      expect(refused.body.errorText).toContain(held)
      expect((await statusOn(hash, session)).get(row2[0])).toBe('free')
      // The whole second row, by range: blocked live.
      const ok = await manager.post<{ changed: number }>(`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { sector, from_row: rows[2], to_row: rows[2] } })
      expect(ok.status, JSON.stringify(ok.body)).toBe(200)
      expect(ok.body.changed).toBe(row2.length)
      await stream.waitFor((r) => row2.every((k) => r.latestStatus().get(k) === 'sold'), STREAM_MS, 'blocked row on the stream')
      const after = await statusOn(hash, session)
      for (const k of row2) expect(after.get(k)).toBe('sold')
      // Again: nothing new, not an error.
      expect((await manager.post<{ changed: number }>(`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys: row2 } })).body.changed).toBe(0)
      // A buyer cannot take a blocked seat (the one stock rule refuses it).
      const buyer = await visitor(server.url)
      const bfx = await loadScheme(buyer, 'unused', hash)
      const take = await buyer.post('/api/cart/update', { calendar_id: session, changes: [seatChange(bfx, row2[0])] })
      expect(take.status).not.toBe(200)
      // Unblocking frees them, live; the visitor's held seat is not a block and stays held.
      const un = await manager.post<{ changed: number }>(`/api/admin/sessions/${session}/blocks`, { blocked: false, seats: { keys: [...row2, held] } })
      expect(un.body.changed).toBe(row2.length)
      await stream.waitFor((r) => row2.every((k) => r.latestStatus().get(k) === 'free'), STREAM_MS, 'unblocked row on the stream')
      const last = await statusOn(hash, session)
      expect(last.get(row2[0])).toBe('free')
      expect(last.get(held)).toBe('held')
    } finally {
      stream.close()
    }
    const audit = await manager.get<{ entries: { action: string }[] }>(`/api/admin/audit?entity=session&entity_id=${session}`)
    expect(audit.body.entries.map((e) => e.action)).toEqual(expect.arrayContaining(['block-seats', 'unblock-seats']))
    // Unknown seats are refused and change nothing.
    const bad = await manager.post(`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys: ['no-such-seat'] } })
    expect(bad.status).toBe(400)
    expect(bad.body.errorText).toBe('Unknown value in seats: no-such-seat')
  })

  it('a session keeps its blocks when it moves to another version (by seat key), and a copy of its event has them too', async () => {
    const { session, event } = await onSale(painted.drawing.id, 'Переезд')
    const keys = rowsOf(painted, sector).get(rows[3])!
    expect((await manager.post(`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys } })).status).toBe(200)
    const copy = (await manager.post<{ id: number }>(`/api/admin/events/${event}/copy`, {})).body.id
    const copied = (await server.db.selectFrom('calendars').select('id').where('event_id', '=', copy).executeTakeFirstOrThrow()).id
    expect((await manager.get<{ keys: string[] }>(`/api/admin/sessions/${copied}/blocks`)).body.keys.sort()).toEqual([...keys].sort())
    const next = (await manager.post<{ drawing_id: number }>(`/api/admin/drawings/${painted.drawing.id}/edit`, { ops: [{ op: 'rename-sector', sector, name: 'Партер' }] })).body.drawing_id
    const moved = await manager.post(`/api/admin/sessions/${session}/map`, { drawing_id: next })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const now = await manager.get<{ drawing_id: number; keys: string[] }>(`/api/admin/sessions/${session}/blocks`)
    expect(now.body.drawing_id).toBe(next)
    expect(now.body.keys.sort()).toEqual([...keys].sort())
  })

  it('a copy of one seat-map session keeps its map version, price rows and blocked seats, and starts off sale', async () => {
    const { session, hash } = await onSale(painted.drawing.id, 'Копия сеанса')
    const keys = rowsOf(painted, sector).get(rows[1])!
    expect((await manager.post(`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys } })).status).toBe(200)
    const copy = await manager.post<{ id: number }>(`/api/admin/sessions/${session}/copy`, {})
    expect(copy.status, JSON.stringify(copy.body)).toBe(200)
    const row = await server.db.selectFrom('calendars').selectAll().where('id', '=', copy.body.id).executeTakeFirstOrThrow()
    expect([row.drawing_id, Number(row.active)]).toEqual([painted.drawing.id, 0])
    expect((await manager.get<{ keys: string[] }>(`/api/admin/sessions/${copy.body.id}/blocks`)).body.keys.sort()).toEqual([...keys].sort())
    const prices = await server.db.selectFrom('prices').select(['zone_id', 'client_category_id', 'price']).where('calendar_id', 'in', [session, copy.body.id]).orderBy('id').execute()
    expect(prices).toHaveLength(2)
    expect(prices[1]).toEqual(prices[0])
    // Moved off its source's slot (two sessions on sale at one time are refused: sale-keys.repository.ts) and
    // switched on, it sells with the same seats taken.
    expect((await manager.post(`/api/admin/sessions/${copy.body.id}`, { time: '21:00', active: 1 })).status).toBe(200)
    const status = await statusOn(hash, copy.body.id)
    for (const k of keys) expect(status.get(k), k).toBe('sold')
    expect([...status.values()].filter((st) => st === 'free')).toHaveLength(status.size - keys.length)
  })

  it('splits a row into two and merges rows into one, in a new version', async () => {
    const row = rows[1]
    const keys = rowsOf(painted, sector).get(row)!
    const split = await manager.post<{ drawing_id: number; changed: number }>(`/api/admin/drawings/${painted.drawing.id}/edit`, { ops: [{ op: 'split-row', sector, row, keep: 1, to: `${row}b` }] })
    expect(split.status, JSON.stringify(split.body)).toBe(200)
    expect(split.body.changed).toBe(keys.length - 1)
    const v = (await manager.get<StudioPlan>(`/api/admin/drawings/${split.body.drawing_id}`)).body
    const vRows = rowsOf(v, sector)
    expect(vRows.get(row)).toHaveLength(1)
    expect(vRows.get(`${row}b`)).toHaveLength(keys.length - 1)
    const merge = await manager.post<{ drawing_id: number; changed: number }>(`/api/admin/drawings/${split.body.drawing_id}/edit`, { ops: [{ op: 'merge-rows', sector, rows: [row, `${row}b`, rows[2]], into: row }] })
    expect(merge.status, JSON.stringify(merge.body)).toBe(200)
    const m = rowsOf((await manager.get<StudioPlan>(`/api/admin/drawings/${merge.body.drawing_id}`)).body, sector)
    expect(m.get(row)).toHaveLength(keys.length + rowsOf(painted, sector).get(rows[2])!.length)
    expect(m.has(`${row}b`)).toBe(false)
    expect(m.has(rows[2])).toBe(false)
    // A split that keeps every seat, or a row that does not exist, is refused.
    expect((await manager.post(`/api/admin/drawings/${painted.drawing.id}/edit`, { ops: [{ op: 'split-row', sector, row, keep: keys.length, to: 'x' }] })).status).toBe(400)
    const none = await manager.post(`/api/admin/drawings/${painted.drawing.id}/edit`, { ops: [{ op: 'merge-rows', sector, rows: [row, 'no-such-row'], into: row }] })
    expect(none.status).toBe(400)
    expect(none.body.errorText).toBe('Unknown value in row: no-such-row')
  })

  it('refuses box office and door blocking seats or editing rows; they may read the blocks', async () => {
    const { session } = await onSale(painted.drawing.id, 'Роли')
    const key = rowsOf(painted, sector).get(rows[0])![0]
    for (const role of ['boxoffice', 'door'] as const) {
      const c = await signedIn(server, role)
      const r = await c.post(`/api/admin/sessions/${session}/blocks`, { blocked: true, seats: { keys: [key] } })
      expect(r.status).toBe(403)
      expect(r.body.errorCode).toBe(AdminErrorCode.FORBIDDEN)
      expect((await c.post(`/api/admin/drawings/${painted.drawing.id}/edit`, { ops: [{ op: 'merge-rows', sector, rows: [rows[0], rows[1]], into: rows[0] }] })).status).toBe(403)
      expect((await c.get(`/api/admin/sessions/${session}/blocks`)).status).toBe(200)
    }
    expect((await manager.get<{ keys: string[] }>(`/api/admin/sessions/${session}/blocks`)).body.keys).toEqual([])
  })
})
