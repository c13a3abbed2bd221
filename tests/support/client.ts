import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'

/**
 * A tiny browser-like API client for tests: keeps the session cookie, fetches the CSRF token
 * and sends POSTs with the headers the app sends. `raw` options let tests drop any of them.
 */
export class ApiClient {
  cookie = ''
  token = ''

  constructor(readonly baseUrl: string) {}

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookie && !headers.has('cookie')) headers.set('cookie', this.cookie)
    const res = await fetch(this.baseUrl + pathname, { ...init, headers, redirect: 'manual' })
    const set = res.headers.getSetCookie()
    if (set.length) this.cookie = set.map((c) => c.split(';')[0]).join('; ')
    return res
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
