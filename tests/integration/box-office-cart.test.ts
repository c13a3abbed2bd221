import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'
import { loadScheme, visitor, type CartAnswer, type SchemeFx } from './scheme-helpers'

/** The demo's seat-map event on the arena: seats and standing places (seed/catalog-data.ts). */
const ARENA_EVENT = 'arena-rock-night'
/** Standing tickets of the place the sale sells. */
const SOLD_STANDING = 2

/**
 * The desk's cart during a box-office sale (issue 19.1): the operator's map holds seats in the
 * storefront cart of the browser's session, and a sale orders some of them. A seat the operator
 * held meanwhile (the next buyer's, clicked while the sale was in flight) stays held in that
 * cart, as does a standing place the sale does not name; the sold places leave the cart, the
 * sold standing place's cart hold too (the order re-counts its tickets, never twice).
 */
describe.each(TEST_DBS)('box office cart on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url), ARENA_EVENT)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('a sale takes only the places it sells from the desk cart; the others stay held', async () => {
    const desk = await signedIn(server, 'boxoffice')
    // The console's browser: the operator's cookie and the storefront session whose cart the map uses.
    const browser = await visitor(server.url)
    const [sold, kept] = fx.map.seat_numbers.slice(0, 2)
    const [soldStand, keptStand] = fx.map.seat_stand
    const seat = (s: { seat_id: string; zonelevel_id: number }) => ({ seat_id: s.seat_id, clientcategory_id: fx.categoryOf(s.zonelevel_id), quantity: 1 })
    const stand = (s: { seat_id: string; cat: number }, quantity: number) => ({ seat_id: s.seat_id, clientcategory_id: fx.categoryOf(s.cat), quantity })
    const held = await browser.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seat(sold), seat(kept), stand(soldStand, SOLD_STANDING), stand(keptStand, 1)] })
    expect(held.status, JSON.stringify(held.body)).toBe(200)
    expect(held.body.items).toHaveLength(4)

    const sale = new AdminClient(server.url)
    sale.cookie = `${desk.cookie}; ${browser.cookie}`
    sale.csrf = desk.csrf
    const res = await sale.post<{ id: number }>('/api/admin/boxoffice/sell', {
      fio: 'Иван Петров',
      phone: '+79161234567',
      email: '',
      hash: fx.hash,
      calendarId: fx.calendarId,
      payKind: 'cash',
      tickets: [seat(sold), stand(soldStand, SOLD_STANDING)],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)

    // What the sale did not name is still the desk's: the cart lists it, held as before.
    const cart = await browser.post<CartAnswer>('/api/cart/list', { calendar_id: fx.calendarId })
    expect(cart.body.items.map((i) => [i.seat_id, i.quantity]).sort()).toEqual([[kept.seat_id, 1], [keptStand.seat_id, 1]].sort())
    // The sold seat moved to the order (the same hold, now sold); the other is still the cart's.
    const holds = await server.db
      .selectFrom('seat_holds as h')
      .innerJoin('seats as s', 's.id', 'h.seat_id')
      .select(['s.seat_key', 'h.state', 'h.order_id'])
      .where('h.calendar_id', '=', fx.calendarId)
      .where('s.seat_key', 'in', [sold.seat_id, kept.seat_id])
      .where('h.released_at', 'is', null)
      .orderBy('s.seat_key')
      .execute()
    expect(holds).toEqual(
      [
        { seat_key: sold.seat_id, state: 'sold', order_id: res.body.id },
        { seat_key: kept.seat_id, state: 'cart', order_id: null },
      ].sort((a, b) => a.seat_key.localeCompare(b.seat_key)),
    )
    // The sold standing place is counted once: the order's tickets, the cart's hold of it released.
    const standHolds = await server.db
      .selectFrom('standing_holds as h')
      .innerJoin('standing_places as p', 'p.id', 'h.standing_place_id')
      .select(['h.state', 'h.quantity'])
      .where('h.calendar_id', '=', fx.calendarId)
      .where('p.place_key', '=', soldStand.seat_id)
      .where('h.released_at', 'is', null)
      .execute()
    expect(standHolds).toEqual([{ state: 'sold', quantity: SOLD_STANDING }])
  })
})
