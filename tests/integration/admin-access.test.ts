import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode, ROLES, can, type Role } from '../../src/contract/admin/roles'
import { adminCalls } from '../../src/contract/admin/calls'
import { ErrorCode } from '../../src/contract/errors'
import { MAX_FAILED_SIGN_INS } from '../../src/server/admin/auth'
import { createOperator } from '../../src/server/admin/auth'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, PASSWORD, signedIn } from './admin-helpers'

describe.each(TEST_DBS)('operator access on %s', (dbKind) => {
  let server: TestServer
  let owner: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    owner = await signedIn(server, 'owner', 'owner@example.org')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('stores an argon2id hash, signs in with an httpOnly SameSite=Strict cookie and answers the CSRF token', async () => {
    const row = await server.db.selectFrom('operators').selectAll().where('email', '=', 'owner@example.org').executeTakeFirstOrThrow()
    expect(row.password_hash).toMatch(/^\$argon2id\$/)
    expect(row.password_hash).not.toContain(PASSWORD)
    const c = new AdminClient(server.url)
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: 'OWNER@example.org', password: PASSWORD }),
    })
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().join(';')
    expect(cookie).toMatch(/sw_op=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Strict/i)
    const me = await c.get('/api/admin/me')
    expect(me.status).toBe(401)
    expect(me.body.errorCode).toBe(AdminErrorCode.SIGNED_OUT)
    const mine = await owner.get<{ operator: { role: string } }>('/api/admin/me')
    expect(mine.body.operator.role).toBe('owner')
  })

  it('refuses a wrong password, an unknown e-mail and a sign-in without X-Requested-With, each in the asked language', async () => {
    const c = new AdminClient(server.url, 'ru')
    const wrong = await c.login('owner@example.org', 'not the password')
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual({ errorCode: AdminErrorCode.BAD_CREDENTIALS, errorText: 'Неверный e-mail или пароль' })
    c.lang = 'kz'
    expect((await c.login('nobody@example.org')).body.errorText).toBe('E-mail немесе құпиясөз қате')
    c.lang = 'ch'
    const noXhr = await c.post('/api/admin/login', { email: 'owner@example.org', password: PASSWORD }, { xhr: false })
    expect(noXhr.status).toBe(403)
    expect(noXhr.body.errorCode).toBe(ErrorCode.CSRF)
    expect(noXhr.body.errorText).toBe('CSRF 檢查未通過：請重新整理頁面')
    // The right password clears the count of failures.
    expect((await c.login('owner@example.org')).status).toBe(200)
    const row = await server.db.selectFrom('operators').select('failed_attempts').where('email', '=', 'owner@example.org').executeTakeFirstOrThrow()
    expect(row.failed_attempts).toBe(0)
  })

  it(`locks an account after ${MAX_FAILED_SIGN_INS} wrong passwords, even for the right one, until an owner unlocks it`, async () => {
    await createOperator(server.db, { email: 'victim@example.org', name: '', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
    const c = new AdminClient(server.url)
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) expect((await c.login('victim@example.org', `guess ${i}`)).body.errorCode).toBe(AdminErrorCode.BAD_CREDENTIALS)
    const locked = await c.login('victim@example.org', 'guess last')
    expect(locked.status).toBe(423)
    expect(locked.body).toEqual({ errorCode: AdminErrorCode.LOCKED, errorText: 'Too many failed sign-ins: the account is locked for 15 min' })
    expect((await c.login('victim@example.org')).status).toBe(423)
    const id = (await server.db.selectFrom('operators').select('id').where('email', '=', 'victim@example.org').executeTakeFirstOrThrow()).id
    expect((await owner.post(`/api/admin/operators/${id}`, { unlock: 1 })).status).toBe(200)
    expect((await c.login('victim@example.org')).status).toBe(200)
  })

  it('refuses a console POST without the CSRF token of the session, and changes nothing', async () => {
    const other = await signedIn(server, 'owner')
    const before = (await owner.get<{ operators: unknown[] }>('/api/admin/operators')).body.operators.length
    const body = { email: 'csrf@example.org', role: 'door', password: PASSWORD }
    const none = await owner.post('/api/admin/operators', body, { csrf: null })
    expect(none.status).toBe(403)
    expect(none.body.errorCode).toBe(ErrorCode.CSRF)
    expect((await owner.post('/api/admin/operators', body, { csrf: other.csrf })).status).toBe(403)
    expect((await owner.post('/api/admin/operators', body, { xhr: false })).status).toBe(403)
    expect((await owner.get<{ operators: unknown[] }>('/api/admin/operators')).body.operators.length).toBe(before)
    // A visitor's storefront session is no operator session.
    const visitor = await fetch(`${server.url}/api/token`)
    const c = new AdminClient(server.url)
    c.cookie = visitor.headers.getSetCookie()[0].split(';')[0]
    expect((await c.get('/api/admin/me')).status).toBe(401)
  })

  it('signs out: the cookie no longer works', async () => {
    const c = await signedIn(server, 'door')
    expect((await c.get('/api/admin/me')).status).toBe(200)
    const saved = c.cookie
    expect((await c.post('/api/admin/logout')).status).toBe(200)
    c.cookie = saved
    expect((await c.get('/api/admin/me')).status).toBe(401)
  })

  it('lets only owners manage operators and tokens, and keeps the last owner', async () => {
    for (const role of ['manager', 'boxoffice', 'door'] as const) {
      const c = await signedIn(server, role)
      for (const [path, body] of [
        ['/api/admin/operators', { email: `x-${role}@example.org`, role: 'owner', password: PASSWORD }],
        ['/api/admin/tokens', { name: 'x', role: 'owner' }],
      ] as const) {
        const a = await c.post(path, body)
        expect(a.status, `${role} ${path}`).toBe(403)
        expect(a.body).toEqual({ errorCode: AdminErrorCode.FORBIDDEN, errorText: 'Your role may not do this' })
      }
      expect((await c.get('/api/admin/operators')).status).toBe(403)
    }
    const created = await owner.post<{ id: number }>('/api/admin/operators', { email: 'New.Manager@example.org', role: 'manager', password: PASSWORD, name: 'M' })
    expect(created.status).toBe(200)
    expect((await owner.post('/api/admin/operators', { email: 'new.manager@example.org', role: 'door', password: PASSWORD })).body.errorCode).toBe(AdminErrorCode.CONFLICT)
    expect((await owner.post('/api/admin/operators', { email: 'weak@example.org', role: 'door', password: 'short' })).body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    // Demoting every owner but one works; the last one stays.
    const owners = await server.db.selectFrom('operators').select('id').where('role', '=', 'owner').where('active', '=', 1).execute()
    const me = (await owner.get<{ operator: { id: number } }>('/api/admin/me')).body.operator.id
    for (const o of owners.filter((x) => x.id !== me)) expect((await owner.post(`/api/admin/operators/${o.id}`, { active: 0 })).status).toBe(200)
    const last = await owner.post(`/api/admin/operators/${me}`, { role: 'manager' })
    expect(last.status).toBe(409)
    expect(last.body.errorCode).toBe(AdminErrorCode.CONFLICT)
  })

  it('API tokens act with their role by bearer (no cookie, no CSRF) until revoked; only a hash is stored', async () => {
    const made = await owner.post<{ token: string; api_token: { id: number; prefix: string } }>('/api/admin/tokens', { name: 'ticket desk', role: 'boxoffice' })
    expect(made.status).toBe(200)
    const token = made.body.token
    expect(token).toMatch(/^sw_/)
    const stored = await server.db.selectFrom('api_tokens').selectAll().where('id', '=', made.body.api_token.id).executeTakeFirstOrThrow()
    expect(stored.token_hash).not.toContain(token)
    expect(token.startsWith(stored.prefix)).toBe(true)
    const integration = new AdminClient(server.url)
    integration.bearer = token
    expect((await integration.get('/api/admin/events')).status).not.toBe(401)
    expect((await integration.get('/api/admin/operators')).status).toBe(403)
    expect((await integration.post('/api/admin/tokens', { name: 'escalate', role: 'owner' })).status).toBe(403)
    expect((await owner.post(`/api/admin/tokens/${made.body.api_token.id}/revoke`)).status).toBe(200)
    expect((await integration.get('/api/admin/events')).status).toBe(401)
    integration.bearer = 'sw_made-up'
    expect((await integration.get('/api/admin/me')).status).toBe(401)
  })

  it('writes an audit row for every change: who, what, when, before and after, never a password', async () => {
    const id = (await owner.post<{ id: number }>('/api/admin/operators', { email: 'audited@example.org', role: 'door', password: PASSWORD })).body.id
    expect((await owner.post(`/api/admin/operators/${id}`, { role: 'boxoffice', password: 'another long password' })).status).toBe(200)
    const log = await owner.get<{ entries: { actor: string; action: string; entity: string; entity_id: string; before: { role: string } | null; after: { role: string }; created_at: number }[] }>(
      `/api/admin/audit?entity=operator&entity_id=${id}`,
    )
    expect(log.status).toBe(200)
    const [update, create] = log.body.entries
    expect(create).toMatchObject({ actor: 'owner@example.org', action: 'create', entity: 'operator', entity_id: String(id), before: null, after: { role: 'door' } })
    expect(update).toMatchObject({ action: 'update+password', before: { role: 'door' }, after: { role: 'boxoffice' } })
    expect(Date.now() - update.created_at).toBeLessThan(60_000)
    const raw = await server.db.selectFrom('audit_log').selectAll().execute()
    for (const r of raw) expect(`${r.before_json}${r.after_json}`).not.toMatch(/password|argon2/)
    // Sign-ins are in the log too; roles without audit.read are refused it.
    expect(raw.some((r) => r.action === 'sign-in')).toBe(true)
    for (const role of ['boxoffice', 'door'] as const) expect((await (await signedIn(server, role)).get('/api/admin/audit')).status).toBe(403)
    expect((await (await signedIn(server, 'manager')).get('/api/admin/audit')).status).toBe(200)
  })

  it('every console call but sign-in refuses an anonymous caller, and OpenAPI documents the calls with their security', async () => {
    const anon = new AdminClient(server.url)
    for (const [name, call] of Object.entries(adminCalls)) {
      if (call.permission === 'public') continue
      const path = call.path.replace(':id', '1')
      const a = call.method === 'GET' ? await anon.get(path) : await anon.post(path, {})
      expect(a.status, name).toBe(401)
    }
    const doc = (await (await fetch(`${server.url}/api/docs/json`)).json()) as { paths: Record<string, Record<string, { security?: unknown[] }>>; components: { securitySchemes: Record<string, unknown> } }
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.paths['/api/admin/tokens'].post.security).toEqual([{ operatorCookie: [] }, { apiToken: [] }])
  })

  it("an operator's API tokens (and tokens their tokens made) stop working while the operator is disabled, and work again when re-enabled", async () => {
    const maker = await signedIn(server, 'owner')
    const makerId = (await maker.get<{ operator: { id: number } }>('/api/admin/me')).body.operator.id
    const made = await maker.post<{ token: string }>('/api/admin/tokens', { name: 'maker token', role: 'owner' })
    expect(made.status).toBe(200)
    const direct = new AdminClient(server.url)
    direct.bearer = made.body.token
    const child = await direct.post<{ token: string }>('/api/admin/tokens', { name: 'made by a token', role: 'owner' })
    expect(child.status).toBe(200)
    const indirect = new AdminClient(server.url)
    indirect.bearer = child.body.token
    for (const c of [direct, indirect]) expect((await c.get('/api/admin/operators')).status).toBe(200)
    expect((await owner.post(`/api/admin/operators/${makerId}`, { active: 0 })).status).toBe(200)
    for (const c of [direct, indirect]) {
      expect((await c.get('/api/admin/operators')).status).toBe(401)
      // Nor can a token bring its disabled maker back.
      const back = await c.post(`/api/admin/operators/${makerId}`, { active: 1 })
      expect(back.status).toBe(401)
      expect(back.body.errorCode).toBe(AdminErrorCode.SIGNED_OUT)
    }
    expect((await server.db.selectFrom('operators').select('active').where('id', '=', makerId).executeTakeFirstOrThrow()).active).toBe(0)
    expect((await owner.post(`/api/admin/operators/${makerId}`, { active: 1 })).status).toBe(200)
    for (const c of [direct, indirect]) expect((await c.get('/api/admin/operators')).status).toBe(200)
  })

  it('refuses a NUL in operator and token names and an id beyond 2^31-1 alike on both databases, naming the field, and stores nothing', async () => {
    const operatorsBefore = (await server.db.selectFrom('operators').select('id').execute()).length
    const tokensBefore = (await server.db.selectFrom('api_tokens').select('id').execute()).length
    const me = (await owner.get<{ operator: { id: number; name: string } }>('/api/admin/me')).body.operator
    const nul = [
      await owner.post('/api/admin/operators', { email: 'nul@example.org', name: 'a\u0000b', role: 'door', password: PASSWORD }),
      await owner.post(`/api/admin/operators/${me.id}`, { name: 'a\u0000b' }),
      await owner.post('/api/admin/tokens', { name: 'a\u0000b', role: 'door' }),
    ]
    for (const a of nul) expect(a).toEqual({ status: 400, body: { errorCode: ErrorCode.BAD_REQUEST, errorText: 'Invalid request: check name' } })
    expect((await server.db.selectFrom('operators').select('id').execute()).length).toBe(operatorsBefore)
    expect((await server.db.selectFrom('api_tokens').select('id').execute()).length).toBe(tokensBefore)
    expect((await owner.get<{ operator: { name: string } }>('/api/admin/me')).body.operator.name).toBe(me.name)
    for (const id of [2 ** 31, 2 ** 53, '9'.repeat(30)]) {
      for (const path of [`/api/admin/operators/${id}`, `/api/admin/tokens/${id}/revoke`]) {
        const a = await owner.post(path, path.includes('operators') ? { name: 'x' } : {})
        expect(a, `${path}`).toEqual({ status: 400, body: { errorCode: ErrorCode.BAD_REQUEST, errorText: 'Invalid request: check id' } })
      }
    }
    // The largest id a column holds is looked up: it names nothing.
    expect((await owner.post(`/api/admin/operators/${2 ** 31 - 1}`, { name: 'x' })).status).toBe(404)
    expect((await owner.post(`/api/admin/tokens/${2 ** 31 - 1}/revoke`)).status).toBe(404)
  })

  it('role table: each role has exactly its permissions', () => {
    const table = Object.fromEntries(ROLES.map((r: Role) => [r, ['catalogue.write', 'sales.read', 'operators.manage'].map((p) => can(r, p as never))]))
    expect(table).toEqual({ owner: [true, true, true], manager: [true, true, false], boxoffice: [false, true, false], door: [false, false, false] })
  })
})

/** Rounds of the crossing requests below: one round may happen to run them one after the other. */
const CROSSING_ROUNDS = 5

describe.each(TEST_DBS)('the last active owner on %s', (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('two owners disabling or demoting each other at once: one wins, the other is refused, one owner stays active', async () => {
    for (let round = 0; round < CROSSING_ROUNDS; round++) {
      await server.db.updateTable('operators').set({ active: 0 }).execute()
      const a = await signedIn(server, 'owner')
      const b = await signedIn(server, 'owner')
      const idOf = async (c: AdminClient) => (await c.get<{ operator: { id: number } }>('/api/admin/me')).body.operator.id
      const [idA, idB] = [await idOf(a), await idOf(b)]
      // Odd rounds take the other path away from owner: a role change.
      const change = round % 2 ? { role: 'manager' } : { active: 0 }
      const answers = await Promise.all([a.post(`/api/admin/operators/${idB}`, change), b.post(`/api/admin/operators/${idA}`, change)])
      const owners = await server.db.selectFrom('operators').select('id').where('role', '=', 'owner').where('active', '=', 1).execute()
      expect(owners, `round ${round}: ${JSON.stringify(answers)}`).toHaveLength(1)
      expect(answers.filter((x) => x.status === 200)).toHaveLength(1)
      // The loser is refused as the last owner, or finds its session already ended (or its role already taken) by the winner.
      for (const x of answers.filter((y) => y.status !== 200)) expect([AdminErrorCode.CONFLICT, AdminErrorCode.SIGNED_OUT, AdminErrorCode.FORBIDDEN]).toContain(x.body.errorCode)
    }
  })

  it('the same owner disabled or demoted twice at once (a double click) is no "last owner": both answers succeed, the actor stays owner', async () => {
    for (let round = 0; round < CROSSING_ROUNDS; round++) {
      await server.db.updateTable('operators').set({ active: 0 }).execute()
      const a = await signedIn(server, 'owner')
      const b = await signedIn(server, 'owner')
      const idB = (await b.get<{ operator: { id: number } }>('/api/admin/me')).body.operator.id
      const change = round % 2 ? { role: 'manager' } : { active: 0 }
      const answers = await Promise.all([a.post(`/api/admin/operators/${idB}`, change), a.post(`/api/admin/operators/${idB}`, change)])
      expect(answers.map((x) => x.status), `round ${round}: ${JSON.stringify(answers.map((x) => x.body))}`).toEqual([200, 200])
      const owners = await server.db.selectFrom('operators').select('id').where('role', '=', 'owner').where('active', '=', 1).execute()
      expect(owners).toHaveLength(1)
    }
  })
})
