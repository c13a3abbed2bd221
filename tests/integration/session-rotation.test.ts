import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartResponseSchema } from '../../src/contract/entities/cart'
import { crmClientInfoResponseSchema } from '../../src/contract/entities/crm'
import { queueStatusResponseSchema } from '../../src/contract/entities/queue'
import { setupSchema } from '../../src/contract/entities/setup'
import { ErrorCode } from '../../src/contract/errors'
import { signCrmToken } from '../../src/server/crm/token'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn } from './admin-helpers'
import { loadScheme, seatChange, visitor, type SchemeFx, type Visitor } from './scheme-helpers'

const HOUR_S = 3600

/**
 * The visitor's session id changes when he signs in or out (plugins/session.ts rotateSession):
 * an id planted in his browser, or read before, never carries the signed-in client (session
 * fixation), and one read before a sign-out never carries him again. What he had moves with him:
 * carts and their holds, orders, places in waiting rooms; the CSRF token his pages hold stays.
 */
describe.each(TEST_DBS)('session id rotation at sign-in and sign-out on %s', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let clientId: number

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    clientId = (await server.db.selectFrom('crm_clients').select('id').orderBy('id').executeTakeFirstOrThrow()).id
  })
  afterAll(async () => {
    await server?.close()
  })

  const signIn = (v: Visitor) => v.post('/api/crm/client-info', { token: signCrmToken(server.config.crmSecret, { id: clientId, exp: Math.floor(Date.now() / 1000) + HOUR_S }) })
  const cartOf = async (v: Visitor) => cartResponseSchema.parse((await v.post('/api/cart/list', { calendar_id: fx.calendarId })).body).items.map((i) => i.seat_id)
  const sessionIds = async () => new Set((await server.db.selectFrom('sessions').select('id').execute()).map((r) => r.id))

  it('signing in gives a new id: the old cookie is void, the cart and its holds come along, the CSRF token still works', async () => {
    const v = await visitor(server.url)
    const seat = fx.map.seat_numbers.find((s) => s.status === 'free')!.seat_id
    expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] })).status).toBe(200)
    const before = v.cookie
    const idsBefore = await sessionIds()

    const res = await signIn(v)
    expect(res.status).toBe(200)
    expect(crmClientInfoResponseSchema.parse(res.body).crm_client?.data?.id).toBe(String(clientId))
    expect(v.cookie).not.toBe(before)
    const idsAfter = await sessionIds()
    expect(idsAfter.size).toBe(idsBefore.size)
    expect([...idsAfter].filter((id) => !idsBefore.has(id))).toHaveLength(1)

    // The new cookie: signed in, the held seat in the cart, and the same CSRF token accepted.
    expect(setupSchema.parse((await v.getJson('/api/setup')).body).crm_client.data?.id).toBe(String(clientId))
    expect(await cartOf(v)).toEqual([seat])
    // The old cookie: no session at all (anonymous, and its POSTs refused by the CSRF check).
    expect(setupSchema.parse(await (await v.fetch('/api/setup', { headers: { cookie: before } })).json()).crm_client.data).toBeNull()
    const stale = await v.fetch('/api/cart/list', { method: 'POST', headers: { cookie: before, 'content-type': 'application/json', 'x-csrf-token': v.token, 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify({ calendar_id: fx.calendarId }) })
    expect(stale.status).toBe(403)
    expect(((await stale.json()) as { errorCode: string }).errorCode).toBe(ErrorCode.CSRF)
  })

  it('signing out gives a new id too: the signed-in cookie is void, the cart stays', async () => {
    const v = await visitor(server.url)
    expect((await signIn(v)).status).toBe(200)
    const seat = fx.map.seat_numbers.filter((s) => s.status === 'free')[3].seat_id
    expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] })).status).toBe(200)
    const signedInCookie = v.cookie

    const out = await v.post('/api/crm/logout', {})
    expect(out.status).toBe(200)
    expect(v.cookie).not.toBe(signedInCookie)
    expect(setupSchema.parse((await v.getJson('/api/setup')).body).crm_client.data).toBeNull()
    expect(await cartOf(v)).toEqual([seat])
    // Whoever kept the signed-in cookie is nobody now.
    expect(setupSchema.parse(await (await v.fetch('/api/setup', { headers: { cookie: signedInCookie } })).json()).crm_client.data).toBeNull()
  })

  it('two sign-ins at once from one cookie: one moves the session, the other is told the session is gone, and the cart is in the one left', async () => {
    const v = await visitor(server.url)
    const seat = fx.map.seat_numbers.filter((s) => s.status === 'free')[6].seat_id
    expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] })).status).toBe(200)
    const old = v.cookie
    const token = signCrmToken(server.config.crmSecret, { id: clientId, exp: Math.floor(Date.now() / 1000) + HOUR_S })
    const signInWith = () =>
      fetch(`${server.url}/api/crm/client-info`, {
        method: 'POST',
        headers: { cookie: old, 'content-type': 'application/json', 'x-csrf-token': v.token, 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': v.address },
        body: JSON.stringify({ token }),
      })
    const answers = await Promise.all([signInWith(), signInWith()])
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([200, 403])
    const refused = answers.find((a) => a.status === 403)!
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe(ErrorCode.CSRF)
    const moved = answers.find((a) => a.status === 200)!
    v.cookie = moved.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    expect(await cartOf(v)).toEqual([seat])
    const owners = await server.db.selectFrom('seat_holds').innerJoin('carts', 'carts.id', 'seat_holds.cart_id').innerJoin('seats', 'seats.id', 'seat_holds.seat_id').select('carts.session_id').where('seats.seat_key', '=', seat).where('seat_holds.calendar_id', '=', fx.calendarId).where('seat_holds.released_at', 'is', null).execute()
    expect(owners).toHaveLength(1)
    expect((await sessionIds()).has(owners[0].session_id)).toBe(true)
  })

  it('keeps his place in a waiting room, without joining twice', async () => {
    const manager = await signedIn(server, 'manager')
    expect((await manager.post(`/api/admin/sessions/${fx.calendarId}/waiting-room`, { enabled: true, opens_at: Date.now() + 60_000, admit_per_minute: 6 })).status).toBe(200)
    try {
      const v = await visitor(server.url)
      const first = queueStatusResponseSchema.parse((await v.post('/api/queue/status', { calendar_id: fx.calendarId })).body)
      expect(first.state).toBe('waiting')
      const joined = await server.db.selectFrom('waiting_visitors').select(['session_id', 'draw_key']).where('calendar_id', '=', fx.calendarId).execute()
      expect((await signIn(v)).status).toBe(200)
      const again = queueStatusResponseSchema.parse((await v.post('/api/queue/status', { calendar_id: fx.calendarId })).body)
      expect(again.state).toBe('waiting')
      expect(again.waiting).toBe(first.waiting)
      const now = await server.db.selectFrom('waiting_visitors').select(['session_id', 'draw_key']).where('calendar_id', '=', fx.calendarId).execute()
      expect(now.map((r) => r.draw_key).sort()).toEqual(joined.map((r) => r.draw_key).sort())
      expect(new Set(now.map((r) => r.session_id))).not.toEqual(new Set(joined.map((r) => r.session_id)))
      expect((await sessionIds()).has(now[0].session_id)).toBe(true)
    } finally {
      await manager.post(`/api/admin/sessions/${fx.calendarId}/waiting-room`, { enabled: false, opens_at: Date.now(), admit_per_minute: 6 })
    }
  })
})
