import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeOf, placeOfFacts } from '../../src/app/door/labels'
import { decideOffline } from '../../src/app/door/model/decide'
import { indexPlaces } from '../../src/app/door/model/places'
import { DOOR_TEXTS } from '../../src/app/door/texts'
import type { DoorSync, RedeemAnswerBody } from '../../src/contract/admin/door'
import type { DoorClock } from '../../src/contract/admin/door-clock'
import { TicketVerifier } from '../../src/contract/tickets/verify'
import { ticketClaims } from '../../src/server/domain/tickets/claims'
import type { TicketKeys } from '../../src/server/domain/tickets/keys'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { bringToDoor, DOOR_TOKEN, doorPost, nonce, serverKeys } from './door-helpers'
import { loadScheme, seatChange, visitor, type SchemeFx } from './scheme-helpers'

type Answer = RedeemAnswerBody & { clock: DoorClock }
const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
/** A phone whose clock runs an hour behind the server's. */
const BEHIND_MS = HOUR_MS
/** Bytes a seat may take in a whole sync's places (uncompressed JSON): "reasonable size". */
const MAX_PLACE_BYTES_PER_SEAT = 32
const BUYER = { fio: 'Иван Петров', phone: '+79161234567', email: 'ivan@example.org' }

/**
 * Offline scans timed by the server's clock (a phone whose clock is behind does not win the
 * first-scan decision), and the session's places in a whole sync (an offline answer to a seat
 * sold after the sync shows what an online one shows), on both databases, on the demo's 5,000-seat
 * hall with seats sold at the box office.
 */
describe.each(TEST_DBS)('door clock and places on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let keys: TicketKeys
  let owner: AdminClient
  let door: AdminClient
  let desk: AdminClient
  let list: number
  let next = 0

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DOOR_TOKEN } })
    fx = await loadScheme(await visitor(server.url))
    keys = await serverKeys(server)
    owner = await signedIn(server, 'owner')
    door = await signedIn(server, 'door')
    desk = await signedIn(server, 'boxoffice')
    await bringToDoor(server.db, [fx.calendarId])
    list = await makeList({ name: 'Main' })
  })
  afterAll(async () => {
    await server?.close()
  })

  async function makeList(body: Record<string, unknown>): Promise<number> {
    const res = await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: fx.calendarId, ...body })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.id
  }
  /** A seat sold at the box office now: its line, signed code and seat. */
  async function soldSeat() {
    const key = fx.map.seat_numbers[next++].seat_id
    const sale = await desk.post<{ id: number }>('/api/admin/boxoffice/sell', { ...BUYER, hash: fx.hash, calendarId: fx.calendarId, payKind: 'cash', tickets: [seatChange(fx, key)] })
    expect(sale.status, JSON.stringify(sale.body)).toBe(200)
    const line = await server.db.selectFrom('order_lines').select(['id', 'calendar_id', 'seat_id', 'standing_place_id', 'client_category_id']).where('order_id', '=', sale.body.id).executeTakeFirstOrThrow()
    return { lineId: line.id, seatId: line.seat_id!, token: keys.sign(ticketClaims(line)) }
  }
  async function sync(cursor?: string): Promise<DoorSync> {
    const res = await door.get<DoorSync>(`/api/admin/door/sync?calendar_id=${fx.calendarId}${cursor ? `&cursor=${cursor}` : ''}`)
    expect(res.status).toBe(200)
    return res.body
  }
  async function scanOnline(code: string, listId = list): Promise<Answer> {
    const res = await door.post<Answer>('/api/admin/door/redeem', { code, list_id: listId, nonce: nonce() })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }
  async function upload(scans: Record<string, unknown>[]): Promise<Answer[]> {
    const res = await door.post<{ answers: Answer[] }>('/api/admin/door/redeem-batch', { scans })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.answers
  }
  const rowOf = (id: number) => server.db.selectFrom('ticket_redemptions').select(['result', 'flagged', 'scanned_at', 'received_at']).where('id', '=', id).executeTakeFirstOrThrow()

  it('a phone whose clock is behind does not win against an entry made before its scan in real time', async () => {
    const t = await soldSeat()
    // The phone syncs while online; its clock reads an hour behind when it sends the call.
    const deviceAt = Date.now() - BEHIND_MS
    const { clock } = await sync()
    expect(clock.at).toBeLessThanOrEqual(Date.now())
    expect(clock.stamp).toMatch(new RegExp(`^${clock.at}\\.`))
    // Then offline. Another gate lets the holder in online…
    const online = await scanOnline(t.token)
    expect(online.result).toBe('valid')
    // …and a second later (real time) the phone, not knowing, lets someone in on the same ticket.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const scannedAt = Date.now() - BEHIND_MS
    // It comes back online a while later and uploads.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const [late] = await upload([{ code: t.token, list_id: list, nonce: nonce(), scannedAt, offline: true, admitted: true, shown: 'valid', clock: { stamp: clock.stamp, deviceAt } }])
    // The online entry stands; the phone's is timed after it, already used and flagged.
    expect(late).toMatchObject({ result: 'already_used', flagged: true, conflicts: [], firstUse: { at: online.scannedAt, gate: 'Main' } })
    expect(late.scannedAt).toBeGreaterThan(online.scannedAt)
    expect(late.scannedAt).toBe(clock.at + (scannedAt - deviceAt))
    expect(await rowOf(online.scanId)).toMatchObject({ result: 'valid', flagged: 0 })
  })

  it('what a clock may claim is bounded: never before its stamp, never after now; a bad stamp or none is timed as before', async () => {
    const { clock } = await sync()
    const deviceAt = Date.now() - BEHIND_MS
    const stamped = (scannedAt: number, stamp = clock.stamp) => ({ code: '000000000001', list_id: list, nonce: nonce(), scannedAt, offline: true, admitted: false, shown: 'unknown', clock: { stamp, deviceAt } })
    const [before, future] = await upload([stamped(deviceAt - 10 * MINUTE_MS), stamped(deviceAt + 24 * HOUR_MS)])
    // A scan claimed before the phone heard the stamp counts at the stamp's time.
    expect(before.scannedAt).toBe(clock.at)
    const row = await rowOf(future.scanId)
    expect(Number(row.scanned_at)).toBe(Number(row.received_at))
    // An altered stamp proves nothing: the scan is timed by its device's clock, as an older app's upload (no clock) is.
    const altered = `${clock.at - HOUR_MS}${clock.stamp.slice(String(clock.at).length)}`
    const [forged, old] = await upload([stamped(deviceAt, altered), { ...stamped(deviceAt), clock: undefined }])
    expect(forged.scannedAt).toBe(deviceAt)
    expect(old.scannedAt).toBe(deviceAt)
    // Malformed clocks are bad requests.
    expect((await door.post('/api/admin/door/redeem-batch', { scans: [{ ...stamped(deviceAt), clock: { stamp: 'x'.repeat(200), deviceAt } }] })).status).toBe(400)
  })

  it("an online answer carries the server's clock; the door token API takes clocks too", async () => {
    const t = await soldSeat()
    const before = Date.now()
    const answer = await scanOnline(t.token)
    expect(answer.clock.at).toBeGreaterThanOrEqual(before)
    expect(answer.clock.at).toBeLessThanOrEqual(answer.scannedAt)
    const token = await doorPost<Answer>(server, '/api/door/redeem', { code: '000000000001', sessionId: fx.calendarId, gate: 'Scanner', nonce: nonce() })
    expect(token.status).toBe(200)
    const deviceAt = Date.now() - BEHIND_MS
    const batch = await doorPost<{ answers: Answer[] }>(server, '/api/door/redeem-batch', {
      scans: [{ code: '000000000001', sessionId: fx.calendarId, gate: 'Scanner', nonce: nonce(), scannedAt: deviceAt + 1, offline: true, admitted: false, clock: { stamp: token.body.clock.stamp, deviceAt } }],
    })
    expect(batch.status, JSON.stringify(batch.body)).toBe(200)
    // One millisecond after the stamp by the scanner's clock (an hour behind): one after the stamp's time.
    expect(batch.body.answers[0].scannedAt).toBe(token.body.clock.at + 1)
  })

  it('a whole sync carries the places: offline, a seat sold after the sync shows its sector, row, seat and category as online', async () => {
    const full = await sync()
    const places = full.places!
    const seats = places.sectors.reduce((n, s) => n + s.seats.length, 0)
    expect(seats).toBe(fx.map.seat_numbers.length)
    expect(JSON.stringify(places).length / seats).toBeLessThan(MAX_PLACE_BYTES_PER_SEAT)
    // An incremental sync does not send them again.
    expect((await sync(full.cursor)).places).toBeNull()

    const t = await soldSeat()
    expect(full.tickets.some((x) => x.id === t.lineId)).toBe(false)
    const verifier = await TicketVerifier.create(full.keys.map((k) => k.publicKey))
    const state = { sessionId: fx.calendarId, tickets: new Map(), byCode: new Map(), history: new Map(), places: indexPlaces(places) }
    const gate = full.lists.find((l) => l.id === list)!
    const verification = await verifier.verify(t.token)
    const offline = decideOffline(state, gate, t.token, verification, 'in')
    expect(offline).toMatchObject({ result: 'valid', ticket: null })
    const online = await scanOnline(t.token)
    expect(online.ticket?.seat?.sector).not.toBe('')
    // The demo's zones are each sold in one category here: the offline answer reads as the online one, in every language.
    for (const lang of ['ru', 'en', 'kz', 'ch'] as const) expect(placeOfFacts(offline.place!, DOOR_TEXTS[lang], lang)).toBe(placeOf(online.ticket!, DOOR_TEXTS[lang], lang))

    // The gate's sector filter is known offline now: a gate of another sector refuses the seat, its own admits it.
    const seat = await server.db.selectFrom('seats').select('sector_id').where('id', '=', t.seatId).executeTakeFirstOrThrow()
    const other = places.sectors.find((s) => s.id !== seat.sector_id)!
    const check = (sectorIds: number[]) => decideOffline(state, { ...gate, sector_ids: sectorIds }, t.token, verification, 'in').result
    expect(check([other.id])).toBe('not_on_list')
    expect(check([seat.sector_id])).toBe('valid')
  })
})
