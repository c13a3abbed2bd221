import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckinCounts, DoorSync, RedeemAnswerBody } from '../../src/contract/admin/door'
import { ticketClaims } from '../../src/server/domain/tickets/claims'
import type { TicketKeys } from '../../src/server/domain/tickets/keys'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { DoorApiError } from '../../src/app/door/api'
import { heldTickets, mergeSync, type SessionData } from '../../src/app/door/model/store'
import { uploadQueued } from '../../src/app/door/model/upload'
import { AdminClient, signedIn } from './admin-helpers'
import { bringToDoor, nonce, serverKeys, viewLines } from './door-helpers'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { decide, pathOf, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from './payment-fixtures'
import { nextReturnLink, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

interface Ticket { lineId: number; token: string; code: string }
type Answer = RedeemAnswerBody & { errorCode?: string; errorText?: string }
const HOUR_MS = 3600_000
const DAY_MS = 24 * HOUR_MS

/**
 * The check-in app's calls (issue 19.4) on both databases: check-in lists made in the console,
 * their filters and door rules, scans by an operator of the door role and by a door API token,
 * the offline sync (whole, then incremental), offline uploads with conflicts, live counts.
 */
describe.each(TEST_DBS)('door check-in lists on %s', (dbKind) => {
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
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test' } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
    keys = await serverKeys(server)
    owner = await signedIn(server, 'owner')
    door = await signedIn(server, 'door')
    // The door works only sessions at the door now: these begin tomorrow (and still take returns).
    await bringToDoor(server.db, [fx.basic.calendarId, fx.named.calendarId])
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  async function paidTickets(priceKey: string, n: number) {
    const v = await visitor(server.url)
    const hash = await placeOrder(v, fx, fx.basic, priceKey, n)
    const start = await startPay(v, hash, pfx.types.card)
    expect(start.body.errorCode).toBe('0')
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    const lines = await viewLines(v, hash)
    const rows = await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', 'in', lines.map((l) => l.id)).execute()
    const tickets: Ticket[] = lines.map((l) => ({ lineId: l.id, token: keys.sign(ticketClaims(rows.find((r) => r.id === l.id)!)), code: l.ticketcode }))
    return { v, hash, tickets }
  }

  async function makeList(body: Record<string, unknown>): Promise<number> {
    const res = await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: fx.basic.calendarId, ...body })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.id
  }
  async function scan(client: AdminClient, list: number, code: string, extra: Record<string, unknown> = {}): Promise<Answer> {
    const res = await client.post<Answer>('/api/admin/door/redeem', { code, list_id: list, nonce: nonce(), ...extra })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }

  it('lists are made in the console (owner, manager), audited; the door role may not make them', async () => {
    const id = await makeList({ name: 'Main', category_ids: [], sector_ids: [] })
    const got = await door.get<{ lists: { id: number; name: string; exits: boolean; reentry: boolean }[]; categories: { id: number }[] }>(`/api/admin/checkin/lists?calendar_id=${fx.basic.calendarId}`)
    expect(got.status).toBe(200)
    expect(got.body.lists.find((l) => l.id === id)).toMatchObject({ name: 'Main', exits: true, reentry: true })
    expect(got.body.categories.map((c) => c.id)).toEqual(expect.arrayContaining([fx.basic.prices.adult.categoryId, fx.basic.prices.child.categoryId]))
    // Each category in the console's four languages (the door console names them in its own).
    const adult = await server.db.selectFrom('client_categories').select(['name_ru', 'name_en', 'name_kz', 'name_ch']).where('id', '=', fx.basic.prices.adult.categoryId).executeTakeFirstOrThrow()
    expect(got.body.categories.find((c) => c.id === fx.basic.prices.adult.categoryId)).toEqual({ id: fx.basic.prices.adult.categoryId, name: adult.name_ru, name_en: adult.name_en, name_kz: adult.name_kz, name_ch: adult.name_ch })
    const refused = await door.post('/api/admin/checkin/lists', { calendar_id: fx.basic.calendarId, name: 'Mine' })
    expect(refused.status).toBe(403)
    // A category the session does not sell, a session that does not exist: refused, nothing made.
    expect((await owner.post('/api/admin/checkin/lists', { calendar_id: fx.basic.calendarId, name: 'Bad', category_ids: [fx.pushkinOnly.prices.pushkin.categoryId] })).status).toBe(400)
    expect((await owner.post('/api/admin/checkin/lists', { calendar_id: 987_654, name: 'Bad' })).status).toBe(404)
    expect((await owner.post('/api/admin/checkin/lists', { calendar_id: fx.basic.calendarId, name: '' })).status).toBe(400)
    const audit = await server.db.selectFrom('audit_log').select(['action', 'entity_id']).where('entity', '=', 'checkin_list').execute()
    expect(audit).toEqual([{ action: 'create', entity_id: String(id) }])
    // Signed out: nothing.
    expect((await new AdminClient(server.url).get(`/api/admin/door/sessions`)).status).toBe(401)
  })

  it('valid, then already used (when, which gate); wrong session; refunded; forged; unknown', async () => {
    const list = await makeList({ name: 'North' })
    const { tickets } = await paidTickets('adult', 2)
    const first = await scan(door, list, tickets[0].token)
    expect(first).toMatchObject({ result: 'valid', gate: 'North', ticket: { id: tickets[0].lineId, code: tickets[0].code } })
    const again = await scan(door, list, tickets[0].code)
    expect(again).toMatchObject({ result: 'already_used', firstUse: { gate: 'North', at: first.scannedAt } })
    // A list of another session.
    const other = (await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: fx.named.calendarId, name: 'Named' })).body.id
    expect((await scan(door, other, tickets[1].token)).result).toBe('wrong_session')
    const i = 10
    const altered = tickets[1].token.slice(0, i) + (tickets[1].token[i] === 'A' ? 'B' : 'A') + tickets[1].token.slice(i + 1)
    expect((await scan(door, list, altered)).result).toBe('forged')
    expect((await scan(door, list, '000000000001')).result).toBe('unknown')
    const scanned = await server.db.selectFrom('ticket_redemptions').select(['list_id', 'gate']).where('order_line_id', '=', tickets[0].lineId).execute()
    expect(scanned.every((s) => s.list_id === list && s.gate === 'North')).toBe(true)
  })

  it('refunded: a ticket returned through the return flow', async () => {
    const list = await makeList({ name: 'Refunds' })
    const { v, hash, tickets } = await paidTickets('adult', 2)
    const count = inbox.messages.length
    expect((await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: reasons[0], id: [tickets[0].lineId] })).body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, count, hash)
    expect((await v.post<{ errorCode: string }>('/api/order/return-confirm', { hash, lang: 'ru', hashConf: link.hashConf })).body.errorCode).toBe('0')
    expect(await scan(door, list, tickets[0].token)).toMatchObject({ result: 'refunded', ticket: { id: tickets[0].lineId } })
    expect((await scan(door, list, tickets[1].token)).result).toBe('valid')
  })

  it('a list of some categories admits only those; a list of sectors refuses general admission', async () => {
    const kids = await makeList({ name: 'Kids', category_ids: [fx.basic.prices.child.categoryId] })
    const adults = await paidTickets('adult', 1)
    const child = await paidTickets('child', 1)
    expect(await scan(door, kids, adults.tickets[0].token)).toMatchObject({ result: 'not_on_list', ticket: { id: adults.tickets[0].lineId } })
    expect((await scan(door, kids, child.tickets[0].token)).result).toBe('valid')
    // not_on_list is not counted: the adult still enters at a gate that admits it.
    const all = await makeList({ name: 'All' })
    expect((await scan(door, all, adults.tickets[0].token)).result).toBe('valid')
  })

  it('re-entry rules per list; a list without exits refuses exit scans', async () => {
    const noReentry = await makeList({ name: 'Once', reentry: false })
    const reentry = await makeList({ name: 'Again', reentry: true })
    const noExits = await makeList({ name: 'InOnly', exits: false })
    const { tickets } = await paidTickets('adult', 2)
    const [a, b] = tickets
    // Never in: Not inside, no exit to name.
    expect(await scan(door, reentry, a.token, { direction: 'out' })).toMatchObject({ result: 'not_inside', lastExit: null })
    expect((await scan(door, reentry, a.token)).result).toBe('valid')
    expect((await scan(door, reentry, a.token, { direction: 'out' })).result).toBe('valid')
    expect((await scan(door, reentry, a.token)).result).toBe('valid')
    expect((await scan(door, noReentry, b.token)).result).toBe('valid')
    const out = await scan(door, noReentry, b.token, { direction: 'out' })
    expect(out).toMatchObject({ result: 'valid', lastExit: null })
    // Out again: Not inside names the exit that left it outside (a phone tells its own unanswered exit by it).
    expect(await scan(door, reentry, b.token, { direction: 'out' })).toMatchObject({ result: 'not_inside', firstUse: null, lastExit: { at: out.scannedAt, gate: 'Once' } })
    expect(await scan(door, noReentry, b.token)).toMatchObject({ result: 'already_used', firstUse: { gate: 'Once' }, lastExit: null })
    const exit = await door.post('/api/admin/door/redeem', { code: a.token, list_id: noExits, nonce: nonce(), direction: 'out' })
    expect(exit.status).toBe(409)
    expect(exit.body.errorText).toBe('This gate does not scan exits')
  })

  it('a door API token (role door) scans without a cookie; a replayed nonce never counts twice', async () => {
    const token = await owner.post<{ token: string }>('/api/admin/tokens', { name: 'gate-phone', role: 'door' })
    expect(token.status, JSON.stringify(token.body)).toBe(200)
    const device = new AdminClient(server.url)
    device.bearer = token.body.token
    const list = await makeList({ name: 'Tokened' })
    const { tickets } = await paidTickets('adult', 1)
    const n = nonce()
    const first = await scan(device, list, tickets[0].token, { nonce: n })
    expect(first.result).toBe('valid')
    const again = await scan(device, list, tickets[0].token, { nonce: n })
    expect(again).toMatchObject({ result: 'valid', replayed: true, scanId: first.scanId })
    expect(await server.db.selectFrom('ticket_redemptions').select('id').where('order_line_id', '=', tickets[0].lineId).execute()).toHaveLength(1)
    // A token of another role may not scan.
    const sales = await owner.post<{ token: string }>('/api/admin/tokens', { name: 'report', role: 'boxoffice' })
    device.bearer = sales.body.token
    expect((await device.post('/api/admin/door/redeem', { code: tickets[0].token, list_id: list, nonce: nonce() })).status).toBe(403)
  })

  it("a nonce reused by another ticket or gate is refused, recording nothing; in the app's upload only that scan is refused", async () => {
    const list = await makeList({ name: 'Reused North' })
    const other = await makeList({ name: 'Reused South' })
    const { tickets } = await paidTickets('adult', 4)
    const [a, b, c, d] = tickets
    const n = nonce()
    expect(await scan(door, list, a.token, { nonce: n })).toMatchObject({ result: 'valid', ticket: { id: a.lineId } })
    for (const reuse of [{ code: b.token, list_id: other }, { code: b.code, list_id: list }, { code: a.token, list_id: other }]) {
      const res = await door.post<Answer>('/api/admin/door/redeem', { ...reuse, nonce: n })
      expect({ status: res.status, errorCode: res.body.errorCode }).toEqual({ status: 409, errorCode: '-1014' })
      expect(res.body.errorText).toBe(`Scan nonce ${n} is already taken by another scan (another ticket, gate, session or direction): each scan needs its own nonce. This scan was not recorded`)
    }
    const scansOf = (id: number) => server.db.selectFrom('ticket_redemptions').select(['nonce', 'list_id']).where('order_line_id', '=', id).execute()
    expect(await scansOf(b.lineId)).toEqual([])
    expect(await scansOf(a.lineId)).toEqual([{ nonce: n, list_id: list }])
    // The same scan sent again still answers the stored one.
    expect(await scan(door, list, a.token, { nonce: n })).toMatchObject({ result: 'valid', replayed: true, ticket: { id: a.lineId } })

    // A phone's queue holding B under A's nonce (and C, D under their own): the upload as the app makes it.
    const queue = [c, b, d].map((t) => ({ code: t.token, list_id: list, nonce: t === b ? n : nonce(), scannedAt: Date.now() - 10_000, offline: true }))
    const sent: number[] = []
    const done = await uploadQueued(queue, async (batch) => {
      sent.push(batch.length)
      const res = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans: batch })
      if (res.status !== 200) throw new DoorApiError(res.status, res.body.errorCode ?? '', res.body.errorText ?? '')
      return res.body
    })
    // The whole upload is refused before anything is recorded, then sent scan by scan: only B's is refused, on its own.
    expect(sent).toEqual([3, 1, 1, 1])
    expect(done).toMatchObject({ uploaded: [queue[0].nonce, queue[2].nonce], refused: [{ nonce: n, errorCode: '-1014' }], stoppedBy: null })
    expect(await scansOf(b.lineId)).toEqual([])
    expect((await scansOf(c.lineId)).length + (await scansOf(d.lineId)).length).toBe(2)
  })

  it('sync: the whole list with keys and scans, then only what changed; an offline upload with conflicts; live counts', async () => {
    const sessions = await door.get<{ sessions: { calendar_id: number; lists: { name: string }[] }[] }>('/api/admin/door/sessions')
    expect(sessions.status).toBe(200)
    expect(sessions.body.sessions.find((s) => s.calendar_id === fx.basic.calendarId)?.lists.map((l) => l.name)).toEqual(expect.arrayContaining(['Main', 'North']))

    const list = await makeList({ name: 'Offline A' })
    const listB = await makeList({ name: 'Offline B' })
    const { tickets } = await paidTickets('adult', 3)
    const full = await door.get<DoorSync>(`/api/admin/door/sync?calendar_id=${fx.basic.calendarId}`)
    expect(full.status).toBe(200)
    expect(full.body.full).toBe(true)
    expect(full.body.keys.map((k) => k.kid)).toContain(keys.kid)
    for (const t of tickets) expect(full.body.tickets.find((x) => x.id === t.lineId)).toMatchObject({ code: t.code, status: 'ok', place: { kind: 'category' }, categoryId: fx.basic.prices.adult.categoryId })
    expect(full.body.lists.map((l) => l.id)).toEqual(expect.arrayContaining([list, listB]))

    // Tickets sold (paid, confirmed) long before the cursor do not come again; a new sale does.
    await server.db.updateTable('orders').set((eb) => ({ paid_at: eb('paid_at', '-', 600_000), confirmed_at: eb('confirmed_at', '-', 600_000) })).where('paid', '=', 1).execute()
    // (The ticket returned above is in the whole list as refunded; its return is older than the cursor too.)
    expect(full.body.tickets.filter((t) => t.status === 'refunded')).toHaveLength(1)
    await server.db.updateTable('return_requests').set((eb) => ({ confirmed_at: eb('confirmed_at', '-', 600_000) })).execute()
    const later = await paidTickets('adult', 1)
    const inc = await door.get<DoorSync>(`/api/admin/door/sync?calendar_id=${fx.basic.calendarId}&cursor=${full.body.cursor}`)
    expect(inc.body.full).toBe(false)
    expect(inc.body.tickets.map((t) => t.id)).toEqual([later.tickets[0].lineId])

    // Two devices offline: A scanned t0 at -60 s and t1 at -30 s; B scanned t1 at -40 s and t2 once.
    const now = Date.now()
    const online = await scan(door, list, tickets[0].token)
    const upA = [
      { code: tickets[0].token, list_id: list, nonce: nonce(), scannedAt: now - 60_000, offline: true },
      { code: tickets[1].token, list_id: list, nonce: nonce(), scannedAt: now - 30_000, offline: true },
    ]
    const upB = [
      { code: tickets[1].code, list_id: listB, nonce: nonce(), scannedAt: now - 40_000, offline: true },
      { code: tickets[2].token, list_id: listB, nonce: nonce(), scannedAt: now - 20_000, offline: true },
    ]
    const a = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans: upA })
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    expect(a.body.answers[0]).toMatchObject({ result: 'valid', conflicts: [online.scanId] })
    expect(a.body.answers[1]).toMatchObject({ result: 'valid', gate: 'Offline A' })
    const b = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans: upB })
    // B's scan of t1 was earlier: it wins, A's is demoted and flagged.
    expect(b.body.answers[0]).toMatchObject({ result: 'valid', gate: 'Offline B', conflicts: [a.body.answers[1].scanId] })
    expect(b.body.answers[1].result).toBe('valid')
    const demoted = await server.db.selectFrom('ticket_redemptions').select(['result', 'flagged']).where('id', '=', a.body.answers[1].scanId).executeTakeFirstOrThrow()
    expect(demoted).toEqual({ result: 'already_used', flagged: 1 })
    // Re-uploading A changes nothing.
    const again = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans: upA })
    expect(again.body.answers.map((x) => [x.replayed, x.result, x.flagged])).toEqual([[true, 'valid', false], [true, 'already_used', true]])

    // The next sync tells a device the reconciled history of the tickets scanned.
    const after = await door.get<DoorSync>(`/api/admin/door/sync?calendar_id=${fx.basic.calendarId}&cursor=${inc.body.cursor}`)
    const t1 = after.body.scans.filter((s) => s.ticketId === tickets[1].lineId)
    expect(t1.map((s) => [s.gate, s.result]).sort()).toEqual([['Offline A', 'already_used'], ['Offline B', 'valid']])

    const counts = await owner.get<CheckinCounts>(`/api/admin/checkin/counts?calendar_id=${fx.basic.calendarId}`)
    expect(counts.status).toBe(200)
    const gate = (name: string) => counts.body.gates.find((g) => g.gate === name)!
    // A: t0's offline entry stands; t0's online entry (after it) and t1's (after B's) are demoted and flagged.
    expect(gate('Offline A')).toMatchObject({ list_id: list, entered: 1, flagged: 2, refused: 2 })
    expect(gate('Offline B')).toMatchObject({ list_id: listB, entered: 2, flagged: 0 })
    expect(counts.body.inside).toBeGreaterThanOrEqual(3)
    expect(counts.body.tickets).toBeGreaterThan(counts.body.inside)
    // The check-in app's count of what it synced (whole, then the changes) is the console's: the refunded ticket it holds is left out.
    const held = [full.body, inc.body, after.body].reduce<SessionData | null>((data, answer) => mergeSync(data, answer), null)
    expect(heldTickets(held)).toBe(counts.body.tickets)
    expect(held!.tickets.length).toBeGreaterThan(counts.body.tickets)
    // A gate archived while a phone was offline: its upload still counts; new online scans there are refused.
    const gone = await makeList({ name: 'Closed gate' })
    expect((await owner.post(`/api/admin/checkin/lists/${gone}`, { name: 'Closed gate', archived: true })).status).toBe(200)
    const late = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans: [{ code: later.tickets[0].token, list_id: gone, nonce: nonce(), scannedAt: Date.now() - 5_000, offline: true }] })
    expect(late.status, JSON.stringify(late.body)).toBe(200)
    expect(late.body.answers[0]).toMatchObject({ result: 'valid', gate: 'Closed gate' })
    expect((await door.post('/api/admin/door/redeem', { code: tickets[0].token, list_id: gone, nonce: nonce() })).status).toBe(404)
    // In an upload too, a scan not marked offline is made now, at a gate that is no more: refused, with the offline one beside it.
    const liveThere = [{ code: tickets[1].token, list_id: gone, nonce: nonce(), scannedAt: Date.now() - 5_000, offline: true }, { code: tickets[1].token, list_id: gone, nonce: nonce() }]
    expect((await door.post('/api/admin/door/redeem-batch', { scans: liveThere })).status).toBe(404)
    expect(await server.db.selectFrom('ticket_redemptions').select('id').where('order_line_id', '=', tickets[1].lineId).where('gate', '=', 'Closed gate').execute()).toEqual([])
    // An upload naming a list that does not exist records nothing.
    const bad = await door.post('/api/admin/door/redeem-batch', { scans: [{ ...upA[0], nonce: nonce() }, { ...upA[0], nonce: nonce(), list_id: 987_654 }] })
    expect(bad.status).toBe(404)
    expect((await server.db.selectFrom('ticket_redemptions').select('id').where('order_line_id', '=', tickets[0].lineId).execute()).length).toBe(2)
    // Bad cursors and bodies are refused, never a 500.
    expect((await door.get(`/api/admin/door/sync?calendar_id=${fx.basic.calendarId}&cursor=x`)).status).toBe(400)
    expect((await door.get(`/api/admin/door/sync?calendar_id=99999999999`)).status).toBe(400)
    expect((await door.post('/api/admin/door/redeem', { code: 'x', list_id: list, nonce: 'short' })).status).toBe(400)
  })

  async function upload(scans: Record<string, unknown>[]) {
    const res = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.answers
  }
  async function gateCount(calendarId: number, name: string) {
    const counts = await owner.get<CheckinCounts>(`/api/admin/checkin/counts?calendar_id=${calendarId}`)
    expect(counts.status).toBe(200)
    return counts.body.gates.find((g) => g.gate === name)
  }
  const rowOf = (id: number) => server.db.selectFrom('ticket_redemptions').select(['result', 'counted', 'admitted', 'flagged']).where('id', '=', id).executeTakeFirstOrThrow()

  it('an entry or exit an offline phone refused is no movement: the holder still enters, the gate counts a refusal', async () => {
    const online = await makeList({ name: 'Refused A' })
    const offline = await makeList({ name: 'Refused B' })
    const { tickets } = await paidTickets('adult', 1)
    const [t] = tickets
    // B's list predates the sale: it showed Unknown and kept the holder out.
    const [refused] = await upload([{ code: t.code, list_id: offline, nonce: nonce(), scannedAt: Date.now() - 30_000, offline: true, admitted: false, shown: 'unknown' }])
    expect(refused).toMatchObject({ result: 'unknown', flagged: false, replayed: false })
    expect(await rowOf(refused.scanId)).toEqual({ result: 'unknown', counted: 0, admitted: 0, flagged: 0 })
    expect(await scan(door, online, t.token)).toMatchObject({ result: 'valid', firstUse: null })
    // A refused exit is no exit: the holder is still inside (a client that sends no `shown` is logged as unknown).
    const [out] = await upload([{ code: t.code, list_id: offline, nonce: nonce(), direction: 'out', scannedAt: Date.now(), offline: true, admitted: false }])
    expect(out).toMatchObject({ result: 'unknown', direction: 'out' })
    expect((await scan(door, online, t.token)).result).toBe('already_used')
    expect(await gateCount(fx.basic.calendarId, 'Refused B')).toMatchObject({ entered: 0, exited: 0, refused: 2, flagged: 0 })
    expect(await gateCount(fx.basic.calendarId, 'Refused A')).toMatchObject({ entered: 1, refused: 1 })
  })

  it('an online scan that timed out, then uploaded offline under its nonce as admitted: flagged once', async () => {
    const list = await makeList({ name: 'Timed out' })
    const { tickets } = await paidTickets('adult', 1)
    const [t] = tickets
    const entry = nonce()
    const slow = nonce()
    expect((await scan(door, list, t.token, { nonce: entry })).result).toBe('valid')
    // The server answered already_used, too late: the phone decided offline (valid), let the holder in and queued the scan.
    const online = await scan(door, list, t.token, { nonce: slow })
    expect(online).toMatchObject({ result: 'already_used', flagged: false })
    const queued = { code: t.token, list_id: list, nonce: slow, scannedAt: online.scannedAt, offline: true, admitted: true, shown: 'valid' }
    const [first] = await upload([queued])
    expect(first).toMatchObject({ scanId: online.scanId, result: 'already_used', flagged: true, replayed: false })
    expect(await gateCount(fx.basic.calendarId, 'Timed out')).toMatchObject({ entered: 1, flagged: 1 })
    const [again] = await upload([queued])
    expect(again).toMatchObject({ scanId: online.scanId, flagged: true, replayed: true })
    expect(await gateCount(fx.basic.calendarId, 'Timed out')).toMatchObject({ entered: 1, flagged: 1 })
    // A valid online entry uploaded the same way just stays admitted: nothing to flag, nothing changed.
    const [valid] = await upload([{ ...queued, nonce: entry }])
    expect(valid).toMatchObject({ result: 'valid', flagged: false, replayed: true })
  })

  it('an entry the door refused online moved nobody: an earlier exit uploaded late does not make it an entry, and the holder gets in', async () => {
    const list = await makeList({ name: 'Late exit' })
    const { tickets } = await paidTickets('adult', 1)
    const [t] = tickets
    const now = Date.now()
    // In through a phone offline (its upload came at once) …
    const [entry] = await upload([{ code: t.token, list_id: list, nonce: nonce(), scannedAt: now - 60_000, offline: true }])
    expect(entry.result).toBe('valid')
    // … out through another phone offline, whose upload comes later; back at an online gate before it: the steward turns him away.
    const turnedAway = await scan(door, list, t.token)
    expect(turnedAway).toMatchObject({ result: 'already_used', firstUse: { at: entry.scannedAt } })
    const [exit] = await upload([{ code: t.token, list_id: list, nonce: nonce(), direction: 'out', scannedAt: now - 30_000, offline: true }])
    expect(exit).toMatchObject({ result: 'valid', conflicts: [] })
    // The refusal stays a refusal (it was never an entry): he is outside, and his next scan lets him in.
    expect(await rowOf(turnedAway.scanId)).toMatchObject({ result: 'already_used', admitted: 0, flagged: 0 })
    expect(await scan(door, list, t.token)).toMatchObject({ result: 'valid', firstUse: null })
    expect(await gateCount(fx.basic.calendarId, 'Late exit')).toMatchObject({ entered: 2, exited: 1, refused: 1, flagged: 0 })
    // What a phone syncs of him: in, out, in, and no entry he never made.
    const sync = await door.get<DoorSync>(`/api/admin/door/sync?calendar_id=${fx.basic.calendarId}`)
    expect(sync.body.scans.filter((s) => s.ticketId === t.lineId).map((s) => [s.direction, s.result])).toEqual([['in', 'valid'], ['out', 'valid'], ['in', 'valid']])
  })

  it('a refused online entry that timed out and was let in offline after all is an entry again: after an exit it stands, and phones sync it', async () => {
    const list = await makeList({ name: 'Let in late' })
    const { tickets } = await paidTickets('adult', 1)
    const [t] = tickets
    const now = Date.now()
    const [entry] = await upload([{ code: t.token, list_id: list, nonce: nonce(), scannedAt: now - 60_000, offline: true }])
    expect(entry.result).toBe('valid')
    // The server's already_used came too late: the phone decided on its own list (which did not know that entry yet), let him in and queued the scan.
    const slow = nonce()
    const online = await scan(door, list, t.token, { nonce: slow })
    expect(online.result).toBe('already_used')
    // Another phone's exit from between them is uploaded first …
    const [exit] = await upload([{ code: t.token, list_id: list, nonce: nonce(), direction: 'out', scannedAt: now - 30_000, offline: true }])
    expect(exit).toMatchObject({ result: 'valid', conflicts: [] })
    // … the phones sync a while later (these scans older than the sync's overlap by then) …
    const cursor = (await door.get<DoorSync>(`/api/admin/door/sync?calendar_id=${fx.basic.calendarId}`)).body.cursor
    await server.db.updateTable('ticket_redemptions').set({ received_at: Number(cursor) - 10 * 60_000 }).where('order_line_id', '=', t.lineId).execute()
    // … then the timed-out phone's upload: he did come back in there, after his exit, so that entry stands, unflagged.
    const [late] = await upload([{ code: t.token, list_id: list, nonce: slow, scannedAt: online.scannedAt, offline: true, admitted: true, shown: 'valid' }])
    expect(late).toMatchObject({ scanId: online.scanId, result: 'valid', flagged: false, replayed: false })
    expect(await rowOf(online.scanId)).toEqual({ result: 'valid', counted: 1, admitted: 1, flagged: 0 })
    // The next sync tells the phones he is inside, and so does the server.
    const inc = await door.get<DoorSync>(`/api/admin/door/sync?calendar_id=${fx.basic.calendarId}&cursor=${cursor}`)
    expect(inc.body.scans.filter((s) => s.ticketId === t.lineId).map((s) => [s.id, s.direction, s.result])).toEqual([
      [entry.scanId, 'in', 'valid'],
      [online.scanId, 'in', 'valid'],
      [exit.scanId, 'out', 'valid'],
    ])
    expect(await scan(door, list, t.token)).toMatchObject({ result: 'already_used', firstUse: { at: online.scannedAt, gate: 'Let in late' } })
  })

  it("each scan keeps its own gate's re-entry rule when the history is replayed", async () => {
    const strict = await makeList({ name: 'Strict', reentry: false })
    const loose = await makeList({ name: 'Loose', reentry: true })
    const { tickets } = await paidTickets('adult', 1)
    const [t] = tickets
    expect((await scan(door, strict, t.token)).result).toBe('valid')
    expect((await scan(door, strict, t.token, { direction: 'out' })).result).toBe('valid')
    const back = await scan(door, loose, t.token)
    expect(back.result).toBe('valid')
    const later = await scan(door, strict, t.token)
    expect(later).toMatchObject({ result: 'already_used', firstUse: { gate: 'Loose', at: back.scannedAt }, conflicts: [] })
    expect(await rowOf(back.scanId)).toMatchObject({ result: 'valid', flagged: 0 })
  })

  it('the door works only sessions at the door now; a late upload has a grace period; the console sees every session', async () => {
    const calendarId = fx.free.calendarId
    const setStart = (at: number) => server.db.updateTable('calendars').set({ starts_at: at }).where('id', '=', calendarId).execute()
    const scans = () => server.db.selectFrom('ticket_redemptions').select('id').where('calendar_id', '=', calendarId).execute()
    await setStart(Date.now() + 30 * DAY_MS)
    const res = await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: calendarId, name: 'Next month' })
    expect(res.status).toBe(200)
    const list = res.body.id
    const closed = { status: 409, body: { errorCode: '-1014', errorText: `Session ${calendarId} is not open for check-in now` } }
    const sync = await door.get(`/api/admin/door/sync?calendar_id=${calendarId}`)
    expect({ status: sync.status, body: sync.body }).toEqual(closed)
    const redeem = await door.post('/api/admin/door/redeem', { code: '000000000001', list_id: list, nonce: nonce() })
    expect({ status: redeem.status, body: redeem.body }).toEqual(closed)
    expect((await door.post('/api/admin/door/redeem-batch', { scans: [{ code: '000000000001', list_id: list, nonce: nonce(), offline: true }] })).status).toBe(409)
    expect(await scans()).toEqual([])
    // The operator's own screens are not the door: they read and count any session.
    expect((await owner.get(`/api/admin/checkin/lists?calendar_id=${calendarId}`)).status).toBe(200)
    expect((await owner.get(`/api/admin/checkin/counts?calendar_id=${calendarId}`)).status).toBe(200)

    // Began yesterday: past the door, yet a phone back online late still uploads.
    await setStart(Date.now() - DAY_MS)
    expect((await door.get(`/api/admin/door/sync?calendar_id=${calendarId}`)).status).toBe(409)
    expect((await door.post('/api/admin/door/redeem', { code: '000000000001', list_id: list, nonce: nonce() })).status).toBe(409)
    expect(await scans()).toEqual([])
    const [late] = await upload([{ code: '000000000001', list_id: list, nonce: nonce(), scannedAt: Date.now() - DAY_MS + HOUR_MS, offline: true }])
    expect(late).toMatchObject({ result: 'unknown', gate: 'Next month', replayed: false })
    expect(await scans()).toHaveLength(1)
    // Past the grace period, an upload is refused too, and records nothing.
    await setStart(Date.now() - 8 * DAY_MS)
    expect((await door.post('/api/admin/door/redeem-batch', { scans: [{ code: '000000000001', list_id: list, nonce: nonce(), offline: true }] })).status).toBe(409)
    expect(await scans()).toHaveLength(1)
  })
})
