import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'
import { createOperator, MAX_FAILED_SIGN_INS } from '../../src/server/admin/auth'
import { deviceCookieName, issueDeviceValue, KNOWN_DEVICE_COOKIE_PREFIX, KNOWN_DEVICE_TTL_MS } from '../../src/server/admin/known-device'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { PASSWORD, signedIn, type AdminClient } from './admin-helpers'

/**
 * Known devices (src/server/admin/known-device.ts): an account's lock-out does not refuse a
 * browser that signed in to that account before, so no one who knows an operator's e-mail can keep
 * them out with wrong passwords; the device cookie works for its operator only, unaltered, until
 * it expires or the operator's password changes; while the account is locked each device has a
 * lock-out of its own, so a copied cookie buys no more guesses than anyone gets; every operator
 * who signs in on one browser stays known there.
 */

interface SignIn {
  status: number
  body: { errorCode?: string; errorText?: string; csrf?: string }
  /** The device cookie the answer sets, as `name=value`, if any. */
  device: string | null
  /** The Set-Cookie line of the device cookie, if any. */
  deviceLine: string | null
}

/**
 * A sign-in from `address` (the test server trusts X-Forwarded-For from loopback), sending
 * `cookies` (`name=value` pairs joined by '; ', as a browser sends its jar) or none.
 */
async function signIn(server: TestServer, address: string, email: string, password: string, cookies: string | null = null): Promise<SignIn> {
  const headers: Record<string, string> = { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE, 'x-forwarded-for': address }
  if (cookies !== null) headers.cookie = cookies
  const res = await fetch(`${server.url}/api/admin/login?lang=en`, { method: 'POST', headers, body: JSON.stringify({ email, password }) })
  const deviceLine = res.headers.getSetCookie().find((c) => c.startsWith(KNOWN_DEVICE_COOKIE_PREFIX)) ?? null
  const pair = deviceLine?.split(';')[0] ?? null
  const device = pair === null ? null : `${pair.slice(0, pair.indexOf('='))}=${decodeURIComponent(pair.slice(pair.indexOf('=') + 1))}`
  return { status: res.status, body: (await res.json()) as SignIn['body'], device, deviceLine }
}

/** The value of a `name=value` device cookie. */
const valueOf = (device: string) => device.slice(device.indexOf('=') + 1)
/** A device cookie named for operator `id` holding `value`. */
const cookieOf = (id: number, value: string) => `${deviceCookieName(id)}=${value}`

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
    expect(devA).toBe(cookieOf(idA, valueOf(devA)))
    expect(devB).toBe(cookieOf(idB, valueOf(devB)))
    await lockOut(server, '203.0.113.2', b)

    // A's device does not unlock B: as it is, under B's cookie name, nor with B's id written into it.
    expect((await signIn(server, '198.51.100.10', b, PASSWORD, devA)).status).toBe(423)
    expect((await signIn(server, '198.51.100.10', b, PASSWORD, cookieOf(idB, valueOf(devA)))).status).toBe(423)
    const [v, , device, issued, sig] = valueOf(devA).split('.')
    expect((await signIn(server, '198.51.100.10', b, PASSWORD, cookieOf(idB, [v, idB, device, issued, sig].join('.')))).status).toBe(423)
    // B's own device, altered (a later issue time, another signature), does not either.
    const parts = valueOf(devB).split('.')
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, cookieOf(idB, [parts[0], parts[1], parts[2], String(Date.now()), parts[4]].join('.')))).status).toBe(423)
    const flipped = parts[4].slice(0, -1) + (parts[4].endsWith('A') ? 'B' : 'A')
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, cookieOf(idB, [...parts.slice(0, 4), flipped].join('.')))).status).toBe(423)
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, cookieOf(idB, 'garbage'))).status).toBe(423)
    // Signed with the server's key but older than KNOWN_DEVICE_TTL_MS: expired; one issued now with
    // the same key is accepted, so the refusal is the age's, not the key's.
    const rowB = await server.db.selectFrom('operators').select(['id', 'password_hash', 'devices_from']).where('id', '=', idB).executeTakeFirstOrThrow()
    const old = issueDeviceValue(server.config.sessionSecret, rowB, Date.now() - KNOWN_DEVICE_TTL_MS - 1000)
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, cookieOf(idB, old))).status).toBe(423)
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, cookieOf(idB, issueDeviceValue(server.config.sessionSecret, rowB, Date.now() - 1000)))).status).toBe(200)
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
    expect(disabled.status).toBe(401)
    expect(disabled.body.errorCode).toBe(AdminErrorCode.BAD_CREDENTIALS)
    expect(disabled.device).toBeNull()
    // Enabled again with the same password (still locked): the devices from before the disabling
    // stay ended; a sign-in after an owner's unlock makes a device known again.
    expect((await owner.post(`/api/admin/operators/${idB}`, { active: 1 })).status).toBe(200)
    expect(await lockedUntil(server, b)).toBeGreaterThan(Date.now())
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, devB)).status).toBe(423)
    expect((await owner.post(`/api/admin/operators/${idB}`, { unlock: 1 })).status).toBe(200)
    const again = (await signIn(server, '198.51.100.11', b, PASSWORD)).device!
    await lockOut(server, '203.0.113.6', b)
    expect((await signIn(server, '198.51.100.11', b, PASSWORD, again)).status).toBe(200)
  })

  it('gives a device its own lock-out while the account is locked: a burst from a copied cookie is cut at the limit; the other devices stay known', async () => {
    const email = 'charlie@example.org'
    const id = await createOperator(server.db, { email, name: '', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
    const copied = (await signIn(server, '198.51.100.20', email, PASSWORD)).device!
    const own = (await signIn(server, '198.51.100.21', email, PASSWORD)).device!
    expect(valueOf(copied)).not.toBe(valueOf(own))
    await lockOut(server, '203.0.113.4', email)

    // Twice the limit at once from the copied cookie: each counted before its check, so only the
    // first MAX_FAILED_SIGN_INS - 1 are answered as wrong passwords and the rest as locked.
    const burst = await Promise.all(Array.from({ length: 2 * MAX_FAILED_SIGN_INS }, (_, i) => signIn(server, '198.51.100.22', email, `guess ${i}`, copied)))
    const statuses = burst.map((r) => r.status).sort()
    expect(statuses).toEqual([...Array(MAX_FAILED_SIGN_INS - 1).fill(401), ...Array(MAX_FAILED_SIGN_INS + 1).fill(423)])
    // That device is now locked even with the right password; the operator's own device is not.
    const refused = await signIn(server, '198.51.100.22', email, PASSWORD, copied)
    expect(refused.status).toBe(423)
    expect(refused.body.errorCode).toBe(AdminErrorCode.LOCKED)
    expect((await signIn(server, '198.51.100.21', email, PASSWORD, own)).status).toBe(200)

    // The audit log tells that sign-in from an ordinary one: it went through the account's lock.
    const row = await server.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity', '=', 'operator').where('entity_id', '=', String(id)).where('action', '=', 'sign-in').orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(JSON.parse(row.after_json ?? 'null')).toEqual({ known_device: true, account_locked: true })
  })

  it('keeps every operator who signs in on one browser known there, not only the last', async () => {
    const ids = new Map<string, number>()
    const jar = new Map<string, string>()
    const jarHeader = () => [...jar.values()].join('; ')
    for (const email of ['delta@example.org', 'echo@example.org']) {
      ids.set(email, await createOperator(server.db, { email, name: '', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now()))
      const signed = await signIn(server, '198.51.100.30', email, PASSWORD, jar.size === 0 ? null : jarHeader())
      expect(signed.status).toBe(200)
      // A browser keeps one cookie per name: the second sign-in's cookie replaces the first only if named alike.
      jar.set(signed.device!.slice(0, signed.device!.indexOf('=')), signed.device!)
    }
    expect(jar.size).toBe(2)
    for (const [email, id] of ids) {
      await lockOut(server, '203.0.113.5', email)
      expect(await lockedUntil(server, email), `${email} (${id}) locked`).toBeGreaterThan(Date.now())
      expect((await signIn(server, '198.51.100.30', email, PASSWORD, jarHeader())).status, email).toBe(200)
    }
  })
})
