import { buildPath, calls, type CallName, type ParamsOf, type RequestOf, type ResponseOf } from './calls'
import { ErrorCode, isApiError } from './errors'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE, tokenResponseSchema } from './entities/token'
import { READ_CALLS } from './read-calls'

/**
 * A framework-free typed client of the storefront API, for the React app and for integration
 * tests. It fetches the CSRF token once (GET /api/token), sends it with the XMLHttpRequest marker
 * on every POST, parses every success answer with the call's response schema, and turns error
 * answers into ApiCallError. A -1000 answer (token expired with the session) refetches the token
 * and retries the call once. A read call (contract/read-calls.ts) answered busy (503: an on-sale
 * rush, a lock or pool wait past its bound) is sent again after the answer's Retry-After, up to
 * BUSY_RETRIES times, so a page loads instead of showing "busy"; any other call's busy answer is
 * the visitor's to retry (a buying call may not be repeated behind his back).
 *
 * In Node there is no browser cookie store, so the client keeps the cookies of set-cookie
 * answers itself and sends them back; in a browser it relies on credentials: 'include'.
 */

export class ApiCallError extends Error {
  readonly errorCode: string
  readonly errorText: string
  /** HTTP status of the answer (0 when the request did not reach the server). */
  readonly status: number

  constructor(errorCode: string, errorText: string, status: number, options?: { cause?: unknown }) {
    super(`${errorText} (code ${errorCode}, HTTP ${status})`, options)
    this.name = 'ApiCallError'
    this.errorCode = errorCode
    this.errorText = errorText
    this.status = status
  }
}

export interface ApiClientOptions {
  /** '' for same origin (the app), 'http://127.0.0.1:PORT' in tests. */
  baseUrl: string
  /** Defaults to the global fetch. */
  fetch?: typeof fetch
  /**
   * The visitor's language, sent as `lang` in every POST body that does not carry its own, so
   * every refusal comes back in that language (the server's errors speak the request's lang).
   */
  lang?: () => string
  /** Headers added to a call (the app's waiting-room admission token on buying calls), given its body. */
  headers?: (name: CallName, body: unknown) => Record<string, string> | undefined
  /**
   * An answer to this exact request already on its way (the storefront's entry sends the scheme
   * page's first calls before the app loads: app/boot/earlyAnswers.ts), or undefined. The client
   * uses it instead of sending the request; if it fails, the client sends the request itself.
   */
  early?: (method: string, path: string, body: string | undefined) => Promise<{ status: number; json: unknown }> | undefined
}

export interface ApiClient {
  /** Calls an API by its registry key; body is the request (JSON for POST, query for GET). */
  call<N extends CallName>(name: N, body?: RequestOf<N>, params?: ParamsOf<N>): Promise<ResponseOf<N>>
  /** The current CSRF token, fetching it when none is held yet. */
  token(): Promise<string>
  /** Forgets the token (the next POST fetches a new one). */
  resetToken(): void
  /** Absolute URL of an API path (for EventSource and images). */
  url(path: string): string
  /** The cookie header the client sends in Node ('' in a browser or before any cookie). */
  cookieHeader(): string
}

const IN_BROWSER = typeof document !== 'undefined'

/** The status of the server's "busy, try again" answer. */
const HTTP_BUSY = 503
/** Times a read call is sent again after a busy answer (503). */
export const BUSY_RETRIES = 2
/** Wait before sending again when the busy answer names none (the server's own default is 2 s). */
const BUSY_WAIT_DEFAULT_MS = 2000
/** Longest wait honoured: a page should not hang longer on one answer. */
const BUSY_WAIT_MAX_MS = 5000

/** The wait a Retry-After header asks for (seconds; an HTTP date is not sent by our server). */
function busyWaitMs(retryAfter: string | null): number {
  const seconds = retryAfter === null ? NaN : Number(retryAfter)
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, BUSY_WAIT_MAX_MS) : BUSY_WAIT_DEFAULT_MS
}

/** One answer: status, parsed JSON and the Retry-After header (null when absent, or an early answer). */
interface Answer {
  status: number
  json: unknown
  retryAfter: string | null
}

/** The answer of a read that was not busy: `first`, or `send`'s again after the wait each busy answer asks for (BUSY_RETRIES at most). */
async function untilNotBusy(first: Answer, send: () => Promise<Answer>): Promise<Answer> {
  let answer = first
  for (let tries = 0; answer.status === HTTP_BUSY && tries < BUSY_RETRIES; tries++) {
    await new Promise((resolve) => setTimeout(resolve, busyWaitMs(answer.retryAfter)))
    answer = await send()
  }
  return answer
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const base = options.baseUrl.replace(/\/+$/, '')
  const jar = new Map<string, string>()
  let tokenPromise: Promise<string> | null = null

  const url = (path: string) => `${base}${path}`
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

  function keepCookies(res: Response): void {
    if (IN_BROWSER) return
    const headers = res.headers as Headers & { getSetCookie?: () => string[] }
    const list = headers.getSetCookie?.() ?? []
    for (const line of list) {
      const pair = line.split(';', 1)[0]
      const eq = pair.indexOf('=')
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      // An expired or emptied cookie is a deletion.
      if (value === '' || /;\s*max-age=0\s*(;|$)/i.test(line)) jar.delete(name)
      else jar.set(name, value)
    }
  }

  async function send(path: string, init: RequestInit): Promise<Answer> {
    const early = options.early?.(init.method ?? 'GET', path, typeof init.body === 'string' ? init.body : undefined)
    if (early !== undefined) {
      try {
        return { ...(await early), retryAfter: null }
      } catch {
        // The early request failed (network, not JSON): this one goes to the server as usual.
      }
    }
    const headers = new Headers(init.headers)
    headers.set('Accept', 'application/json')
    if (!IN_BROWSER && jar.size > 0) headers.set('Cookie', cookieHeader())
    let res: Response
    try {
      res = await doFetch(url(path), { ...init, headers, credentials: 'include' })
    } catch (e) {
      throw new ApiCallError(ErrorCode.INTERNAL, `Network error: ${(e as Error).message}`, 0, { cause: e })
    }
    keepCookies(res)
    const text = await res.text()
    let json: unknown
    try {
      json = text === '' ? null : JSON.parse(text)
    } catch (e) {
      throw new ApiCallError(ErrorCode.INTERNAL, `Answer of ${path} is not JSON (HTTP ${res.status})`, res.status, { cause: e })
    }
    return { status: res.status, json, retryAfter: res.headers.get('retry-after') }
  }

  function fetchToken(): Promise<string> {
    const p = (async () => {
      const get = () => send(calls.token.path, { method: 'GET' })
      const { status, json } = await untilNotBusy(await get(), get)
      if (isApiError(json)) throw new ApiCallError(String(json.errorCode), json.errorText, status)
      const parsed = tokenResponseSchema.safeParse(json)
      if (!parsed.success) throw new ApiCallError(ErrorCode.INTERNAL, 'The token answer has no token', status)
      return parsed.data.response
    })()
    // A failed fetch must not stick: the next call tries again.
    p.catch(() => {
      if (tokenPromise === p) tokenPromise = null
    })
    return p
  }

  function token(): Promise<string> {
    tokenPromise ??= fetchToken()
    return tokenPromise
  }

  async function call<N extends CallName>(name: N, body?: RequestOf<N>, params?: ParamsOf<N>): Promise<ResponseOf<N>> {
    const def = calls[name]
    const path = buildPath(def.path, params as Record<string, string | number> | undefined)

    const attempt = async (): Promise<Answer> => {
      if (def.method === 'GET') {
        const query = toQuery(body)
        return send(query ? `${path}?${query}` : path, { method: 'GET' })
      }
      const csrf = await token()
      return send(path, {
        method: 'POST',
        headers: { ...options.headers?.(name, body), 'Content-Type': 'application/json', [CSRF_HEADER]: csrf, [XHR_HEADER]: XHR_VALUE },
        body: JSON.stringify(withLang(body ?? {}, options.lang?.())),
      })
    }

    let answer = await attempt()
    if (def.method === 'POST' && isApiError(answer.json) && String(answer.json.errorCode) === ErrorCode.CSRF) {
      tokenPromise = null
      answer = await attempt()
    }
    if (READ_CALLS.has(name)) answer = await untilNotBusy(answer, attempt)
    const { status, json } = answer
    if (isApiError(json)) throw new ApiCallError(String(json.errorCode), String(json.errorText ?? ''), status)
    if (status >= 400) throw new ApiCallError(ErrorCode.INTERNAL, `HTTP ${status} from ${path}`, status)
    const parsed = def.response.safeParse(json)
    if (!parsed.success) {
      throw new ApiCallError(ErrorCode.INTERNAL, `Answer of ${name} does not match the contract: ${parsed.error.message}`, status, {
        cause: parsed.error,
      })
    }
    return parsed.data as ResponseOf<N>
  }

  return {
    call,
    token,
    resetToken: () => {
      tokenPromise = null
    },
    url,
    cookieHeader,
  }
}

/** A POST body with the visitor's `lang` added, unless the body names its own (or none is known). */
function withLang(body: object, lang: string | undefined): object {
  if (lang === undefined || Array.isArray(body) || 'lang' in body) return body
  return { ...body, lang }
}

/** A GET call's query from a plain object (undefined values skipped). */
function toQuery(body: unknown): string {
  if (typeof body !== 'object' || body === null) return ''
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) q.set(k, String(v))
  return q.toString()
}
