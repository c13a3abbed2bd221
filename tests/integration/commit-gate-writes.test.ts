import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { expectBusy, GATE_ENV, HOLD_LOCK_MS, pause, untilSettled, whileLocked as whileLockedBy } from './gate-rig'
import { lockRig, seatRowIds } from './lock-rig'
import { orderBody, visitor, type Fixtures } from './order-fixtures'
import { placeOrder, startPaymentShop, startPay, type PaymentFx } from './payment-fixtures'
import { loadScheme, seatChange, type SchemeFx } from './scheme-helpers'

/**
 * Issue 18 leftovers: the writes beside holds and orders commit through the request's commit gate
 * too (domain/orders/commit-gate.ts inGatedTransaction), so their "busy" answer is as true as a
 * claim's: the payment's start, a counter sale (box office), an order's reserve extension, and the
 * order page's writes (a promo code added or cancelled, a special offer added or removed, the
 * named tickets confirmed).
 * Each waits on a row another transaction holds; the deadline answers busy; the row is let go, the
 * write goes on and must roll back. PostgreSQL: a lock held by another connection (SQLite's
 * writer waits in the event loop, so the deadline could not answer meanwhile; the gate is the
 * same JavaScript on both).
 */
describe('writes answered busy by the request deadline change nothing (PostgreSQL)', () => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx
  let holder: pg.Client
  beforeAll(async () => {
    ;({ server, fx, pfx } = await startPaymentShop('postgres', { ...GATE_ENV }))
    const config = server.config.database
    if (config.kind !== 'postgres') throw new Error('postgres only')
    holder = new pg.Client({ connectionString: config.url })
    await holder.connect()
  })
  afterAll(async () => {
    await holder?.end()
    await server?.close()
  })

  const whileLocked = <T>(lockSql: string, params: unknown[], call: () => Promise<T>) => whileLockedBy(holder, lockSql, params, call)
  const lockOrderRow = 'select id from orders where hash = $1 for update'
  const orderOf = (hash: string) => server.db.selectFrom('orders').select(['id', 'paid', 'reserve_until', 'reserve_extensions']).where('hash', '=', hash).executeTakeFirstOrThrow()

  it('a payment start answered busy writes no payment; trying again starts one', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult')
    const { id } = await orderOf(hash)
    const { res, took } = await whileLocked(lockOrderRow, [hash], () => startPay(v, hash, pfx.types.card))
    expectBusy(res, took)
    expect(await server.db.selectFrom('payments').select('id').where('order_id', '=', id).execute()).toEqual([])
    const again = await startPay(v, hash, pfx.types.card)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(await server.db.selectFrom('payments').select('status').where('order_id', '=', id).execute()).toEqual([{ status: 'pending' }])
  }, 30_000)

  it('an order extension answered busy moves nothing', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult')
    const before = await orderOf(hash)
    const { res, took } = await whileLocked(lockOrderRow, [hash], () => v.post<{ errorCode: string }>('/api/order/extend', { hash, lang: 'en' }))
    expectBusy(res, took)
    expect(await orderOf(hash)).toEqual(before)
  }, 30_000)

  describe('the order page\'s writes (discounts, special offers, named tickets)', () => {
    const promoUses = async () => (await server.db.selectFrom('promo_codes').select('used_count').where('code', '=', pfx.promos.multi).executeTakeFirstOrThrow()).used_count
    const discountOf = (id: number) => server.db.selectFrom('order_discounts').select(['promo_code_id', 'bonuses_used']).where('order_id', '=', id).execute()

    it('a promo code added answered busy takes no use and leaves the order without it; trying again adds it', async () => {
      const v = await visitor(server.url)
      const hash = await placeOrder(v, fx, fx.basic, 'adult')
      const { id } = await orderOf(hash)
      const uses = await promoUses()
      const add = () => v.post<{ errorCode: string; promoCode?: string }>('/api/order/add-discount', { hash, lang: 'en', bonuses: 0, cardCode: '', promoCode: pfx.promos.multi })
      const { res, took } = await whileLocked(lockOrderRow, [hash], add)
      expectBusy(res, took)
      expect(await promoUses()).toBe(uses)
      expect(await discountOf(id)).toEqual([])
      const again = await add()
      expect(again.body, JSON.stringify(again.body)).toMatchObject({ errorCode: '0', promoCode: pfx.promos.multi })
      expect(await promoUses()).toBe(uses + 1)
    }, 30_000)

    it('a promo code cancelled answered busy gives nothing back', async () => {
      const v = await visitor(server.url)
      const hash = await placeOrder(v, fx, fx.basic, 'adult')
      const { id } = await orderOf(hash)
      const added = await v.post<{ errorCode: string }>('/api/order/add-discount', { hash, lang: 'en', bonuses: 0, cardCode: '', promoCode: pfx.promos.multi })
      expect(added.body.errorCode).toBe('0')
      const uses = await promoUses()
      const before = await discountOf(id)
      const { res, took } = await whileLocked(lockOrderRow, [hash], () => v.post<{ errorCode: string }>('/api/order/cancel-discount', { hash, lang: 'en' }))
      expectBusy(res, took)
      expect(await promoUses()).toBe(uses)
      expect(await discountOf(id)).toEqual(before)
    }, 30_000)

    it('a special offer added or removed answered busy changes nothing', async () => {
      const v = await visitor(server.url)
      const hash = await placeOrder(v, fx, fx.basic, 'adult')
      const { id } = await orderOf(hash)
      const view = async () => (await v.post<{ toping: { id: number }[]; addToping: { uid: string; parent_id: number; package_id: number; price_id: number; cost: number }[] }>('/api/order/view', { hash, lang: 'en' })).body
      const services = () => server.db.selectFrom('order_services').select('id').where('order_id', '=', id).execute()
      const item = (await view()).addToping[0]
      const add = () => v.post<{ errorCode: string }>('/api/order/add-special-offer', { hash, data: [{ uid: item.uid, parent_id: item.parent_id, package_id: item.package_id, price_id: item.price_id, cost: item.cost }] })
      const adding = await whileLocked(lockOrderRow, [hash], add)
      expectBusy(adding.res, adding.took)
      expect(await services()).toEqual([])
      expect((await add()).body.errorCode).toBe('0')
      const added = await services()
      expect(added).toHaveLength(1)
      const offerId = (await view()).toping[0].id
      const removing = await whileLocked(lockOrderRow, [hash], () => v.post<{ errorCode: string }>('/api/order/remove-special-offer', { hash, id: offerId }))
      expectBusy(removing.res, removing.took)
      expect(await services()).toEqual(added)
    }, 30_000)

    it('named tickets confirmed answered busy are neither named nor confirmed', async () => {
      const v = await visitor(server.url)
      const hash = await placeOrder(v, fx, fx.named, 'adult')
      const before = await server.db.selectFrom('orders').select(['status']).where('hash', '=', hash).executeTakeFirstOrThrow()
      const form = (await v.post<{ rows: { id: number }[]; checkboxList: { id: number }[] }>('/api/order-data', { hash, lang: 'en' })).body
      const holders = () => server.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select(['l.person_surname', 'l.person_name']).where('o.hash', '=', hash).execute()
      const namesBefore = await holders()
      const one = <T>(value: T) => form.rows.map(() => value)
      const confirm = () => v.post<{ errorCode: string }>('/api/confirm-nominal', {
        id: form.rows.map((r) => r.id), surname: one('Сидорова'), name: one('Анна'), middleName: one(''),
        docTypeId: one(null), docNum: one(''), age: one(''), date: one(''), countryId: one(null), regionId: one(null),
        hash, lang: 'en', checkboxList: form.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
      })
      const { res, took } = await whileLocked(lockOrderRow, [hash], confirm)
      expectBusy(res, took)
      expect(await server.db.selectFrom('orders').select(['status']).where('hash', '=', hash).executeTakeFirstOrThrow()).toEqual(before)
      expect(await holders()).toEqual(namesBefore)
      const again = await confirm()
      expect(again.body, JSON.stringify(again.body)).toMatchObject({ errorCode: '0' })
    }, 30_000)
  })

  describe('the box office', () => {
    let desk: AdminClient
    beforeAll(async () => {
      desk = await signedIn(server, 'boxoffice')
    })
    const sale = () => ({ fio: 'Касса', phone: '+79030006677', email: 'desk@example.org', hash: fx.basic.hash, payKind: 'cash', data: orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }]).data })
    const ordersOfSession = async () => (await server.db.selectFrom('order_lines').select('order_id').distinct().where('calendar_id', '=', fx.basic.calendarId).execute()).length

    it('a counter sale answered busy leaves no order, paid or not', async () => {
      const before = await ordersOfSession()
      // The session's claim lock (orders/claim.ts lockCalendars), held by another transaction.
      const { res, took } = await whileLocked('select id from calendars where id = $1 for update', [fx.basic.calendarId], () => desk.post('/api/admin/boxoffice/sell', sale()))
      expectBusy(res, took)
      expect(await ordersOfSession()).toBe(before)
      const again = await desk.post<{ id: number }>('/api/admin/boxoffice/sell', sale())
      expect(again.status, JSON.stringify(again.body)).toBe(200)
      expect(await ordersOfSession()).toBe(before + 1)
    }, 30_000)
  })
})

describe('seat-map writes answered busy by the request deadline change nothing (PostgreSQL)', () => {
  let server: TestServer
  let fx: SchemeFx
  let desk: AdminClient
  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: GATE_ENV })
    fx = await loadScheme(await visitor(server.url))
    desk = await signedIn(server, 'boxoffice')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('a cart hold extension answered busy moves no hold and counts no extension', async () => {
    const v = await visitor(server.url)
    const seat = fx.map.seat_numbers.filter((s) => s.status === 'free').at(-1)!.seat_id
    const held = await v.post<{ errorCode?: string }>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] })
    expect(held.status, JSON.stringify(held.body)).toBe(200)
    const [row] = await seatRowIds(server, fx.calendarId, [seat])
    const hold = () => server.db.selectFrom('seat_holds').select(['cart_id', 'expires_at']).where('seat_id', '=', row).where('calendar_id', '=', fx.calendarId).where('released_at', 'is', null).executeTakeFirstOrThrow()
    const before = await hold()
    const cart = () => server.db.selectFrom('carts').select(['hold_extensions', 'extended_until']).where('id', '=', before.cart_id!).executeTakeFirstOrThrow()
    const cartBefore = await cart()
    const holder = new pg.Client({ connectionString: (server.config.database as { url: string }).url })
    await holder.connect()
    try {
      const { res, took } = await whileLockedBy(holder, 'select id from carts where id = $1 for update', [before.cart_id], () => v.post<{ errorCode: string }>('/api/cart/extend', { calendar_id: fx.calendarId }))
      expectBusy(res, took)
      expect(await hold()).toEqual(before)
      expect(await cart()).toEqual(cartBefore)
    } finally {
      await holder.end()
    }
    const again = await v.post<{ errorCode?: string }>('/api/cart/extend', { calendar_id: fx.calendarId })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await cart()).hold_extensions).toBe(cartBefore.hold_extensions + 1)
  }, 30_000)

  it('the ticket stays on its seat, the other seat stays free', async () => {
    const zone = fx.map.seat_numbers[0].zonelevel_id
    const [from, to] = fx.map.seat_numbers.filter((s) => s.zonelevel_id === zone && s.status === 'free').map((s) => s.seat_id)
    const sale = await desk.post<{ id: number }>('/api/admin/boxoffice/sell', { fio: 'Касса', phone: '+79030006677', email: 'desk@example.org', hash: fx.hash, calendarId: fx.calendarId, payKind: 'cash', tickets: [seatChange(fx, from)] })
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)
    const line = await server.db.selectFrom('order_lines').select(['id', 'seat_id']).where('order_id', '=', sale.body.id).executeTakeFirstOrThrow()
    const [toRow] = await seatRowIds(server, fx.calendarId, [to])
    const rig = await lockRig(server)
    try {
      // A cart hold of the target seat, undecided: the reseat's claim of it waits on that row.
      await rig.freezeSeats(fx.calendarId, [toRow])
      const started = Date.now()
      const answer = desk.post('/api/admin/tickets/reseat', { lineId: line.id, seat: to })
      // Let go at the answer (or HOLD_LOCK_MS), then wait for the reseat to decide (gate-rig.ts whileLocked).
      const answered = answer.then(
        () => {},
        () => {},
      )
      const release = Promise.race([answered, pause(HOLD_LOCK_MS)]).then(() => rig.release())
      const res = await answer
      expectBusy(res, Date.now() - started)
      await release
      await untilSettled(rig.monitor)
      expect(await server.db.selectFrom('order_lines').select(['id', 'seat_id']).where('id', '=', line.id).executeTakeFirstOrThrow()).toEqual(line)
      expect(await server.db.selectFrom('seat_holds').select('id').where('seat_id', '=', toRow).where('released_at', 'is', null).execute()).toEqual([])
    } finally {
      await rig.release()
      await rig.end()
    }
  }, 30_000)
})
