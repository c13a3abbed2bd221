/**
 * A TLS + HTTP/2 reverse proxy in front of the storefront, for the browser probes' `--h2`: what a
 * visitor meets in production, where nginx, Caddy or a load balancer terminates TLS and speaks
 * HTTP/2 to the browser. On HTTP/1.1 the page has six connections to the server; on the phone
 * profile (150 ms a request) its ~50 requests queue for them in waves (the token waited 400-500 ms
 * behind the route's chunks in bench:timeline). Over HTTP/2 they share one connection.
 * Forwards every request to the server over HTTP/1.1 keep-alive with X-Forwarded-For; a
 * self-signed certificate made at start (the browser context ignores certificate errors).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import os from 'node:os'
import path from 'node:path'

/** Headers HTTP/2 forbids (connection-specific), dropped from the upstream's answers. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'])

export interface H2Proxy {
  url: string
  close(): Promise<void>
}

function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-h2-'))
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
    return { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export async function startH2Proxy(upstream: string): Promise<H2Proxy> {
  const target = new URL(upstream)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const server = http2.createSecureServer({ ...selfSigned(), allowHTTP1: true }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = {}
    for (const [k, v] of Object.entries(req.headers)) if (!k.startsWith(':') && !HOP_BY_HOP.has(k)) headers[k] = v
    headers.host = req.headers[':authority'] ?? req.headers.host ?? target.host
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1'
    headers['x-forwarded-proto'] = 'https'
    const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      const back: http.OutgoingHttpHeaders = {}
      for (const [k, v] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) back[k] = v
      res.writeHead(answer.statusCode ?? 502, back)
      answer.pipe(res)
    })
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(out)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.close(() => resolve())
        // Open HTTP/2 sessions (the browser's) would keep close waiting.
        setTimeout(resolve, 1000).unref()
      }),
  }
}
