import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'
import { createOperator } from '../../src/server/admin/auth'
import { ApiFailure } from '../../src/server/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, PASSWORD } from './admin-helpers'

/** No such session: the console's refusal worded by entity and id (admin-not-found). */
const NO_SESSION = 999_999

/**
 * A console call that names no `lang` (an integration's script, a call made by hand) is answered
 * in the caller's stored language: the operator's (set in the console), an API token's its
 * maker's; a `lang` the request names still wins (server/request-lang.ts).
 */
describe.each(TEST_DBS)("console refusals in the operator's own language on %s", (dbKind) => {
  let server: TestServer

  /** An operator of `role` whose stored language is `lang`, signed in. */
  const operator = async (role: 'owner' | 'boxoffice', lang: string) => {
    const email = `${role}-${lang}-${Math.random().toString(36).slice(2, 8)}@example.org`
    await createOperator(server.db, { email, name: role, role, password: PASSWORD, lang }, Date.now())
    const client = new AdminClient(server.url)
    expect((await client.login(email)).status).toBe(200)
    return client
  }
  /** A POST as the console's client sends it, but with no `lang` at all unless `query` names one. */
  const post = async (who: AdminClient, path: string, body: unknown, query = '') => {
    const headers: Record<string, string> = { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE }
    if (who.cookie) headers.cookie = who.cookie
    if (who.csrf) headers[CSRF_HEADER] = who.csrf
    if (who.bearer) headers.authorization = `Bearer ${who.bearer}`
    const res = await fetch(`${server.url}${path}${query}`, { method: 'POST', headers, body: JSON.stringify(body) })
    return { status: res.status, body: (await res.json()) as { errorCode: string; errorText: string } }
  }
  const notFound = (lang: 'ru' | 'en' | 'kz' | 'ch') => new ApiFailure('admin-not-found', { what: 'session', id: NO_SESSION }).textIn(lang)
  const moveMissing = (who: AdminClient, query = '') => post(who, `/api/admin/sessions/${NO_SESSION}/map`, { drawing_id: 1 }, query)

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("a signed-in operator's refusals are in their stored language when the call names none; a named lang wins", async () => {
    const en = await operator('owner', 'en')
    const refused = await moveMissing(en)
    expect(refused.status).toBe(404)
    expect(refused.body.errorText).toBe(notFound('en'))
    expect(notFound('en')).not.toBe(notFound('ru'))
    expect((await moveMissing(en, '?lang=ch')).body.errorText).toBe(notFound('ch'))
    expect((await moveMissing(await operator('owner', 'kz'))).body.errorText).toBe(notFound('kz'))
  })

  it('a refused body (read before validation) is answered in it too: the box office sale', async () => {
    const desk = await operator('boxoffice', 'en')
    const bare = await post(desk, '/api/admin/boxoffice/sell', {})
    expect(bare.status).toBe(400)
    const named = async (lang: string) => (await post(desk, '/api/admin/boxoffice/sell', {}, `?lang=${lang}`)).body.errorText
    expect(bare.body.errorText).toBe(await named('en'))
    expect(bare.body.errorText).not.toBe(await named('ru'))
  })

  it("an API token's refusals are in its maker's language", async () => {
    const owner = await operator('owner', 'kz')
    const made = await owner.post<{ token: string }>('/api/admin/tokens', { name: 'script', role: 'manager' })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const script = new AdminClient(server.url)
    script.bearer = made.body.token
    expect((await moveMissing(script)).body.errorText).toBe(notFound('kz'))
    expect((await moveMissing(script, '?lang=en')).body.errorText).toBe(notFound('en'))
  })

  it('a caller not signed in keeps the rule before: ru unless the call names a lang', async () => {
    const nobody = new AdminClient(server.url)
    const ru = await moveMissing(nobody)
    expect(ru.status).toBe(401)
    expect(ru.body.errorText).toBe(new ApiFailure('admin-signed-out').textIn('ru'))
  })
})
