import type { FastifyInstance } from 'fastify'
import type { AfishaResponse } from '../contract/entities/afisha'
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
const SETUP_PATH = '/api/setup'
const LISTING_PATH = '/api/afisha'
/** Asked first, in this order (the listing's answer names the scheme page asked after them). */
export const WARM_PATHS = [SETUP_PATH, LISTING_PATH] as const

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
  const ask = async (url: string) => {
    const res = await app.inject({ method: 'GET', url })
    asked.push({ url, status: res.statusCode })
    return res
  }
  await ask(SETUP_PATH)
  const listing = await ask(LISTING_PATH)
  const scheme = listing.statusCode === 200 ? firstSchemeEvent(listing.json<AfishaResponse>()) : null
  const landing = scheme !== null && (await ask(`/scheme/${encodeURIComponent(scheme)}`)).body.includes(`id="${LANDING_ELEMENT_ID}"`)
  return { asked, landing, ms: Math.round(performance.now() - started) }
}

/** The hash of the listing's first event sold on a seat map, or null where it has none. */
const firstSchemeEvent = (listing: AfishaResponse): string | null => listing.action.find((e) => e.scheme === 1)?.hash_id ?? null
