import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVED_BY_HEADER } from '../../src/server/app'
import { API_CACHE_CONTROL, CONTENT_SECURITY_POLICY, DOOR_CONTENT_SECURITY_POLICY } from '../../src/server/plugins/security-headers'
import { startTestServer, type TestServer } from '../support/server'

const INDEX = '<!doctype html><title>test client</title><div id="root"></div><script type="module" src="/assets/app-1a2b3c4d.js"></script>'

/** A stand-in build: index.html, a hashed asset and its (hidden) source map, an unhashed file. */
function fakeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-client-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
  fs.writeFileSync(path.join(dir, 'assets/app-1a2b3c4d.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dir, 'assets/app-1a2b3c4d.js.map'), '{"version":3,"sources":["secret.ts"]}')
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *')
  return dir
}

const SECURITY_HEADERS = (res: Response) => ({
  csp: res.headers.get('content-security-policy'),
  nosniff: res.headers.get('x-content-type-options'),
  referrer: res.headers.get('referrer-policy'),
  frame: res.headers.get('x-frame-options'),
})

describe.each([
  ['development', {}],
  ['production', { NODE_ENV: 'production' }],
] as const)('security headers and caching (%s)', (mode, env) => {
  let server: TestServer
  let clientDir: string
  beforeAll(async () => {
    clientDir = fakeClient()
    server = await startTestServer({ db: 'sqlite', env: { CLIENT_DIR: clientDir, ...env } })
  })
  afterAll(async () => {
    await server?.close()
    fs.rmSync(clientDir, { recursive: true, force: true })
  })

  it.each(['/', '/index.html', '/event/abc/2026-12-01/19:00', '/order/somehash', '/admin', '/assets/app-1a2b3c4d.js', '/api/token', '/api/nope', '/api/afisha?lang=xx', '/api/docs'])(
    '%s carries CSP with frame-ancestors, nosniff, Referrer-Policy',
    async (url) => {
      const res = await fetch(server.url + url)
      expect(res.status).toBeLessThan(500)
      const h = SECURITY_HEADERS(res)
      expect(h.csp).toBe(CONTENT_SECURITY_POLICY)
      expect(h.csp).toMatch(/frame-ancestors 'none'/)
      expect(h.csp).not.toMatch(/unsafe-eval/)
      expect(h.nosniff).toBe('nosniff')
      expect(h.referrer).toBe('same-origin')
      expect(h.frame).toBe('DENY')
      // Process ids only with SERVED_BY_HEADER=1 (a load test's setting): never by default.
      expect(res.headers.get(SERVED_BY_HEADER)).toBeNull()
    },
  )

  it.each(['/door', '/door/', '/door?lang=en'])('%s (the check-in app) may compile WebAssembly, nothing more', async (url) => {
    const csp = (await fetch(server.url + url)).headers.get('content-security-policy') ?? ''
    expect(csp).toBe(DOOR_CONTENT_SECURITY_POLICY)
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'")
    expect(csp.replace("'wasm-unsafe-eval'", '')).not.toMatch(/unsafe-eval/)
    expect(csp).toMatch(/frame-ancestors 'none'/)
  })
  it('/doorway keeps the storefront policy', async () => {
    expect((await fetch(server.url + '/doorway')).headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
  })

  it.each(['/', '/index.html', '/event/abc/2026-12-01/19:00', '/scheme/x', '/robots.txt'])('%s must revalidate (no-cache)', async (url) => {
    const res = await fetch(server.url + url)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it.each(['/api/setup', '/api/afisha', '/api/token', '/api/nope', '/api/afisha?lang=xx'])('%s (an API answer, per visitor) is never stored', async (url) => {
    const res = await fetch(server.url + url)
    expect(res.status).toBeLessThan(500)
    expect(res.headers.get('cache-control')).toBe(API_CACHE_CONTROL)
  })

  it('hashed assets are cached for a year', async () => {
    const res = await fetch(`${server.url}/assets/app-1a2b3c4d.js`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('a missing hashed asset is a 404, not the app page', async () => {
    const res = await fetch(`${server.url}/assets/gone-0000.js`)
    expect(res.status).toBe(404)
  })

  it(mode === 'production' ? 'source maps are not served' : 'source maps are served for debugging', async () => {
    const res = await fetch(`${server.url}/assets/app-1a2b3c4d.js.map`)
    if (mode === 'production') {
      expect(res.status).toBe(404)
      expect(await res.text()).not.toMatch(/secret\.ts/)
    } else {
      expect(res.status).toBe(200)
    }
  })
})
