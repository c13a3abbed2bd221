import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionCancelResult } from '../../src/contract/admin/catalogue'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { ORDER_STATUS_CANCELLED } from '../../src/contract/constants'
import { ErrorCode } from '../../src/contract/errors'
import { endUnpaidOrders } from '../../src/server/admin/catalogue/session-cancel'
import { CANCELLED_SWEEP_WINDOW_MS, sweepCancelledSessions, type SessionRefundDeps } from '../../src/server/admin/catalogue/session-refunds'
import { admittedCount, gateCounts } from '../../src/server/domain/redemption/lists.repository'
import { ticketClaims } from '../../src/server/domain/tickets/claims'
import type { TicketKeys } from '../../src/server/domain/tickets/keys'
import { buildPaymentRegistry } from '../../src/server/payments/registry'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { StatementCount } from '../support/statement-count'
import { signedIn, type AdminClient } from './admin-helpers'
import { bringToDoor, DOOR_TOKEN, doorPost, nonce, serverKeys, viewLines, type DoorAnswer } from './door-helpers'
import { seedOrderFixtures, soldByPrice, visitor, type Fixtures } from './order-fixtures'
import { decide, pathOf, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'

const silentLog = { info() {}, warn() {}, error() {} }

/**
 * Follow-ups of a session's cancellation and of the door (both databases): the counts the
 * console's confirmations name (one count), the door's gate counts (only what the door admits),
 * an upload's order of entries (by the time recorded), and a cancelled session's unpaid orders
 * (cancelled a chunk at a time, and refused a payment, while money a bank already took is refunded
 * however late the bank approves it).
 */
describe.each(TEST_DBS)('session cancellation and door follow-ups on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx
  let keys: TicketKeys
  let owner: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', PUBLIC_URL: 'http://shop.test', DOOR_TOKEN } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    keys = await serverKeys(server)
    owner = await signedIn(server, 'owner')
    await bringToDoor(server.db, [fx.basic.calendarId, fx.free.calendarId])
  })
  afterAll(async () => {
    await server?.close()
  })

  const tokenOf = async (lineId: number) => {
    const row = await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', '=', lineId).executeTakeFirstOrThrow()
    return keys.sign(ticketClaims(row))
  }
  /** A paid order of `n` basic tickets: its hash and lines. */
  async function paidOrder(n: number): Promise<{ hash: string; lineIds: number[] }> {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', n)
    const start = await startPay(v, hash, pfx.types.card)
    expect(start.body.errorCode).toBe('0')
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    return { hash, lineIds: (await viewLines(v, hash)).map((l) => l.id) }
  }
  const orderOf = (hash: string) => server.db.selectFrom('orders').select(['id', 'paid', 'status']).where('hash', '=', hash).executeTakeFirstOrThrow()

  it('counts the orders and tickets the door admits in one read: several lines an order, unpaid and cancelled orders left out', async () => {
    const s = fx.basic.calendarId
    const before = await admittedCount(server.db, s)
    await paidOrder(3)
    await paidOrder(1)
    await placeOrder(await visitor(server.url), fx, fx.basic, 'adult', 2)
    expect(await admittedCount(server.db, s)).toEqual({ orders: before.orders + 2, tickets: before.tickets + 4, noEmail: before.noEmail })
    // The console's switch-off confirmation names the same counts.
    const off = await owner.post(`/api/admin/sessions/${s}`, { active: 0 })
    expect(off.status, JSON.stringify(off.body)).toBe(409)
    expect(off.body).toMatchObject({ errorCode: AdminErrorCode.UNCONFIRMED, orders: before.orders + 2, tickets: before.tickets + 4 })
  })

  it("a gate's count of tickets that may enter leaves out a named order whose holders are not entered (the door answers it 'unnamed')", async () => {
    await server.db.updateTable('events').set({ writeticketname: 1 }).where('id', '=', fx.free.id).execute()
    const s = fx.free.calendarId
    const before = (await gateCounts(server.db, s)).tickets
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.free, 'adult', 2)
    expect(await orderOf(hash)).toMatchObject({ paid: 1, status: 10 })
    const [line] = await viewLines(v, hash)
    const shared = await doorPost<DoorAnswer>(server, '/api/door/redeem', { code: await tokenOf(line.id), sessionId: s, gate: 'A', nonce: nonce() })
    expect(shared.body.result).toBe('unnamed')
    expect((await gateCounts(server.db, s)).tickets).toBe(before)
  })

  it('an upload enters its scans in the order of the times recorded: a claim before the door opened is timed on arrival, after an honest one', async () => {
    const { lineIds } = await paidOrder(1)
    const token = await tokenOf(lineIds[0])
    const s = fx.basic.calendarId
    // Sent first, but its 1970 clock is known wrong: it is timed on arrival, after the honest scan a minute ago.
    const res = await doorPost<{ answers: DoorAnswer[] }>(server, '/api/door/redeem-batch', {
      reentry: false,
      scans: [
        { code: token, sessionId: s, gate: 'Reset', nonce: nonce(), offline: true, scannedAt: 1000 },
        { code: token, sessionId: s, gate: 'Honest', nonce: nonce(), offline: true, scannedAt: Date.now() - 60_000 },
      ],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.answers[1]).toMatchObject({ result: 'valid', conflicts: [] })
    expect(res.body.answers[0]).toMatchObject({ result: 'already_used', firstUse: { gate: 'Honest' } })
    const rows = await server.db.selectFrom('ticket_redemptions').select(['gate', 'result', 'scanned_at']).where('order_line_id', '=', lineIds[0]).orderBy('id').execute()
    expect(rows.map((r) => [r.gate, r.result])).toEqual([
      ['Honest', 'valid'],
      ['Reset', 'already_used'],
    ])
    expect(Number(rows[1].scanned_at)).toBeGreaterThan(Number(rows[0].scanned_at))
  })

  it("a cancellation cancels the session's unpaid orders, which can no longer be paid; money a bank already took is accepted and refunded", async () => {
    const s = fx.basic.calendarId
    const waiting = await visitor(server.url)
    const unpaid = await placeOrder(waiting, fx, fx.basic, 'adult', 2)
    // A buyer already at the bank's page when the session is cancelled.
    const atBank = await visitor(server.url)
    const paying = await placeOrder(atBank, fx, fx.basic, 'adult', 1)
    const started = await startPay(atBank, paying, pfx.types.card)
    expect(started.body.errorCode).toBe('0')
    const publicId = pathOf(started.body.bankUrl!).split('/').pop()!
    const paid = await admittedCount(server.db, s)

    const res = await owner.post<SessionCancelResult>(`/api/admin/sessions/${s}/cancel`, { confirm: true })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ orders: paid.orders, tickets: paid.tickets, repeat: false })
    // Unpaid orders are cancelled through the expiry: their tickets go back (not counted as sold).
    for (const hash of [unpaid, paying]) expect(await orderOf(hash)).toMatchObject({ paid: 0, status: ORDER_STATUS_CANCELLED })

    // The visitor opens his order page and tries to pay: refused with a clear error, in his language.
    const ru = await startPay(waiting, unpaid, pfx.types.card)
    expect(ru.status).toBe(409)
    expect(ru.body).toMatchObject({ errorCode: ErrorCode.PAYMENT, errorText: expect.stringContaining('сеанс отменён') })
    const en = await waiting.post<{ errorCode: string; errorText: string }>(`/api/payment/start/${pfx.types.card}`, { hash: unpaid, lang: 'en' })
    expect(en.body).toMatchObject({ errorCode: ErrorCode.PAYMENT, errorText: expect.stringContaining('session was cancelled') })
    expect(await server.db.selectFrom('payments').select('id').where('order_id', '=', (await orderOf(unpaid)).id).execute()).toEqual([])

    // The bank approves the payment begun before: the money is taken, never kept, and comes back in full.
    expect((await decide(atBank, publicId, 'approve')).status).toBe(303)
    const deps: SessionRefundDeps = { db: server.db, payments: buildPaymentRegistry(server.config), log: silentLog, publicUrl: server.config.publicUrl, changed() {} }
    await sweepCancelledSessions(deps)
    // The settlement refunds it (the order stays cancelled, its places not taken again).
    await expectRefundedWhole(paying)
    expect(await admittedCount(server.db, s)).toMatchObject({ orders: 0, tickets: 0 })
  })

  /** The order's one payment came back in full, at the settlement: the payment refunded, the order left unpaid and cancelled. */
  async function expectRefundedWhole(hash: string): Promise<void> {
    const order = await orderOf(hash)
    const [payment] = await server.db.selectFrom('payments').select(['amount', 'status']).where('order_id', '=', order.id).execute()
    expect(payment.amount).toBeGreaterThan(0)
    const refunds = await server.db.selectFrom('refunds').select('amount').where('order_id', '=', order.id).execute()
    expect(refunds.reduce((n, r) => n + r.amount, 0), 'refunded').toBe(payment.amount)
    expect(payment.status).toBe('refunded')
    expect(order).toMatchObject({ paid: 0, status: ORDER_STATUS_CANCELLED })
  }

  it('a bank approval long after the cancellation (past the refund sweep window) is refunded, not kept', async () => {
    const ev = fx.pushkinMixed
    const s = ev.calendarId
    const atBank = await visitor(server.url)
    const paying = await placeOrder(atBank, fx, ev, 'adult', 1)
    const started = await startPay(atBank, paying, pfx.types.card)
    expect(started.body.errorCode).toBe('0')
    const publicId = pathOf(started.body.bankUrl!).split('/').pop()!
    expect((await owner.post<SessionCancelResult>(`/api/admin/sessions/${s}/cancel`, { confirm: true })).status).toBe(200)
    // The cancellation is older than the window the leader's sweep reads (8 days ago, for a 7-day window).
    const longAgo = Date.now() - CANCELLED_SWEEP_WINDOW_MS - 24 * 3600 * 1000
    await server.db.updateTable('calendars').set({ cancelled_at: longAgo }).where('id', '=', s).execute()

    expect((await decide(atBank, publicId, 'approve')).status).toBe(303)
    const deps: SessionRefundDeps = { db: server.db, payments: buildPaymentRegistry(server.config), log: silentLog, publicUrl: server.config.publicUrl, changed() {} }
    await sweepCancelledSessions(deps)
    await expectRefundedWhole(paying)
    expect(await admittedCount(server.db, s)).toMatchObject({ orders: 0, tickets: 0 })
  })

  it("a cancellation ends an on-sale rush's unpaid orders a chunk at a time: statements do not grow with the orders, places go back", async () => {
    const ev = fx.race
    const s = ev.calendarId
    const priceId = ev.prices.adult.id
    const soldBefore = (await soldByPrice(server.db)).get(priceId) ?? 0
    const place = async (n: number) => {
      const hashes: string[] = []
      for (let i = 0; i < n; i++) hashes.push(await placeOrder(await visitor(server.url), fx, ev, 'adult', 2))
      return hashes
    }
    const rush = await place(8)
    // A paid order of the session is no concern of this step (the refunds are).
    const v = await visitor(server.url)
    const kept = await placeOrder(v, fx, ev, 'adult', 1)
    expect((await decide(v, pathOf((await startPay(v, kept, pfx.types.card)).body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    expect((await soldByPrice(server.db)).get(priceId)).toBe(soldBefore + 17)

    const count = new StatementCount()
    await endUnpaidOrders(server.db.withPlugin(count), s, Date.now())
    // One chunk: a read, the reservations ended in one UPDATE, the expiry's few statements; one UPDATE per order was 13 here.
    expect(count.n).toBeLessThan(rush.length)
    for (const hash of rush) expect(await orderOf(hash)).toMatchObject({ paid: 0, status: ORDER_STATUS_CANCELLED })
    expect((await orderOf(kept)).paid).toBe(1)
    expect((await soldByPrice(server.db)).get(priceId)).toBe(soldBefore + 1)

    // Chunk after chunk (3 + 2 orders in chunks of 3), all of them cancelled, by order id.
    const more = await place(5)
    await endUnpaidOrders(server.db, s, Date.now(), 3)
    for (const hash of more) expect(await orderOf(hash)).toMatchObject({ paid: 0, status: ORDER_STATUS_CANCELLED })
    expect((await soldByPrice(server.db)).get(priceId)).toBe(soldBefore + 1)
  })
})
