import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { adminCalls, type AdminCallDef } from '../../src/contract/admin/calls'
import { doorScanSchema } from '../../src/contract/admin/door'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'
import { carriesNul, checkFuzzAnswers, fuzzAnswer, type FuzzAnswer } from '../support/fuzz-answers'
import { HOSTILE_MODES, hostileString, hostileValue, toQuery, type HostileMode } from '../support/hostile'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { DOOR_TOKEN } from './door-helpers'

/**
 * Calls left out: signing in and out (the fuzz runs signed in; the sign-in's own refusals and its
 * address lock are admin-lockout.test.ts's).
 */
const SKIPPED = new Set(['login', 'logout'])

/** Ids that exist in the demo data (the first row of most tables), so a body reaches the handler's own checks. */
const REAL_ID = '1'

/**
 * Issue 18.6 for the console: malformed input never answers 5xx, on either database. Every
 * console call, signed in as the owner (every permission), gets bodies and queries shaped
 * like its own request but hostile (ids above 2^31-1 and 2^53, NUL characters, negative numbers,
 * 100 kB strings), whole and one field at a time inside an otherwise plausible body (so the
 * other fields pass validation and the hostile one reaches the handler and the database), on a
 * hostile path id and on an id that exists. Every answer must be below 500, and a JSON refusal
 * the spec's {errorCode, errorText}.
 */
describe.each(TEST_DBS)('fuzzing every console call with malformed input on %s', (dbKind) => {
  let server: TestServer
  let admin: AdminClient
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DOOR_TOKEN } })
    admin = await signedIn(server, 'owner')
  })
  afterAll(async () => {
    await server?.close()
  })

  async function send(label: string, method: 'GET' | 'POST', path: string, body?: string, auth?: string): Promise<FuzzAnswer> {
    const headers: Record<string, string> = auth ? { authorization: auth } : { cookie: admin.cookie }
    if (method === 'POST') Object.assign(headers, { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE, [CSRF_HEADER]: admin.csrf })
    return fuzzAnswer(label, await fetch(server.url + path, { method, headers, body }), carriesNul(path, body))
  }

  /** The path (with the query of a GET) and the body (of a POST) carrying `value`. */
  const request = (path: string, method: 'GET' | 'POST', value: unknown): [string, string | undefined] =>
    method === 'GET' ? [`${path}?${toQuery(value)}`, undefined] : [path, JSON.stringify(value)]

  const pathWith = (path: string, id: string) => path.replace(/:(\w+)/g, () => encodeURIComponent(id))

  /** A plausible value of `schema`: what each field alone is made hostile inside. */
  function plausible(schema: AdminCallDef['request']): Record<string, unknown> {
    const value = hostileValue(schema, 'nul')
    const fix = (v: unknown): unknown => {
      if (typeof v === 'string') return 'a'
      if (Array.isArray(v)) return v.map(fix)
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fix(x)]))
      return v
    }
    return (fix(value) ?? {}) as Record<string, unknown>
  }

  const calls = Object.entries(adminCalls as Record<string, AdminCallDef>).filter(([name]) => !SKIPPED.has(name))

  it.each(calls.map(([name, call]) => [`${name}: ${call.method} ${call.path}`, call] as const))('%s', async (_name, call) => {
    // A call that signed its operator out (or changed his password) must not hide the next calls' answers.
    if ((await admin.get('/api/admin/me')).status !== 200) admin = await signedIn(server, 'owner')
    const answers: FuzzAnswer[] = []
    const base = plausible(call.request)
    const hasId = call.path.includes(':')
    for (const mode of HOSTILE_MODES as HostileMode[]) {
      const value = hostileValue(call.request, mode)
      const fields = value && typeof value === 'object' ? Object.entries(value) : []
      // On a hostile path id the whole hostile value only (the id alone is refused first); on an
      // id that exists, or a call without one, each field alone too.
      if (hasId) answers.push(await send(`${mode} hostile id`, call.method, ...request(pathWith(call.path, hostileString(mode)), call.method, value)))
      const path = hasId ? pathWith(call.path, REAL_ID) : call.path
      answers.push(await send(mode, call.method, ...request(path, call.method, value)))
      for (const [k, field] of fields) answers.push(await send(`${mode} ${k}`, call.method, ...request(path, call.method, { ...base, [k]: field })))
    }
    checkFuzzAnswers(answers)
    // The fuzz reached the handlers signed in: not every answer was a sign-in refusal.
    expect(answers.some((a) => a.status !== 401 && a.status !== 403)).toBe(true)
  })

  it('the shared-token door calls (scanners of other makes): hostile scans and uploads', async () => {
    // What /api/door/redeem takes (routes/door.ts): the app's scan naming its session and gate instead of a list.
    const scan = doorScanSchema.omit({ list_id: true }).extend({ sessionId: z.number(), gate: z.string(), reentry: z.boolean() })
    const answers: FuzzAnswer[] = []
    for (const mode of HOSTILE_MODES as HostileMode[]) {
      const one = hostileValue(scan, mode) as Record<string, unknown>
      const base = plausible(scan)
      for (const [path, wrap] of [['/api/door/redeem', (v: unknown) => v], ['/api/door/redeem-batch', (v: unknown) => ({ scans: [v], reentry: true })]] as const) {
        answers.push(await send(`${path} ${mode}`, 'POST', path, JSON.stringify(wrap(one)), `Bearer ${DOOR_TOKEN}`))
        for (const [k, field] of Object.entries(one)) answers.push(await send(`${path} ${mode} ${k}`, 'POST', path, JSON.stringify(wrap({ ...base, [k]: field })), `Bearer ${DOOR_TOKEN}`))
      }
    }
    checkFuzzAnswers(answers)
    expect(answers.some((a) => a.status !== 401)).toBe(true)
  })

  it('a NUL in a name is refused naming the field, as on the other database, and nothing is stored', async () => {
    if ((await admin.get('/api/admin/me')).status !== 200) admin = await signedIn(server, 'owner')
    const before = await server.db.selectFrom('client_categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    const res = await admin.post('/api/admin/categories', { name_ru: 'Взрослый', name_en: 'Adult\u0000' })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ errorCode: '-1002', errorText: 'Invalid request: check name_en' })
    const after = await server.db.selectFrom('client_categories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })
})
