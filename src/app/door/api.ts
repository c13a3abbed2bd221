import type { z } from 'zod'
import { adminCalls, type AdminCallName, type AdminCalls } from '../../contract/admin/calls'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../contract/entities/token'
import { ErrorCode } from '../../contract/errors'
import type { Lang } from '../../contract/lang'

/**
 * A refusal by the server (it answered): its code and text in the app's language; an answer
 * without words (`message` empty: a proxy's page, a body that is not ours) keeps the HTTP
 * status line in `statusText` for the technical details, never as the steward's text.
 */
export class DoorApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly statusText = '',
  ) {
    super(message)
  }
}
/** No answer (offline, or slower than the limit): the app decides on its own. */
export class NoNetwork extends Error {}

export interface DoorAuth {
  lang: () => Lang
  csrf: () => string
  setCsrf: (csrf: string) => void
  /** A door API token (sw_…) instead of the operator cookie; '' = cookie. */
  bearer: () => string
}

/**
 * The check-in app's client of the console calls (contract/admin/calls.ts): the operator cookie
 * with its CSRF token, or a door API token; `timeoutMs` bounds the wait, so a scan falls back to
 * the offline answer instead of keeping a queue of people waiting on a dying network.
 */
export function createDoorApi(auth: DoorAuth) {
  async function call<N extends AdminCallName>(name: N, input: z.input<AdminCalls[N]['request']>, timeoutMs?: number): Promise<z.output<AdminCalls[N]['response']>> {
    // A page opened offline never read its session's CSRF token (or the session renewed it): read it, then post.
    const cookie = adminCalls[name].method === 'POST' && !auth.bearer()
    if (cookie && !auth.csrf()) auth.setCsrf((await send('me', {}, timeoutMs)).csrf)
    try {
      return await send(name, input, timeoutMs)
    } catch (err) {
      if (!(cookie && err instanceof DoorApiError && err.errorCode === ErrorCode.CSRF)) throw err
      auth.setCsrf((await send('me', {}, timeoutMs)).csrf)
      return send(name, input, timeoutMs)
    }
  }
  async function send<N extends AdminCallName>(name: N, input: z.input<AdminCalls[N]['request']>, timeoutMs?: number): Promise<z.output<AdminCalls[N]['response']>> {
    const def = adminCalls[name]
    const query = new URLSearchParams({ lang: auth.lang() })
    if (def.method === 'GET') for (const [k, v] of Object.entries(input as object)) if (v !== undefined) query.set(k, String(v))
    const headers: Record<string, string> = {}
    const bearer = auth.bearer()
    if (bearer) headers.authorization = `Bearer ${bearer}`
    if (def.method === 'POST') Object.assign(headers, { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE }, bearer ? {} : { [CSRF_HEADER]: auth.csrf() })
    const abort = new AbortController()
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => abort.abort(), timeoutMs)
    let res: Response
    try {
      res = await fetch(`${def.path}?${query.toString()}`, { method: def.method, credentials: 'same-origin', headers, body: def.method === 'POST' ? JSON.stringify(input) : undefined, signal: abort.signal })
    } catch {
      throw new NoNetwork()
    } finally {
      clearTimeout(timer)
    }
    const body = (await res.json().catch(() => ({}))) as { errorCode?: string; errorText?: string }
    // A proxy or captive portal answering instead of our server counts as no network.
    if (res.status >= 502 && res.status <= 504) throw new NoNetwork()
    if (!res.ok) throw new DoorApiError(res.status, body.errorCode ?? '', body.errorText ?? '', res.statusText)
    return def.response.parse(body) as z.output<AdminCalls[N]['response']>
  }
  return call
}
export type DoorApi = ReturnType<typeof createDoorApi>
