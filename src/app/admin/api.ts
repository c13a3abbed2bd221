import type { z } from 'zod'
import { adminCalls, type AdminCallName, type AdminCalls } from '../../contract/admin/calls'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../contract/entities/token'
import type { Lang } from '../../contract/lang'

/** A refusal of a console call: the server's code and text (in the operator's language). */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** The answer's fields beside errorCode and errorText (a confirmation's counts: server/errors.ts ApiFailure.details). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message)
  }
}

/**
 * The server could not be reached: fetch failed (no network, server down: the browser's own
 * "Failed to fetch", in its language and not the console's) or what answered was not the
 * server's JSON (a proxy's error page). Screens show their own text for it.
 */
export class AdminUnreachableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The server could not be reached', options)
  }
}

/**
 * The console's typed client: calls by contract key, fills path parameters, sends the language
 * and (for POSTs) the CSRF token of the operator session; answers are parsed with the contract.
 */
export function createAdminApi(getLang: () => Lang, getCsrf: () => string) {
  return async function call<N extends AdminCallName>(
    name: N,
    input: z.input<AdminCalls[N]['request']>,
    params: Record<string, string | number> = {},
  ): Promise<z.output<AdminCalls[N]['response']>> {
    const def = adminCalls[name]
    let path: string = def.path.replace(/:(\w+)/g, (_m, k: string) => encodeURIComponent(String(params[k])))
    const query = new URLSearchParams({ lang: getLang() })
    if (def.method === 'GET') for (const [k, v] of Object.entries(input as object)) if (v !== undefined) query.set(k, String(v))
    path += `?${query.toString()}`
    let res: Response
    let body: { errorCode?: string; errorText?: string } & Record<string, unknown>
    try {
      res = await fetch(path, {
        method: def.method,
        credentials: 'same-origin',
        headers: def.method === 'POST' ? { 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE, [CSRF_HEADER]: getCsrf() } : {},
        body: def.method === 'POST' ? JSON.stringify(input) : undefined,
      })
      body = (await res.json()) as typeof body
    } catch (e) {
      throw new AdminUnreachableError({ cause: e })
    }
    if (!res.ok) {
      const { errorCode, errorText, ...details } = body
      throw new AdminApiError(res.status, errorCode ?? '', errorText ?? res.statusText, details)
    }
    return def.response.parse(body) as z.output<AdminCalls[N]['response']>
  }
}
export type AdminApi = ReturnType<typeof createAdminApi>
