import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { studioPlanSchema, type StudioPlan } from '../../src/contract/admin/studio'
import { bestSeatsResponseSchema } from '../../src/contract/entities/best'
import { cartResponseSchema } from '../../src/contract/entities/cart'
import { ErrorCode } from '../../src/contract/errors'
import { seatingIndexOf } from '../../src/server/domain/seating/load'
import type { SeatingIndex } from '../../src/server/domain/seating/rows'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { HALL_EVENT, loadScheme, schemeOrderBody, seatChange, visitor, type SchemeFx } from './scheme-helpers'

interface Refusal {
  errorCode: string
  errorText: string
}

/** created_at of the holds this test writes to sell out a scope (found again to remove them). */
const FIXTURE_MARK = 1

/**
 * Accessible seating (issue 20 item 3) and the operator's seat-choice rules (item 2) on the
 * demo's 5,000-seat hall, through a real server on both databases: seat types painted in the
 * console studio (a new map version the session is moved onto), held back per session, released
 * by each rule with its audit row, accessible best available all or nothing, and the per-event
 * single-seat switch enforced by the server.
 */
describe.each(TEST_DBS)('accessible seating on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let fx: SchemeFx
  let index: SeatingIndex
  let drawing: number
  let eventId: number
  /** Wheelchair spaces: a (3 companions), b (1 companion), c (none, for the release rules). */
  let a: string, b: string, c: string
  let aCompanions: string[], bCompanion: string
  let orphanRow: string[]

  const sectorOfPos = (p: number) => index.rowSector[index.segRow[index.segOf[p]]]
  /** Segments with at least `min` seats, by sector. */
  const segmentsBySector = (min: number) => {
    const out = new Map<number, string[][]>()
    for (let s = 0; s < index.segStart.length - 1; s++) {
      const from = index.segStart[s]
      const to = index.segStart[s + 1]
      if (to - from < min) continue
      const sector = sectorOfPos(from)
      out.set(sector, [...(out.get(sector) ?? []), Array.from({ length: to - from }, (_, i) => index.keys[from + i])])
    }
    return out
  }
  const seatRow = (key: string) => server.db.selectFrom('seats').select(['id', 'sector_id', 'zone_id', 'access_type', 'companion_of']).where('drawing_id', '=', drawing).where('seat_key', '=', key).executeTakeFirstOrThrow()

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    fx = await loadScheme(await visitor(server.url), HALL_EVENT)
    const cal = await server.db.selectFrom('calendars').select(['drawing_id', 'event_id']).where('id', '=', fx.calendarId).executeTakeFirstOrThrow()
    eventId = cal.event_id
    index = await seatingIndexOf(server.db, cal.drawing_id!)
    const bySector = [...segmentsBySector(6).values()]
    const two = bySector.find((segs) => segs.length >= 3)!
    const other = bySector.find((segs) => segs !== two)!
    a = two[0][0]
    aCompanions = two[0].slice(1, 4)
    b = two[1][0]
    bCompanion = two[1][1]
    orphanRow = two[2]
    c = other[0][0]

    // Painted in the console studio: a new version of the hall's map, the session moved onto it.
    const edit = await manager.post<{ drawing_id: number }>(`/api/admin/drawings/${cal.drawing_id}/edit`, {
      ops: [
        { op: 'seat-type', type: 'wheelchair', seats: { keys: [a, b, c] } },
        { op: 'seat-type', type: 'companion', companion_of: a, seats: { keys: aCompanions } },
        { op: 'seat-type', type: 'companion', companion_of: b, seats: { keys: [bCompanion] } },
        { op: 'seat-type', type: 'signlang', seats: { keys: [two[1][4]] } },
        { op: 'quality', quality: 1, seats: { keys: [two[1][5]] } },
      ],
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    drawing = edit.body.drawing_id
    const moved = await manager.post(`/api/admin/sessions/${fx.calendarId}/map`, { drawing_id: drawing })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    fx = await loadScheme(await visitor(server.url), HALL_EVENT)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('stores painted types per map version (the old version unchanged), refuses a companion of no space, and the storefront map carries them', async () => {
    expect(await seatRow(a)).toMatchObject({ access_type: 'wheelchair', companion_of: null })
    for (const k of aCompanions) expect(await seatRow(k)).toMatchObject({ access_type: 'companion', companion_of: a })
    const old = await server.db.selectFrom('seats as s').innerJoin('calendars as c', 'c.id', 's.drawing_id').select('s.id').where('s.access_type', 'is not', null).where('s.drawing_id', '<>', drawing).execute()
    expect(old).toEqual([])
    const quality = await server.db.selectFrom('seats').select('quality').where('drawing_id', '=', drawing).where('quality', 'is not', null).execute()
    expect(quality.map((q) => Number(q.quality))).toEqual([1])

    const bad = await manager.post<Refusal>(`/api/admin/drawings/${drawing}/edit`, { ops: [{ op: 'seat-type', type: 'companion', companion_of: aCompanions[0], seats: { keys: [orphanRow[0]] } }] })
    expect(bad.status).toBe(400)
    const noSpace = await manager.post<Refusal>(`/api/admin/drawings/${drawing}/edit`, { ops: [{ op: 'seat-type', type: 'companion', seats: { keys: [orphanRow[0]] } }] })
    expect(noSpace.status).toBe(400)

    const seat = (k: string) => fx.map.seat_numbers.find((s) => s.seat_id === k)!
    expect(seat(a).access).toBe('wheelchair')
    expect(seat(aCompanions[0])).toMatchObject({ access: 'companion', companion_of: a })
    expect(seat(orphanRow[0]).access).toBeUndefined()
  })

  it("the studio's plan answer carries each seat's type and companion link: painted ones on their version only, imported ones from the drawing's markup", async () => {
    const planOf = async (id: number) => {
      const res = await manager.get<StudioPlan>(`/api/admin/drawings/${id}`)
      expect(res.status).toBe(200)
      return studioPlanSchema.parse(res.body)
    }
    const plan = await planOf(drawing)
    expect(plan.seats.access).toHaveLength(plan.seats.key.length)
    expect(plan.seats.companion_of).toHaveLength(plan.seats.key.length)
    const typed = (p: StudioPlan) => p.seats.key.flatMap((k, i) => (p.seats.access[i] === null ? [] : [[k, p.seats.access[i], p.seats.companion_of[i]]]))
    const painted = typed(plan)
    expect(painted.filter(([, type]) => type !== 'signlang').sort()).toEqual([[a, 'wheelchair', null], [b, 'wheelchair', null], [c, 'wheelchair', null], ...aCompanions.map((k) => [k, 'companion', a]), [bCompanion, 'companion', b]].sort())
    expect(painted.filter(([, type]) => type === 'signlang')).toHaveLength(1)
    // The version it was painted from has none.
    expect(typed(await planOf(plan.drawing.parent_id!))).toEqual([])

    // A drawing whose markup types its seats, imported through the console.
    const venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Типы мест' })).body.id
    const circles = Array.from({ length: 8 }, (_, i) => i + 1).map((n) => `<circle id="A-${n}" cx="${n * 24}" cy="40" r="9" data-row="A" data-seat="${n}"${n === 3 ? ' data-seat-type="wheelchair"' : n === 4 ? ' data-seat-type="companion"' : ''}/>`)
    const imported = await manager.post<{ drawing_id: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'typed', svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80">${circles.join('')}</svg>` })
    expect(imported.status, JSON.stringify(imported.body)).toBe(200)
    expect(typed(await planOf(imported.body.drawing_id))).toEqual([
      ['A-3', 'wheelchair', null],
      ['A-4', 'companion', 'A-3'],
    ])
  })

  it('holds back spaces per session: a general hand pick is refused, an accessible best-available request gets a space with 3 companions, all or nothing', async () => {
    const set = await manager.post(`/api/admin/sessions/${fx.calendarId}/seating`, { accessible_hold: true, accessible_release: 'area' })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    const view = await manager.get<{ accessible_hold: boolean; accessible_release: string; releases: unknown[] }>(`/api/admin/sessions/${fx.calendarId}/seating`)
    expect(view.body).toMatchObject({ accessible_hold: true, accessible_release: 'area', releases: [] })

    const general = await visitor(server.url)
    const refused = await general.post<Refusal>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, aCompanions[0])], lang: 'en' })
    expect(refused.status).toBe(409)
    expect(refused.body.errorCode).toBe(ErrorCode.UNAVAILABLE)
    expect(refused.body.errorText).toContain('kept for wheelchair users')
    expect(cartResponseSchema.parse((await general.post('/api/cart/list', { calendar_id: fx.calendarId })).body).items).toEqual([])
    // Nor can an order claim it straight, without the cart.
    const direct = await general.post<Refusal>('/api/order/create-scheme', await schemeOrderBody(general, fx, [c], { lang: 'en' }))
    expect(direct.status).toBe(409)
    expect(direct.body.errorText).toContain('kept for wheelchair users')
    expect(await server.db.selectFrom('seat_holds as h').innerJoin('seats as s', 's.id', 'h.seat_id').select('h.id').where('s.seat_key', '=', c).where('s.drawing_id', '=', drawing).where('h.released_at', 'is', null).execute()).toEqual([])

    const category = fx.categoryOf(fx.map.seat_numbers.find((s) => s.seat_id === a)!.zonelevel_id)
    const wheel = await visitor(server.url)
    const res = await wheel.post('/api/cart/best', { calendar_id: fx.calendarId, quantity: 4, clientcategory_id: category, accessible: true })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const best = bestSeatsResponseSchema.parse(res.body)
    expect(best.chosen[0]).toBe(a)
    expect([...best.chosen].sort()).toEqual([a, ...aCompanions].sort())
    expect(best.items.map((i) => i.seat_id).sort()).toEqual([a, ...aCompanions].sort())

    // Space b has one companion: 4 seats cannot be had with it, so nothing is held.
    const second = await visitor(server.url)
    const none = await second.post<Refusal>('/api/cart/best', { calendar_id: fx.calendarId, quantity: 4, clientcategory_id: category, accessible: true, lang: 'en' })
    expect(none.status).toBe(409)
    expect(none.body.errorText).toBe('No wheelchair space with 3 companion seats is left here; try fewer companions or another price level')
    expect(cartResponseSchema.parse((await second.post('/api/cart/list', { calendar_id: fx.calendarId })).body).items).toEqual([])
    const two = bestSeatsResponseSchema.parse((await second.post('/api/cart/best', { calendar_id: fx.calendarId, quantity: 2, clientcategory_id: category, accessible: true })).body)
    expect([...two.chosen].sort()).toEqual([b, bCompanion].sort())
    // More than 1 + 3 seats is not an accessible request.
    const five = await second.post<Refusal>('/api/cart/best', { calendar_id: fx.calendarId, quantity: 5, clientcategory_id: category, accessible: true })
    expect(five.status).toBe(400)
    // General best available never takes a held-back seat.
    const general4 = bestSeatsResponseSchema.parse((await general.post('/api/cart/best', { calendar_id: fx.calendarId, quantity: 4, clientcategory_id: category })).body)
    expect(general4.chosen.some((k) => [a, b, c, ...aCompanions, bCompanion].includes(k))).toBe(false)
    await general.post('/api/cart/update', { calendar_id: fx.calendarId, changes: general4.chosen.map((k) => seatChange(fx, k, 0)) })
  })

  /** Sells every free, not held-back seat of the scope (a fixture, removed by `unsell`). */
  const sellOut = async (scope: { sectorId?: number; zoneId?: number }) => {
    let q = server.db
      .selectFrom('seats as s')
      .select('s.id')
      .where('s.drawing_id', '=', drawing)
      .where((eb) => eb.or([eb('s.access_type', 'is', null), eb('s.access_type', 'not in', ['wheelchair', 'companion'])]))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('seat_holds as h').select('h.id').whereRef('h.seat_id', '=', 's.id').where('h.calendar_id', '=', fx.calendarId).where('h.released_at', 'is', null))))
    if (scope.sectorId !== undefined) q = q.where('s.sector_id', '=', scope.sectorId)
    if (scope.zoneId !== undefined) q = q.where('s.zone_id', '=', scope.zoneId)
    const ids = (await q.execute()).map((r) => r.id)
    for (let i = 0; i < ids.length; i += 500) {
      await server.db
        .insertInto('seat_holds')
        .values(ids.slice(i, i + 500).map((seat_id) => ({ calendar_id: fx.calendarId, seat_id, cart_id: null, order_id: null, price_id: null, state: 'sold' as const, created_at: FIXTURE_MARK, expires_at: null, released_at: null })))
        .execute()
    }
  }
  const unsell = async () => {
    await server.db.deleteFrom('seat_holds').where('calendar_id', '=', fx.calendarId).where('created_at', '=', FIXTURE_MARK).execute()
    await server.db.deleteFrom('accessible_releases').where('calendar_id', '=', fx.calendarId).execute()
  }

  it.each([
    ['area', 'sector'],
    ['level', 'zone'],
    ['all', 'all'],
  ] as const)('releases held-back spaces by rule %s when its scope is sold out, logged in the audit', async (rule, scope) => {
    const set = await manager.post(`/api/admin/sessions/${fx.calendarId}/seating`, { accessible_hold: true, accessible_release: rule })
    expect(set.status).toBe(200)
    const space = await seatRow(c)
    const v = await visitor(server.url)
    // Not due: seats of the scope are still on sale.
    const refused = await v.post<Refusal>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, c)] })
    expect(refused.status).toBe(409)
    expect(await server.db.selectFrom('accessible_releases').selectAll().where('calendar_id', '=', fx.calendarId).execute()).toEqual([])
    try {
      await sellOut(scope === 'sector' ? { sectorId: space.sector_id } : scope === 'zone' ? { zoneId: space.zone_id! } : {})
      // Hand-picked, or (rule 'all') through general best available, which judges the rule once nothing else is left.
      const held =
        rule === 'all'
          ? await v.post('/api/cart/best', { calendar_id: fx.calendarId, quantity: 1, clientcategory_id: seatChange(fx, c).clientcategory_id })
          : await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, c)] })
      expect(held.status, JSON.stringify(held.body)).toBe(200)
      expect(cartResponseSchema.parse(held.body).items.map((i) => i.seat_id)).toEqual([c])
      const scopeId = scope === 'sector' ? space.sector_id : scope === 'zone' ? space.zone_id : 0
      const releases = await server.db.selectFrom('accessible_releases').select(['scope', 'scope_id']).where('calendar_id', '=', fx.calendarId).execute()
      expect(releases.map((r) => ({ scope: r.scope, scope_id: Number(r.scope_id) }))).toEqual([{ scope, scope_id: scopeId }])
      const audit = await server.db.selectFrom('audit_log').select(['actor', 'after_json']).where('action', '=', 'accessible-release').where('entity_id', '=', String(fx.calendarId)).orderBy('id', 'desc').executeTakeFirstOrThrow()
      expect(audit.actor).toBe('system:accessible-release')
      expect(JSON.parse(audit.after_json!)).toMatchObject({ rule, scope, scope_id: scopeId })
      const view = await manager.get<{ releases: { scope: string }[] }>(`/api/admin/sessions/${fx.calendarId}/seating`)
      expect(view.body.releases.map((r) => r.scope)).toEqual([scope])
      await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, c, 0)] })
    } finally {
      await unsell()
    }
  })

  it('a box-office reseat into a held-back wheelchair space is refused as a sale of it would be: the ticket stays on its seat', async () => {
    expect((await manager.post(`/api/admin/sessions/${fx.calendarId}/seating`, { accessible_hold: true, accessible_release: 'all' })).status).toBe(200)
    const zone = fx.map.seat_numbers.find((s) => s.seat_id === c)!.zonelevel_id
    // A plain seat of the space's price level, far from the seats the tests above hold.
    const from = [...fx.map.seat_numbers].reverse().find((s) => s.zonelevel_id === zone && s.access === undefined && !orphanRow.includes(s.seat_id))!.seat_id
    const desk = await signedIn(server, 'boxoffice')
    const sale = await desk.post<{ id: number }>('/api/admin/boxoffice/sell', { fio: 'Касса', phone: '+79161234567', email: 'walk-in@example.org', hash: fx.hash, calendarId: fx.calendarId, payKind: 'cash', tickets: [seatChange(fx, from)] })
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)
    const line = () => server.db.selectFrom('order_lines as l').innerJoin('seats as s', 's.id', 'l.seat_id').select(['l.id', 's.seat_key']).where('l.order_id', '=', sale.body.id).executeTakeFirstOrThrow()
    const before = await line()
    const refused = await desk.post<Refusal>('/api/admin/tickets/reseat', { lineId: before.id, seat: c })
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    const s = fx.map.seat_numbers.find((x) => x.seat_id === c)!
    expect(refused.body.errorText).toBe(`Seat ${s.sector}, row ${s.row}, seat ${s.seat} is kept for wheelchair users until the session's rule releases it: reseat to another seat`)
    expect(await line()).toEqual(before)
    expect(await server.db.selectFrom('seat_holds as h').innerJoin('seats as s', 's.id', 'h.seat_id').select('h.id').where('s.seat_key', '=', c).where('s.drawing_id', '=', drawing).where('h.released_at', 'is', null).execute()).toEqual([])
  })

  it('the operator switches the single-seat rule per event; the server enforces it when on, audited', async () => {
    const on = await manager.post(`/api/admin/events/${eventId}/seating`, { orphan_rule: 'enforce' })
    expect(on.status).toBe(200)
    try {
      const v = await visitor(server.url)
      const refused = await v.post<Refusal>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, orphanRow[1])] })
      expect(refused.status).toBe(400)
      expect(refused.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
      expect(cartResponseSchema.parse((await v.post('/api/cart/list', { calendar_id: fx.calendarId })).body).items).toEqual([])
      const audit = await server.db.selectFrom('audit_log').select('after_json').where('action', '=', 'seating-rules').where('entity', '=', 'event').where('entity_id', '=', String(eventId)).executeTakeFirstOrThrow()
      expect(JSON.parse(audit.after_json!)).toEqual({ orphan_rule: 'enforce' })

      const off = await manager.post(`/api/admin/events/${eventId}/seating`, { orphan_rule: 'warn' })
      expect(off.status).toBe(200)
      const warned = cartResponseSchema.parse((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, orphanRow[1])] })).body)
      expect(warned.singles?.map((s) => s.seat_id)).toEqual([orphanRow[0]])
      const bad = await manager.post<Refusal>(`/api/admin/events/${eventId}/seating`, { orphan_rule: 'sometimes' })
      expect(bad.status).toBe(400)
    } finally {
      await server.db.updateTable('events').set({ orphan_rule: 'warn' }).where('id', '=', eventId).execute()
    }
  })
})
