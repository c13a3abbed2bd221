import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DoorSync, RedeemAnswerBody } from '../../src/contract/admin/door'
import { ticketClaims } from '../../src/server/domain/tickets/claims'
import type { TicketKeys } from '../../src/server/domain/tickets/keys'
import { DOOR_AHEAD_MS } from '../../src/server/domain/redemption/door-window'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { bringToDoor, DOOR_TOKEN, doorPost, nonce, scan, serverKeys, viewLines, type DoorAnswer } from './door-helpers'
import { seedOrderFixtures, visitor, type Fixtures, type Visitor } from './order-fixtures'
import { decide, pathOf, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'

interface Ticket { lineId: number; token: string; code: string }
type Answer = RedeemAnswerBody & { errorCode?: string; errorText?: string }
type Failure = { errorCode: string; errorText: string }

/**
 * What the door takes from uploads and named orders (both databases): a scan of an upload not
 * marked offline admits now, so it is judged under the live door window; an offline scan claiming
 * a time before its session's door opened is timed on arrival; a named order paid before its
 * holders are entered shows no code and admits nobody until they are.
 */
describe.each(TEST_DBS)('door upload guards on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  let pfx: PaymentFx
  let keys: TicketKeys
  let owner: AdminClient
  let door: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', PUBLIC_URL: 'http://shop.test', DOOR_TOKEN } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    keys = await serverKeys(server)
    owner = await signedIn(server, 'owner')
    door = await signedIn(server, 'door')
    await bringToDoor(server.db, [fx.basic.calendarId, fx.free.calendarId])
  })
  afterAll(async () => {
    await server?.close()
  })

  const tokenOf = async (lineId: number) => {
    const row = await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', '=', lineId).executeTakeFirstOrThrow()
    return keys.sign(ticketClaims(row))
  }
  async function ticketsOf(v: Visitor, hash: string): Promise<Ticket[]> {
    const lines = await viewLines(v, hash)
    return Promise.all(lines.map(async (l) => ({ lineId: l.id, token: await tokenOf(l.id), code: l.ticketcode })))
  }
  async function paidTickets(n: number): Promise<Ticket[]> {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, 'adult', n)
    const start = await startPay(v, hash, pfx.types.card)
    expect(start.body.errorCode).toBe('0')
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    return ticketsOf(v, hash)
  }
  async function makeList(calendarId: number, name: string): Promise<number> {
    const res = await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: calendarId, name, category_ids: [], sector_ids: [], exits: false, reentry: false })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.id
  }
  const scansOf = (lineId: number) =>
    server.db.selectFrom('ticket_redemptions').select(['id', 'gate', 'result', 'admitted', 'offline', 'counted', 'flagged', 'scanned_at']).where('order_line_id', '=', lineId).orderBy('id').execute()
  const sharedBatch = (body: unknown) => doorPost<{ answers: DoorAnswer[] } & Failure>(server, '/api/door/redeem-batch', body)

  it('a batch scan not marked offline is live: a switched-off session takes none; offline scans of it still count', async () => {
    const [a, b] = await paidTickets(2)
    const s = fx.basic.calendarId
    const list = await makeList(s, 'Upload gate')
    // door-session-closed, with its text (the shared token's calls answer in the default language).
    const closed = { status: 409, errorCode: '-1014', text: true }
    const refusal = (res: { status: number; body: Partial<Failure> }) => ({ status: res.status, errorCode: res.body.errorCode, text: (res.body.errorText ?? '').includes(String(s)) })
    await server.db.updateTable('calendars').set({ active: 0 }).where('id', '=', s).execute()
    try {
      // The shared token: `offline` missing or false is a scan now, as /api/door/redeem's.
      expect(refusal(await doorPost(server, '/api/door/redeem', { code: a.token, sessionId: s, gate: 'A', nonce: nonce() }))).toEqual(closed)
      expect(refusal(await sharedBatch({ scans: [{ code: a.token, sessionId: s, gate: 'A', nonce: nonce() }] }))).toEqual(closed)
      expect(refusal(await sharedBatch({ scans: [{ code: a.token, sessionId: s, gate: 'A', nonce: nonce(), offline: false, scannedAt: Date.now() }] }))).toEqual(closed)
      // The check-in app's calls, the same.
      expect(refusal(await door.post<Failure>('/api/admin/door/redeem', { code: a.code, list_id: list, nonce: nonce() }))).toEqual(closed)
      expect(refusal(await door.post<Failure>('/api/admin/door/redeem-batch', { scans: [{ code: a.code, list_id: list, nonce: nonce() }] }))).toEqual(closed)
      // All or nothing: an upload with a live scan among offline ones records none of them.
      const mixed = [
        { code: b.code, list_id: list, nonce: nonce(), scannedAt: Date.now() - 60_000, offline: true },
        { code: a.code, list_id: list, nonce: nonce(), offline: false },
      ]
      expect(refusal(await door.post<Failure>('/api/admin/door/redeem-batch', { scans: mixed }))).toEqual(closed)
      expect(await scansOf(a.lineId)).toEqual([])
      expect(await scansOf(b.lineId)).toEqual([])
      // Scans made offline while the door was open still count (the app's queue marks every one offline).
      const queued = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans: [mixed[0]] })
      expect(queued.status, JSON.stringify(queued.body)).toBe(200)
      expect(queued.body.answers[0]).toMatchObject({ result: 'valid', replayed: false })
      expect(await scansOf(b.lineId)).toEqual([expect.objectContaining({ result: 'valid', offline: 1, admitted: 1, counted: 1 })])
    } finally {
      await server.db.updateTable('calendars').set({ active: 1 }).where('id', '=', s).execute()
    }
    // Switched on again: a live scan in a batch admits, timed and admitted as an online scan.
    const live = await sharedBatch({ scans: [{ code: a.token, sessionId: s, gate: 'A', nonce: nonce() }] })
    expect(live.status, JSON.stringify(live.body)).toBe(200)
    expect(live.body.answers[0]).toMatchObject({ result: 'valid', replayed: false })
    expect(await scansOf(a.lineId)).toEqual([expect.objectContaining({ result: 'valid', offline: 0, admitted: 1, counted: 1 })])
  })

  it('exits switched off while a phone was offline: its queued exits still count, live ones are refused', async () => {
    const [t] = await paidTickets(1)
    const s = fx.basic.calendarId
    const made = await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: s, name: 'Both ways', category_ids: [], sector_ids: [], exits: true, reentry: true })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const list = made.body.id
    const entry = await door.post<Answer>('/api/admin/door/redeem', { code: t.code, list_id: list, nonce: nonce() })
    expect(entry.body.result).toBe('valid')
    // The phone goes offline and lets the holder out; meanwhile the operator switches exits off.
    const exit = { code: t.code, list_id: list, nonce: nonce(), direction: 'out', scannedAt: Date.now(), offline: true, admitted: true }
    const off = await owner.post(`/api/admin/checkin/lists/${list}`, { name: 'Both ways', category_ids: [], sector_ids: [], exits: false, reentry: true })
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    const up = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans: [exit] })
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    expect(up.body.answers[0]).toMatchObject({ result: 'valid', direction: 'out', flagged: false })
    // He is outside, so he comes back in; an exit scanned now (online, or in a batch as live) is refused and records nothing.
    expect((await door.post<Answer>('/api/admin/door/redeem', { code: t.code, list_id: list, nonce: nonce() })).body.result).toBe('valid')
    const liveExit = await door.post<Failure>('/api/admin/door/redeem', { code: t.code, list_id: list, nonce: nonce(), direction: 'out' })
    expect([liveExit.status, liveExit.body.errorCode]).toEqual([409, expect.any(String)])
    const batchLive = await door.post<Failure>('/api/admin/door/redeem-batch', { scans: [{ code: t.code, list_id: list, nonce: nonce(), direction: 'out', offline: false }] })
    expect(batchLive.status).toBe(409)
    expect((await scansOf(t.lineId)).map((r) => [r.result, r.counted])).toEqual([
      ['valid', 1],
      ['valid', 1],
      ['valid', 1],
    ])
  })

  it('an offline scan backdated without a clock does not demote an entry an online gate really made first', async () => {
    const [t] = await paidTickets(1)
    const s = fx.basic.calendarId
    const online = await scan(server, { code: t.token, sessionId: s, gate: 'Online', reentry: false })
    expect(online.result).toBe('valid')
    const res = await sharedBatch({ reentry: false, scans: [{ code: t.token, sessionId: s, gate: 'Off', nonce: nonce(), offline: true, scannedAt: 1000 }] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // 1970 is before the session's door opened: the clock is known wrong, the scan is timed on arrival.
    expect(res.body.answers[0]).toMatchObject({ result: 'already_used', flagged: true, conflicts: [], firstUse: { gate: 'Online', at: online.scannedAt } })
    expect(res.body.answers[0].scannedAt).toBeGreaterThanOrEqual(online.scannedAt)
    const rows = await scansOf(t.lineId)
    expect(rows.map((r) => [r.gate, r.result, r.flagged])).toEqual([
      ['Online', 'valid', 0],
      ['Off', 'already_used', 1],
    ])
    // The same through the check-in app, without a clock (an older app): the honest entry stands.
    const [u] = await paidTickets(1)
    const list = await makeList(s, 'Backdated gate')
    const first = await door.post<Answer>('/api/admin/door/redeem', { code: u.code, list_id: list, nonce: nonce() })
    expect(first.body.result).toBe('valid')
    const [start] = await server.db.selectFrom('calendars').select('starts_at').where('id', '=', s).execute()
    const beforeDoor = Number(start.starts_at) - DOOR_AHEAD_MS - 1
    const late = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans: [{ code: u.token, list_id: list, nonce: nonce(), scannedAt: beforeDoor, offline: true, admitted: true, shown: 'valid' }] })
    expect(late.status, JSON.stringify(late.body)).toBe(200)
    expect(late.body.answers[0]).toMatchObject({ result: 'already_used', flagged: true, firstUse: { gate: 'Backdated gate', at: first.body.scannedAt } })
    expect((await scansOf(u.lineId)).map((r) => r.result)).toEqual(['valid', 'already_used'])
  })

  it('a named order paid before its holders are entered shows no code and admits nobody; once named, it does', async () => {
    await server.db.updateTable('events').set({ writeticketname: 1 }).where('id', '=', fx.free.id).execute()
    try {
      const v = await visitor(server.url)
      // A free order is paid at once; its named tickets leave it unconfirmed.
      const hash = await placeOrder(v, fx, fx.free, 'adult', 1)
      expect(await server.db.selectFrom('orders').select(['status', 'paid']).where('hash', '=', hash).executeTakeFirstOrThrow()).toEqual({ status: 10, paid: 1 })
      const view = await v.post<{ errorCode: string; printingAllowed: boolean; main: { id: number; _qrcode: string; _barcode: string; ticketcode: string }[] }>('/api/order/view', { hash, lang: 'en' })
      expect(view.body.errorCode).toBe('0')
      expect(view.body.printingAllowed).toBe(false)
      expect(view.body.main.map((l) => [l._qrcode, l._barcode])).toEqual([['', '']])
      const [line] = view.body.main
      const ticket = await v.getJson<{ printingAllowed: boolean; ticket: { _qrcode: string } }>(`/api/ticket/${(await server.db.selectFrom('order_lines').select('ticket_hash').where('id', '=', line.id).executeTakeFirstOrThrow()).ticket_hash}`)
      expect(ticket.body).toMatchObject({ printingAllowed: false, ticket: { _qrcode: '' } })

      // The door refuses its signed code and its printed code, and counts nobody in.
      const s = fx.free.calendarId
      const token = await tokenOf(line.id)
      const shared = await scan(server, { code: token, sessionId: s })
      expect(shared).toMatchObject({ result: 'unnamed', ticket: { id: line.id, holder: '' } })
      const list = await makeList(s, 'Named gate')
      const app = await door.post<Answer>('/api/admin/door/redeem', { code: line.ticketcode, list_id: list, nonce: nonce() })
      expect(app.body).toMatchObject({ result: 'unnamed', flagged: false })
      // A phone that let it in offline is flagged, as any admission the server refuses.
      const offline = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans: [{ code: token, list_id: list, nonce: nonce(), scannedAt: Date.now() - 1000, offline: true, admitted: true, shown: 'valid' }] })
      expect(offline.body.answers[0]).toMatchObject({ result: 'unnamed', flagged: true })
      expect((await scansOf(line.id)).map((r) => [r.result, r.counted])).toEqual([
        ['unnamed', 0],
        ['unnamed', 0],
        ['unnamed', 0],
      ])
      // The check-in app's list leaves it out: offline, a phone does not know it.
      const sync = await door.get<DoorSync>(`/api/admin/door/sync?calendar_id=${s}`)
      expect(sync.status).toBe(200)
      expect(sync.body.tickets.map((t) => t.id)).not.toContain(line.id)

      // The holders entered: the order is confirmed, its code drawn, the door admits it with its holder.
      const named = await v.post<Failure>('/api/confirm-nominal', {
        id: [line.id], docTypeId: [null], name: ['Alexey'], surname: ['Ivanov'], middleName: [''], docNum: [''], age: [''], date: [''], countryId: [null], regionId: [null], hash, lang: 'en', checkboxList: [],
      })
      expect(named.body, JSON.stringify(named.body)).toMatchObject({ errorCode: '0' })
      const after = await viewLines(v, hash)
      expect(after[0]._qrcode || after[0]._barcode).not.toBe('')
      const next = await door.get<DoorSync>(`/api/admin/door/sync?calendar_id=${s}&cursor=${sync.body.cursor}`)
      expect(next.body.tickets.find((t) => t.id === line.id)).toMatchObject({ status: 'ok', holder: 'Ivanov Alexey' })
      expect(await scan(server, { code: token, sessionId: s })).toMatchObject({ result: 'valid', ticket: { holder: 'Ivanov Alexey' } })
    } finally {
      await server.db.updateTable('events').set({ writeticketname: 0 }).where('id', '=', fx.free.id).execute()
    }
  })
})
