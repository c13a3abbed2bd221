import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callList } from '../../src/contract/calls'
import { ErrorCode } from '../../src/contract/errors'
import { signCrmToken } from '../../src/server/crm/token'
import { deleteExpiredSessions } from '../../src/server/domain/sessions/repository'
import { registerCalls } from '../../src/server/routes/registry'
import { ApiClient } from '../support/client'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'

const SPA_HTML = '<!doctype html><title>test client</title><div id="root"></div>'

describe.each(TEST_DBS)('API basics on %s', (dbKind) => {
  let server: TestServer

  let clientDir: string

  beforeAll(async () => {
    // A stand-in built client, to check static serving and the SPA fallback.
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-client-'))
    fs.writeFileSync(path.join(clientDir, 'index.html'), SPA_HTML)
    server = await startTestServer({ db: dbKind, env: { CLIENT_DIR: clientDir } })
  })
  afterAll(async () => {
    await server?.close()
    fs.rmSync(clientDir, { recursive: true, force: true })
  })

  const sessionCount = async () => Number((await server.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const validCrmToken = (id = 1) => signCrmToken(server.config.crmSecret, { id, exp: Math.floor(Date.now() / 1000) + 600 })

  it('GET /api/token starts a session: httpOnly SameSite=Lax cookie, a DB row, the same token on repeat', async () => {
    const before = await sessionCount()
    const res = await fetch(`${server.url}/api/token`)
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie()[0]
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const { response } = (await res.json()) as { response: string }
    expect(response.length).toBeGreaterThanOrEqual(32)
    expect(await sessionCount()).toBe(before + 1)

    const again = await fetch(`${server.url}/api/token`, { headers: { cookie: cookie.split(';')[0] } })
    expect(((await again.json()) as { response: string }).response).toBe(response)
    expect(await sessionCount()).toBe(before + 1)
  })

  it('an expired session no longer counts and is swept', async () => {
    const client = new ApiClient(server.url)
    const token = await client.startSession()
    await server.db.updateTable('sessions').set({ expires_at: Date.now() - 1000 }).where('csrf_token', '=', token).execute()
    const res = await client.post<{ errorCode: string; errorText: string }>('/api/crm/logout', {})
    expect(res.status).toBe(403)
    expect(res.body.errorText).toMatch(/no session/)
    expect(await deleteExpiredSessions(server.db, Date.now())).toBeGreaterThanOrEqual(1)
    expect(await server.db.selectFrom('sessions').select('id').where('csrf_token', '=', token).execute()).toEqual([])
    // A new token starts a new session.
    expect(await client.startSession()).not.toBe(token)
  })

  it('a POST with the token and X-Requested-With is accepted', async () => {
    const client = new ApiClient(server.url)
    await client.startSession()
    const res = await client.post<{ crm_client: unknown }>('/api/crm/client-info', {})
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ crm_client: null })
  })

  describe('CSRF: refused with -1000 and nothing changes', () => {
    const cases: [string, { token?: string | null; xhr?: boolean }, RegExp][] = [
      ['no token', { token: null }, /X-CSRF-TOKEN/],
      ['a wrong token', { token: 'x'.repeat(43) }, /does not belong/],
      ['no X-Requested-With', { xhr: false }, /X-Requested-With/],
    ]
    it.each(cases)('%s', async (_name, opts, text) => {
      const client = new ApiClient(server.url)
      await client.startSession()
      const before = await sessionCount()
      const res = await client.post<{ errorCode: string; errorText: string }>('/api/crm/client-info', { token: validCrmToken() }, opts)
      expect(res.status).toBe(403)
      expect(res.body.errorCode).toBe(ErrorCode.CSRF)
      expect(res.body.errorText).toMatch(text)
      // The valid CRM token was not applied: the session still has no client, no row was added.
      expect(await sessionCount()).toBe(before)
      const signedIn = await server.db.selectFrom('sessions').select('id').where('crm_client_id', 'is not', null).execute()
      expect(signedIn).toEqual([])
    })

    it('a token from another session', async () => {
      const a = new ApiClient(server.url)
      const b = new ApiClient(server.url)
      await a.startSession()
      await b.startSession()
      const res = await a.post<{ errorCode: string }>('/api/crm/logout', {}, { token: b.token })
      expect(res.status).toBe(403)
      expect(res.body.errorCode).toBe(ErrorCode.CSRF)
    })

    it('no session cookie at all', async () => {
      const client = new ApiClient(server.url)
      const res = await client.post<{ errorCode: string; errorText: string }>('/api/crm/logout', {}, { token: 'abc' })
      expect(res.status).toBe(403)
      expect(res.body.errorCode).toBe(ErrorCode.CSRF)
      expect(res.body.errorText).toMatch(/no session/)
    })
  })

  describe('bad bodies answer 4xx with a non-zero errorCode and a clear text, never 500', () => {
    let client: ApiClient
    beforeAll(async () => {
      client = new ApiClient(server.url)
      await client.startSession()
    })

    it('malformed JSON', async () => {
      const res = await client.post<{ errorCode: string; errorText: string }>('/api/crm/client-info', null, { rawBody: '{"token": ' })
      expect(res.status).toBe(400)
      expect(res.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
      expect(res.body.errorText).toMatch(/JSON/)
    })

    it('a body that fails the request schema names the field', async () => {
      const res = await client.post<{ errorCode: string; errorText: string }>('/api/crm/client-info', { token: 12345 })
      expect(res.status).toBe(400)
      expect(res.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
      expect(res.body.errorText).toMatch(/token/)
    })

    it('a JSON array instead of an object', async () => {
      const res = await client.post<{ errorCode: string }>('/api/crm/client-info', [1, 2])
      expect(res.status).toBe(400)
      expect(res.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    })

    it('an unsupported content type', async () => {
      const res = await client.post<{ errorCode: string; errorText: string }>('/api/crm/client-info', null, { rawBody: '<token/>', contentType: 'application/xml' })
      expect(res.status).toBe(415)
      expect(res.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
      expect(res.body.errorText.length).toBeGreaterThan(5)
    })

    it('an empty JSON body', async () => {
      const res = await client.post<{ errorCode: string }>('/api/crm/client-info', null, { rawBody: '' })
      expect(res.status).toBe(400)
      expect(res.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    })
  })

  it('a URL that is not valid percent-encoding answers 400 -1002', async () => {
    const res = await fetch(`${server.url}/api/%E0%A4%A`)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { errorCode: string; errorText: string }
    expect(body.errorCode).toBe(ErrorCode.BAD_REQUEST)
    expect(body.errorText).toMatch(/not a valid url/)
  })

  it('unknown /api paths answer 404 JSON (GET and POST)', async () => {
    const get = await fetch(`${server.url}/api/no-such-call`)
    expect(get.status).toBe(404)
    expect(((await get.json()) as { errorCode: string }).errorCode).toBe(ErrorCode.NOT_FOUND)
    const post = await fetch(`${server.url}/api/no-such-call`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    expect(post.status).toBe(404)
    expect(((await post.json()) as { errorText: string }).errorText).toMatch(/no-such-call/)
  })

  it('every call of the registry is built: none answers 501 -1009', async () => {
    const client = new ApiClient(server.url)
    await client.startSession()
    const notBuilt: string[] = []
    for (const call of callList) {
      const url = call.path.replace(/:([A-Za-z_]+)/g, 'abc')
      const res = call.method === 'GET' ? await client.getJson<unknown>(url) : await client.post<unknown>(url, {})
      expect(res.status, call.path).toBeLessThan(500)
      if ((res.body as { errorCode?: string } | null)?.errorCode === ErrorCode.NOT_BUILT) notBuilt.push(call.path)
    }
    expect(notBuilt).toEqual([])
  })

  it('/api/docs/json is OpenAPI listing every call of the registry', async () => {
    const res = await fetch(`${server.url}/api/docs/json`)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> }
    expect(doc.openapi).toMatch(/^3\./)
    for (const call of callList) {
      const openapiPath = call.path.replace(/:([A-Za-z_]+)/g, '{$1}')
      expect(doc.paths[openapiPath], call.path).toBeDefined()
      expect(doc.paths[openapiPath][call.method.toLowerCase()], `${call.method} ${call.path}`).toBeDefined()
    }
    const ui = await fetch(`${server.url}/api/docs`, { redirect: 'follow' })
    expect(ui.status).toBe(200)
  })

  it('serves the built client and falls back to index.html for app routes, not for /api', async () => {
    const page = await fetch(`${server.url}/event/some-hash/2026-12-01`)
    expect(page.status).toBe(200)
    expect(await page.text()).toBe(SPA_HTML)
    const root = await fetch(`${server.url}/`)
    expect(await root.text()).toBe(SPA_HTML)
    const api = await fetch(`${server.url}/api/unknown/deep/path`)
    expect(api.status).toBe(404)
    expect(api.headers.get('content-type')).toMatch(/json/)
  })
})

describe('the call registry', () => {
  it('answers 501 -1009 "<path> is not available yet" for a call without a handler', async () => {
    const app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    registerCalls(app, {})
    const res = await app.inject({ method: 'POST', url: '/api/order/view', payload: {} })
    expect(res.statusCode).toBe(501)
    expect(res.json()).toEqual({ errorCode: ErrorCode.NOT_BUILT, errorText: '/api/order/view is not available yet' })
    await app.close()
  })
})
