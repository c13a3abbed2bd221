import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'

/**
 * A tiny browser-like API client for tests: keeps the session cookie, fetches the CSRF token
 * and sends POSTs with the headers the app sends. `raw` options let tests drop any of them.
 */
export class ApiClient {
  cookie = ''
  token = ''
  /**
   * How many times a "busy, try again" answer (503 with Retry-After: a lock or a connection was not
   * to be had in time, and nothing changed) is retried after the time it names, as a patient
   * visitor would. 0 (default) returns it to the test; rush tests set it so every buyer finishes.
   */
  busyRetries = 0

  constructor(readonly baseUrl: string) {}

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const headers = new Headers(init.headers)
      if (this.cookie && !headers.has('cookie')) headers.set('cookie', this.cookie)
      const res = await fetch(this.baseUrl + pathname, { ...init, headers, redirect: 'manual' })
      const set = res.headers.getSetCookie()
      if (set.length) this.cookie = set.map((c) => c.split(';')[0]).join('; ')
      const retryAfterS = Number(res.headers.get('retry-after'))
      if (res.status !== 503 || !(retryAfterS > 0) || attempt >= this.busyRetries) return res
      await res.arrayBuffer()
      // Spread the retries over the named time, so the buyers told to wait do not all come back at once.
      await new Promise((r) => setTimeout(r, retryAfterS * 1000 * (0.5 + Math.random() / 2)))
    }
  }

  async getJson<T = unknown>(pathname: string): Promise<{ status: number; body: T }> {
    const res = await this.fetch(pathname)
    return { status: res.status, body: (await res.json()) as T }
  }

  /** GET /api/token: starts the session and remembers the token. */
  async startSession(): Promise<string> {
    const { body } = await this.getJson<{ response: string }>('/api/token')
    this.token = body.response
    return this.token
  }

  /** POST like the app: JSON body, CSRF token and X-Requested-With (each can be left out). */
  async post<T = unknown>(
    pathname: string,
    body: unknown,
    opts: { token?: string | null; xhr?: boolean; rawBody?: string; contentType?: string } = {},
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { 'content-type': opts.contentType ?? 'application/json' }
    const token = opts.token === undefined ? this.token : opts.token
    if (token) headers[CSRF_HEADER] = token
    if (opts.xhr !== false) headers[XHR_HEADER] = XHR_VALUE
    const res = await this.fetch(pathname, { method: 'POST', headers, body: opts.rawBody ?? JSON.stringify(body) })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // Leave non-JSON answers as text; the test's assertion will show them.
    }
    return { status: res.status, body: parsed as T }
  }
}
