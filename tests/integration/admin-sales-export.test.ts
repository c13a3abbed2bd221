import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_CHECKBOX_SCOPE } from '../../src/server/domain/orders/constants'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { visitor } from './order-fixtures'
import { decide, pathOf, startPay } from './payment-fixtures'

const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }

/** The file as a browser downloads it with the operator's cookie. */
async function download(server: TestServer, who: AdminClient, sessionId: number, lang: string) {
  const res = await fetch(`${server.url}/api/admin/sales/sessions/${sessionId}/tickets.csv?lang=${lang}`, { headers: { cookie: who.cookie } })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

/** Parses the file back (RFC 4180 quoting), without the byte-order mark. */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const endCell = () => {
    row.push(cell)
    cell = ''
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (quoted) {
      if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') {
      quoted = true
    } else if (ch === separator) {
      endCell()
    } else if (ch === '\r' && text[i + 1] === '\n') {
      endCell()
      rows.push(row)
      row = []
      i++
    } else {
      cell += ch
    }
  }
  return rows
}

/**
 * The Sales screen's download of a session's tickets (a spreadsheet for the venue's accounts and
 * guest list): what it lists, in the operator's language and its spreadsheet's number format,
 * who may have it, and that a visitor's text never reaches a spreadsheet as a formula.
 */
describe.each(TEST_DBS)('the session tickets export on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let session: number
  let paidHash: string

  async function buy(quantity: number, pay: boolean, eventId: number, hash: string, zone: number, category: number): Promise<string> {
    const v = await visitor(server.url)
    const boxes = await server.db.selectFrom('checkbox_lists').select('id').where('scope', '=', ORDER_CHECKBOX_SCOPE).execute()
    const res = await v.post<{ hash: string; errorCode: string }>('/api/order/create', {
      fio: 'Анна Смирнова', phone: '+79161234567', email: 'anna@example.org', re_email: 'anna@example.org',
      data: [{ day: dayIn(6), time: '19:00', actionId: eventId, categoryId: category, zoneId: zone, quantity, sum: quantity * 1000 }],
      lang: 'ru', hash, checkboxList: boxes.map((b) => ({ id: b.id, checked: 1 })),
    })
    expect(res.body.errorCode, JSON.stringify(res.body)).toBe('0')
    if (pay) {
      const card = await server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
      await decide(v, pathOf((await startPay(v, res.body.hash, card.id)).body.bankUrl!).split('/').pop()!, 'approve')
    }
    return res.body.hash
  }

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    const refs = (await manager.get<Record<string, Row[]>>('/api/admin/refs')).body
    const zone = refs.zones.find((z) => z.drawing_id === null)!.id
    const category = refs.categories[0].id
    const eventId = (await manager.post<{ id: number }>('/api/admin/events', {
      menu_kind_id: refs.kinds[0].id, venue_id: refs.venues[0].id, name_ru: 'Выгрузка',
      main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id],
    })).body.id
    session = (await manager.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(6), time: '19:00', repeat: { every_days: 1, count: 1 } })).body.ids[0]
    await manager.post(`/api/admin/sessions/${session}/prices`, { client_category_id: category, zone_id: zone, price: 100000, quantity: 20 })
    await manager.post(`/api/admin/events/${eventId}/publish`, { published: 1 })
    const hash = (await manager.get<{ event: { hash_id: string } }>(`/api/admin/events/${eventId}`)).body.event.hash_id
    paidHash = await buy(3, true, eventId, hash, zone, category)
    await buy(2, false, eventId, hash, zone, category)
    const lapsed = await buy(1, false, eventId, hash, zone, category)
    await server.db.updateTable('orders').set({ reserve_until: Date.now() - 1000 }).where('hash', '=', lapsed).execute()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('lists the paid and the held tickets, one row a ticket (not a lapsed reservation) in Russian with ";" and decimal commas, as an attachment nobody caches', async () => {
    const file = await download(server, manager, session, 'ru')
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(file.headers.get('cache-control')).toBe('no-store')
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="tickets-\d{4}-\d{2}-\d{2}-1900-\d+\.csv"$/)
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [head, ...rows] = parseCsv(file.bytes.toString('utf8').slice(1), ';')
    expect(head).toEqual(['Заказ', 'Статус заказа', 'Канал', 'Создан', 'Оплачен', 'Сеанс', 'Зона', 'Категория', 'Место', 'Количество', 'Цена', 'Сбор', 'Оплачено', 'Билет', 'Владелец билета', 'Покупатель', 'E-mail', 'Телефон', 'Вход'])
    expect(rows.map((r) => r[1]).sort()).toEqual(['забронирован', 'забронирован', 'оплачен', 'оплачен', 'оплачен'])
    const paid = rows.find((r) => r[1] === 'оплачен')!
    const held = rows.find((r) => r[1] === 'забронирован')!
    // The three paid tickets share what their order paid.
    expect(rows.filter((r) => r[1] === 'оплачен').map((r) => r[12])).toEqual(['1000,00', '1000,00', '1000,00'])
    expect(paid[2]).toBe('интернет-магазин')
    expect(paid[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(held[4]).toBe('')
    expect(paid[5]).toBe(`${dayIn(6)} 19:00`)
    expect([paid[9], paid[10], paid[11], paid[12], paid[13]]).toEqual(['1', '1000,00', '0,00', '1000,00', 'действует'])
    // A reservation has paid nothing yet.
    expect([held[9], held[12]]).toEqual(['1', '0,00'])
    expect([paid[15], paid[16], paid[17]]).toEqual(['Анна Смирнова', 'anna@example.org', '+79161234567'])
  })

  it('in English: "," and decimal points, English words; the first entry at the door is shown', async () => {
    const line = await server.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select(['l.id', 'l.ticket_code']).where('o.hash', '=', paidHash).executeTakeFirstOrThrow()
    const at = Date.UTC(2030, 0, 2, 15, 30)
    await server.db.insertInto('ticket_redemptions').values({ nonce: `export-${dbKind}`, order_line_id: line.id, calendar_id: session, gate: 'main', direction: 'in', code: line.ticket_code, result: 'valid', scanned_at: at, received_at: at }).execute()
    const [head, ...rows] = parseCsv((await download(server, manager, session, 'en')).bytes.toString('utf8').slice(1), ',')
    expect(head.slice(0, 3)).toEqual(['Order', 'Order state', 'Channel'])
    const paid = rows.find((r) => r[1] === 'paid')!
    expect([paid[2], paid[10], paid[12], paid[13]]).toEqual(['online shop', '1000.00', '1000.00', 'valid'])
    // 15:30 UTC is 18:30 in the venues' time zone (Europe/Moscow); only the scanned ticket has it.
    expect(rows.filter((r) => r[1] === 'paid').map((r) => r[18]).sort()).toEqual(['', '', '2030-01-02 18:30'])
  })

  it("never hands a spreadsheet a formula: a buyer's text starting with = is written as text", async () => {
    await server.db.updateTable('orders').set({ fio: '=HYPERLINK("http://evil.example","Click")' }).where('hash', '=', paidHash).execute()
    const text = (await download(server, manager, session, 'en')).bytes.toString('utf8')
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`)
    const paid = parseCsv(text.slice(1), ',').find((r) => r[1] === 'paid')!
    expect(paid[15]).toBe(`'=HYPERLINK("http://evil.example","Click")`)
    // A phone number starting with + is a number, not a formula: left as typed.
    expect(paid[17]).toBe('+79161234567')
  })

  it('is for roles that read sales: the door role is refused, a visitor without sign-in too', async () => {
    expect((await download(server, await signedIn(server, 'door'), session, 'en')).status).toBe(403)
    expect((await fetch(`${server.url}/api/admin/sales/sessions/${session}/tickets.csv`)).status).toBe(401)
    expect((await download(server, manager, 999_999, 'en')).status).toBe(404)
  })

  it("says an order partly refunded, then refunded when every ticket of it was returned (not 'paid')", async () => {
    const order = await server.db.selectFrom('orders').select(['id', 'ord_num']).where('hash', '=', paidHash).executeTakeFirstOrThrow()
    const lines = await server.db.selectFrom('order_lines').select('id').where('order_id', '=', order.id).orderBy('id').execute()
    const states = async (lang: string) => {
      const rows = parseCsv((await download(server, manager, session, lang)).bytes.toString('utf8').slice(1), lang === 'ru' ? ';' : ',').slice(1)
      return rows.filter((r) => r[0] === String(order.ord_num)).map((r) => [r[1], r[13]])
    }
    expect((await manager.post(`/api/admin/orders/${order.id}/refund`, { lineIds: [lines[0].id] })).status).toBe(200)
    expect(await states('en')).toEqual([['partly refunded', 'returned'], ['partly refunded', 'valid'], ['partly refunded', 'valid']])
    expect((await manager.post(`/api/admin/orders/${order.id}/refund`, { lineIds: [] })).status).toBe(200)
    expect(await states('en')).toEqual([['refunded', 'returned'], ['refunded', 'returned'], ['refunded', 'returned']])
    expect((await states('ru')).map((r) => r[0])).toEqual(['возвращён', 'возвращён', 'возвращён'])
  })
})
