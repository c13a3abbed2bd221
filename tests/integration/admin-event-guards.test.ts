import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { loadScheme, visitor, type SchemeFx } from './scheme-helpers'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
/** The demo's seat-map event on the arena: seats and standing places (seed/catalog-data.ts). */
const ARENA_EVENT = 'arena-rock-night'
type Row = Record<string, unknown> & { id: number }

/**
 * What the console may not change under what sells, on both databases: an event's venue and
 * seat-map flag once it has sessions, and a price row or a session a buyer holds places of now
 * (a released hold is history and lets the row or the session go).
 */
describe.each(TEST_DBS)('console guards on what sells, on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let refs: Record<string, Row[]>

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
  })
  afterAll(async () => {
    await server?.close()
  })

  describe("an event's venue and seat-map flag", () => {
    /** A venue with a map version (the demo's), and another venue. */
    const mapped = () => refs.drawings[0]
    const otherVenue = () => refs.venues.find((v) => v.id !== mapped().venue_id)!.id
    const eventBody = (venueId: number, scheme: 0 | 1, name = 'Guarded') => ({
      menu_kind_id: refs.kinds[0].id,
      venue_id: venueId,
      name_ru: name,
      scheme,
      main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
    })
    const stored = async (id: number) => server.db.selectFrom('events').select(['scheme', 'venue_id', 'name_ru']).where('id', '=', id).executeTakeFirstOrThrow()

    it('change freely while the event has no sessions; are refused (409, nothing changed) once it has one', async () => {
      const venue = Number(mapped().venue_id)
      const id = (await manager.post<{ id: number }>('/api/admin/events', eventBody(venue, 0))).body.id
      // No sessions yet: both may change and change back.
      expect((await manager.post(`/api/admin/events/${id}`, eventBody(otherVenue(), 1))).status).toBe(200)
      expect((await manager.post(`/api/admin/events/${id}`, eventBody(venue, 0))).status).toBe(200)
      const made = await manager.post<{ ids: number[] }>(`/api/admin/events/${id}/sessions`, { day: dayIn(9), time: '19:00' })
      expect(made.status, JSON.stringify(made.body)).toBe(200)

      for (const body of [eventBody(venue, 1), eventBody(otherVenue(), 0), eventBody(otherVenue(), 1, 'Renamed')]) {
        const refused = await manager.post(`/api/admin/events/${id}`, body)
        expect(refused.status).toBe(409)
        expect(refused.body.errorCode).toBe(AdminErrorCode.CONFLICT)
        expect(refused.body.errorText).toContain('has sessions already')
        expect(await stored(id)).toEqual({ scheme: 0, venue_id: venue, name_ru: 'Guarded' })
      }
      // In the operator's language too.
      manager.lang = 'kz'
      expect((await manager.post(`/api/admin/events/${id}`, eventBody(venue, 1))).body.errorText).toContain('сеанстары бар')
      manager.lang = 'en'
      // Everything else still saves.
      expect((await manager.post(`/api/admin/events/${id}`, eventBody(venue, 0, 'Renamed'))).status).toBe(200)
      // Its sessions deleted (nobody ordered), the venue may change again.
      expect((await manager.post(`/api/admin/sessions/${made.body.ids[0]}/delete`)).status).toBe(200)
      expect((await manager.post(`/api/admin/events/${id}`, eventBody(otherVenue(), 0, 'Renamed'))).status).toBe(200)
    })

    it('a seat-map event with a session may not become general admission', async () => {
      const venue = Number(mapped().venue_id)
      const id = (await manager.post<{ id: number }>('/api/admin/events', eventBody(venue, 1, 'Mapped'))).body.id
      const made = await manager.post(`/api/admin/events/${id}/sessions`, { day: dayIn(9), time: '19:00', drawing_id: mapped().id })
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      const refused = await manager.post(`/api/admin/events/${id}`, eventBody(venue, 0, 'Mapped'))
      expect(refused.status).toBe(409)
      expect(await stored(id)).toEqual({ scheme: 1, venue_id: venue, name_ru: 'Mapped' })
    })
  })

  describe('deleting a price row', () => {
    let fx: SchemeFx
    let category: number
    let seat: { key: string; zone: number }
    let stand: { key: string; zone: number }

    beforeAll(async () => {
      fx = await loadScheme(await visitor(server.url), ARENA_EVENT)
      // A category of its own, so the rows below are the only ones the holds can be priced by.
      category = (await manager.post<{ id: number }>('/api/admin/categories', { name_ru: 'Удаляемая' })).body.id
      const s = fx.map.seat_numbers[0]
      seat = { key: s.seat_id, zone: s.zonelevel_id }
      stand = { key: fx.map.seat_stand[0].seat_id, zone: fx.map.seat_stand[0].cat }
    })

    const priceRow = async (zone: number) => {
      const res = await manager.post<{ id: number }>(`/api/admin/sessions/${fx.calendarId}/prices`, { client_category_id: category, zone_id: zone, price: 150_000, quantity: 100 })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.id
    }
    const hold = (v: Awaited<ReturnType<typeof visitor>>, quantity: 0 | 1) =>
      v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [{ seat_id: seat.key, clientcategory_id: category, quantity }, { seat_id: stand.key, clientcategory_id: category, quantity }] })
    const holdsOf = async (priceId: number) => [
      ...(await server.db.selectFrom('seat_holds').select(['price_id', 'released_at']).where('price_id', '=', priceId).execute()),
      ...(await server.db.selectFrom('standing_holds').select(['price_id', 'released_at']).where('price_id', '=', priceId).execute()),
    ]
    const priceExists = async (id: number) => (await server.db.selectFrom('prices').select('id').where('id', '=', id).executeTakeFirst()) !== undefined

    it("a row a buyer's cart holds (a seat, a standing place) is refused as held; once released it is deleted and the holds stay as history", async () => {
      const seatPrice = await priceRow(seat.zone)
      const standPrice = await priceRow(stand.zone)
      const buyer = await visitor(server.url)
      const held = await hold(buyer, 1)
      expect(held.status, JSON.stringify(held.body)).toBe(200)
      expect((await holdsOf(seatPrice)).map((h) => h.released_at)).toEqual([null])
      expect((await holdsOf(standPrice)).map((h) => h.released_at)).toEqual([null])

      for (const id of [seatPrice, standPrice]) {
        const refused = await manager.post(`/api/admin/prices/${id}/delete`)
        expect(refused.status).toBe(409)
        expect(refused.body.errorCode).toBe(AdminErrorCode.CONFLICT)
        expect(refused.body.errorText).toBe(`Price row ${id} is held in buyers’ carts right now: it can be deleted once those holds end or are released`)
        expect(await priceExists(id)).toBe(true)
      }

      expect((await hold(buyer, 0)).status).toBe(200)
      const seatHolds = await server.db.selectFrom('seat_holds').select('id').where('price_id', '=', seatPrice).execute()
      for (const id of [seatPrice, standPrice]) {
        const deleted = await manager.post(`/api/admin/prices/${id}/delete`)
        expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
        expect(await priceExists(id)).toBe(false)
      }
      // The released holds are kept (the seats' history), without the deleted row's id.
      const kept = await server.db.selectFrom('seat_holds').select(['price_id', 'released_at']).where('id', 'in', seatHolds.map((h) => h.id)).execute()
      expect(kept.map((h) => [h.price_id, h.released_at !== null])).toEqual([[null, true]])
    })

    it('a cart hold whose time ran out does not keep the row: it is released and the row deleted', async () => {
      // Another seat than the test above's, so this one stands alone.
      const other = fx.map.seat_numbers[1]
      const seatPrice = await priceRow(other.zonelevel_id)
      const held = await (await visitor(server.url)).post('/api/cart/update', { calendar_id: fx.calendarId, changes: [{ seat_id: other.seat_id, clientcategory_id: category, quantity: 1 }] })
      expect(held.status, JSON.stringify(held.body)).toBe(200)
      // The cart's hold time passes (as the clock would; reads already count the seat free).
      await server.db.updateTable('seat_holds').set({ expires_at: Date.now() - 1000 }).where('price_id', '=', seatPrice).where('released_at', 'is', null).execute()
      expect((await manager.post(`/api/admin/prices/${seatPrice}/delete`)).status).toBe(200)
      expect(await priceExists(seatPrice)).toBe(false)
    })
  })

  describe('deleting a session', () => {
    let fx: SchemeFx
    let eventId: number
    let drawingId: number
    let category: number
    let seat: { key: string; zone: number }
    let stand: { key: string; zone: number }

    beforeAll(async () => {
      fx = await loadScheme(await visitor(server.url), ARENA_EVENT)
      const cal = await server.db.selectFrom('calendars').select(['event_id', 'drawing_id']).where('id', '=', fx.calendarId).executeTakeFirstOrThrow()
      eventId = cal.event_id
      drawingId = cal.drawing_id!
      category = (await manager.post<{ id: number }>('/api/admin/categories', { name_ru: 'Сеансовая' })).body.id
      // Each test holds them in a session of its own, so the places may be the same.
      const s = fx.map.seat_numbers[0]
      seat = { key: s.seat_id, zone: s.zonelevel_id }
      stand = { key: fx.map.seat_stand[0].seat_id, zone: fx.map.seat_stand[0].cat }
    })

    /** A new session of the arena's event with price rows for the seat's and the standing place's zones. */
    const newSession = async (days: number) => {
      const made = await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(days), time: '19:00', drawing_id: drawingId })
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      const id = made.body.ids[0]
      for (const zone of [seat.zone, stand.zone]) {
        const price = await manager.post(`/api/admin/sessions/${id}/prices`, { client_category_id: category, zone_id: zone, price: 150_000, quantity: 100 })
        expect(price.status, JSON.stringify(price.body)).toBe(200)
      }
      return id
    }
    const hold = (v: Awaited<ReturnType<typeof visitor>>, calendarId: number, quantity: 0 | 1) =>
      v.post('/api/cart/update', { calendar_id: calendarId, changes: [{ seat_id: seat.key, clientcategory_id: category, quantity }, { seat_id: stand.key, clientcategory_id: category, quantity }] })
    const sessionExists = async (id: number) => (await server.db.selectFrom('calendars').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
    const holdsOf = async (id: number) => [
      ...(await server.db.selectFrom('seat_holds').select(['price_id', 'released_at']).where('calendar_id', '=', id).execute()),
      ...(await server.db.selectFrom('standing_holds').select(['price_id', 'released_at']).where('calendar_id', '=', id).execute()),
    ]

    it("is refused (409, its own words) while a buyer's cart holds a seat or a standing place; released, those holds are history and the session goes with them", async () => {
      const id = await newSession(11)
      const buyer = await visitor(server.url)
      const held = await hold(buyer, id, 1)
      expect(held.status, JSON.stringify(held.body)).toBe(200)
      const refused = await manager.post(`/api/admin/sessions/${id}/delete`)
      expect(refused.status).toBe(409)
      expect(refused.body.errorCode).toBe(AdminErrorCode.CONFLICT)
      expect(refused.body.errorText).toBe(`Places of session ${id} are held in buyers’ carts right now: it can be deleted once those holds end or are released`)
      expect(await sessionExists(id)).toBe(true)

      // The buyer lets both go: released seat and standing holds name the price rows, and the cart stays.
      expect((await hold(buyer, id, 0)).status).toBe(200)
      const released = await holdsOf(id)
      expect(released.map((h) => [h.price_id !== null, h.released_at !== null])).toEqual([
        [true, true],
        [true, true],
      ])
      const deleted = await manager.post(`/api/admin/sessions/${id}/delete`)
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
      expect(await sessionExists(id)).toBe(false)
      expect(await holdsOf(id)).toEqual([])
      expect(await server.db.selectFrom('prices').select('id').where('calendar_id', '=', id).execute()).toEqual([])
    })

    it("released standing holds alone, the buyer's cart pruned with his session: deleted, not a foreign-key failure", async () => {
      const id = await newSession(13)
      const buyer = await visitor(server.url)
      const place = (quantity: 0 | 1) => buyer.post('/api/cart/update', { calendar_id: id, changes: [{ seat_id: stand.key, clientcategory_id: category, quantity }] })
      expect((await place(1)).status).toBe(200)
      expect((await place(0)).status).toBe(200)
      // As the pruning of expired visitor sessions does (their carts cascade; holds keep no cart).
      await server.db.deleteFrom('carts').where('calendar_id', '=', id).execute()
      expect((await holdsOf(id)).map((h) => [h.price_id !== null, h.released_at !== null])).toEqual([[true, true]])
      const deleted = await manager.post(`/api/admin/sessions/${id}/delete`)
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
      expect(await sessionExists(id)).toBe(false)
    })

    it('a cart hold whose time ran out does not keep it: it is released and the session deleted', async () => {
      const id = await newSession(14)
      expect((await hold(await visitor(server.url), id, 1)).status).toBe(200)
      // The carts' hold time passes (as the clock would; reads already count the places free).
      await server.db.updateTable('seat_holds').set({ expires_at: Date.now() - 1000 }).where('calendar_id', '=', id).where('released_at', 'is', null).execute()
      await server.db.updateTable('standing_holds').set({ expires_at: Date.now() - 1000 }).where('calendar_id', '=', id).where('released_at', 'is', null).execute()
      expect((await manager.post(`/api/admin/sessions/${id}/delete`)).status).toBe(200)
      expect(await sessionExists(id)).toBe(false)
    })
  })
})
