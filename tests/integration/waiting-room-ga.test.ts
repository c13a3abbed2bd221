import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { waitingRoomViewSchema } from '../../src/contract/admin/waiting'
import { noSchemeResponseSchema } from '../../src/contract/entities/event'
import { ADMISSION_HEADER, queueStatusResponseSchema, type QueueStatus } from '../../src/contract/entities/queue'
import { ErrorCode } from '../../src/contract/errors'
import { AUTO_DRAW_GRACE_MS } from '../../src/server/domain/waiting/room'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { orderBody, seedOrderFixtures, visitor, type EventFx, type Fixtures, type OrderAnswer, type Visitor } from './order-fixtures'

/** Client addresses making buying calls a minute above which the automatic room of the race event switches itself on. */
const AUTO_PER_MINUTE = 3
const MINUTE = 60_000

/**
 * Issue 18.5 for general-admission orders and the automatic switch: /api/order/create names its
 * sessions by day and time, and is refused without a token for each session whose room is on;
 * a room set to switch itself on does so when the minute's buying calls pass its capacity (the
 * shared counter store: memory on SQLite, guard_counters on PostgreSQL); the console reads the
 * room back.
 */
describe.each(TEST_DBS)('waiting room of general-admission sessions on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures
  let manager: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
    manager = await signedIn(server, 'manager')
  })
  afterAll(async () => {
    await server?.close()
  })

  const status = async (v: Visitor, calendarId: number): Promise<QueueStatus> => {
    const res = await v.post('/api/queue/status', { calendar_id: calendarId })
    expect(res.status).toBe(200)
    return queueStatusResponseSchema.parse(res.body)
  }
  const order = async (v: Visitor, ev: EventFx, token?: string) => {
    const res = await v.fetch('/api/order/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': v.token, 'x-requested-with': 'XMLHttpRequest', ...(token ? { [ADMISSION_HEADER]: token } : {}) },
      body: JSON.stringify(orderBody(fx, ev, [{ price: ev.prices.adult, quantity: 1 }])),
    })
    return { status: res.status, body: (await res.json()) as OrderAnswer }
  }
  const room = (ev: EventFx, settings: Record<string, unknown>) => manager.post(`/api/admin/sessions/${ev.calendarId}/waiting-room`, settings)

  it('the event page names each session by id, so the page can ask for its room', async () => {
    const v = await visitor(server.url)
    const page = noSchemeResponseSchema.parse((await v.post('/api/no-scheme', { hash: fx.basic.hash })).body)
    expect(page.calendar[0].times[0].calendar_id).toBe(fx.basic.calendarId)
  })

  it('a session that never had a room reads as off with the form defaults, named by its event, day and time; an unknown one is 404', async () => {
    const res = await manager.get(`/api/admin/sessions/${fx.basic.calendarId}/waiting-room`)
    expect(res.status).toBe(200)
    expect(waitingRoomViewSchema.parse(res.body)).toMatchObject({ exists: false, enabled: false, visitors: 0, auto_per_minute: null })
    // The screen names the session by its event, day and time.
    expect(waitingRoomViewSchema.parse(res.body).session).toMatchObject({ event_id: fx.basic.id, day: fx.basic.day, time: fx.basic.time, name_ru: expect.any(String) })
    expect((await manager.get('/api/admin/sessions/999999/waiting-room')).status).toBe(404)
    const unknown = await manager.post('/api/admin/sessions/999999/waiting-room', { enabled: true, opens_at: Date.now(), admit_per_minute: 10 })
    expect(unknown.status).toBe(404)
    expect(unknown.body.errorCode).toBe(ErrorCode.NOT_FOUND)
    expect((await room(fx.basic, { enabled: true, opens_at: Date.now(), admit_per_minute: 10, auto_per_minute: 0 })).status).toBe(400)
  })

  it('the box office and door roles read the room but are refused its change (403), which changes nothing', async () => {
    const before = await server.db.selectFrom('waiting_rooms').selectAll().where('calendar_id', '=', fx.basic.calendarId).executeTakeFirst()
    const audits = async () => (await server.db.selectFrom('audit_log').select('id').where('action', '=', 'waiting-room').execute()).length
    const audited = await audits()
    for (const role of ['boxoffice', 'door'] as const) {
      const reader = await signedIn(server, role)
      expect((await reader.get(`/api/admin/sessions/${fx.basic.calendarId}/waiting-room`)).status, role).toBe(200)
      const refused = await reader.post(`/api/admin/sessions/${fx.basic.calendarId}/waiting-room`, { enabled: true, opens_at: Date.now(), admit_per_minute: 10 })
      expect(refused.status, role).toBe(403)
      expect(refused.body, role).toMatchObject({ errorCode: AdminErrorCode.FORBIDDEN, errorText: expect.any(String) })
    }
    expect(await server.db.selectFrom('waiting_rooms').selectAll().where('calendar_id', '=', fx.basic.calendarId).executeTakeFirst()).toEqual(before)
    expect(await audits()).toBe(audited)
  })

  it('with the room on, a general-admission order needs the token of its session', async () => {
    // On-sale ten minutes ago at 60 a minute: the first visitor is admitted at once.
    expect((await room(fx.basic, { enabled: true, opens_at: Date.now() - 10 * MINUTE, admit_per_minute: 60 })).status).toBe(200)
    const v = await visitor(server.url)
    const refused = await order(v, fx.basic)
    expect(refused.status).toBe(403)
    expect(refused.body.errorCode).toBe(ErrorCode.LIMIT)
    const s = await status(v, fx.basic.calendarId)
    expect(s.state).toBe('admitted')
    // A token of another session's room does not open this one.
    expect((await room(fx.free, { enabled: true, opens_at: Date.now() - 10 * MINUTE, admit_per_minute: 60 })).status).toBe(200)
    const other = await status(v, fx.free.calendarId)
    expect((await order(v, fx.basic, other.token!)).status).toBe(403)
    // Several tokens in the header (a page holding them for several sessions): the right one counts.
    const ok = await order(v, fx.basic, `${other.token!},${s.token!}`)
    expect(ok.status).toBe(200)
    expect(ok.body.errorCode).toBe(ErrorCode.OK)
    // An event whose sessions have no room is not touched.
    expect((await order(await visitor(server.url), fx.pushkinMixed)).status).not.toBe(403)
    const view = waitingRoomViewSchema.parse((await manager.get(`/api/admin/sessions/${fx.basic.calendarId}/waiting-room`)).body)
    expect(view).toMatchObject({ exists: true, enabled: true, admit_per_minute: 60, visitors: 1, placed: 1, admitted: 1 })
  })

  it(`a room set to switch itself on does so past ${AUTO_PER_MINUTE} buying calls a minute, and then refuses without a token`, async () => {
    expect((await room(fx.race, { enabled: false, opens_at: Date.now(), admit_per_minute: 1, auto_per_minute: AUTO_PER_MINUTE })).status).toBe(200)
    for (let i = 0; i < AUTO_PER_MINUTE; i++) {
      const ok = await order(await visitor(server.url), fx.race)
      expect(ok.body.errorCode).toBe(ErrorCode.OK)
    }
    const before = Date.now()
    const v = await visitor(server.url)
    const refused = await order(v, fx.race)
    expect(refused.status).toBe(403)
    const row = await server.db.selectFrom('waiting_rooms').selectAll().where('calendar_id', '=', fx.race.calendarId).executeTakeFirstOrThrow()
    expect(row.enabled).toBe(1)
    expect(Number(row.opens_at)).toBeGreaterThanOrEqual(before)
    // The draw is a moment after the switch (AUTO_DRAW_GRACE_MS): the visitor who tripped it
    // waits for it without a place, with everyone refused meanwhile.
    expect(Number(row.opens_at)).toBeGreaterThanOrEqual(before + AUTO_DRAW_GRACE_MS)
    const s = await status(v, fx.race.calendarId)
    expect(s).toMatchObject({ state: 'waiting', place: null, token: null })
    expect((await order(await visitor(server.url), fx.race)).status).toBe(403)
    const view = waitingRoomViewSchema.parse((await manager.get(`/api/admin/sessions/${fx.race.calendarId}/waiting-room`)).body)
    expect(view).toMatchObject({ enabled: true, auto_per_minute: AUTO_PER_MINUTE, visitors: 1, admitted: 0 })
    // Only the orders before the switch were placed.
    const orders = await server.db.selectFrom('order_lines').select('order_id').where('calendar_id', '=', fx.race.calendarId).execute()
    expect(new Set(orders.map((o) => o.order_id)).size).toBe(AUTO_PER_MINUTE)
  })
})
