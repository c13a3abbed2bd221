import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { TOKEN_PREFIX } from '../../src/contract/tickets/token'
import { TicketVerifier } from '../../src/contract/tickets/verify'
import { ticketClaims } from '../../src/server/domain/tickets/claims'
import { qrPngBase64 } from '../../src/server/domain/tickets/codes'
import type { TicketKeys } from '../../src/server/domain/tickets/keys'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { bringToDoor, DOOR_TOKEN, doorPost, nonce, scan, serverKeys, viewLines, type DoorAnswer } from './door-helpers'
import { seedOrderFixtures, visitor, type Fixtures } from './order-fixtures'
import { placeOrder, seedPaymentFixtures, type PaymentFx } from './payment-fixtures'
import { nextReturnLink, paidOrder, seedReturnFixtures, startInbox, type Inbox } from './return-helpers'

interface Ticket { lineId: number; token: string; code: string }
const HOUR_MS = 3600_000
const DAY_MS = 24 * HOUR_MS

describe.each(TEST_DBS)('door redemption on %s', (dbKind) => {
  let server: TestServer
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let reasons: number[]
  let keys: TicketKeys

  beforeAll(async () => {
    inbox = await startInbox()
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'http://shop.test', DOOR_TOKEN } })
    fx = await seedOrderFixtures(server.db)
    pfx = await seedPaymentFixtures(server.db)
    reasons = (await seedReturnFixtures(server.db)).reasons
    keys = await serverKeys(server)
    // The shared token works only sessions at the door now (door-window.ts): these begin tomorrow (and still sell and take returns).
    await bringToDoor(server.db, [fx.basic.calendarId, fx.named.calendarId])
  })
  afterAll(async () => {
    await server?.close()
    await inbox?.close()
  })

  /** Buys and pays `n` tickets; answers each with its QR token (checked to be what the order view draws) and its printed code. */
  async function paidTickets(n: number): Promise<{ hash: string; tickets: Ticket[] }> {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, n)
    const lines = await viewLines(v, hash)
    const rows = await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', 'in', lines.map((l) => l.id)).execute()
    const tickets: Ticket[] = []
    for (const line of lines) {
      const token = keys.sign(ticketClaims(rows.find((r) => r.id === line.id)!))
      // The order view's QR image carries exactly this signed token.
      expect(line._qrcode).toBe(await qrPngBase64(token))
      expect(line.ticketcode).toMatch(/^\d{12}$/)
      tickets.push({ lineId: line.id, token, code: line.ticketcode })
    }
    return { hash, tickets }
  }

  const scansOf = (lineId: number) => server.db.selectFrom('ticket_redemptions').selectAll().where('order_line_id', '=', lineId).orderBy('id').execute()

  it('publishes the public key the QR tokens verify with', async () => {
    const res = await fetch(`${server.url}/api/tickets/keys`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { algorithm: string; signingKid: string; keys: { kid: string; publicKey: string }[] }
    expect(body.algorithm).toBe('Ed25519')
    expect(body.signingKid).toBe(keys.kid)
    const { tickets } = await paidTickets(1)
    // A scanner holding only the published keys verifies the token offline.
    const verifier = await TicketVerifier.create(body.keys.map((k) => k.publicKey))
    expect(await verifier.verify(tickets[0].token)).toMatchObject({ ok: true, claims: { ticketId: tickets[0].lineId, sessionId: fx.basic.calendarId, place: { kind: 'category', id: fx.basic.prices.adult.categoryId } } })
  })

  it('admits a valid ticket once: a second scan is already used (when, which gate)', async () => {
    const { tickets } = await paidTickets(2)
    const [t1, t2] = tickets
    const first = await scan(server, { code: t1.token, sessionId: fx.basic.calendarId, gate: 'North' })
    expect(first).toMatchObject({ errorCode: '0', result: 'valid', direction: 'in', replayed: false, flagged: false, firstUse: null })
    expect(first.ticket).toMatchObject({ id: t1.lineId, sessionId: fx.basic.calendarId, code: t1.code, seat: null, standing: null, quantity: 1, holder: '' })
    expect(first.ticket!.category.en).toBe('adult')
    const again = await scan(server, { code: t1.token, sessionId: fx.basic.calendarId, gate: 'South' })
    expect(again).toMatchObject({ result: 'already_used', firstUse: { gate: 'North', at: first.scannedAt }, flagged: false })
    // The printed code (barcode or typed by the steward) names the same ticket.
    expect((await scan(server, { code: t1.code, sessionId: fx.basic.calendarId })).result).toBe('already_used')
    const typed = await scan(server, { code: `${t2.code.slice(0, 4)} ${t2.code.slice(4, 8)}-${t2.code.slice(8)}`, sessionId: fx.basic.calendarId })
    expect(typed).toMatchObject({ result: 'valid', ticket: { id: t2.lineId } })
    expect((await scansOf(t1.lineId)).map((s) => s.result)).toEqual(['valid', 'already_used', 'already_used'])
  })

  it('refuses a ticket of another session, without counting it', async () => {
    const { tickets } = await paidTickets(1)
    const wrong = await scan(server, { code: tickets[0].token, sessionId: fx.named.calendarId })
    expect(wrong).toMatchObject({ result: 'wrong_session', ticket: { id: tickets[0].lineId, sessionId: fx.basic.calendarId } })
    expect((await scan(server, { code: tickets[0].token, sessionId: fx.basic.calendarId })).result).toBe('valid')
    // An unknown session is an error, not a door answer.
    const none = await doorPost(server, '/api/door/redeem', { code: tickets[0].token, sessionId: 987_654, gate: 'A', nonce: nonce() })
    expect(none.status).toBe(404)
    expect(none.body.errorCode).toBe(ErrorCode.NOT_FOUND)
  })

  it('refuses a ticket returned through the return flow', async () => {
    const v = await visitor(server.url)
    const { hash } = await paidOrder(v, fx, pfx, 2)
    const [line] = await viewLines(v, hash)
    const row = (await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', '=', line.id).executeTakeFirst())!
    const token = keys.sign(ticketClaims(row))
    const count = inbox.messages.length
    const created = await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: reasons[0], id: [line.id] })
    expect(created.body.errorCode).toBe('0')
    const link = await nextReturnLink(inbox, count, hash)
    expect((await v.post<{ errorCode: string }>('/api/order/return-confirm', { hash, lang: 'ru', hashConf: link.hashConf })).body.errorCode).toBe('0')
    // The view no longer draws its code, and the door refuses the one printed before.
    expect((await viewLines(v, hash)).find((l) => l.id === line.id)!._qrcode).toBe('')
    expect(await scan(server, { code: token, sessionId: fx.basic.calendarId })).toMatchObject({ result: 'refunded', ticket: { id: line.id } })
    expect(await scan(server, { code: line.ticketcode, sessionId: fx.basic.calendarId })).toMatchObject({ result: 'refunded' })
  })

  it('refuses forged, altered and unknown codes', async () => {
    const { tickets } = await paidTickets(1)
    const t = tickets[0]
    // Signed by a key the server does not list: the same claims, another key.
    const { loadTicketKeys } = await import('../../src/server/domain/tickets/keys')
    const os = await import('node:os')
    const path = await import('node:path')
    const forger = await loadTicketKeys({ signingKeyPem: undefined, signingKeyFile: path.join(os.tmpdir(), `forger-${nonce()}.pem`), generateWhenMissing: true, extraPublicKeys: [] }, { warn: () => undefined })
    const forged = forger.sign(ticketClaims({ id: t.lineId, calendar_id: fx.basic.calendarId, seat_id: null, standing_place_id: null, client_category_id: fx.basic.prices.adult.categoryId }))
    expect(await scan(server, { code: forged, sessionId: fx.basic.calendarId })).toMatchObject({ result: 'forged', ticket: null })
    // One character of the real token changed.
    const i = TOKEN_PREFIX.length + 12
    const altered = t.token.slice(0, i) + (t.token[i] === 'A' ? 'B' : 'A') + t.token.slice(i + 1)
    expect(await scan(server, { code: altered, sessionId: fx.basic.calendarId })).toMatchObject({ result: 'forged' })
    expect(await scan(server, { code: 'SW:NOTATOKEN', sessionId: fx.basic.calendarId })).toMatchObject({ result: 'forged' })
    // A valid token of a ticket that does not exist, and a printed code nobody sold.
    const ghost = keys.sign({ ticketId: 9_999_999, sessionId: fx.basic.calendarId, place: { kind: 'category', id: 1 } })
    expect(await scan(server, { code: ghost, sessionId: fx.basic.calendarId })).toMatchObject({ result: 'unknown', ticket: null })
    expect(await scan(server, { code: '100000000000', sessionId: fx.basic.calendarId })).toMatchObject({ result: 'unknown' })
    expect(await scan(server, { code: 'hello', sessionId: fx.basic.calendarId })).toMatchObject({ result: 'unknown' })
    // None of them touched the ticket: it still enters.
    expect((await scan(server, { code: t.token, sessionId: fx.basic.calendarId })).result).toBe('valid')
  })

  it('refuses the code of an unpaid order, and the old code of a ticket moved to another place', async () => {
    const v = await visitor(server.url)
    const unpaid = await placeOrder(v, fx, fx.basic, 'adult', 1)
    const row = (await server.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select(['l.id', 'l.calendar_id', 'l.seat_id', 'l.standing_place_id', 'l.client_category_id', 'l.ticket_code']).where('o.hash', '=', unpaid).executeTakeFirst())!
    expect(await scan(server, { code: keys.sign(ticketClaims(row)), sessionId: fx.basic.calendarId })).toMatchObject({ result: 'unknown' })
    expect(await scan(server, { code: row.ticket_code, sessionId: fx.basic.calendarId })).toMatchObject({ result: 'unknown' })

    const { tickets } = await paidTickets(1)
    // The box office moves the ticket (issue 19.1 will do it through the order path; here the row changes as it will).
    await server.db.updateTable('order_lines').set({ client_category_id: fx.basic.prices.child.categoryId }).where('id', '=', tickets[0].lineId).execute()
    expect(await scan(server, { code: tickets[0].token, sessionId: fx.basic.calendarId })).toMatchObject({ result: 'replaced', ticket: { id: tickets[0].lineId } })
    const moved = (await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('id', '=', tickets[0].lineId).executeTakeFirst())!
    expect((await scan(server, { code: keys.sign(ticketClaims(moved)), sessionId: fx.basic.calendarId })).result).toBe('valid')
  })

  it('a replayed nonce answers the stored scan and never counts twice', async () => {
    const { tickets } = await paidTickets(1)
    const n = nonce()
    const first = await scan(server, { code: tickets[0].token, sessionId: fx.basic.calendarId, nonce: n })
    expect(first.result).toBe('valid')
    const again = await scan(server, { code: tickets[0].token, sessionId: fx.basic.calendarId, nonce: n, gate: 'B' })
    expect(again).toMatchObject({ result: 'valid', replayed: true, scanId: first.scanId, firstUse: null })
    // Sent at once several times (a flaky network retrying): still one scan.
    const m = nonce()
    const burst = await Promise.all([1, 2, 3].map(() => doorPost(server, '/api/door/redeem', { code: tickets[0].token, sessionId: fx.basic.calendarId, gate: 'C', nonce: m, direction: 'out' })))
    expect(new Set(burst.map((b) => b.body.scanId)).size).toBe(1)
    expect(burst.filter((b) => !b.body.replayed)).toHaveLength(1)
    expect((await scansOf(tickets[0].lineId)).map((s) => [s.direction, s.result])).toEqual([['in', 'valid'], ['out', 'valid']])
  })

  it('a nonce reused by another ticket (or direction) is refused and records nothing; one upload reusing it is refused whole', async () => {
    const { tickets } = await paidTickets(4)
    const s = fx.basic.calendarId
    const [a, b, c, d] = tickets
    const n = nonce()
    expect(await scan(server, { code: a.token, sessionId: s, gate: 'North', nonce: n })).toMatchObject({ result: 'valid', ticket: { id: a.lineId } })
    const reused = await doorPost(server, '/api/door/redeem', { code: b.token, sessionId: s, gate: 'South', nonce: n })
    expect({ status: reused.status, errorCode: reused.body.errorCode }).toEqual({ status: 409, errorCode: '-1014' })
    expect(reused.body.errorText).toContain(n)
    expect(reused.body.ticket).toBeUndefined()
    // Another direction of the same ticket is another scan too.
    expect((await doorPost(server, '/api/door/redeem', { code: a.token, sessionId: s, gate: 'North', nonce: n, direction: 'out' })).status).toBe(409)
    expect(await scansOf(b.lineId)).toEqual([])
    expect((await scansOf(a.lineId)).map((r) => [r.direction, r.result])).toEqual([['in', 'valid']])
    // B was never let in: its first real scan is valid.
    expect(await scan(server, { code: b.token, sessionId: s, gate: 'South' })).toMatchObject({ result: 'valid', firstUse: null })

    // Inside one upload, two codes under one nonce; or one reusing A's: the upload records none of its scans.
    const m = nonce()
    for (const scans of [
      [{ code: c.token, sessionId: s, gate: 'East', nonce: m, offline: true }, { code: d.token, sessionId: s, gate: 'East', nonce: m, offline: true }],
      [{ code: c.token, sessionId: s, gate: 'East', nonce: nonce(), offline: true }, { code: d.code, sessionId: s, gate: 'East', nonce: n, offline: true }],
    ]) {
      const batch = await doorPost(server, '/api/door/redeem-batch', { scans })
      expect({ status: batch.status, errorCode: batch.body.errorCode }).toEqual({ status: 409, errorCode: '-1014' })
      expect([...(await scansOf(c.lineId)), ...(await scansOf(d.lineId))]).toEqual([])
    }
    // The same scan twice in one upload is one scan (a queue written twice), answered once and replayed once.
    const twice = await doorPost<{ answers: DoorAnswer[] }>(server, '/api/door/redeem-batch', { scans: [{ code: c.token, sessionId: s, gate: 'East', nonce: m, offline: true }, { code: c.token, sessionId: s, gate: 'East', nonce: m, offline: true }] })
    expect(twice.status, JSON.stringify(twice.body)).toBe(200)
    expect(twice.body.answers.map((x) => [x.result, x.replayed])).toEqual([['valid', false], ['valid', true]])

    // Two tickets racing under one nonce: the unique key decides, and the loser is refused, never shown the winner's ticket.
    for (let round = 0; round < 3; round++) {
      const { tickets: pair } = await paidTickets(2)
      const k = nonce()
      const raced = await Promise.all(pair.map((t, i) => doorPost(server, '/api/door/redeem', { code: t.token, sessionId: s, gate: `Race ${i}`, nonce: k })))
      const won = raced.filter((r) => r.status === 200)
      expect(won).toHaveLength(1)
      expect(raced.filter((r) => r.status === 409)).toHaveLength(1)
      const winner = pair[raced.indexOf(won[0])]
      const loser = pair.find((t) => t !== winner)!
      expect(won[0].body).toMatchObject({ result: 'valid', ticket: { id: winner.lineId } })
      expect(await scansOf(loser.lineId)).toEqual([])
    }
  })

  it('two gates scanning one ticket at the same moment admit it once', async () => {
    const { tickets } = await paidTickets(1)
    const answers = await Promise.all(['G1', 'G2', 'G3', 'G4', 'G5'].map((gate) => scan(server, { code: tickets[0].token, sessionId: fx.basic.calendarId, gate })))
    expect(answers.filter((a) => a.result === 'valid')).toHaveLength(1)
    expect(answers.filter((a) => a.result === 'already_used')).toHaveLength(4)
  })

  it('entry and exit: re-entry after an exit when the list allows it, else already used', async () => {
    const { tickets } = await paidTickets(2)
    const s = fx.basic.calendarId
    const [t1, t2] = tickets
    expect((await scan(server, { code: t1.token, sessionId: s, direction: 'out' })).result).toBe('not_inside')
    expect((await scan(server, { code: t1.token, sessionId: s })).result).toBe('valid')
    expect((await scan(server, { code: t1.token, sessionId: s, direction: 'out' })).result).toBe('valid')
    expect((await scan(server, { code: t1.token, sessionId: s })).result).toBe('valid')
    expect((await scan(server, { code: t2.token, sessionId: s, reentry: false })).result).toBe('valid')
    expect((await scan(server, { code: t2.token, sessionId: s, direction: 'out', reentry: false })).result).toBe('valid')
    expect((await scan(server, { code: t2.token, sessionId: s, reentry: false })).result).toBe('already_used')
  })

  it('an offline batch: the first scan wins however late it arrives, later admissions are flagged', async () => {
    const { tickets } = await paidTickets(3)
    const s = fx.basic.calendarId
    const [t1, t2, t3] = tickets
    const now = Date.now()
    // Gate B is online and admits t1 now.
    const online = await scan(server, { code: t1.token, sessionId: s, gate: 'B' })
    expect(online.result).toBe('valid')
    // Gate A was offline: it scanned t1 a minute ago, and t2 twice (two devices, two photos of one ticket), and t3 once.
    const scans = [
      { code: t2.token, sessionId: s, gate: 'A', nonce: nonce(), scannedAt: now - 30_000, offline: true },
      { code: t1.token, sessionId: s, gate: 'A', nonce: nonce(), scannedAt: now - 60_000, offline: true },
      { code: t2.token, sessionId: s, gate: 'A2', nonce: nonce(), scannedAt: now - 40_000, offline: true },
      { code: t3.code, sessionId: s, gate: 'A', nonce: nonce(), scannedAt: now - 20_000, offline: true },
    ]
    const upload = await doorPost<{ errorCode: string; answers: DoorAnswer[] }>(server, '/api/door/redeem-batch', { scans })
    expect(upload.status).toBe(200)
    const a = upload.body.answers
    expect(a.map((x) => x.nonce)).toEqual(scans.map((x) => x.nonce))
    // t1: the offline scan was first; the online entry that came after is demoted and flagged.
    expect(a[1]).toMatchObject({ result: 'valid', flagged: false, conflicts: [online.scanId] })
    const demoted = (await scansOf(t1.lineId)).find((r) => r.id === online.scanId)!
    expect(demoted).toMatchObject({ result: 'already_used', flagged: 1, admitted: 1 })
    // t2: the earlier of the two offline scans wins, the other is flagged.
    expect(a[2]).toMatchObject({ result: 'valid', flagged: false, gate: 'A2', conflicts: [] })
    expect(a[0]).toMatchObject({ result: 'already_used', flagged: true, firstUse: { gate: 'A2', at: now - 40_000 } })
    expect(a[3]).toMatchObject({ result: 'valid', ticket: { id: t3.lineId } })

    // The device uploads the same batch again (it never saw the answer): nothing changes.
    const before = await server.db.selectFrom('ticket_redemptions').select(['id', 'result', 'flagged']).orderBy('id').execute()
    const reupload = await doorPost<{ answers: DoorAnswer[] }>(server, '/api/door/redeem-batch', { scans })
    expect(reupload.body.answers.every((x) => x.replayed)).toBe(true)
    expect(reupload.body.answers.map((x) => [x.scanId, x.result, x.flagged])).toEqual(a.map((x) => [x.scanId, x.result, x.flagged]))
    expect(await server.db.selectFrom('ticket_redemptions').select(['id', 'result', 'flagged']).orderBy('id').execute()).toEqual(before)
    // Replaying the stored log agrees: t1 is inside once.
    expect((await scan(server, { code: t1.token, sessionId: s })).firstUse).toEqual({ gate: 'A', at: now - 60_000 })
  })

  it("works only sessions at the door, as the check-in app's calls; an upload has the same grace period", async () => {
    const { tickets } = await paidTickets(1)
    const [t] = tickets
    const s = fx.basic.calendarId
    const setStart = (at: number) => server.db.updateTable('calendars').set({ starts_at: at }).where('id', '=', s).execute()
    const one = () => doorPost(server, '/api/door/redeem', { code: t.token, sessionId: s, gate: 'A', nonce: nonce() })
    const upload = (scannedAt: number) => doorPost<{ errorCode: string; answers: DoorAnswer[] }>(server, '/api/door/redeem-batch', { scans: [{ code: t.token, sessionId: s, gate: 'A', nonce: nonce(), scannedAt, offline: true }] })
    try {
      // Next month: neither a scan nor an upload, and nothing recorded.
      await setStart(Date.now() + 30 * DAY_MS)
      for (const res of [await one(), await upload(Date.now())]) expect({ status: res.status, errorCode: res.body.errorCode }).toEqual({ status: 409, errorCode: '-1014' })
      expect(await scansOf(t.lineId)).toEqual([])
      // Began yesterday: past the door for a scan; an upload of a phone back online late still counts.
      await setStart(Date.now() - DAY_MS)
      expect((await one()).status).toBe(409)
      const late = await upload(Date.now() - DAY_MS + HOUR_MS)
      expect(late.status, JSON.stringify(late.body)).toBe(200)
      expect(late.body.answers[0]).toMatchObject({ result: 'valid', replayed: false })
      // Past the grace period, refused too.
      await setStart(Date.now() - 8 * DAY_MS)
      expect((await upload(Date.now() - 8 * DAY_MS + HOUR_MS)).status).toBe(409)
      expect(await scansOf(t.lineId)).toHaveLength(1)
    } finally {
      await bringToDoor(server.db, [s])
    }
  })

  it("takes `shown`, as the check-in app's upload: a refusal is logged as the device showed it, and moves nobody", async () => {
    const { tickets } = await paidTickets(1)
    const [t] = tickets
    const s = fx.basic.calendarId
    const refused = { code: t.code, sessionId: s, gate: 'Kids', nonce: nonce(), scannedAt: Date.now() - 60_000, offline: true, admitted: false, shown: 'not_on_list' }
    const batch = await doorPost<{ answers: DoorAnswer[] }>(server, '/api/door/redeem-batch', { scans: [refused] })
    expect(batch.status, JSON.stringify(batch.body)).toBe(200)
    expect(batch.body.answers[0]).toMatchObject({ result: 'not_on_list', flagged: false, replayed: false })
    const single = await doorPost(server, '/api/door/redeem', { ...refused, nonce: nonce(), gate: 'Kids 2', shown: 'wrong_session' })
    expect(single.body).toMatchObject({ result: 'wrong_session', flagged: false })
    expect((await scansOf(t.lineId)).map((r) => [r.result, r.counted])).toEqual([['not_on_list', 0], ['wrong_session', 0]])
    // The holder still enters at a gate that takes the ticket.
    expect(await scan(server, { code: t.token, sessionId: s })).toMatchObject({ result: 'valid', firstUse: null })
    // `shown` names one of the door's results.
    expect((await doorPost(server, '/api/door/redeem', { ...refused, nonce: nonce(), shown: 'maybe' })).status).toBe(400)
  })

  it('guards the door API with its token; bad bodies are refused without a scan', async () => {
    const { tickets } = await paidTickets(1)
    const body = { code: tickets[0].token, sessionId: fx.basic.calendarId, gate: 'A', nonce: nonce() }
    const none = await doorPost(server, '/api/door/redeem', body, null)
    expect(none.status).toBe(401)
    expect(none.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    expect((await doorPost(server, '/api/door/redeem', body, 'wrong-token-wrong-token-wrong-tok')).status).toBe(401)
    // The token before the body: without it a bad body is not told what is wrong with it either.
    for (const path of ['/api/door/redeem', '/api/door/redeem-batch']) {
      const blind = await doorPost(server, path, { sessionId: 'x' }, null)
      expect([path, blind.status, blind.body.errorCode]).toEqual([path, 401, ErrorCode.BAD_REQUEST])
    }
    for (const bad of [{ ...body, nonce: 'short' }, { ...body, sessionId: 'x' }, { ...body, sessionId: 2 ** 31 }, { ...body, sessionId: 2 ** 53 }, { ...body, scannedAt: 1e300, offline: true }, { ...body, code: 'x'.repeat(600) }, { ...body, gate: 'g'.repeat(65) }, { ...body, direction: 'sideways' }, { ...body, gate: '' }, {}]) {
      const res = await doorPost(server, '/api/door/redeem', bad)
      expect(res.status).toBe(400)
      expect(res.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    }
    expect((await doorPost(server, '/api/door/redeem-batch', { scans: [] })).status).toBe(400)
    // An upload naming a session that does not exist records none of its scans.
    const mixed = await doorPost(server, '/api/door/redeem-batch', { scans: [{ ...body, nonce: nonce(), offline: true }, { ...body, nonce: nonce(), sessionId: 987_654, offline: true }] })
    expect(mixed.status).toBe(404)
    expect(await scansOf(tickets[0].lineId)).toHaveLength(0)
  })
})

describe('door API without a door token', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: 'sqlite', env: { DEMO_DATA: '0' } })
  })
  afterAll(async () => server?.close())

  it('is off: 403 with a text that says how to turn it on', async () => {
    const res = await doorPost(server, '/api/door/redeem', { code: 'x', sessionId: 1, gate: 'A', nonce: nonce() }, 'anything-anything-anything')
    expect(res.status).toBe(403)
    expect(res.body.errorText).toContain('DOOR_TOKEN')
  })
})
