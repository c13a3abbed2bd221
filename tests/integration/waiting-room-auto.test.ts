import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queueStatusResponseSchema, type QueueStatus } from '../../src/contract/entities/queue'
import { ErrorCode } from '../../src/contract/errors'
import { ASK_SILENT_MS } from '../../src/server/domain/waiting/admission'
import { admittingOthers, AUTO_DRAW_GRACE_MS } from '../../src/server/domain/waiting/room'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { orderBody, seedOrderFixtures, visitor, type EventFx, type Fixtures, type OrderAnswer, type Visitor } from './order-fixtures'

const HOUR = 60 * 60_000
/** Visitors refused at an automatic switch (fix 2): 10! orders, the asking order among them by chance. */
const REFUSED = 10
/** Visitors of the stalled room (fix 4) who joined and left. */
const LEFT = 20
/** Its rate: one place every 10 s. */
const STALL_RATE = 6
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
/** Each database, and PostgreSQL with the load counted in Redis (REDIS_URL: the store a cluster shares). */
const SETUPS = [...TEST_DBS.map((db) => ({ db, redis: false })), { db: TEST_DBS[1], redis: true }]

/**
 * Audit of the waiting room (issue 18.5), the automatic switch and visitors who leave:
 * 1. the load count is per version of the room: switched off by the operator, an automatic room
 *    does not switch itself on again from the count that tripped it, and a later trip keeps the
 *    queue's places;
 * 2. the automatic on-sale moment is a moment ahead, so those refused at the switch are drawn at
 *    random, not placed in the order they asked;
 * 3. the load is client addresses, so one client's orders (refused ones too) cannot trip it;
 * 4. places of visitors who stopped asking are passed without a slot, so they do not hold the
 *    room (nor the hold extensions) after they left.
 */
describe.each(SETUPS)('automatic waiting room and visitors who leave on $db (Redis: $redis)', ({ db: dbKind, redis }) => {
  let server: TestServer
  let fx: Fixtures
  let manager: AdminClient
  let events: EventFx[]
  const prefix = `seatwise-test-${randomBytes(4).toString('hex')}:`

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0', ...(redis ? { REDIS_URL, REDIS_PREFIX: prefix } : {}) } })
    fx = await seedOrderFixtures(server.db)
    manager = await signedIn(server, 'manager')
    events = [fx.basic, fx.race, fx.pushkinMixed]
  })
  afterAll(async () => {
    await server?.close()
    if (!redis) return
    const client = new Redis(REDIS_URL)
    try {
      const keys = await client.keys(`${prefix}*`)
      if (keys.length) await client.del(...keys)
    } finally {
      client.disconnect()
    }
  })

  const status = async (v: Visitor, calendarId: number): Promise<QueueStatus> => {
    const res = await v.post('/api/queue/status', { calendar_id: calendarId })
    expect(res.status).toBe(200)
    return queueStatusResponseSchema.parse(res.body)
  }
  const order = async (v: Visitor, ev: EventFx, extra: { sum?: number } = {}) => {
    const res = await v.fetch('/api/order/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': v.token, 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(orderBody(fx, ev, [{ price: ev.prices.adult, quantity: 1, ...extra }])),
    })
    return { status: res.status, body: (await res.json()) as OrderAnswer }
  }
  const room = (ev: EventFx, settings: Record<string, unknown>) => manager.post(`/api/admin/sessions/${ev.calendarId}/waiting-room`, settings)
  const roomRow = (ev: EventFx) => server.db.selectFrom('waiting_rooms').selectAll().where('calendar_id', '=', ev.calendarId).executeTakeFirstOrThrow()
  const sessionOf = async (v: Visitor) => (await server.db.selectFrom('sessions').select('id').where('csrf_token', '=', v.token).executeTakeFirstOrThrow()).id
  const positionOf = async (v: Visitor, ev: EventFx) => {
    const row = await server.db.selectFrom('waiting_visitors').select('position').where('calendar_id', '=', ev.calendarId).where('session_id', '=', await sessionOf(v)).executeTakeFirstOrThrow()
    return row.position === null ? null : Number(row.position)
  }
  /** Buyers, each from his own address, until one is refused: answers the refused one. */
  const tripRoom = async (ev: EventFx, limit: number) => {
    for (let i = 0; i < limit; i++) expect((await order(await visitor(server.url), ev)).body.errorCode).toBe(ErrorCode.OK)
    const v = await visitor(server.url)
    expect((await order(v, ev)).status).toBe(403)
    expect((await roomRow(ev)).enabled).toBe(1)
    return v
  }

  it('switched off by the operator, an automatic room lets the next buyer through and keeps its queue; a new trip keeps the places', async () => {
    const ev = events[0]
    const auto = { admit_per_minute: 1, auto_per_minute: 3 }
    expect((await room(ev, { enabled: false, opens_at: Date.now(), ...auto })).status).toBe(200)
    const queued = await tripRoom(ev, 3)
    expect((await status(queued, ev.calendarId)).place).toBeNull()
    // The operator brings the on-sale moment forward: the visitor is drawn at place 1.
    expect((await room(ev, { enabled: true, opens_at: Date.now() - 1000, ...auto })).status).toBe(200)
    expect(await status(queued, ev.calendarId)).toMatchObject({ state: 'waiting', place: 1 })
    expect((await room(ev, { enabled: false, opens_at: Date.now(), ...auto })).status).toBe(200)
    // The count that tripped it (4 in this minute) is not the switched-off room's.
    const buyer = await visitor(server.url)
    expect((await order(buyer, ev)).body.errorCode).toBe(ErrorCode.OK)
    expect(await roomRow(ev)).toMatchObject({ enabled: 0, next_position: 1 })
    expect(await positionOf(queued, ev)).toBe(1)
    // Past the limit again it switches itself on, and the kept queue keeps its places.
    await tripRoom(ev, 2)
    expect(await roomRow(ev)).toMatchObject({ enabled: 1, next_position: 1, drawn_at: null })
    expect(await positionOf(queued, ev)).toBe(1)
  })

  it('those refused at an automatic switch join before its on-sale moment and are drawn at random', async () => {
    const ev = events[1]
    expect((await room(ev, { enabled: false, opens_at: Date.now(), admit_per_minute: 1, auto_per_minute: 2 })).status).toBe(200)
    const refused = [await tripRoom(ev, 2)]
    for (let i = 1; i < REFUSED; i++) {
      const v = await visitor(server.url)
      expect((await order(v, ev)).status).toBe(403)
      refused.push(v)
    }
    expect(Number((await roomRow(ev)).opens_at)).toBeGreaterThan(Date.now())
    // Each goes to the queue as refused (in that order): all wait for the draw without a place.
    for (const v of refused) expect(await status(v, ev.calendarId)).toMatchObject({ state: 'waiting', place: null })
    // The grace (AUTO_DRAW_GRACE_MS) passes: the on-sale moment is put just behind.
    await server.db.updateTable('waiting_rooms').set({ opens_at: Date.now() - 1 }).where('calendar_id', '=', ev.calendarId).execute()
    for (const v of refused) expect((await status(v, ev.calendarId)).state).toBe('waiting')
    const positions = await Promise.all(refused.map((v) => positionOf(v, ev)))
    expect([...positions].sort((a, b) => a! - b!)).toEqual(Array.from({ length: REFUSED }, (_, i) => i + 1))
    // The asking order with chance 1 in 3.6 million.
    expect(positions).not.toEqual(Array.from({ length: REFUSED }, (_, i) => i + 1))
    expect(AUTO_DRAW_GRACE_MS).toBeGreaterThanOrEqual(5_000)
  })

  it('one client cannot trip an automatic room: the load counts addresses, not calls', async () => {
    const ev = events[2]
    expect((await room(ev, { enabled: false, opens_at: Date.now(), admit_per_minute: 1, auto_per_minute: 2 })).status).toBe(200)
    const one = await visitor(server.url)
    // Orders with a wrong sum, refused by the shop anyway, then a good one: all from one address.
    for (let i = 0; i < 3; i++) expect((await order(one, ev, { sum: 1 })).status).not.toBe(403)
    expect((await order(one, ev)).status).not.toBe(403)
    // Another session from the same address is the same client.
    expect((await order(await visitor(server.url, one.address), ev)).status).not.toBe(403)
    expect((await roomRow(ev)).enabled).toBe(0)
    // Two more addresses pass the limit of 2.
    expect((await order(await visitor(server.url), ev)).status).not.toBe(403)
    expect((await order(await visitor(server.url), ev)).status).toBe(403)
    expect((await roomRow(ev)).enabled).toBe(1)
  })

  it('places of visitors who stopped asking are passed: a newcomer is not held behind them, nor are extensions', async () => {
    const ev = events[0]
    expect((await room(ev, { enabled: true, opens_at: Date.now() + AUTO_DRAW_GRACE_MS, admit_per_minute: STALL_RATE })).status).toBe(200)
    // Start clean: the first test's queue goes.
    await server.db.deleteFrom('waiting_visitors').where('calendar_id', '=', ev.calendarId).execute()
    await server.db.updateTable('waiting_rooms').set({ next_position: 0, admitted: 0, admitted_until: 0, drawn_at: null }).where('calendar_id', '=', ev.calendarId).execute()
    const left: Visitor[] = []
    for (let i = 0; i < LEFT; i++) {
      const v = await visitor(server.url)
      await status(v, ev.calendarId)
      left.push(v)
    }
    // They were drawn two hours ago (the first poll after it admits a minute's credit), asked
    // last then, and left; nobody came since.
    const ago = Date.now() - 2 * HOUR
    await server.db.updateTable('waiting_rooms').set({ opens_at: ago }).where('calendar_id', '=', ev.calendarId).execute()
    await status(left[0], ev.calendarId)
    await server.db.updateTable('waiting_rooms').set({ admitted_until: ago }).where('calendar_id', '=', ev.calendarId).execute()
    await server.db.updateTable('waiting_visitors').set({ asked_at: ago, joined_at: ago }).where('calendar_id', '=', ev.calendarId).execute()
    const drawn = await roomRow(ev)
    expect(drawn.admitted).toBeLessThan(LEFT)
    const positions = await Promise.all(left.map((v) => positionOf(v, ev)))
    const gone = left[positions.findIndex((p) => p! > drawn.admitted)]
    // Nobody is waiting any more: extensions are not refused for them.
    expect(await admittingOthers(server.db, ev.calendarId, Date.now())).toBe(false)
    const newcomer = await visitor(server.url)
    expect(await status(newcomer, ev.calendarId)).toMatchObject({ state: 'admitted', place: null })
    const row = await roomRow(ev)
    expect(row.admitted).toBe(LEFT + 1)
    // One slot spent, not twenty-one: the next newcomer waits for the rate.
    expect(Number(row.admitted_until)).toBeGreaterThan(Date.now() - ASK_SILENT_MS)
    // One who left and comes back queues at the back and spends a slot of the rate (the rest of
    // the minute's credit lets him in now), rather than walking in on his passed place.
    await status(gone, ev.calendarId)
    expect(await positionOf(gone, ev)).toBe(LEFT + 2)
    const after = await roomRow(ev)
    expect(after.admitted).toBe(LEFT + 2)
    expect(Number(after.admitted_until)).toBeCloseTo(Number(row.admitted_until) + 60_000 / STALL_RATE, 0)
  })
})
