import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'
import { createOperator, MAX_FAILED_SIGN_INS, MAX_FAILED_SIGN_INS_PER_ADDRESS } from '../../src/server/admin/auth'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { PASSWORD } from './admin-helpers'

/** A sign-in from `address` (the test server trusts X-Forwarded-For from loopback, as behind a proxy). */
async function signIn(server: TestServer, address: string, email: string, password: string, lang = 'en') {
  const res = await fetch(`${server.url}/api/admin/login?lang=${lang}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE, 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  })
  return { status: res.status, body: (await res.json()) as { errorCode?: string; errorText?: string; csrf?: string } }
}

describe.each(TEST_DBS)('sign-in lock-out per address on %s', (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    for (const n of [1, 2, 3]) await createOperator(server.db, { email: `op${n}@example.org`, name: '', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
  })
  afterAll(async () => {
    await server?.close()
  })

  it(`refuses an address after ${MAX_FAILED_SIGN_INS_PER_ADDRESS} failures spread over accounts (none of them locked), even with a right password; other addresses still sign in`, async () => {
    const attacker = '203.0.113.7'
    // Spread so that no single account reaches its own bound: only the address count can stop this.
    const targets = ['op1@example.org', 'nobody1@example.org', 'op2@example.org', 'nobody2@example.org', 'op3@example.org', 'nobody3@example.org']
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_ADDRESS - 1; i++) {
      const a = await signIn(server, attacker, targets[i % targets.length], `guess ${i}`)
      expect(a.status, `try ${i}`).toBe(401)
    }
    const accounts = await server.db.selectFrom('operators').select(['failed_attempts', 'locked_until']).execute()
    for (const a of accounts) {
      expect(a.locked_until).toBeNull()
      expect(a.failed_attempts).toBeLessThan(MAX_FAILED_SIGN_INS)
    }
    const last = await signIn(server, attacker, 'op1@example.org', 'guess last')
    expect(last.status).toBe(429)
    expect(last.body).toEqual({ errorCode: AdminErrorCode.LOCKED, errorText: 'Too many failed sign-ins from your address: try again in 15 min' })
    // That guess was op1's MAX_FAILED_SIGN_INS-th wrong password too: it counts against the account as well.
    const op1 = await server.db.selectFrom('operators').select(['failed_attempts', 'locked_until']).where('email', '=', 'op1@example.org').executeTakeFirstOrThrow()
    expect(op1.failed_attempts).toBe(MAX_FAILED_SIGN_INS)
    expect(op1.locked_until).not.toBeNull()
    // The right password from that address is refused too, in the asked language, and starts no session.
    const right = await signIn(server, attacker, 'op2@example.org', PASSWORD, 'ru')
    expect(right.status).toBe(429)
    expect(right.body.errorText).toBe('Слишком много неудачных попыток входа с вашего адреса: попробуйте через 15 мин.')
    const sessions = await server.db.selectFrom('operator_sessions').select('id_hash').execute()
    expect(sessions).toHaveLength(0)
    // Another address signs in to the same account.
    const office = await signIn(server, '198.51.100.20', 'op2@example.org', PASSWORD)
    expect(office.status).toBe(200)
    expect(office.body.csrf).toBeTruthy()
    // When the lock-out has passed, the address may try again.
    await server.db.updateTable('operator_sign_in_addresses').set({ locked_until: Date.now() - 1 }).where('ip', '=', attacker).execute()
    expect((await signIn(server, attacker, 'op3@example.org', PASSWORD)).status).toBe(200)
  })

  it(`locks an account when ${3 * MAX_FAILED_SIGN_INS} wrong passwords arrive at once from as many addresses: every guess counts, those past the bound are refused`, async () => {
    const email = 'crowded@example.org'
    await createOperator(server.db, { email, name: '', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
    const guesses = await Promise.all(Array.from({ length: 3 * MAX_FAILED_SIGN_INS }, (_, i) => signIn(server, `192.0.2.${i + 1}`, email, `guess ${i}`)))
    const statuses = guesses.map((g) => g.status).sort()
    // Exactly the first MAX_FAILED_SIGN_INS - 1 counted guesses are plain failures; the bound's own and every later one meet the lock.
    expect(statuses).toEqual([...Array<number>(MAX_FAILED_SIGN_INS - 1).fill(401), ...Array<number>(2 * MAX_FAILED_SIGN_INS + 1).fill(423)])
    for (const g of guesses.filter((x) => x.status === 423)) expect(g.body.errorCode).toBe(AdminErrorCode.LOCKED)
    const row = await server.db.selectFrom('operators').select(['failed_attempts', 'locked_until']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(row.failed_attempts).toBeGreaterThanOrEqual(MAX_FAILED_SIGN_INS)
    expect(Number(row.locked_until)).toBeGreaterThan(Date.now())
    // The right password is refused too until the lock ends; then it signs in and clears the count.
    expect((await signIn(server, '198.51.100.30', email, PASSWORD)).status).toBe(423)
    await server.db.updateTable('operators').set({ locked_until: Date.now() - 1 }).where('email', '=', email).execute()
    expect((await signIn(server, '198.51.100.30', email, PASSWORD)).status).toBe(200)
    const cleared = await server.db.selectFrom('operators').select(['failed_attempts', 'locked_until']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(cleared).toEqual({ failed_attempts: 0, locked_until: null })
  })

  it('starts the count again after its window: failures spread over time never lock an address', async () => {
    const slow = '203.0.113.99'
    // Over several unknown e-mails: one of them would lock after MAX_FAILED_SIGN_INS, as an account does.
    for (let i = 0; i < MAX_FAILED_SIGN_INS_PER_ADDRESS - 1; i++) expect((await signIn(server, slow, `nobody${i % 5}@slow.example.org`, 'x')).status).toBe(401)
    // The window began long ago: the next failure is the first of a new window.
    await server.db.updateTable('operator_sign_in_addresses').set({ window_start: 0 }).where('ip', '=', slow).execute()
    expect((await signIn(server, slow, 'nobody-last@slow.example.org', 'x')).status).toBe(401)
    const row = await server.db.selectFrom('operator_sign_in_addresses').selectAll().where('ip', '=', slow).executeTakeFirstOrThrow()
    expect(Number(row.failures)).toBe(1)
    expect(row.locked_until).toBeNull()
    // A right password does not clear the address's count (one valid account must not reset the guessing budget).
    expect((await signIn(server, slow, 'op2@example.org', PASSWORD)).status).toBe(200)
    const after = await server.db.selectFrom('operator_sign_in_addresses').select('failures').where('ip', '=', slow).executeTakeFirstOrThrow()
    expect(Number(after.failures)).toBe(1)
  })
})
