import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS_CANCELLED } from '../../src/contract/constants'
import { startTestServer, type TestServer } from '../support/server'
import { signedIn, type AdminClient, type Answer } from './admin-helpers'
import { loadScheme, seatChange, visitor, type SchemeFx } from './scheme-helpers'

/**
 * A counter sale is two steps (domain/boxoffice/sell.ts): the order, committed, then the desk
 * payment. Between them an operator may cancel the order's session (its unpaid orders are
 * cancelled with it) or the order itself (order care). The payment step paid whatever it found:
 * the sale ended as a paid order of a cancelled session, or a paid order in status cancelled. It
 * now rechecks, under the session and order locks, that the order is still live, and refuses
 * (409, in the operator's language) with nothing of the payment written.
 *
 * Made deterministic on PostgreSQL only: a side transaction holds payment_types exclusively, so
 * the sale stops at the payment step's first read of it (the desk payment type), after its order
 * committed; the cancellation runs meanwhile, then the side transaction lets go. SQLite has no
 * such place to stop a request between its steps (one connection, the test's own transaction
 * would stop the cancellation too), as discount-release-race.test.ts found for its race.
 */

/** How long the test waits for the sale to stop at the held table, and how often it looks. */
const WAIT_MS = 10_000
const POLL_MS = 25
/** lock_timeout long enough for the held sale to wait through the cancellation. */
const LOCK_TIMEOUT_MS = 15_000

describe('a desk sale whose order or session is cancelled between its two steps, on postgres', () => {
  let server: TestServer
  let fx: SchemeFx
  let desk: AdminClient
  let manager: AdminClient
  let next = 0
  const take = (n: number) => {
    const zone = fx.map.seat_numbers[0].zonelevel_id
    const out: string[] = []
    while (out.length < n) {
      const s = fx.map.seat_numbers[next++]
      if (s.zonelevel_id === zone) out.push(s.seat_id)
    }
    return out
  }
  const sell = (fio: string, keys: string[]) =>
    desk.post<{ id: number }>('/api/admin/boxoffice/sell', { fio, phone: '+79161234567', email: 'walk-in@example.org', hash: fx.hash, calendarId: fx.calendarId, payKind: 'cash', tickets: keys.map((k) => seatChange(fx, k)) })
  const orderOf = (fio: string) => server.db.selectFrom('orders').select(['id', 'paid', 'status']).where('fio', '=', fio).executeTakeFirst()

  beforeAll(async () => {
    server = await startTestServer({ db: 'postgres', env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    fx = await loadScheme(await visitor(server.url))
    desk = await signedIn(server, 'boxoffice')
    manager = await signedIn(server, 'manager')
    // The desk's cash type exists before the race (made on first use), so the held step only reads it.
    expect((await sell('Первая продажа', take(1))).status).toBe(200)
  })
  afterAll(async () => {
    await server?.close()
  })

  /**
   * Starts a sale by `fio` held at its payment step, runs `cancel` with its order id once the
   * order committed, lets the sale go once the order is cancelled, and answers the sale's answer.
   */
  async function saleCancelledMeanwhile(fio: string, keys: string[], cancel: (orderId: number) => Promise<Answer>): Promise<{ sale: Answer<{ id: number }>; cancelled: Answer; orderId: number }> {
    const side = new pg.Client({ connectionString: server.config.database.kind === 'postgres' ? server.config.database.url : '' })
    await side.connect()
    let sale: Promise<Answer<{ id: number }>> | undefined
    let cancelling: Promise<Answer> | undefined
    let orderId = 0
    try {
      await side.query('begin')
      await side.query('lock table payment_types in access exclusive mode')
      sale = sell(fio, keys)
      const deadline = Date.now() + WAIT_MS
      let order = await orderOf(fio)
      while (!order && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, POLL_MS))
        order = await orderOf(fio)
      }
      expect(order, 'the sale committed its order and stopped at the payment step').toMatchObject({ paid: 0 })
      orderId = order!.id
      cancelling = cancel(orderId)
      while ((await orderOf(fio))?.status !== ORDER_STATUS_CANCELLED && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS))
      expect((await orderOf(fio))?.status).toBe(ORDER_STATUS_CANCELLED)
    } finally {
      await side.query('rollback').catch(() => undefined)
      await side.end()
    }
    return { sale: await sale!, cancelled: await cancelling!, orderId }
  }

  const deskRows = async (orderId: number) => ({
    payments: await server.db.selectFrom('payments').select('id').where('order_id', '=', orderId).execute(),
    sales: await server.db.selectFrom('box_office_sales').select('order_id').where('order_id', '=', orderId).execute(),
    audit: await server.db.selectFrom('audit_log').select('id').where('entity', '=', 'order').where('action', '=', 'boxoffice-sale').where('entity_id', '=', String(orderId)).execute(),
  })

  it('an order cancelled in order care meanwhile is refused, not paid; its seats stay free', async () => {
    const keys = take(2)
    const { sale, cancelled, orderId } = await saleCancelledMeanwhile('Заказ отменили', keys, (id) => desk.post(`/api/admin/orders/${id}/cancel`, {}))
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(sale.status, JSON.stringify(sale.body)).toBe(409)
    expect(sale.body.errorText).toBe('The sale did not go through: the order was cancelled meanwhile. Take no money')
    expect(await orderOf('Заказ отменили')).toMatchObject({ paid: 0, status: ORDER_STATUS_CANCELLED })
    expect(await deskRows(orderId)).toEqual({ payments: [], sales: [], audit: [] })
    // The seats are free: the next sale of the same seats goes through.
    expect((await sell('Следующий покупатель', keys)).status).toBe(200)
  })

  it('an order whose session was cancelled meanwhile is refused, not paid', async () => {
    const { sale, cancelled, orderId } = await saleCancelledMeanwhile('Сеанс отменили', take(2), () => manager.post(`/api/admin/sessions/${fx.calendarId}/cancel`, { confirm: true }))
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(sale.status, JSON.stringify(sale.body)).toBe(409)
    expect(sale.body.errorText).toBe('The sale did not go through: the session was cancelled meanwhile. Take no money')
    expect(await orderOf('Сеанс отменили')).toMatchObject({ paid: 0, status: ORDER_STATUS_CANCELLED })
    expect(await deskRows(orderId)).toEqual({ payments: [], sales: [], audit: [] })
  })
})
