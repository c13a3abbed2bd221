import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVED_BY_HEADER } from '../../src/server/app'
import { API_CACHE_CONTROL, CONTENT_SECURITY_POLICY, DOOR_CONTENT_SECURITY_POLICY } from '../../src/server/plugins/security-headers'
import { startTestServer, type TestServer } from '../support/server'
import { SEAT_EVENTS_PATH } from '../../src/contract/entities/scheme'
import { ErrorCode } from '../../src/contract/errors'
import { loadScheme, visitor } from './scheme-helpers'

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

/** The storefront's security headers, as every answer must carry them. */
const STOREFRONT_HEADERS = { csp: CONTENT_SECURITY_POLICY, nosniff: 'nosniff', referrer: 'same-origin', frame: 'DENY' }

/** Larger than Node's header limit (16 KB): the HTTP parser refuses it before Fastify sees it. */
const OVERSIZED_HEADER_BYTES = 20_000

/** Sends `request` as raw bytes and answers the status line and headers the server wrote back. */
function rawExchange(url: string, request: string): Promise<{ status: number; headers: Map<string, string> }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(request))
    let text = ''
    socket.on('data', (chunk) => (text += chunk.toString('latin1')))
    socket.on('error', reject)
    socket.on('close', () => {
      const [head] = text.split('\r\n\r\n')
      const [statusLine, ...lines] = head.split('\r\n')
      const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]))
      resolve({ status: Number(statusLine.split(' ')[1]), headers })
    })
  })
}

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

  // Answers written around the hooks (audit of issue 18.6): the hijacked live stream, Fastify's
  // own errors before routing, and the HTTP parser's answers on the raw socket.
  // The demo's seat-map sessions exist only in development mode (production has no demo data).
  it.skipIf(mode === 'production')('the live seat stream (a hijacked reply) carries the security headers and its own caching', async () => {
    const v = await visitor(server.url)
    const fx = await loadScheme(v)
    const res = await v.fetch(`${SEAT_EVENTS_PATH}?calendar_id=${fx.calendarId}`)
    try {
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
      expect(SECURITY_HEADERS(res)).toEqual(STOREFRONT_HEADERS)
      expect(res.headers.get('cache-control')).toBe('no-cache, no-transform')
    } finally {
      await res.body?.cancel()
    }
  })

  it.each(['/api/%zz', '/event/%zz'])('%s (refused before routing) carries the security headers', async (url) => {
    const res = await fetch(server.url + url)
    expect(res.status).toBe(400)
    expect(SECURITY_HEADERS(res)).toEqual(STOREFRONT_HEADERS)
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe(ErrorCode.BAD_REQUEST)
  })

  it.each([
    ['headers past the parser limit', 431, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(OVERSIZED_HEADER_BYTES)}\r\n\r\n`],
    ['a request that is not HTTP', 400, 'HELLO THERE\r\n\r\n'],
  ] as const)('the raw answer to %s carries the security headers', async (_label, status, request) => {
    const res = await rawExchange(server.url, request)
    expect(res.status).toBe(status)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(res.headers.get('referrer-policy')).toBe('same-origin')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

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
