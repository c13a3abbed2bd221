import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'
import { createOperator, MAX_FAILED_SIGN_INS } from '../../src/server/admin/auth'
import { issueDeviceValue, KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_TTL_MS } from '../../src/server/admin/known-device'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { PASSWORD, signedIn, type AdminClient } from './admin-helpers'

/**
 * Known devices (src/server/admin/known-device.ts): an account's lock-out does not refuse a
 * browser that signed in to that account before, so no one who knows an operator's e-mail can keep
 * them out with wrong passwords; the device cookie works for its operator only, unaltered, until
 * it expires or the operator's password changes.
 */

interface SignIn {
  status: number
  body: { errorCode?: string; errorText?: string; csrf?: string }
  /** The device cookie the answer sets, if any. */
  device: string | null
  /** The Set-Cookie line of the device cookie, if any. */
  deviceLine: string | null
}

/** A sign-in from `address` (the test server trusts X-Forwarded-For from loopback), with a device cookie or none. */
async function signIn(server: TestServer, address: string, email: string, password: string, device: string | null = null): Promise<SignIn> {
  const headers: Record<string, string> = { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE, 'x-forwarded-for': address }
  if (device !== null) headers.cookie = `${KNOWN_DEVICE_COOKIE}=${device}`
  const res = await fetch(`${server.url}/api/admin/login?lang=en`, { method: 'POST', headers, body: JSON.stringify({ email, password }) })
  const deviceLine = res.headers.getSetCookie().find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`)) ?? null
  const device_ = deviceLine === null ? null : decodeURIComponent(deviceLine.split(';')[0].slice(KNOWN_DEVICE_COOKIE.length + 1))
  return { status: res.status, body: (await res.json()) as SignIn['body'], device: device_, deviceLine }
}

/** Locks `email` as an attacker would, from `address` with no cookie: MAX_FAILED_SIGN_INS wrong passwords, the last answered 423. */
async function lockOut(server: TestServer, address: string, email: string): Promise<void> {
  for (let i = 1; i < MAX_FAILED_SIGN_INS; i++) expect((await signIn(server, address, email, `guess ${i}`)).status, `guess ${i}`).toBe(401)
  const last = await signIn(server, address, email, 'guess last')
  expect(last.status).toBe(423)
  expect(last.body.errorCode).toBe(AdminErrorCode.LOCKED)
}

async function lockedUntil(server: TestServer, email: string): Promise<number | null> {
  const row = await server.db.selectFrom('operators').select('locked_until').where('email', '=', email).executeTakeFirstOrThrow()
  return row.locked_until === null ? null : Number(row.locked_until)
}

describe.each(TEST_DBS)('known devices and the account lock-out on %s', (dbKind) => {
  let server: TestServer
  let owner: AdminClient
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    owner = await signedIn(server, 'owner')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('lets the operator sign in from a known device while an attacker keeps the account locked; other clients stay refused', async () => {
    const email = 'boxoffice@example.org'
    await createOperator(server.db, { email, name: '', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
    const first = await signIn(server, '198.51.100.1', email, PASSWORD)
    expect(first.status).toBe(200)
    expect(first.device).toBeTruthy()
    // Long-lived, httpOnly, SameSite=Strict, sent to the sign-in only.
    expect(first.deviceLine).toMatch(/HttpOnly/i)
    expect(first.deviceLine).toMatch(/SameSite=Strict/i)
    expect(first.deviceLine).toMatch(/Path=\/api\/admin\/login(;|$)/)
    expect(first.deviceLine).toContain(`Max-Age=${KNOWN_DEVICE_TTL_MS / 1000}`)

    await lockOut(server, '203.0.113.1', email)
    expect((await signIn(server, '203.0.113.1', email, PASSWORD)).status).toBe(423)
    const until = await lockedUntil(server, email)
    expect(until).toBeGreaterThan(Date.now())

    // The known device: a wrong password is a wrong password (401), the right one signs in.
    const typo = await signIn(server, '198.51.100.1', email, 'typo', first.device)
    expect(typo.status).toBe(401)
    expect(typo.body.errorCode).toBe(AdminErrorCode.BAD_CREDENTIALS)
    const known = await signIn(server, '198.51.100.1', email, PASSWORD, first.device)
    expect(known.status).toBe(200)
    expect(known.body.csrf).toBeTruthy()
    expect(known.device).toBeTruthy()
    // The lock stays for everyone else: a fresh client with the right password is still refused.
    expect(await lockedUntil(server, email)).toBe(until)
    const fresh = await signIn(server, '198.51.100.2', email, PASSWORD)
    expect(fresh.status).toBe(423)
    expect(fresh.body.errorCode).toBe(AdminErrorCode.LOCKED)
    expect(fresh.device).toBeNull()
    // The cookie the known device got again works too.
    expect((await signIn(server, '198.51.100.1', email, PASSWORD, known.device)).status).toBe(200)
  })

  it('refuses a device cookie of another operator, a tampered or expired one, one from before a password change, and a disabled operator', async () => {
    const a = 'alpha@example.org'
    const b = 'bravo@example.org'
    const idA = await createOperator(server.db, { email: a, name: '', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
    const idB = await createOperator(server.db, { email: b, name: '', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
    const devA = (await signIn(server, '198.51.100.10', a, PASSWORD)).device!
    const devB = (await signIn(server, '198.51.100.11', b, PASSWORD)).device!
    expect(devA).toBeTruthy()
    expect(devB).toBeTruthy()
    await lockOut(server, '203.0.113.2', b)

    // A's device does not unlock B, neither as it is nor with B's id written into it.
    expect((await signIn(server, '198.51.100.10', b, PASSWORD, devA)).status).toBe(423)
    const [v, , device, issued, sig] = devA.split('.')
    expect((await signIn(server, '198.51.100.10', b, PASSWORD, [v, idB, device, issued, sig].join('.'))).status).toBe(423)
    // B's own device, altered (a later issue time, another signature), does not either.
    const parts = devB.split('.')
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, [parts[0], parts[1], parts[2], String(Date.now()), parts[4]].join('.'))).status).toBe(423)
    const flipped = parts[4].slice(0, -1) + (parts[4].endsWith('A') ? 'B' : 'A')
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, [...parts.slice(0, 4), flipped].join('.'))).status).toBe(423)
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, 'garbage')).status).toBe(423)
    // Signed with the server's key but older than KNOWN_DEVICE_TTL_MS: expired; a fresh one is accepted (the check is the real one).
    const rowB = await server.db.selectFrom('operators').select(['id', 'password_hash']).where('id', '=', idB).executeTakeFirstOrThrow()
    const old = issueDeviceValue(server.config.sessionSecret, rowB, Date.now() - KNOWN_DEVICE_TTL_MS - 1000)
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, old)).status).toBe(423)
    // B's untouched device still passes the lock.
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, devB)).status).toBe(200)

    // A new password for A (the lock stays): A's device passed A's lock before, no longer after.
    await lockOut(server, '203.0.113.3', a)
    expect((await signIn(server, '198.51.100.10', a, PASSWORD, devA)).status).toBe(200)
    const NEW_PASSWORD = 'a brand new test password'
    expect((await owner.post(`/api/admin/operators/${idA}`, { password: NEW_PASSWORD })).status).toBe(200)
    expect(await lockedUntil(server, a)).toBeGreaterThan(Date.now())
    expect((await signIn(server, '198.51.100.10', a, NEW_PASSWORD, devA)).status).toBe(423)

    // A disabled operator's device signs in no more (answered as an unknown e-mail).
    expect((await owner.post(`/api/admin/operators/${idB}`, { active: 0 })).status).toBe(200)
    const disabled = await signIn(server, '198.51.100.11', b, PASSWORD, devB)
    expect(disabled.status).not.toBe(200)
    expect(disabled.device).toBeNull()
  })
})
