import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { orderBody, seedOrderFixtures, visitor, type Fixtures, type OrderAnswer } from './order-fixtures'
import { decide, memberVisitor, orderRow, pathOf, paymentRow, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'
import { LATE_APPROVAL_DISCOUNT_HOLD_MS } from '../../src/server/domain/loyalty/service'
import { loadScheme, schemeOrderBody, type SchemeFx } from './scheme-helpers'

/** Reservations this short (seconds), so a payment can arrive after one ends. */
const ORDER_RESERVE_SECONDS = 2
/** How long a test waits for the background expiry sweeper, and how often it looks. */
const SWEEP_WAIT_MS = 10_000
const POLL_MS = 100
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const pastReserve = () => sleep(ORDER_RESERVE_SECONDS * 1000 + 300)
const publicIdOf = (bankUrl: string) => pathOf(bankUrl).split('/').pop()!

/*
 * Each block's SQLite and PostgreSQL runs, and the two blocks, go at once (describe.concurrent
 * over the databases), each run's own tests one after the other on its own server
 * (describe.sequential): most of a run is waiting for reservations to end (pastReserve, five
 * times in the first block), and four servers wait side by side as cheaply as one.
 */
describe.concurrent.each(TEST_DBS)('payments arriving after the reservation ended, general admission, on %s', (dbKind) => {
  describe.sequential('one server', () => {
    let server: TestServer
    let fx: Fixtures
    let pfx: PaymentFx

    beforeAll(async () => {
      server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', ORDER_RESERVE_SECONDS: String(ORDER_RESERVE_SECONDS) } })
      fx = await seedOrderFixtures(server.db)
      pfx = await seedPaymentFixtures(server.db)
    })
    afterAll(async () => {
      await server?.close()
    })

    const statusChange = async (hash: string) => (await (await visitor(server.url)).post<{ response: number }>('/api/order/status-change', { hash })).body.response

    it('tickets sold to someone else meanwhile: the late payment is refunded automatically', async () => {
      const a = await visitor(server.url)
      // All 5 child tickets of the session.
      const hash = await placeOrder(a, fx, fx.basic, 'child', 5)
      const publicId = publicIdOf((await startPay(a, hash, pfx.types.card)).body.bankUrl!)
      await pastReserve()
      const b = await visitor(server.url)
      const other = await b.post<OrderAnswer>('/api/order/create', orderBody(fx, fx.basic, [{ price: fx.basic.prices.child, quantity: 5 }]))
      expect(other.body.errorCode).toBe('0')

      const back = await decide(a, publicId, 'approve')
      expect(back.headers.get('location')).toBe(`/order/declined/${hash}`)
      const payment = await paymentRow(server.db, publicId)
      expect(payment.status).toBe('refunded')
      const refunds = await server.db.selectFrom('refunds').selectAll().where('payment_id', '=', payment.id).execute()
      expect(refunds).toHaveLength(1)
      expect(refunds[0].amount).toBe(payment.amount)
      expect(await orderRow(server.db, hash)).toMatchObject({ status: 90, paid: 0 })
      expect(await statusChange(hash)).toBe(3)
      // The other buyer keeps the tickets.
      expect(await orderRow(server.db, other.body.hash!)).toMatchObject({ status: 20 })
    })

    it('tickets still there: the late payment takes them again and the order is paid', async () => {
      const a = await visitor(server.url)
      const hash = await placeOrder(a, fx, fx.basic, 'adult', 2)
      const publicId = publicIdOf((await startPay(a, hash, pfx.types.card)).body.bankUrl!)
      await pastReserve()
      // The order page shows the reservation over and no way to pay.
      const expired = await a.post<{ reservetime: number; paymentAllowed: boolean }>('/api/order/view', { hash, lang: 'ru' })
      expect(expired.body).toMatchObject({ reservetime: 0, paymentAllowed: false })
      // The expiry sweeper (every second here) cancels the order.
      const deadline = Date.now() + SWEEP_WAIT_MS
      while ((await orderRow(server.db, hash)).status !== 90 && Date.now() < deadline) await sleep(POLL_MS)
      expect((await orderRow(server.db, hash)).status).toBe(90)

      const back = await decide(a, publicId, 'approve')
      expect(back.headers.get('location')).toMatch(new RegExp(`^/order/${hash}\\?`))
      expect(await orderRow(server.db, hash)).toMatchObject({ status: 20, paid: 1, cancelled_at: null })
      const view = await a.post<{ paid: number; printingAllowed: boolean }>('/api/order/view', { hash, lang: 'ru' })
      expect(view.body).toMatchObject({ paid: 1, printingAllowed: true })
    })

    it('an order cancelled by expiry gives its bonuses and promo use back', async () => {
      const member = await memberVisitor(server, pfx)
      const balance = async () => (await server.db.selectFrom('loyalty_cards').select('bonus_balance').where('id', '=', pfx.client.cardId).executeTakeFirstOrThrow()).bonus_balance
      const uses = async () => (await server.db.selectFrom('promo_codes').select('used_count').where('code', '=', pfx.promos.multi).executeTakeFirstOrThrow()).used_count
      const startBalance = await balance()
      const hash = await placeOrder(member, fx, fx.race, 'adult', 1)
      const applied = await member.post<{ errorCode: string; promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: 100, cardCode: pfx.client.cardCode, promoCode: pfx.promos.multi })
      expect(applied.body).toMatchObject({ errorCode: '0', promoCode: pfx.promos.multi })
      expect(await balance()).toBe(startBalance - 100)
      expect(await uses()).toBe(1)
      await pastReserve()
      // Any discount call gives back what cancelled orders hold (a timer does it as well).
      const other = await placeOrder(await visitor(server.url), fx, fx.race, 'adult', 1)
      await member.post('/api/order/add-discount', { hash: other, lang: 'ru', bonuses: 0, cardCode: '', promoCode: '' })
      expect((await orderRow(server.db, hash)).status).toBe(90)
      expect(await balance()).toBe(startBalance)
      expect(await uses()).toBe(0)
      // Given back once only.
      await member.post('/api/order/add-discount', { hash: other, lang: 'ru', bonuses: 0, cardCode: '', promoCode: '' })
      expect(await balance()).toBe(startBalance)
    })

    it('a lapsed order with a payment under way keeps its discount, so a late approval pays it; given back once that payment is old', async () => {
      const member = await memberVisitor(server, pfx)
      const balance = async () => (await server.db.selectFrom('loyalty_cards').select('bonus_balance').where('id', '=', pfx.client.cardId).executeTakeFirstOrThrow()).bonus_balance
      const uses = async () => (await server.db.selectFrom('promo_codes').select('used_count').where('code', '=', pfx.promos.multi).executeTakeFirstOrThrow()).used_count
      const release = async () => member.post('/api/order/add-discount', { hash: 'no-such-order', lang: 'ru', bonuses: 0, cardCode: '', promoCode: '' })
      const lapsedWithPayment = async () => {
        const hash = await placeOrder(member, fx, fx.race, 'adult', 1)
        expect((await member.post<{ promoCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses: 100, cardCode: '', promoCode: pfx.promos.multi })).body.promoCode).toBe(pfx.promos.multi)
        const publicId = publicIdOf((await startPay(member, hash, pfx.types.card)).body.bankUrl!)
        await pastReserve()
        // The next order of the session cancels it; any discount call then releases what lapsed orders hold.
        await placeOrder(await visitor(server.url), fx, fx.race, 'adult', 1)
        expect((await orderRow(server.db, hash)).status).toBe(90)
        await release()
        return { hash, publicId }
      }
      const startBalance = await balance()
      const startUses = await uses()

      const paid = await lapsedWithPayment()
      // Kept: the payment may still be approved at the discounted amount.
      expect(await balance()).toBe(startBalance - 100)
      expect(await uses()).toBe(startUses + 1)
      expect((await decide(member, paid.publicId, 'approve')).headers.get('location')).toBe(`/order/${paid.hash}?bank=sandbox&payment=${paid.publicId}`)
      expect(await orderRow(server.db, paid.hash)).toMatchObject({ paid: 1 })
      expect((await paymentRow(server.db, paid.publicId)).status).toBe('paid')
      expect(await uses()).toBe(startUses + 1)

      // A payment the bank never answered keeps the discount only so long.
      const stale = await lapsedWithPayment()
      expect(await uses()).toBe(startUses + 2)
      await server.db.updateTable('payments').set({ created_at: Date.now() - LATE_APPROVAL_DISCOUNT_HOLD_MS - 1000 }).where('public_id', '=', stale.publicId).execute()
      await release()
      expect(await uses()).toBe(startUses + 1)
      expect((await orderRow(server.db, stale.hash)).paid).toBe(0)
    })
  })
})

describe.concurrent.each(TEST_DBS)('payments arriving after the reservation ended, seat map, on %s', (dbKind) => {
  describe.sequential('one server', () => {
    let server: TestServer
    let fx: SchemeFx
    let seats: string[]
    let cardType: number

    beforeAll(async () => {
      server = await startTestServer({ db: dbKind, env: { ORDER_RESERVE_SECONDS: String(ORDER_RESERVE_SECONDS) } })
      fx = await loadScheme(await visitor(server.url))
      seats = fx.map.seat_numbers.filter((s) => s.status === 'free').map((s) => s.seat_id)
      cardType = (await server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()).id
    })
    afterAll(async () => {
      await server?.close()
    })

    const order = async (keys: string[]) => {
      const v = await visitor(server.url)
      const res = await v.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(v, fx, keys))
      expect(res.body.errorCode).toBe('0')
      return { v, hash: res.body.hash! }
    }

    /** The order's seats held or sold now (holds not released). */
    const liveHolds = async (hash: string) => {
      const row = await server.db
        .selectFrom('seat_holds')
        .select(sql<number>`count(*)`.as('n'))
        .where('order_id', '=', (await orderRow(server.db, hash)).id)
        .where('released_at', 'is', null)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    }

    it('a seat taken by someone else meanwhile: refunded; seats still free: sold to the late payer', async () => {
      const [s1, s2, s3] = seats.slice(20, 23)
      const lost = await order([s1, s2])
      const lostPayment = publicIdOf((await startPay(lost.v, lost.hash, cardType)).body.bankUrl!)
      const kept = await order([s3])
      const keptPayment = publicIdOf((await startPay(kept.v, kept.hash, cardType)).body.bankUrl!)
      await pastReserve()
      await order([s2])

      await decide(lost.v, lostPayment, 'approve')
      expect((await paymentRow(server.db, lostPayment)).status).toBe('refunded')
      expect(await orderRow(server.db, lost.hash)).toMatchObject({ status: 90, paid: 0 })
      // Nothing of the refunded order was taken again (s1 stays free). Counted on its own order:
      // a count of the session's held seats raced the expiry sweeper, which may release the kept
      // order's lapsed s3 at any moment (a CI run, 2026-12-07: expected 2, got 1).
      expect(await liveHolds(lost.hash)).toBe(0)

      await decide(kept.v, keptPayment, 'approve')
      expect((await paymentRow(server.db, keptPayment)).status).toBe('paid')
      expect(await orderRow(server.db, kept.hash)).toMatchObject({ status: 20, paid: 1 })
      const holds = await server.db
        .selectFrom('seat_holds')
        .select(['state', 'expires_at'])
        .where('order_id', '=', (await orderRow(server.db, kept.hash)).id)
        .where('released_at', 'is', null)
        .execute()
      expect(holds).toEqual([{ state: 'sold', expires_at: null }])
    })
  })
})
