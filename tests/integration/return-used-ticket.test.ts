import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RETURN_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED_FINAL, RETURN_STATUS_NOT_CONFIRMED, RETURN_STATUS_RETURNABLE } from '../../src/contract/constants'
import { REQUEST_STATUS_REFUNDED, REQUEST_STATUS_USED } from '../../src/server/domain/returns/constants'
import { ticketClaims } from '../../src/server/domain/tickets/claims'
import type { TicketKeys } from '../../src/server/domain/tickets/keys'
import { messageText, REASONS } from '../../src/server/messages'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { bringToDoor, DOOR_TOKEN, scan, serverKeys, viewLines } from './door-helpers'
import { seedOrderFixtures, visitor, type Fixtures, type Visitor } from './order-fixtures'
import { decide, pathOf, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'
import { decodeMessage, nextReturnLink, paidOrder, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

type Refusal = { errorCode: string; errorText: string; summa?: number }
/** The return page's data (POST /api/order/return/:hash), the fields these tests read. */
type PageData = { rows: { id: number; status_id: number; admitted: boolean }[]; link_state?: string }

/**
 * A ticket admitted at the door is used: it is not returned online (return-create and
 * return-confirm refuse it, and a door scan racing a confirmation never lets both win); order
 * care may still refund it. And order care's refund of a ticket a visitor's request waits for
 * withdraws that request, so its link can no longer answer "refund confirmed" for nothing.
 */
describe.each(TEST_DBS)('returns of used tickets on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]
  let keys: TicketKeys
  let boxoffice: AdminClient

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test', DOOR_TOKEN } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
    keys = await serverKeys(server)
    boxoffice = await signedIn(server, 'boxoffice')
    // Tomorrow: inside the door's window, and returns still open (they close 180 minutes before).
    await bringToDoor(server.db, [fx.basic.calendarId, fx.named.calendarId])
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  async function ticketsOf(v: Visitor, hash: string) {
    const lines = await viewLines(v, hash)
    const rows = await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', 'in', lines.map((l) => l.id)).orderBy('id').execute()
    return rows.map((r) => ({ lineId: r.id, token: keys.sign(ticketClaims(r)) }))
  }

  async function paidTickets(n: number) {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, n)
    return { v, hash, tickets: await ticketsOf(v, hash) }
  }

  const create = (v: Visitor, hash: string, ids: number[]) => v.post<Refusal>('/api/order/return-create', { hash, lang: 'ru', reason: reasons[0], id: ids })
  const confirm = (v: Visitor, hash: string, hashConf: string) => v.post<Refusal>('/api/order/return-confirm', { hash, lang: 'ru', hashConf })
  async function request(v: Visitor, hash: string, ids: number[]): Promise<string> {
    const count = inbox.messages.length
    const res = await create(v, hash, ids)
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ errorCode: '0' })
    return (await nextReturnLink(inbox, count, hash)).hashConf
  }
  const orderOf = (hash: string) => server.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()
  const refundsOf = async (hash: string) => server.db.selectFrom('refunds').select(['amount', 'return_request_id']).where('order_id', '=', (await orderOf(hash)).id).execute()
  const requestsOf = async (hash: string) => server.db.selectFrom('return_requests').select(['id', 'status']).where('order_id', '=', (await orderOf(hash)).id).orderBy('id').execute()
  const lineStatus = async (id: number) => (await server.db.selectFrom('order_lines').select('return_status').where('id', '=', id).executeTakeFirstOrThrow()).return_status
  const usedRefusal = (id: number) => ({ errorCode: REASONS['return-ticket-used'], errorText: messageText('return-ticket-used', 'ru', { id }) })

  it('refuses to return a ticket admitted at the door, with its own reason', async () => {
    const { v, hash, tickets } = await paidTickets(2)
    expect((await scan(server, { code: tickets[0].token, sessionId: fx.basic.calendarId })).result).toBe('valid')
    const before = inbox.messages.length
    const res = await create(v, hash, [tickets[0].lineId])
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject(usedRefusal(tickets[0].lineId))
    expect(res.body.errorText).not.toBe('return-ticket-used')
    expect(messageText('return-ticket-used', 'en', { id: 1 })).toMatch(/used/)
    // Asked with a ticket not used: the whole call is refused, nothing is written, no mail.
    const mixed = await create(v, hash, [tickets[1].lineId, tickets[0].lineId])
    expect(mixed.body).toMatchObject(usedRefusal(tickets[0].lineId))
    expect(await requestsOf(hash)).toEqual([])
    expect(await lineStatus(tickets[0].lineId)).toBe(RETURN_STATUS_RETURNABLE)
    expect(await lineStatus(tickets[1].lineId)).toBe(RETURN_STATUS_RETURNABLE)
    // No return link was mailed (the order's tickets e-mail may still be arriving: only return links count).
    expect(inbox.messages.slice(before).filter((raw) => decodeMessage(raw).includes(`/order/return/${hash}?hash_conf=`))).toEqual([])
    // The return page marks it admitted (its checkbox disabled), the other not; no link, no link_state.
    const page = await v.post<PageData>(`/api/order/return/${hash}`, { hash, lang: 'ru' })
    expect(page.body.rows.map((r) => [r.id, r.admitted])).toEqual([[tickets[0].lineId, true], [tickets[1].lineId, false]])
    expect(page.body.link_state).toBeUndefined()
    // An exit does not make it unused.
    expect((await scan(server, { code: tickets[0].token, sessionId: fx.basic.calendarId, direction: 'out' })).result).toBe('valid')
    expect((await create(v, hash, [tickets[0].lineId])).body).toMatchObject(usedRefusal(tickets[0].lineId))
    expect((await v.post<PageData>(`/api/order/return/${hash}`, { hash, lang: 'ru' })).body.rows.map((r) => r.admitted)).toEqual([true, false])
    // The ticket still admits nobody twice and is not back on sale; the other is still returnable.
    expect((await scan(server, { code: tickets[0].token, sessionId: fx.basic.calendarId, reentry: false })).result).toBe('already_used')
    await request(v, hash, [tickets[1].lineId])
  })

  it('refuses a request made before the entry and confirmed after it, and withdraws it', async () => {
    const { v, hash, tickets } = await paidTickets(2)
    const hashConf = await request(v, hash, [tickets[0].lineId, tickets[1].lineId])
    expect((await scan(server, { code: tickets[1].token, sessionId: fx.basic.calendarId })).result).toBe('valid')
    const res = await confirm(v, hash, hashConf)
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject(usedRefusal(tickets[1].lineId))
    expect(res.body.summa).toBeUndefined()
    expect(await refundsOf(hash)).toEqual([])
    expect((await requestsOf(hash)).map((r) => r.status)).toEqual([REQUEST_STATUS_USED])
    // Both lines out of the withdrawn request: the used one kept, the other returnable again.
    expect(await lineStatus(tickets[0].lineId)).toBe(RETURN_STATUS_RETURNABLE)
    expect(await lineStatus(tickets[1].lineId)).toBe(RETURN_STATUS_RETURNABLE)
    // Every later click: the same refusal, nothing refunded.
    expect((await confirm(v, hash, hashConf)).body).toMatchObject(usedRefusal(tickets[1].lineId))
    expect(await refundsOf(hash)).toEqual([])
    // The ticket was not put back on sale nor marked returned: it still counts as inside.
    expect((await scan(server, { code: tickets[1].token, sessionId: fx.basic.calendarId, reentry: false })).result).toBe('already_used')
    // The page: the link is no longer waiting, nothing shown as confirmed; the unused ticket may be asked for again.
    // The page: the link says why it was withdrawn (used, not 'expired'); the used ticket is marked
    // admitted (its checkbox disabled), the unused one may be asked for again.
    const page = await v.post<PageData>(`/api/order/return/${hash}`, { hash, lang: 'en', hashConf })
    expect(page.body.link_state).toBe('used')
    expect(page.body.rows.map((r) => [r.id, r.status_id, r.admitted])).toEqual([[tickets[0].lineId, RETURN_STATUS_RETURNABLE, false], [tickets[1].lineId, RETURN_STATUS_RETURNABLE, true]])
    const again = await request(v, hash, [tickets[0].lineId])
    expect((await confirm(v, hash, again)).body).toMatchObject({ errorCode: '0', summa: 1650 })
  })

  it('refuses to return a named ticket admitted at the door', async () => {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.named, 'adult', 1)
    const form = (await v.post<{ rows: { id: number }[]; checkboxList: { id: number }[] }>('/api/order-data', { hash, lang: 'en' })).body
    const one = <T>(value: T) => form.rows.map(() => value)
    const named = await v.post<{ errorCode: string }>('/api/confirm-nominal', {
      id: form.rows.map((r) => r.id), surname: one('Сидорова'), name: one('Анна'), middleName: one(''),
      docTypeId: one(null), docNum: one(''), age: one(''), date: one(''), countryId: one(null), regionId: one(null),
      hash, lang: 'en', checkboxList: form.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
    })
    expect(named.body, JSON.stringify(named.body)).toMatchObject({ errorCode: '0' })
    const start = await startPay(v, hash, pfx.types.card)
    expect(start.body.errorCode).toBe('0')
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    const [ticket] = await ticketsOf(v, hash)
    expect((await scan(server, { code: ticket.token, sessionId: fx.named.calendarId })).result).toBe('valid')
    expect((await create(v, hash, [ticket.lineId])).body).toMatchObject(usedRefusal(ticket.lineId))
    expect(await requestsOf(hash)).toEqual([])
  })

  it('lets a door scan and a return confirmation of one ticket never both win', async () => {
    const outcomes: string[] = []
    for (let round = 0; round < 8; round++) {
      const { v, hash, tickets } = await paidTickets(1)
      const hashConf = await request(v, hash, [tickets[0].lineId])
      const [door, conf] = await Promise.all([scan(server, { code: tickets[0].token, sessionId: fx.basic.calendarId }), confirm(v, hash, hashConf)])
      const refunds = await refundsOf(hash)
      const status = await lineStatus(tickets[0].lineId)
      if (door.result === 'valid') {
        expect(conf.body, `round ${round}`).toMatchObject(usedRefusal(tickets[0].lineId))
        expect(refunds).toEqual([])
        expect(status).toBe(RETURN_STATUS_RETURNABLE)
        outcomes.push('admitted')
      } else {
        expect(door.result, `round ${round}`).toBe('refunded')
        expect(conf.body).toMatchObject({ errorCode: '0', summa: 1650 })
        expect(refunds.map((r) => r.amount)).toEqual([165_000])
        expect([RETURN_STATUS_CONFIRMED, RETURN_STATUS_CONFIRMED_FINAL]).toContain(status)
        outcomes.push('refunded')
      }
    }
    expect(outcomes).toHaveLength(8)
  }, 60_000)

  it('withdraws a waiting request when order care refunds its ticket: its link refuses, nothing refunded twice', async () => {
    const { v, hash, tickets } = await paidTickets(3)
    const [a, b, c] = tickets.map((t) => t.lineId)
    const hashConf = await request(v, hash, [a, b])
    const { id: orderId } = await orderOf(hash)
    const care = await boxoffice.post<{ amount: number; lines: number; repeat: boolean }>(`/api/admin/orders/${orderId}/refund`, { lineIds: [a] })
    expect(care.status).toBe(200)
    expect(care.body).toMatchObject({ lines: 1, repeat: false })
    const refundsAfterCare = await refundsOf(hash)
    expect(refundsAfterCare).toHaveLength(1)
    expect(refundsAfterCare[0].return_request_id).toBeNull()
    // The request is withdrawn, not confirmed; its other ticket is returnable again.
    const [req] = await requestsOf(hash)
    expect(req.status).toBe(REQUEST_STATUS_REFUNDED)
    expect(await lineStatus(a)).toBe(RETURN_STATUS_CONFIRMED)
    expect(await lineStatus(b)).toBe(RETURN_STATUS_RETURNABLE)
    expect(await lineStatus(c)).toBe(RETURN_STATUS_RETURNABLE)
    const res = await confirm(v, hash, hashConf)
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ errorCode: REASONS['return-link-refunded'], errorText: messageText('return-link-refunded', 'ru') })
    expect(res.body.summa).toBeUndefined()
    expect(await refundsOf(hash)).toEqual(refundsAfterCare)
    expect((await requestsOf(hash)).map((r) => r.status)).toEqual([REQUEST_STATUS_REFUNDED])
    expect(await lineStatus(b)).toBe(RETURN_STATUS_RETURNABLE)
    // The page says the link's tickets were refunded (not 'expired'); nothing of it is admitted.
    const page = await v.post<PageData>(`/api/order/return/${hash}`, { hash, lang: 'en', hashConf })
    expect(page.body.link_state).toBe('refunded')
    expect(page.body.rows.map((r) => [r.status_id, r.admitted])).toEqual([[RETURN_STATUS_CONFIRMED, false], [RETURN_STATUS_RETURNABLE, false], [RETURN_STATUS_RETURNABLE, false]])
    // The other ticket may be asked for again and returned.
    const again = await request(v, hash, [b])
    expect((await confirm(v, hash, again)).body).toMatchObject({ errorCode: '0', summa: 1650 })
    expect(await lineStatus(c)).toBe(RETURN_STATUS_RETURNABLE)
  })

  it('withdraws a request on a care refund of the whole order too', async () => {
    const { v, hash, tickets } = await paidTickets(1)
    const hashConf = await request(v, hash, [tickets[0].lineId])
    expect(await lineStatus(tickets[0].lineId)).toBe(RETURN_STATUS_NOT_CONFIRMED)
    const { id: orderId } = await orderOf(hash)
    expect((await boxoffice.post(`/api/admin/orders/${orderId}/refund`, {})).status).toBe(200)
    expect((await confirm(v, hash, hashConf)).body).toMatchObject({ errorCode: REASONS['return-link-refunded'] })
    expect(await refundsOf(hash)).toHaveLength(1)
    expect((await v.post<PageData>(`/api/order/return/${hash}`, { hash, lang: 'en', hashConf })).body.link_state).toBe('refunded')
  })

  it('still lets order care refund a ticket admitted at the door', async () => {
    const { hash, tickets } = await paidTickets(1)
    expect((await scan(server, { code: tickets[0].token, sessionId: fx.basic.calendarId })).result).toBe('valid')
    const { id: orderId } = await orderOf(hash)
    const care = await boxoffice.post<{ amount: number; lines: number }>(`/api/admin/orders/${orderId}/refund`, { lineIds: [tickets[0].lineId] })
    expect(care.status).toBe(200)
    expect(care.body).toMatchObject({ lines: 1 })
    expect(await refundsOf(hash)).toHaveLength(1)
    expect(await lineStatus(tickets[0].lineId)).toBe(RETURN_STATUS_CONFIRMED)
  })
})
