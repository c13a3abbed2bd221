import type { Role } from '../../src/contract/admin/roles'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'
import { createOperator } from '../../src/server/admin/auth'
import type { TestServer } from '../support/server'

/** Password of every operator the tests make. */
export const PASSWORD = 'a long test password'

export interface Answer<T = Record<string, unknown>> {
  status: number
  body: T & { errorCode?: string; errorText?: string }
}

/** A console client like the browser's: keeps the operator cookie and the CSRF token, sends ?lang=. */
export class AdminClient {
  cookie = ''
  csrf = ''
  bearer = ''
  constructor(
    readonly baseUrl: string,
    public lang = 'en',
  ) {}

  /** An empty lang sends none in the query, as an API client naming it in the body only. */
  private withLang(pathname: string): string {
    if (!this.lang) return pathname
    return `${pathname}${pathname.includes('?') ? '&' : '?'}lang=${this.lang}`
  }

  async call<T = Record<string, unknown>>(method: 'GET' | 'POST', pathname: string, body?: unknown, opts: { csrf?: string | null; xhr?: boolean } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = {}
    if (this.cookie) headers.cookie = this.cookie
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`
    if (method === 'POST') {
      headers['content-type'] = 'application/json'
      if (opts.xhr !== false) headers[XHR_HEADER] = XHR_VALUE
      const csrf = opts.csrf === undefined ? this.csrf : opts.csrf
      if (csrf) headers[CSRF_HEADER] = csrf
    }
    const res = await fetch(this.baseUrl + this.withLang(pathname), { method, headers, body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined })
    const set = res.headers.getSetCookie()
    if (set.length) this.cookie = set.map((c) => c.split(';')[0]).join('; ')
    return { status: res.status, body: (await res.json()) as Answer<T>['body'] }
  }
  get<T = Record<string, unknown>>(pathname: string) {
    return this.call<T>('GET', pathname)
  }
  post<T = Record<string, unknown>>(pathname: string, body?: unknown, opts?: { csrf?: string | null; xhr?: boolean }) {
    return this.call<T>('POST', pathname, body, opts)
  }

  async login(email: string, password = PASSWORD): Promise<Answer<{ csrf: string }>> {
    const a = await this.post<{ csrf: string }>('/api/admin/login', { email, password })
    if (a.status === 200) this.csrf = a.body.csrf
    return a
  }
}

/** Makes an operator of `role` straight in the database (as the CLI does) and signs them in. */
export async function signedIn(server: TestServer, role: Role, email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.org`): Promise<AdminClient> {
  await createOperator(server.db, { email, name: role, role, password: PASSWORD, lang: 'en' }, Date.now())
  const client = new AdminClient(server.url)
  const a = await client.login(email)
  if (a.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(a.body)}`)
  return client
}
