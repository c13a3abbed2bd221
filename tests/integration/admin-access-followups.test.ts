import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TOKEN_DAYS, MAX_TOKEN_DAYS } from '../../src/contract/admin/access'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { ErrorCode } from '../../src/contract/errors'
import { XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'
import { OPERATOR_SESSION_MAX_LIFETIME_MS, OPERATOR_SESSION_TTL_MS, SIGN_IN_FAILURE_MEMORY_MS, sha256 } from '../../src/server/admin/auth'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'

/**
 * The console access audit's follow-ups: the operator cookie lives as long as its server session;
 * the promo codes are not the door's or the box office's to read; API tokens expire; a token
 * without a maker is refused; the per-address sign-in counts are pruned; (CSV escaping: unit test
 * tests/unit/server/csv-injection.test.ts).
 */

const DAY_MS = 24 * 3600 * 1000
/** Slack for the clock between the test's Date.now() and the server's. */
const SLACK_MS = 60_000

const idOf = async (c: AdminClient) => (await c.get<{ operator: { id: number } }>('/api/admin/me')).body.operator.id

function bearer(server: TestServer, token: string): AdminClient {
  const c = new AdminClient(server.url)
  c.bearer = token
  return c
}

/** The Max-Age (seconds) of the sw_op cookie an answer sets; null when it sets none. */
function operatorCookieMaxAge(res: Response): number | null {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('sw_op='))
  if (!set) return null
  const m = /Max-Age=(\d+)/i.exec(set)
  return m ? Number(m[1]) : NaN
}

describe.each(TEST_DBS)('console access follow-ups on %s', (dbKind) => {
  let server: TestServer
  let owner: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    owner = await signedIn(server, 'owner')
  })
  afterAll(async () => {
    await server?.close()
  })

  it("the operator cookie ends with its server session: set to the idle limit at sign-in, sent again when use moves the session's end, never past its maximum lifetime", async () => {
    const c = await signedIn(server, 'manager')
    const id = await idOf(c)
    const me = () => fetch(`${server.url}/api/admin/me?lang=en`, { headers: { cookie: c.cookie } })

    // Used a moment ago: the session's end does not move, nor does the cookie.
    const quiet = await me()
    expect(quiet.status).toBe(200)
    expect(operatorCookieMaxAge(quiet)).toBeNull()

    // Last used 10 minutes ago: its end moves on by the idle limit, and the cookie with it.
    const now = Date.now()
    await server.db.updateTable('operator_sessions').set({ last_seen_at: now - 600_000, expires_at: now + 3600_000 }).where('operator_id', '=', id).execute()
    const moved = await me()
    expect(moved.status).toBe(200)
    const maxAge = operatorCookieMaxAge(moved)
    expect(maxAge).not.toBeNull()
    expect(maxAge! * 1000).toBeGreaterThan(OPERATOR_SESSION_TTL_MS - SLACK_MS)
    expect(maxAge! * 1000).toBeLessThanOrEqual(OPERATOR_SESSION_TTL_MS)
    const row = await server.db.selectFrom('operator_sessions').select('expires_at').where('operator_id', '=', id).executeTakeFirstOrThrow()
    expect(Math.abs(Number(row.expires_at) - (Date.now() + maxAge! * 1000))).toBeLessThan(SLACK_MS)

    // An hour short of its maximum lifetime: the cookie ends with it, in an hour, not after the idle limit.
    const created = Date.now() - OPERATOR_SESSION_MAX_LIFETIME_MS + 3600_000
    await server.db.updateTable('operator_sessions').set({ created_at: created, last_seen_at: Date.now() - 600_000 }).where('operator_id', '=', id).execute()
    const late = await me()
    expect(late.status).toBe(200)
    const lateAge = operatorCookieMaxAge(late)!
    expect(lateAge * 1000).toBeLessThanOrEqual(3600_000)
    expect(lateAge * 1000).toBeGreaterThan(3600_000 - SLACK_MS)

    // The renewed cookie still signs in (it is the same session, signed again).
    const renewed = late.headers.getSetCookie().find((x) => x.startsWith('sw_op='))!.split(';')[0]
    expect((await fetch(`${server.url}/api/admin/me?lang=en`, { headers: { cookie: renewed } })).status).toBe(200)
  })

  it("refuses the promo codes and the rest of extras to the door and the box office; their own screens' calls still answer", async () => {
    const door = await signedIn(server, 'door')
    const boxoffice = await signedIn(server, 'boxoffice')
    const manager = await signedIn(server, 'manager')
    for (const [role, c] of [['door', door], ['boxoffice', boxoffice]] as const) {
      const a = await c.get('/api/admin/extras')
      expect([role, a.status, a.body.errorCode]).toEqual([role, 403, AdminErrorCode.FORBIDDEN])
      expect(a.body.errorText).toBeTruthy()
    }
    expect((await manager.get('/api/admin/extras')).status).toBe(200)
    expect((await owner.get('/api/admin/extras')).status).toBe(200)
    // What the door's screens call (the event list, the door app's sessions) and the box office's (orders, refs).
    for (const p of ['/api/admin/events', '/api/admin/door/sessions', '/api/admin/refs']) expect([p, (await door.get(p)).status]).toEqual([p, 200])
    for (const p of ['/api/admin/events', '/api/admin/orders', '/api/admin/refs']) expect([p, (await boxoffice.get(p)).status]).toEqual([p, 200])
  })

  it('an API token works until the expiry chosen at its making (90 days by default), then is refused as a revoked one is; tokens without one stored keep working', async () => {
    const before = Date.now()
    const made = await owner.post<{ token: string; api_token: { id: number; expires_at: number | null } }>('/api/admin/tokens', { name: 'short', role: 'boxoffice', expires_in_days: 2 })
    expect(made.status).toBe(200)
    expect(made.body.api_token.expires_at).toBeGreaterThanOrEqual(before + 2 * DAY_MS)
    expect(made.body.api_token.expires_at).toBeLessThanOrEqual(Date.now() + 2 * DAY_MS)
    const byDefault = await owner.post<{ token: string; api_token: { id: number; expires_at: number } }>('/api/admin/tokens', { name: 'default', role: 'door' })
    expect(byDefault.body.api_token.expires_at - before).toBeGreaterThanOrEqual(DEFAULT_TOKEN_DAYS * DAY_MS)
    expect(byDefault.body.api_token.expires_at - Date.now()).toBeLessThanOrEqual(DEFAULT_TOKEN_DAYS * DAY_MS)

    const short = bearer(server, made.body.token)
    expect((await short.get('/api/admin/me')).status).toBe(200)
    // The listing shows each token's end.
    const list = await owner.get<{ tokens: { id: number; expires_at: number | null }[] }>('/api/admin/tokens')
    expect(list.body.tokens.find((t) => t.id === made.body.api_token.id)?.expires_at).toBe(made.body.api_token.expires_at)

    // Expired: the same answer as a revoked token's.
    await server.db.updateTable('api_tokens').set({ expires_at: Date.now() - 1 }).where('id', '=', made.body.api_token.id).execute()
    const expired = await short.get('/api/admin/me')
    expect((await owner.post(`/api/admin/tokens/${byDefault.body.api_token.id}/revoke`)).status).toBe(200)
    const revoked = await bearer(server, byDefault.body.token).get('/api/admin/me')
    expect(expired.status).toBe(401)
    expect(expired.body.errorCode).toBe(AdminErrorCode.SIGNED_OUT)
    expect(expired).toEqual(revoked)

    // A token made before expiries (none stored) works as before.
    const makerId = await idOf(owner)
    const raw = 'sw_legacy-token-without-an-expiry'
    await server.db.insertInto('api_tokens').values({ token_hash: sha256(raw), prefix: raw.slice(0, 10), name: 'legacy', role: 'manager', created_by: makerId, created_at: Date.now() - 400 * DAY_MS }).execute()
    expect((await bearer(server, raw).get<{ operator: { role: string } }>('/api/admin/me')).body.operator.role).toBe('manager')

    // Lifetimes outside 1..MAX_TOKEN_DAYS are refused with the error shape, nothing made.
    const count = async () => (await server.db.selectFrom('api_tokens').select('id').execute()).length
    const n = await count()
    for (const days of [0, MAX_TOKEN_DAYS + 1, 1.5]) {
      const bad = await owner.post('/api/admin/tokens', { name: 'bad', role: 'door', expires_in_days: days })
      expect([days, bad.status, bad.body.errorCode]).toEqual([days, 400, ErrorCode.BAD_REQUEST])
      expect(bad.body.errorText).toBeTruthy()
    }
    expect(await count()).toBe(n)
  })

  it('a token made by a token ends no later than its maker (an expiring token cannot renew itself for good)', async () => {
    const maker = await owner.post<{ token: string; api_token: { expires_at: number } }>('/api/admin/tokens', { name: 'integration', role: 'owner', expires_in_days: 3 })
    expect(maker.status).toBe(200)
    const spawned = await bearer(server, maker.body.token).post<{ api_token: { expires_at: number } }>('/api/admin/tokens', { name: 'renewal', role: 'owner', expires_in_days: MAX_TOKEN_DAYS })
    expect(spawned.status).toBe(200)
    expect(spawned.body.api_token.expires_at).toBe(maker.body.api_token.expires_at)
    // Shorter than the maker's end: its own.
    const before = Date.now()
    const short = await bearer(server, maker.body.token).post<{ api_token: { expires_at: number } }>('/api/admin/tokens', { name: 'short', role: 'door', expires_in_days: 1 })
    expect(short.body.api_token.expires_at).toBeGreaterThanOrEqual(before + DAY_MS)
    expect(short.body.api_token.expires_at).toBeLessThan(maker.body.api_token.expires_at)
  })

  it('refuses a token without a maker (written by hand, or its maker deleted): nothing would cap its role', async () => {
    const raw = 'sw_token-without-any-maker-for-test'
    await server.db.insertInto('api_tokens').values({ token_hash: sha256(raw), prefix: raw.slice(0, 10), name: 'orphan', role: 'owner', created_by: null, created_at: Date.now() }).execute()
    const orphan = bearer(server, raw)
    const me = await orphan.get('/api/admin/me')
    expect(me.status).toBe(401)
    expect(me.body.errorCode).toBe(AdminErrorCode.SIGNED_OUT)
    expect((await orphan.get('/api/admin/operators')).status).toBe(401)
    expect((await orphan.post('/api/admin/tokens', { name: 'spawn', role: 'owner' })).status).toBe(401)
  })

  it("drops the addresses' sign-in counts older than the failures' memory (unless locked), as the unknown e-mails' are", async () => {
    const old = Date.now() - SIGN_IN_FAILURE_MEMORY_MS - 1000
    await server.db.insertInto('operator_sign_in_addresses').values([
      { ip: '198.51.100.201', failures: 3, window_start: old, locked_until: null },
      { ip: '198.51.100.202', failures: 0, window_start: old, locked_until: Date.now() + 3600_000 },
      { ip: '198.51.100.203', failures: 2, window_start: Date.now() - 60_000, locked_until: null },
    ]).execute()
    // A failed sign-in of a known operator (not only of an unknown e-mail) prunes.
    const res = await fetch(`${server.url}/api/admin/login?lang=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE, 'x-forwarded-for': '198.51.100.210' },
      body: JSON.stringify({ email: (await owner.get<{ operator: { email: string } }>('/api/admin/me')).body.operator.email, password: 'wrong password' }),
    })
    expect(res.status).toBe(401)
    const left = (await server.db.selectFrom('operator_sign_in_addresses').select('ip').where('ip', 'like', '198.51.100.2%').execute()).map((r) => r.ip).sort()
    expect(left).toEqual(['198.51.100.202', '198.51.100.203', '198.51.100.210'])
  })
})
