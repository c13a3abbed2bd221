import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderCare } from '../../src/contract/admin/care'
import type { PrintedTickets } from '../../src/contract/admin/boxoffice'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { loadScheme, seatChange, visitor, type SchemeFx } from './scheme-helpers'

const BUYER = { fio: 'Иван Петров', phone: '+79161234567', email: 'ivan@example.org' }

/**
 * The console's words for things the server names, on both databases: a not-found refusal names
 * what it missed in the operator's language (no English word of our code in a kz or ch answer),
 * and a ticket printed at the box office, order care and the reseat answer word the seat's place
 * ("Sector, row 1, seat 8") instead of a bare "Sector · 1 · 8".
 */
describe.each(TEST_DBS)("the console's words on %s", (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let desk: AdminClient
  let manager: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    desk = await signedIn(server, 'boxoffice')
    manager = await signedIn(server, 'manager')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('names a missing check-in list, session and order in kz, ch and ru, with the not-found code', async () => {
    // The language in the body alone (an API client's way); the console's own calls name it in the
    // query, which wins over a body's (plugins/error-handler.ts: a body's lang may be a record's).
    manager.lang = ''
    const list = await manager.post('/api/admin/door/redeem', { code: 'x', list_id: 999999, nonce: 'nonce-words-1', lang: 'kz' })
    expect(list.status).toBe(404)
    expect(list.body).toMatchObject({ errorCode: ErrorCode.NOT_FOUND, errorText: 'Кіру тізімі 999999 табылмады' })
    manager.lang = 'ch'
    const session = await manager.get('/api/admin/checkin/counts?calendar_id=99999')
    expect(session.status).toBe(404)
    expect(session.body).toMatchObject({ errorCode: ErrorCode.NOT_FOUND, errorText: '找不到場次 99999' })
    manager.lang = 'ru'
    const order = await manager.get('/api/admin/orders/99999/print')
    expect(order.status).toBe(404)
    expect(order.body).toMatchObject({ errorCode: ErrorCode.NOT_FOUND, errorText: 'Не найдено: заказ 99999' })
    manager.lang = 'en'
  })

  it("words the place on the printed ticket, in order care and in the reseat answer, in the operator's language", async () => {
    const zone = fx.map.seat_numbers[0].zonelevel_id
    const [sold, moved] = fx.map.seat_numbers.filter((s) => s.zonelevel_id === zone && s.sector.trim() !== '' && s.row.trim() !== '').slice(0, 2)
    const sale = await desk.post<{ id: number }>('/api/admin/boxoffice/sell', { ...BUYER, hash: fx.hash, calendarId: fx.calendarId, payKind: 'cash', tickets: [seatChange(fx, sold.seat_id)] })
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)

    desk.lang = 'en'
    const printed = await desk.get<PrintedTickets>(`/api/admin/orders/${sale.body.id}/print`)
    expect(printed.status, JSON.stringify(printed.body)).toBe(200)
    expect(printed.body.tickets.map((t) => t.place)).toEqual([`${sold.sector}, row ${sold.row}, seat ${sold.seat}`])
    desk.lang = 'ru'
    const ru = await desk.get<PrintedTickets>(`/api/admin/orders/${sale.body.id}/print`)
    expect(ru.body.tickets.map((t) => t.place)).toEqual([`${sold.sector}, ряд ${sold.row}, место ${sold.seat}`])

    desk.lang = 'kz'
    const care = await desk.get<OrderCare>(`/api/admin/orders/${sale.body.id}`)
    expect(care.status, JSON.stringify(care.body)).toBe(200)
    expect(care.body.lines.map((l) => l.place)).toEqual([`${sold.sector}, ${sold.row}-қатар, ${sold.seat}-орын`])

    // The console sends its language in the query only, not in the reseat's body.
    desk.lang = 'ch'
    const line = await server.db.selectFrom('order_lines').select('id').where('order_id', '=', sale.body.id).executeTakeFirstOrThrow()
    const reseat = await desk.post<{ place: string }>('/api/admin/tickets/reseat', { lineId: line.id, seat: moved.seat_id })
    expect(reseat.status, JSON.stringify(reseat.body)).toBe(200)
    expect(reseat.body.place).toBe(`${moved.sector}，${moved.row} 排，${moved.seat} 號`)
    desk.lang = 'en'
    const history = (await desk.get<OrderCare>(`/api/admin/orders/${sale.body.id}`)).body.history.find((h) => h.kind === 'reseated')
    expect(history?.detail).toContain(`${sold.sector}, row ${sold.row}, seat ${sold.seat} → ${moved.sector}, row ${moved.row}, seat ${moved.seat}`)

    // The sales export's place column keeps its meaning (the place as one text), worded in the file's language.
    const csv = await fetch(`${server.url}/api/admin/sales/sessions/${fx.calendarId}/tickets.csv?lang=en`, { headers: { cookie: desk.cookie } })
    expect(csv.status).toBe(200)
    expect(await csv.text()).toContain(`${moved.sector}, row ${moved.row}, seat ${moved.seat}`)
  })
})
