import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'
import { createOperator, MAX_FAILED_SIGN_INS, MAX_FAILED_SIGN_INS_PER_ADDRESS, OPERATOR_SESSION_MAX_LIFETIME_MS, SIGN_IN_FAILURE_MEMORY_MS, sha256 } from '../../src/server/admin/auth'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, PASSWORD, signedIn } from './admin-helpers'

/**
 * The console access audit's findings: an API token never does more than its maker may do now
 * (and is revoked when the maker is demoted or their password reset); wrong passwords answer alike
 * for operators' e-mails and others; lock-outs are in the audit log; a console session has an
 * absolute lifetime.
 */

/** A sign-in from `address` (the test server trusts X-Forwarded-For from loopback, as behind a proxy). */
async function signIn(server: TestServer, address: string, email: string, password: string) {
  const res = await fetch(`${server.url}/api/admin/login?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE, 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  })
  return { status: res.status, body: (await res.json()) as { errorCode?: string; errorText?: string } }
}

const idOf = async (c: AdminClient) => (await c.get<{ operator: { id: number } }>('/api/admin/me')).body.operator.id

function bearer(server: TestServer, token: string): AdminClient {
  const c = new AdminClient(server.url)
  c.bearer = token
  return c
}

describe.each(TEST_DBS)('console access hardening on %s', (dbKind) => {
  let server: TestServer
  let owner: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    owner = await signedIn(server, 'owner')
  })
  afterAll(async () => {
    await server?.close()
  })

  it("a demoted owner's tokens (and their tokens' tokens) are revoked with audit rows, and cannot act as owner nor promote the maker back", async () => {
    const maker = await signedIn(server, 'owner')
    const makerId = await idOf(maker)
    const made = await maker.post<{ token: string; api_token: { id: number } }>('/api/admin/tokens', { name: 'my', role: 'owner' })
    expect(made.status).toBe(200)
    const direct = bearer(server, made.body.token)
    const child = await direct.post<{ token: string; api_token: { id: number } }>('/api/admin/tokens', { name: 'made by a token', role: 'owner' })
    expect(child.status).toBe(200)
    const indirect = bearer(server, child.body.token)

    expect((await owner.post(`/api/admin/operators/${makerId}`, { role: 'door' })).status).toBe(200)
    expect((await maker.get('/api/admin/me')).status).toBe(401)
    for (const c of [direct, indirect]) {
      const me = await c.get('/api/admin/me')
      expect(me.status).toBe(401)
      expect(me.body.errorCode).toBe(AdminErrorCode.SIGNED_OUT)
      expect((await c.post('/api/admin/tokens', { name: 'again', role: 'owner' })).status).toBe(401)
      expect((await c.post(`/api/admin/operators/${makerId}`, { role: 'owner' })).status).toBe(401)
    }
    const row = await server.db.selectFrom('operators').select('role').where('id', '=', makerId).executeTakeFirstOrThrow()
    expect(row.role).toBe('door')
    const tokens = await server.db.selectFrom('api_tokens').select(['id', 'revoked_at']).where('created_by', '=', makerId).orderBy('id').execute()
    expect(tokens.map((t) => t.id)).toEqual([made.body.api_token.id, child.body.api_token.id])
    for (const t of tokens) expect(t.revoked_at).not.toBeNull()
    const revokes = await server.db.selectFrom('audit_log').select(['entity_id', 'actor']).where('action', '=', 'revoke').where('entity', '=', 'api_token').execute()
    for (const t of tokens) expect(revokes.filter((r) => r.entity_id === String(t.id))).toHaveLength(1)
  })

  it("a password reset revokes the operator's tokens; a raise in role keeps them", async () => {
    const b = await signedIn(server, 'owner')
    const bId = await idOf(b)
    const made = await b.post<{ token: string }>('/api/admin/tokens', { name: 'b', role: 'owner' })
    const token = bearer(server, made.body.token)
    expect((await token.get('/api/admin/operators')).status).toBe(200)
    expect((await owner.post(`/api/admin/operators/${bId}`, { password: 'a new long password' })).status).toBe(200)
    expect((await b.get('/api/admin/me')).status).toBe(401)
    expect((await token.get('/api/admin/operators')).status).toBe(401)
    expect((await token.post(`/api/admin/operators/${bId}`, { password: PASSWORD })).status).toBe(401)

    // A manager raised to owner loses nothing: their tokens stay (none could be made as manager; one is set here as the CLI would).
    const m = await signedIn(server, 'manager')
    const mId = await idOf(m)
    const raw = 'sw_raised-operator-token-for-the-test'
    await server.db.insertInto('api_tokens').values({ token_hash: sha256(raw), prefix: raw.slice(0, 10), name: 'raised', role: 'manager', created_by: mId, created_at: Date.now() }).execute()
    expect((await owner.post(`/api/admin/operators/${mId}`, { role: 'owner' })).status).toBe(200)
    expect((await bearer(server, raw).get<{ operator: { role: string } }>('/api/admin/me')).body.operator.role).toBe('manager')
  })

  it("a token acts no higher than its maker's current role, even when the role changed without the console (no revocation)", async () => {
    const maker = await signedIn(server, 'owner')
    const makerId = await idOf(maker)
    const owned = bearer(server, (await maker.post<{ token: string }>('/api/admin/tokens', { name: 'o', role: 'owner' })).body.token)
    const door = bearer(server, (await maker.post<{ token: string }>('/api/admin/tokens', { name: 'd', role: 'door' })).body.token)
    const boxoffice = bearer(server, (await maker.post<{ token: string }>('/api/admin/tokens', { name: 'b', role: 'boxoffice' })).body.token)
    // As the CLI or a database edit would: no revocation runs.
    await server.db.updateTable('operators').set({ role: 'manager' }).where('id', '=', makerId).execute()
    const me = await owned.get<{ operator: { role: string } }>('/api/admin/me')
    expect(me.status).toBe(200)
    expect(me.body.operator.role).toBe('manager')
    expect((await owned.post('/api/admin/tokens', { name: 'x', role: 'owner' })).status).toBe(403)
    expect((await owned.post(`/api/admin/operators/${makerId}`, { role: 'owner' })).status).toBe(403)
    expect((await owned.get('/api/admin/operators')).status).toBe(403)
    expect((await door.get<{ operator: { role: string } }>('/api/admin/me')).body.operator.role).toBe('door')
    // A box office maker: a door token's scan is no box office permission, so it does nothing.
    await server.db.updateTable('operators').set({ role: 'boxoffice' }).where('id', '=', makerId).execute()
    expect((await door.get('/api/admin/me')).status).toBe(401)
    expect((await boxoffice.get<{ operator: { role: string } }>('/api/admin/me')).body.operator.role).toBe('boxoffice')
    expect((await owned.get<{ operator: { role: string } }>('/api/admin/me')).body.operator.role).toBe('boxoffice')
  })

  it('wrong passwords answer the same sequence for an operator, a disabled operator and an unknown e-mail; counts forget alike', async () => {
    const known = 'known-seq@example.org'
    const disabled = 'disabled-seq@example.org'
    await createOperator(server.db, { email: known, name: '', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
    await createOperator(server.db, { email: disabled, name: '', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
    await server.db.updateTable('operators').set({ active: 0 }).where('email', '=', disabled).execute()
    const sequences: Record<string, { status: number; body: unknown }[]> = {}
    for (const [n, email] of [known, disabled, 'Unknown-Seq@Example.org'].entries()) {
      const answers = []
      for (let i = 0; i <= MAX_FAILED_SIGN_INS; i++) answers.push(await signIn(server, `192.0.2.${50 + n}`, email, `guess ${i}`))
      sequences[email] = answers.map((a) => ({ status: a.status, body: a.body }))
    }
    const expected = [...Array<number>(MAX_FAILED_SIGN_INS - 1).fill(401), 423, 423]
    for (const [email, answers] of Object.entries(sequences)) {
      expect(answers.map((a) => a.status), email).toEqual(expected)
      expect(answers, email).toEqual(sequences[known])
    }
    // The same e-mail in other case and spacing is the same count (still locked).
    expect((await signIn(server, '192.0.2.60', ' unknown-seq@example.org', 'x')).status).toBe(423)
    // Nothing in clear: the unknown e-mail's count is kept by hash.
    const rows = await server.db.selectFrom('operator_sign_in_emails').selectAll().execute()
    expect(rows.map((r) => r.email_hash)).toEqual(expect.arrayContaining([sha256('unknown-seq@example.org'), sha256(disabled)]))
    for (const r of rows) expect(r.email_hash).not.toContain('@')

    // A count older than the memory starts again for both; the unknown e-mail's old rows are dropped.
    const old = Date.now() - SIGN_IN_FAILURE_MEMORY_MS - 1
    const other = 'other-unknown@example.org'
    expect((await signIn(server, '192.0.2.61', other, 'x')).status).toBe(401)
    await server.db.updateTable('operator_sign_in_emails').set({ last_failed_at: old, locked_until: null, failed_attempts: MAX_FAILED_SIGN_INS - 1 }).where('email_hash', '=', sha256(other)).execute()
    await server.db.updateTable('operators').set({ last_failed_at: old, locked_until: null, failed_attempts: MAX_FAILED_SIGN_INS - 1 }).where('email', '=', known).execute()
    expect((await signIn(server, '192.0.2.62', known, 'x')).status).toBe(401)
    expect((await signIn(server, '192.0.2.62', other, 'x')).status).toBe(401)
    const left = await server.db.selectFrom('operator_sign_in_emails').select(['failed_attempts', 'last_failed_at']).where('email_hash', '=', sha256(other)).executeTakeFirstOrThrow()
    expect(Number(left.failed_attempts)).toBe(1)
    await server.db.updateTable('operator_sign_in_emails').set({ last_failed_at: old }).where('email_hash', '=', sha256('unknown-seq@example.org')).execute()
    expect((await signIn(server, '192.0.2.63', 'yet-another@example.org', 'x')).status).toBe(401)
    expect(await server.db.selectFrom('operator_sign_in_emails').select('email_hash').where('email_hash', '=', sha256('unknown-seq@example.org')).executeTakeFirst()).toBeUndefined()
  })

  it('writes one audit row when an account is locked out and one when an address is, none per wrong password or for an unknown e-mail', async () => {
    const victim = 'lock-audit@example.org'
    const id = await createOperator(server.db, { email: victim, name: '', role: 'door', password: PASSWORD, lang: 'en' }, Date.now())
    const auditRows = () => server.db.selectFrom('audit_log').selectAll().where('action', '=', 'lock-out').orderBy('id').execute()
    const before = (await auditRows()).length
    for (let i = 0; i < MAX_FAILED_SIGN_INS + 2; i++) await signIn(server, '198.51.100.70', victim, `guess ${i}`)
    for (let i = 0; i < MAX_FAILED_SIGN_INS + 2; i++) await signIn(server, '198.51.100.71', 'no-such-operator@example.org', `guess ${i}`)
    const rows = (await auditRows()).slice(before)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ entity: 'operator', entity_id: String(id), actor: 'sign-in', ip: '198.51.100.70', operator_id: null })
    expect(JSON.parse(rows[0].after_json ?? '{}')).toMatchObject({ email: victim, failed_attempts: MAX_FAILED_SIGN_INS })

    const attacker = '203.0.113.80'
    const answers = []
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_ADDRESS + 2; i++) answers.push((await signIn(server, attacker, `spray${i}@example.org`, 'x')).status)
    expect(answers).toEqual([...Array<number>(MAX_FAILED_SIGN_INS_PER_ADDRESS - 1).fill(401), 429, 429, 429])
    const address = (await auditRows()).slice(before + 1)
    expect(address).toHaveLength(1)
    expect(address[0]).toMatchObject({ entity: 'sign_in_address', entity_id: attacker, actor: 'sign-in' })
    // The owner reads them in the log.
    const log = await owner.get<{ entries: { action: string }[] }>('/api/admin/audit?entity=operator&entity_id=' + id)
    expect(log.body.entries.map((e) => e.action)).toContain('lock-out')
  })

  it('refuses a session older than the absolute lifetime however recently used; a younger one still works and never outlives it', async () => {
    const c = await signedIn(server, 'manager')
    expect((await c.get('/api/admin/me')).status).toBe(200)
    const id = await idOf(c)
    const now = Date.now()
    // Used a moment ago (so not even touched), yet signed in just over the lifetime ago.
    await server.db.updateTable('operator_sessions').set({ created_at: now - OPERATOR_SESSION_MAX_LIFETIME_MS - 1000, last_seen_at: now, expires_at: now + 3600_000 }).where('operator_id', '=', id).execute()
    const me = await c.get('/api/admin/me')
    expect(me.status).toBe(401)
    expect(me.body.errorCode).toBe(AdminErrorCode.SIGNED_OUT)

    // Six days and 23 hours old, last used an hour ago: it works, and its use moves its end only up to the lifetime.
    const d = await signedIn(server, 'manager')
    const dId = await idOf(d)
    const created = now - OPERATOR_SESSION_MAX_LIFETIME_MS + 3600_000
    await server.db.updateTable('operator_sessions').set({ created_at: created, last_seen_at: now - 3600_000, expires_at: now + 3600_000 }).where('operator_id', '=', dId).execute()
    expect((await d.get('/api/admin/me')).status).toBe(200)
    const s = await server.db.selectFrom('operator_sessions').select(['expires_at', 'last_seen_at']).where('operator_id', '=', dId).executeTakeFirstOrThrow()
    expect(Number(s.last_seen_at)).toBeGreaterThanOrEqual(now)
    expect(Number(s.expires_at)).toBe(created + OPERATOR_SESSION_MAX_LIFETIME_MS)
  })
})
