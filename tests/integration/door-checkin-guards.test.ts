import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckinCounts, RedeemAnswerBody } from '../../src/contract/admin/door'
import { ErrorCode } from '../../src/contract/errors'
import { ticketClaims } from '../../src/server/domain/tickets/claims'
import type { TicketKeys } from '../../src/server/domain/tickets/keys'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { bringToDoor, DOOR_TOKEN, doorPost, nonce, serverKeys, viewLines } from './door-helpers'
import { seedOrderFixtures, visitor, type Fixtures, type Visitor } from './order-fixtures'
import { decide, pathOf, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'
import { nextReturnLink, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

interface Ticket { lineId: number; token: string; code: string }
type Answer = RedeemAnswerBody & { errorCode?: string; errorText?: string }
/** How long before the upload the offline phone scanned. */
const SCANNED_AGO_MS = 60_000

/**
 * What the door refuses beyond a ticket's history (both databases): a ticket the server refuses
 * on its own checks that a phone let in offline is flagged like any other wrong admission, and
 * switched-off sessions and archived events have no door at all.
 */
describe.each(TEST_DBS)('door check-in guards on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]
  let keys: TicketKeys
  let owner: AdminClient
  let door: AdminClient

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test', DOOR_TOKEN } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
    keys = await serverKeys(server)
    owner = await signedIn(server, 'owner')
    door = await signedIn(server, 'door')
    await bringToDoor(server.db, [fx.basic.calendarId, fx.named.calendarId, fx.free.calendarId])
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  async function paidTickets(priceKey: string, n: number): Promise<{ v: Visitor; hash: string; tickets: Ticket[] }> {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, priceKey, n)
    const start = await startPay(v, hash, pfx.types.card)
    expect(start.body.errorCode).toBe('0')
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    const lines = await viewLines(v, hash)
    const rows = await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', 'in', lines.map((l) => l.id)).execute()
    return { v, hash, tickets: lines.map((l) => ({ lineId: l.id, token: keys.sign(ticketClaims(rows.find((r) => r.id === l.id)!)), code: l.ticketcode })) }
  }
  /** Returns one ticket through the storefront's return flow (requested, then confirmed from the e-mail). */
  async function returnTicket(v: Visitor, hash: string, lineId: number): Promise<void> {
    const count = inbox.messages.length
    expect((await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: reasons[0], id: [lineId] })).body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, count, hash)
    expect((await v.post<{ errorCode: string }>('/api/order/return-confirm', { hash, lang: 'ru', hashConf: link.hashConf })).body.errorCode).toBe('0')
  }
  async function makeList(body: Record<string, unknown>): Promise<number> {
    const res = await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: fx.basic.calendarId, ...body })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.id
  }
  async function scan(list: number, code: string, extra: Record<string, unknown> = {}): Promise<Answer> {
    const res = await door.post<Answer>('/api/admin/door/redeem', { code, list_id: list, nonce: nonce(), ...extra })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }
  async function upload(scans: Record<string, unknown>[]): Promise<Answer[]> {
    const res = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.answers
  }
  async function gateCount(name: string) {
    const counts = await owner.get<CheckinCounts>(`/api/admin/checkin/counts?calendar_id=${fx.basic.calendarId}`)
    expect(counts.status).toBe(200)
    return counts.body.gates.find((g) => g.gate === name)
  }

  it('a NUL in a scanned code, a check-in list name or a gate name is refused as bad input alike on both databases, recording nothing', async () => {
    const list = await makeList({ name: 'Nul gate' })
    const { tickets } = await paidTickets('adult', 1)
    const scansBefore = await server.db.selectFrom('ticket_redemptions').select('id').execute()
    const answers = [
      await owner.post('/api/admin/checkin/lists', { calendar_id: fx.basic.calendarId, name: 'Gate\u0000A' }),
      await door.post('/api/admin/door/redeem', { code: `${tickets[0].code}\u0000`, list_id: list, nonce: nonce() }),
      await door.post('/api/admin/door/redeem-batch', { scans: [{ code: '\u0000', list_id: list, nonce: nonce(), scannedAt: Date.now(), offline: true }] }),
      await doorPost(server, '/api/door/redeem', { code: tickets[0].code, sessionId: fx.basic.calendarId, gate: 'Main\u0000', nonce: nonce() }),
    ]
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBe(400)
      expect((a.body as { errorCode?: string }).errorCode, JSON.stringify(a.body)).toBe(String(ErrorCode.BAD_REQUEST))
    }
    expect(await server.db.selectFrom('ticket_redemptions').select('id').execute()).toEqual(scansBefore)
    expect(await server.db.selectFrom('checkin_lists').select('id').where('name', 'like', 'Gate%').execute()).toEqual([])
    // The ticket still enters once.
    expect((await scan(list, tickets[0].code)).result).toBe('valid')
  })

  it('a ticket the server refuses on its own checks that a phone let in offline is flagged, once', async () => {
    const list = await makeList({ name: 'Flag all' })
    // The phone's copy of this list predates its category filter (or the phone scanned the wrong gate's list).
    const kids = await makeList({ name: 'Flag kids', category_ids: [fx.basic.prices.child.categoryId] })
    const { v, hash, tickets } = await paidTickets('adult', 3)
    const [refunded, adult] = tickets
    // Returned after the phone's last sync: the phone still held it as good.
    await returnTicket(v, hash, refunded.lineId)
    const at = Date.now() - SCANNED_AGO_MS
    const admitted = { offline: true, admitted: true, shown: 'valid' }
    const scans = [
      { code: refunded.token, list_id: list, nonce: nonce(), scannedAt: at, ...admitted },
      { code: adult.token, list_id: kids, nonce: nonce(), scannedAt: at, ...admitted },
      // A code the server knows nothing of (no ticket to lock) let in all the same.
      { code: '000000000002', list_id: list, nonce: nonce(), scannedAt: at, ...admitted },
      // Refused by the phone too: nobody came in, nothing to flag.
      { code: refunded.code, list_id: list, nonce: nonce(), scannedAt: at + 1_000, offline: true, admitted: false, shown: 'refunded' },
    ]
    const answers = await upload(scans)
    expect(answers.map((a) => [a.result, a.flagged, a.replayed])).toEqual([
      ['refunded', true, false],
      ['not_on_list', true, false],
      ['unknown', true, false],
      ['refunded', false, false],
    ])
    expect(await gateCount('Flag all')).toMatchObject({ entered: 0, refused: 3, flagged: 2 })
    expect(await gateCount('Flag kids')).toMatchObject({ entered: 0, refused: 1, flagged: 1 })
    // Uploaded again (the phone never saw the answer): nothing changes, no flag counted twice.
    const again = await upload(scans)
    expect(again.map((a) => [a.scanId, a.flagged, a.replayed])).toEqual(answers.map((a) => [a.scanId, a.flagged, true]))
    expect(await gateCount('Flag all')).toMatchObject({ refused: 3, flagged: 2 })
    // A refusal is no entry: the adult still enters at a gate that takes the ticket.
    expect(await scan(list, adult.token)).toMatchObject({ result: 'valid', firstUse: null })
  })

  it('an online refusal that timed out, then let in offline under its nonce: flagged once', async () => {
    const list = await makeList({ name: 'Flag late' })
    const { v, hash, tickets } = await paidTickets('adult', 2)
    const [t] = tickets
    await returnTicket(v, hash, t.lineId)
    // The server answered refunded, too late: the phone decided on its older list (valid) and let the holder in.
    const slow = nonce()
    const online = await scan(list, t.token, { nonce: slow })
    expect(online).toMatchObject({ result: 'refunded', flagged: false })
    const queued = { code: t.token, list_id: list, nonce: slow, scannedAt: online.scannedAt, offline: true, admitted: true, shown: 'valid' }
    const [first] = await upload([queued])
    expect(first).toMatchObject({ scanId: online.scanId, result: 'refunded', flagged: true, replayed: false })
    const [again] = await upload([queued])
    expect(again).toMatchObject({ scanId: online.scanId, flagged: true, replayed: true })
    // The same for a code without a ticket (a key the server no longer lists, say).
    const ghost = nonce()
    expect(await scan(list, '000000000003', { nonce: ghost })).toMatchObject({ result: 'unknown', flagged: false })
    const [late] = await upload([{ ...queued, code: '000000000003', nonce: ghost }])
    expect(late).toMatchObject({ result: 'unknown', flagged: true, replayed: false })
    expect(await gateCount('Flag late')).toMatchObject({ entered: 0, refused: 2, flagged: 2 })
  })

  it('a switched-off session and an archived event have no door: not listed, no sync, no scans; their offline uploads still count', async () => {
    const listed = async () => (await door.get<{ sessions: { calendar_id: number }[] }>('/api/admin/door/sessions')).body.sessions.map((s) => s.calendar_id)
    const scansOf = (id: number) => server.db.selectFrom('ticket_redemptions').select('id').where('calendar_id', '=', id).execute()
    /** Every door call for a session (the check-in app's sync, scan and upload, the shared token's scan): status and code of each answer. */
    const calls = async (calendarId: number, list: number) => {
      const sync = await door.get<{ errorCode?: string; errorText?: string }>(`/api/admin/door/sync?calendar_id=${calendarId}`)
      expect(sync.body.errorText).toBe(`Session ${calendarId} is not open for check-in now`)
      const one = await door.post('/api/admin/door/redeem', { code: '000000000001', list_id: list, nonce: nonce() })
      const batch = await door.post('/api/admin/door/redeem-batch', { scans: [{ code: '000000000001', list_id: list, nonce: nonce(), scannedAt: Date.now(), offline: true }] })
      const shared = await doorPost(server, '/api/door/redeem', { code: '000000000001', sessionId: calendarId, gate: 'Shared', nonce: nonce() })
      return [sync, one, batch, shared].map((r) => ({ status: r.status, errorCode: r.body.errorCode }))
    }
    // The upload (third) is the record of scans made while the door was open: it is taken.
    const closed = [{ status: 409, errorCode: '-1014' }, { status: 409, errorCode: '-1014' }, { status: 200, errorCode: undefined }, { status: 409, errorCode: '-1014' }]

    // Switched off (the storefront's rule: it sells nothing and is shown nowhere).
    const off = fx.free.calendarId
    const offList = await makeList({ calendar_id: off, name: 'Switched off' })
    expect(await listed()).toContain(off)
    expect((await door.get(`/api/admin/door/sync?calendar_id=${off}`)).status).toBe(200)
    await server.db.updateTable('calendars').set({ active: 0 }).where('id', '=', off).execute()
    try {
      expect(await listed()).not.toContain(off)
      expect(await calls(off, offList)).toEqual(closed)
      expect(await scansOf(off)).toHaveLength(1)
    } finally {
      await server.db.updateTable('calendars').set({ active: 1 }).where('id', '=', off).execute()
    }
    expect((await door.get(`/api/admin/door/sync?calendar_id=${off}`)).status).toBe(200)

    // Its event archived in the console.
    const gone = fx.named.calendarId
    const goneList = await makeList({ calendar_id: gone, name: 'Archived' })
    expect((await door.get(`/api/admin/door/sync?calendar_id=${gone}`)).status).toBe(200)
    expect((await owner.post(`/api/admin/events/${fx.named.id}/archive`)).status).toBe(200)
    expect(await listed()).not.toContain(gone)
    expect(await calls(gone, goneList)).toEqual(closed)
    expect(await scansOf(gone)).toHaveLength(1)
    // The console's own screens still read it.
    expect((await owner.get(`/api/admin/checkin/counts?calendar_id=${gone}`)).status).toBe(200)
  })
})
