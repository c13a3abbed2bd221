import http2 from 'node:http2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startH2Proxy, type H2Proxy } from '../../bench/browser/h2Proxy'
import { startTestServer, type TestServer } from '../support/server'

/** One HTTP/2 request through the proxy: status, headers and body. */
function h2Request(url: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string; alpn: string | false | undefined }>((resolve, reject) => {
    const session = http2.connect(url, { rejectUnauthorized: false })
    session.on('error', reject)
    const req = session.request({ ':method': init.method ?? 'GET', ':path': path, ...init.headers })
    let headers: http2.IncomingHttpHeaders = {}
    let body = ''
    req.on('response', (h) => (headers = h))
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const alpn = session.alpnProtocol
      session.close()
      resolve({ status: Number(headers[':status']), headers, body, alpn })
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

/**
 * The browser probes' `--h2` proxy (bench/browser/h2Proxy.ts): the storefront over TLS and
 * HTTP/2, as behind nginx in production. The storefront numbers measured through it are only
 * worth something if it passes the server's answers through unchanged: status, cookies, bodies.
 */
describe('the benchmarks’ HTTP/2 proxy', () => {
  let server: TestServer
  let proxy: H2Proxy

  beforeAll(async () => {
    server = await startTestServer({ db: 'sqlite' })
    proxy = await startH2Proxy(server.url)
  })
  afterAll(async () => {
    await proxy?.close()
    await server?.close()
  })

  it('speaks HTTP/2 over TLS and passes a session cookie and a POST with its CSRF token through', async () => {
    const token = await h2Request(proxy.url, '/api/token')
    expect(token.alpn).toBe('h2')
    expect(token.status).toBe(200)
    const cookie = String(token.headers['set-cookie'] ?? '').split(';')[0]
    expect(cookie).toMatch(/=/)
    const csrf = (JSON.parse(token.body) as { response: string }).response
    const direct = (await (await fetch(`${server.url}/api/afisha`)).json()) as { setup: { date: string }; action: { hash_id: string; scheme: number }[] }
    const listing = await h2Request(proxy.url, '/api/afisha')
    expect(listing.status).toBe(200)
    // The same answer, but for the server's clock in setup (a second may pass between the two).
    const proxied = JSON.parse(listing.body) as typeof direct
    expect({ ...proxied, setup: { ...proxied.setup, date: '' } }).toEqual({ ...direct, setup: { ...direct.setup, date: '' } })
    const hash = direct.action.find((a) => a.scheme === 1)!.hash_id
    const sessions = await h2Request(proxy.url, '/api/scheme/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ hash }),
    })
    expect(sessions.status).toBe(200)
    expect((JSON.parse(sessions.body) as { calendar: unknown[] }).calendar.length).toBeGreaterThan(0)
  })

  it('answers 502 when the server is gone, without dropping the connection', async () => {
    const orphan = await startH2Proxy('http://127.0.0.1:9')
    try {
      expect((await h2Request(orphan.url, '/api/token')).status).toBe(502)
    } finally {
      await orphan.close()
    }
  })
})
