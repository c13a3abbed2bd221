import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { decide, pathOf, startPay } from './payment-fixtures'
import { seatPlaceText } from '../../src/contract/rules/seat-place'
import { MAIL_TEXTS } from '../../src/server/mail/templates/texts'
import { decodeMessage, nextReturnLink, startInbox, type Inbox } from './return-helpers'
import { loadScheme, schemeOrderBody, seatChange, SseReader, visitor, type SchemeFx } from './scheme-helpers'

/** Generous bound for a change to reach a stream in the same process (it normally takes milliseconds). */
const SAME_PROCESS_MS = 3000

/**
 * A seat-map order on the demo data, paid through the sandbox bank, returned by its e-mailed
 * link: the returned seat goes back on sale and open maps hear it as free on the live stream;
 * the seat kept stays sold.
 */
describe.each(TEST_DBS)('returned seats go back on sale on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: SchemeFx
  let reader: SseReader | null = null

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test' } })
    fx = await loadScheme(await visitor(server.url))
  })
  afterAll(async () => {
    reader?.close()
    await server?.close()
    await inbox?.close()
  })

  /** Each line's seat labels (sector name, row, number), as the venue drawing gives them. */
  async function seatPlaces(lineIds: number[]) {
    const rows = await server.db
      .selectFrom('order_lines as l')
      .innerJoin('seats as s', 's.id', 'l.seat_id')
      .leftJoin('sectors as sec', 'sec.id', 's.sector_id')
      .select(['l.id', 'sec.name as sector', 's.row_label as row', 's.number_label as seat'])
      .where('l.id', 'in', lineIds)
      .execute()
    return new Map(rows.map((r) => [r.id, { sector: r.sector, row: r.row, seat: r.seat }]))
  }

  it('frees the returned seat and publishes it', async () => {
    const v = await visitor(server.url)
    const [keep, give] = fx.map.seat_numbers.map((s) => s.seat_id).slice(200, 202)
    await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, keep), seatChange(fx, give)] })
    const order = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [keep, give]))
    expect(order.body.errorCode).toBe('0')
    const hash = order.body.hash
    const card = await server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
    const start = await startPay(v, hash, card.id)
    expect(start.body.errorCode).toBe('0')
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    // Returns of this event close when the session starts (the demo session may be today).
    const ev = await server.db.selectFrom('calendars').select('event_id').where('id', '=', fx.calendarId).executeTakeFirstOrThrow()
    await server.db.insertInto('event_return_rules').values({ event_id: ev.event_id, close_minutes: 0 }).execute()

    const data = (await v.post<{ error_code: string; rows: { id: number; status_id: number }[] }>(`/api/order/return/${hash}`, { hash, lang: 'ru' })).body
    expect(data.error_code).toBe('0')
    expect(data.rows).toHaveLength(2)
    const lines = await server.db.selectFrom('order_lines as l').innerJoin('seats as s', 's.id', 'l.seat_id').select(['l.id', 's.seat_key']).where('l.id', 'in', data.rows.map((r) => r.id)).execute()
    const giveLine = lines.find((l) => l.seat_key === give)!
    const reason = await server.db.selectFrom('return_reasons').select('id').orderBy('sortnum').executeTakeFirstOrThrow()
    const count = inbox.messages.length
    const created = await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: reason.id, id: [giveLine.id] })
    expect(created.body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, count, hash)
    // Both e-mails name each ticket by its seat, as printed tickets write it: the tickets e-mail
    // both seats, the return e-mail only the one asked back.
    const places = await seatPlaces(lines.map((l) => l.id))
    const [kept, given] = [keep, give].map((k) => seatPlaceText(places.get(lines.find((l) => l.seat_key === k)!.id)!, 'ru'))
    const texts = inbox.messages.map(decodeMessage).filter((m) => m.includes(hash))
    const returnMail = texts.find((m) => m.includes(`/order/return/${hash}?hash_conf=`))!
    expect(returnMail).toContain(given)
    expect(returnMail).not.toContain(kept)
    const ticketsMail = texts.find((m) => m.includes(MAIL_TEXTS.ru.paidTickets))!
    expect(ticketsMail).toContain(kept)
    expect(ticketsMail).toContain(given)

    reader = await SseReader.open(server.url, fx.calendarId)
    const confirmed = await v.post<{ errorCode: string }>('/api/order/return-confirm', { hash, lang: 'ru', hashConf: link.hashConf })
    expect(confirmed.body.errorCode).toBe('0')
    await reader.waitFor((x) => x.latestStatus().get(give) === 'free', SAME_PROCESS_MS, `${give} free`)
    expect(reader.latestStatus().get(keep)).not.toBe('free')
    // The database agrees: one live (sold) hold for the kept seat, none for the returned one.
    const live = await server.db
      .selectFrom('seat_holds as h')
      .innerJoin('seats as s', 's.id', 'h.seat_id')
      .select(['s.seat_key', 'h.state'])
      .where('h.calendar_id', '=', fx.calendarId)
      .where('s.seat_key', 'in', [keep, give])
      .where('h.released_at', 'is', null)
      .execute()
    expect(live).toEqual([{ seat_key: keep, state: 'sold' }])
    // Another visitor can put the returned seat in a cart now.
    const w = await visitor(server.url)
    const again = await w.post<{ errorCode?: string }>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, give)] })
    expect(again.status).toBe(200)
  })
})
