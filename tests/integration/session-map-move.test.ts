import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { schemeMapResponseSchema } from '../../src/contract/entities/scheme'
import { ErrorCode } from '../../src/contract/errors'
import { forgetProcessCaches } from '../../src/server/db/process-cache'
import { claimSeats } from '../../src/server/domain/inventory/holds.repository'
import type { SeatPlace } from '../../src/server/domain/inventory/places'
import { inClaimTransaction } from '../../src/server/domain/orders/claim'
import { loadSchemeSession } from '../../src/server/domain/scheme/repository'
import { sessionPlacesByKey } from '../../src/server/domain/seating/load'
import { messageText } from '../../src/server/messages'
import { TEST_DBS, type TestServer, startTestServer } from '../support/server'
import { type AdminClient, signedIn } from './admin-helpers'
import { lockRig, seatRowIds, type LockRig } from './lock-rig'
import { doubleSales, HALL_EVENT, loadScheme, schemeOrderBody, seatChange, visitor, type CartAnswer, type SchemeFx, type Visitor } from './scheme-helpers'
import { copiedPlan } from './studio-copy-helpers'

/**
 * Moving a seat-map session onto another version of its map (the studio's move, and the last step
 * of a save for one session: admin/studio/session-map.ts) and the claims of its places exclude
 * each other. Seat ids belong to one version, and a claim reads them from the session's version
 * before its transaction: a claim that read the old version and claimed after the move sold the
 * old version's seat, and the new version's seat of the same key showed free and sold again. Now
 * the move locks the session row against every claim (FOR UPDATE against their FOR KEY SHARE on
 * PostgreSQL) and judges "nothing in use" under that lock, and each claim checks, in its first
 * statement, that the session is still on the version its places were read from.
 *
 * The races are made deterministic on PostgreSQL with a connection of the test's own (lock-rig.ts):
 * a table lock stops a call between its read of the session and its claim, or a seat's frozen hold
 * stops a claim inside its transaction, while the move runs. SQLite runs one transaction at a time:
 * there the claim's own check is tested, on places read before a move.
 */

/** Demo seat-map events on the 5,000-seat hall's one drawing: two sessions each. */
const OTHER_HALL_EVENT = 'symphonic-rock'
/** Long enough that a call frozen by the test does not give up (busy) while the move runs. */
const LOCK_TIMEOUT_MS = 10_000
/** A cart hold's life in the claims made here straight through the domain. */
const HOLD_MS = 60_000
/** Whatever the test's own connection waits on stops one call of the server (a lock wait). */
const ONE_CALL = 1

interface OrderAnswer {
  errorCode: string
  errorText: string
  hash?: string
}

describe.each(TEST_DBS)('moving a session to another map version while its places are claimed, on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let from: number
  let to: number

  /** The demo session `index` of `key` as a visitor sees it now (its map is of the version it is on). */
  const sessionFx = async (v: Visitor, key: string, index: number): Promise<SchemeFx> => {
    const first = await loadScheme(v, key)
    const calendarId = first.sessions.calendar[index].calendar_id
    const map = schemeMapResponseSchema.parse((await v.post('/api/scheme/map', { hash: first.hash, calendar_id: calendarId })).body)
    return { ...first, calendarId, map, categoryOf: (zone) => first.sessions.prices.find((p) => p.calendar_id === calendarId && p.zonelevel_id === zone)!.clientcategory_id }
  }
  const freeSeats = (fx: SchemeFx, n: number) => fx.map.seat_numbers.filter((s) => s.status === 'free').slice(0, n).map((s) => s.seat_id)
  const move = (calendarId: number, drawingId: number) => manager.post(`/api/admin/sessions/${calendarId}/map`, { drawing_id: drawingId })
  const drawingOf = async (calendarId: number) => Number((await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', calendarId).executeTakeFirstOrThrow()).drawing_id)
  /** The session's live buyer holds: each seat's key and the version the held seat row is of. */
  const held = (calendarId: number) =>
    server.db
      .selectFrom('seat_holds as h')
      .innerJoin('seats as s', 's.id', 'h.seat_id')
      .select(['s.seat_key', 's.drawing_id', 'h.state'])
      .where('h.calendar_id', '=', calendarId)
      .where('h.released_at', 'is', null)
      .where('h.state', '<>', 'blocked')
      .orderBy('s.seat_key')
      .execute()

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS) } })
    manager = await signedIn(server, 'manager')
    const v = await visitor(server.url)
    const sessions = [...(await loadScheme(v, HALL_EVENT)).sessions.calendar, ...(await loadScheme(v, OTHER_HALL_EVENT)).sessions.calendar]
    const drawings = new Set(await Promise.all(sessions.map((s) => drawingOf(s.calendar_id))))
    expect(drawings.size).toBe(1)
    from = [...drawings][0]
    // A new version of the hall's map (its sessions sealed it, so the save copies it): the same seat keys, other seat ids.
    const saved = await manager.post<{ drawing_id: number; in_place: boolean }>(`/api/admin/drawings/${from}/edit`, { ops: [{ op: 'add-zone', name: 'Резерв', color: '#336699' }] })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.in_place).toBe(false)
    to = saved.body.drawing_id
    await copiedPlan(manager, to)
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  it('refuses, inside the claim, places read from the version the session has left; then holds and orders land on the new version by key', async () => {
    const fx = await sessionFx(await visitor(server.url), HALL_EVENT, 0)
    const [seatKey, otherKey] = freeSeats(fx, 2)
    const now = Date.now()
    // What a cart or an order reads before its claim: the session, and its places on that version.
    const read = await loadSchemeSession(server.db, fx.calendarId, now)
    expect(read.drawingId).toBe(from)
    const place = (await sessionPlacesByKey(server.db, read.drawingId, [seatKey])).get(seatKey) as SeatPlace
    const priceId = read.prices.find((p) => p.zone_id === place.zoneId)!.id
    expect((await move(fx.calendarId, to)).status).toBe(200)

    const owner = { cartId: null, orderId: null, state: 'cart' as const, expiresAt: now + HOLD_MS }
    const claim = (seats?: { calendarId: number; seatIds: number[] }) =>
      inClaimTransaction(server.db, fx.calendarId, now, (trx) => claimSeats(trx, fx.calendarId, [{ place, priceId }], owner, now), seats, read.drawingId)
    // The session lock's path (standing places, the single-seat rule; every claim on SQLite).
    await expect(claim()).rejects.toMatchObject({ reason: 'session-map-changed' })
    // PostgreSQL's row-level path (numbered seats only).
    if (dbKind === 'postgres') await expect(claim({ calendarId: fx.calendarId, seatIds: [place.id] })).rejects.toMatchObject({ reason: 'session-map-changed' })
    expect(await held(fx.calendarId)).toEqual([])

    // The normal path: a page opened before the move holds and orders by key, on the version the session is on.
    const a = await visitor(server.url)
    const hold = await a.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seatKey)] })
    expect(hold.status, JSON.stringify(hold.body)).toBe(200)
    expect((await a.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(a, fx, [seatKey]))).body.errorCode).toBe('0')
    const b = await visitor(server.url)
    expect((await b.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(b, fx, [otherKey]))).body.errorCode).toBe('0')
    expect(await held(fx.calendarId)).toEqual([seatKey, otherKey].sort().map((k) => ({ seat_key: k, drawing_id: to, state: 'order' })))
    expect(await doubleSales(server.db, fx.calendarId)).toEqual([])
    // Sold in, the session stays on its version: refused for what it is (its map cannot change), not as a deletion.
    const refused = await move(fx.calendarId, from)
    expect(refused.status).toBe(409)
    expect(refused.body.errorText).toBe(messageText('admin-session-map-in-use', 'en'))
    expect(refused.body.errorText).not.toBe(messageText('admin-has-orders', 'en'))
    expect(await drawingOf(fx.calendarId)).toBe(to)
  })

  describe.runIf(dbKind === 'postgres')('racing on PostgreSQL', () => {
    let locks: LockRig
    beforeAll(async () => {
      locks = await lockRig(server)
    })
    afterAll(async () => {
      await locks?.release().catch(() => undefined)
      await locks?.end()
    })

    /** Holds `table` in the rig's open transaction: any statement of the server reading it waits (this process's caches emptied, so it reads). */
    const freezeTable = async (table: string) => {
      forgetProcessCaches(server.db)
      await locks.blocker.query('begin')
      await locks.blocker.query(`lock table ${table} in access exclusive mode`)
    }

    it('an order that read the session before the move and claims after it is refused; the seat sells once, on the new version', async () => {
      const buyer = await visitor(server.url)
      const fx = await sessionFx(buyer, HALL_EVENT, 1)
      const [seatKey] = freeSeats(fx, 1)
      const body = await schemeOrderBody(buyer, fx, [seatKey])
      // The order reads its agreements right after the session, before its claim.
      await freezeTable('checkbox_lists')
      let late: Promise<{ status: number; body: OrderAnswer }>
      try {
        late = buyer.post<OrderAnswer>('/api/order/create-scheme', body)
        expect(await locks.untilLockWaiters(ONE_CALL)).toBe(ONE_CALL)
        expect((await move(fx.calendarId, to)).status).toBe(200)
      } finally {
        await locks.release()
      }
      const refused = await late
      expect(refused.status).toBe(409)
      expect(refused.body.errorCode).toBe(ErrorCode.UNAVAILABLE)
      expect(refused.body.errorText).toBe(messageText('session-map-changed', 'ru'))
      expect(await held(fx.calendarId)).toEqual([])
      // The same seat, ordered on the version the session is on: sold once.
      const next = await visitor(server.url)
      expect((await next.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(next, fx, [seatKey]))).body.errorCode).toBe('0')
      expect(await held(fx.calendarId)).toEqual([{ seat_key: seatKey, drawing_id: to, state: 'order' }])
    })

    it('a move that comes while a claim is under way waits for it and is refused; the session keeps its version', async () => {
      const buyer = await visitor(server.url)
      const fx = await sessionFx(buyer, OTHER_HALL_EVENT, 0)
      const [seatKey] = freeSeats(fx, 1)
      const body = await schemeOrderBody(buyer, fx, [seatKey])
      // The order's claim of the seat waits on the rig's uncommitted hold of it, its transaction open.
      await locks.freezeSeats(fx.calendarId, await seatRowIds(server, fx.calendarId, [seatKey]))
      let order: Promise<{ status: number; body: OrderAnswer }>
      let moving: ReturnType<typeof move>
      try {
        order = buyer.post<OrderAnswer>('/api/order/create-scheme', body)
        expect(await locks.untilLockWaiters(ONE_CALL)).toBe(ONE_CALL)
        moving = move(fx.calendarId, to)
        // The move waits too: for the claim's lock on the session row (and the rig's).
        expect(await locks.untilLockWaiters(ONE_CALL + 1)).toBe(ONE_CALL + 1)
      } finally {
        await locks.release()
      }
      expect((await order).body.errorCode).toBe('0')
      const refused = await moving
      expect(refused.status).toBe(409)
      expect(await drawingOf(fx.calendarId)).toBe(from)
      expect(await held(fx.calendarId)).toEqual([{ seat_key: seatKey, drawing_id: from, state: 'order' }])
    })

    it('a cart hold that read the session before the move is taken on the version the session is on now', async () => {
      const buyer = await visitor(server.url)
      const fx = await sessionFx(buyer, OTHER_HALL_EVENT, 1)
      const [seatKey] = freeSeats(fx, 1)
      // The hold reads the settings right after the session, before its claim (one statement
      // here), when its event takes the gift card (showprocultureFor: the shop's switch matters).
      const { event_id: eventId } = await server.db.selectFrom('calendars').select('event_id').where('id', '=', fx.calendarId).executeTakeFirstOrThrow()
      const flags = await server.db.selectFrom('events').select(['usepushkarta', 'usenopushkarta']).where('id', '=', eventId).executeTakeFirstOrThrow()
      await server.db.updateTable('events').set({ usepushkarta: 1, usenopushkarta: 1 }).where('id', '=', eventId).execute()
      await freezeTable('settings')
      let hold: Promise<{ status: number; body: CartAnswer }>
      try {
        hold = buyer.post<CartAnswer>('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seatKey)] })
        expect(await locks.untilLockWaiters(ONE_CALL)).toBe(ONE_CALL)
        expect((await move(fx.calendarId, to)).status).toBe(200)
      } finally {
        await locks.release()
      }
      const answer = await hold
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body.items.map((i) => i.seat_id)).toEqual([seatKey])
      // Refused on the old version's seat, the hold was made again on rows read afresh (withHoldSession).
      expect(await held(fx.calendarId)).toEqual([{ seat_key: seatKey, drawing_id: to, state: 'cart' }])
      await server.db.updateTable('events').set(flags).where('id', '=', eventId).execute()
    })
  })
})
