import type { FastifyInstance } from 'fastify'
import { LANDING_ELEMENT_ID } from '../contract/landing'

/**
 * A visitor's first answers, asked once through the app itself (inject: no socket) before the
 * process listens (server.ts, WARM_START): the setup and the listing every page asks for, then
 * the first scheme event's page, whose HTML carries its landing answers (plugins/scheme-landing.ts).
 *
 * Why: the first of each after a start paid for work done once per process. Most of it is
 * fast-json-stringify compiling, at its first answer, the ajv checks it uses to choose between the
 * branches of a union (about 210 ms of the listing's first answer in a CPU profile); the rest is
 * the first run of each query and handler. Measured on this 2-core box with `npm start`: the first
 * listing answered in 696 ms and the next in 4-51 ms, and the first scheme page's landing answers
 * missed their 300 ms budget (LANDING_BUDGET_MS), so that visitor's page asked for them itself.
 * In a cluster every worker paid it at its first visitors.
 *
 * What it costs: the start takes that much longer, and these requests are logged like any other.
 * All three are reads: no session, order or queue entry is made (the landing reads the waiting
 * room's state without joining it). A failure is reported, not thrown: the answers are then
 * made on demand, as before.
 */
export const WARM_PATHS = ['/api/setup', '/api/afisha'] as const

export interface WarmAnswersReport {
  /** Each path asked and its status; the scheme page's only where the listing has a scheme event. */
  asked: { url: string; status: number }[]
  /** Whether the scheme page's HTML carried its landing answers (within their budget). */
  landing: boolean
  ms: number
}

export async function warmAnswers(app: FastifyInstance): Promise<WarmAnswersReport> {
  const started = performance.now()
  const asked: WarmAnswersReport['asked'] = []
  let listing = ''
  for (const url of WARM_PATHS) {
    const res = await app.inject({ method: 'GET', url })
    asked.push({ url, status: res.statusCode })
    if (url === '/api/afisha' && res.statusCode === 200) listing = res.body
  }
  let landing = false
  const scheme = firstSchemeEvent(listing)
  if (scheme !== null) {
    const url = `/scheme/${encodeURIComponent(scheme)}`
    const res = await app.inject({ method: 'GET', url })
    asked.push({ url, status: res.statusCode })
    landing = res.body.includes(`id="${LANDING_ELEMENT_ID}"`)
  }
  return { asked, landing, ms: Math.round(performance.now() - started) }
}

/** The hash of the listing's first event sold on a seat map, or null (none, or no listing). */
function firstSchemeEvent(listing: string): string | null {
  if (listing === '') return null
  const body = JSON.parse(listing) as { action?: { hash_id?: unknown; scheme?: unknown }[] }
  const event = body.action?.find((e) => e.scheme === 1 && typeof e.hash_id === 'string')
  return typeof event?.hash_id === 'string' ? event.hash_id : null
}
