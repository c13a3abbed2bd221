import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../contract/entities/tokenHeaders'
import { resolveLang } from '../i18n/lang'
import { routeSession } from '../../contract/selection'
import type { SchemeSession } from '../../contract/entities/scheme'
import { LANDING_ELEMENT_ID, SCHEME_PAGE_ROUTE, type LandingAnswers } from '../../contract/landing'

/**
 * The scheme page's API calls, sent by the entry before the app has loaded (issue 16: the map's
 * critical path). The page asked them one level after another, each level waiting for the one
 * before: the route's chunks, then the CSRF token, then the header and sessions, then the waiting
 * room's status, then the compiled map's location, then the venue and statuses (10 round-trip
 * levels to the map on the phone profile; 150 ms each there). Here the token goes with the page's
 * own chunks, the header and sessions right after it, the compiled location and the waiting room
 * right after the sessions, while the app is still evaluating its boot stages.
 *
 * The answers are raw (status and parsed JSON): the API client takes an answer when it sends the
 * very same request (method, path and body, byte for byte: `takeEarlyAnswer`), and parses it
 * with the call's schema as usual; each answer is taken once. A request the app makes
 * differently (another language, another session chosen) finds nothing and goes to the server.
 * An answer not taken within EARLY_ANSWER_TTL_MS is dropped: it is only meant for the first load.
 *
 * Where the page's HTML carries its landing answers (contract/landing.ts: the header, sessions,
 * the chosen session's room when it is off and its compiled map's location, written by the
 * server with the page), those are the early answers, and only the token (and a room that is
 * on) is asked: the venue worker gets the map's URLs as the entry runs, three round trips sooner.
 * Costs the entry ~2 kB (no zod: the selection rules and header names are zod-free modules).
 */

/** What a request answered: as the contract client's own `send` gives it. */
export interface EarlyAnswer {
  status: number
  json: unknown
}

/** How long an early answer may wait to be taken: the first load on a slow phone takes ~5 s. */
export const EARLY_ANSWER_TTL_MS = 30_000

const answers = new Map<string, { answer: Promise<EarlyAnswer>; at: number }>()

const keyOf = (method: string, path: string, body: string | undefined) => `${method} ${path} ${body ?? ''}`

/** The early answer of exactly this request, once (later callers get undefined and fetch themselves). */
export function takeEarlyAnswer(method: string, path: string, body: string | undefined, now = Date.now()): Promise<EarlyAnswer> | undefined {
  const key = keyOf(method, path, body)
  const hit = answers.get(key)
  answers.delete(key)
  return hit !== undefined && now - hit.at <= EARLY_ANSWER_TTL_MS ? hit.answer : undefined
}

async function send(path: string, init: RequestInit): Promise<EarlyAnswer> {
  // High priority: ahead of the route chunks the entry preloads (routeChunks.ts) in the queue.
  const res = await fetch(path, { ...init, headers: { ...init.headers, Accept: 'application/json' }, credentials: 'include', priority: 'high' })
  const text = await res.text()
  return { status: res.status, json: text === '' ? null : (JSON.parse(text) as unknown) }
}

function remember(method: string, path: string, body: string | undefined, answer: Promise<EarlyAnswer>): Promise<EarlyAnswer> {
  // A failed early request is the client's to repeat: nobody waits on this promise's rejection.
  answer.catch(() => {})
  answers.set(keyOf(method, path, body), { answer, at: Date.now() })
  return answer
}

const okJson = (a: EarlyAnswer): Record<string, unknown> | null =>
  a.status === 200 && typeof a.json === 'object' && a.json !== null && !('errorCode' in a.json && String((a.json as { errorCode: unknown }).errorCode) !== '0') ? (a.json as Record<string, unknown>) : null

/** The landing answers the page's HTML carries (contract/landing.ts), or null where it has none. */
export function readLanding(doc: { getElementById(id: string): { textContent: string | null } | null } | undefined = typeof document === 'undefined' ? undefined : document): LandingAnswers | null {
  const text = doc?.getElementById(LANDING_ELEMENT_ID)?.textContent
  if (!text) return null
  try {
    const value = JSON.parse(text) as unknown
    return typeof value === 'object' && value !== null && typeof (value as LandingAnswers).hash === 'string' ? (value as LandingAnswers) : null
  } catch {
    return null
  }
}

/** An answer the landing carries, as the call would have given it; null where it carries none. */
const landed = (json: unknown): Promise<EarlyAnswer> | null => (json === undefined || json === null ? null : Promise.resolve({ status: 200, json }))

/** Where the compiled map of the session lies, as the compiled call answers it. */
export interface CompiledLocation {
  venueUrl: string
  statusesUrl: string
}

/**
 * On a scheme URL, sends the page's first calls now (see above): GET /api/token; POST /api/scheme
 * and /api/scheme/sessions; then, for the session the page will choose (the same selection
 * rules, kernel/selection.ts), /api/queue/status and, unless `onCompiled` is null (the page
 * asked for the JSON map), /api/scheme/map/compiled; `onCompiled` receives the compiled venue's
 * and statuses' URLs (the venue worker starts downloading them) when the waiting room is off or
 * has admitted the visitor. `onSent` is called once the header's and sessions' POSTs have left (or
 * the token failed, so they never will): the entry holds the route's chunk preloads until then
 * (boot/routeChunks.ts). Answers false where the URL is not a scheme page (`onSent` not called).
 * `landing`: the answers the page's HTML carries (readLanding), used where they are of this
 * page's event and session; the calls they answer are not sent.
 */
export function startSchemeAnswers(pathname: string, search: string, onCompiled: ((where: CompiledLocation) => void) | null, onSent: () => void = () => {}, landing: LandingAnswers | null = readLanding()): boolean {
  const route = SCHEME_PAGE_ROUTE.exec(pathname)
  if (route === null) return false
  let hash: string, date: string | undefined, time: string | undefined
  try {
    ;[hash, date, time] = [route[1], route[2], route[3]].map((s) => (s === undefined ? undefined : decodeURIComponent(s))) as [string, string | undefined, string | undefined]
  } catch {
    return false
  }
  // The language the app will send (boot/mount.tsx, prepare): the URL's, else the default.
  const lang = resolveLang(new URLSearchParams(search).get('lang'), [])
  const token = remember('GET', '/api/token', undefined, send('/api/token', { method: 'GET' }))
  const ours = landing !== null && landing.hash === hash ? landing : null
  const post = (path: string, body: object, known: Promise<EarlyAnswer> | null = null): Promise<EarlyAnswer> => {
    const text = JSON.stringify(body)
    if (known !== null) return remember('POST', path, text, known)
    return remember('POST', path, text, token.then((t) => {
      const csrf = okJson(t)?.response
      if (typeof csrf !== 'string') throw new Error('no token')
      return send(path, { method: 'POST', headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: csrf, [XHR_HEADER]: XHR_VALUE }, body: text })
    }))
  }
  // Bodies as the client builds them: the call's own fields, then `lang` (contract/client.ts, withLang).
  void post('/api/scheme', { hash, lang }, landed(ours?.scheme))
  const sessions = post('/api/scheme/sessions', { hash, lang }, landed(ours?.sessions))
  // Registered after the two POSTs' reactions on the same promise, so it runs after their fetch
  // calls; with the landing's answers there are none to wait for.
  if (ours !== null) onSent()
  else token.then(() => onSent(), () => onSent())
  sessions.then((answer) => {
    const calendar = okJson(answer)?.calendar
    if (!Array.isArray(calendar)) return
    const list = calendar as SchemeSession[]
    const session = routeSession(list, date, time)
    if (session === null) return
    const here = ours?.session?.calendar_id === session.calendar_id ? ours.session : undefined
    const queue = post('/api/queue/status', { calendar_id: session.calendar_id, lang }, landed(here?.queue))
    if (onCompiled === null) return
    const compiled = post('/api/scheme/map/compiled', { hash, calendar_id: session.calendar_id, lang }, landed(here?.compiled))
    // The downloads only for a visitor the waiting room lets in (off, or admitted): in a rush
    // the room exists to spare the server, and a waiting visitor's page shows no map.
    Promise.all([queue, compiled]).then(([q, a]) => {
      const state = okJson(q)?.state
      const where = okJson(a) as { venue?: { url?: unknown }; statuses_url?: unknown } | null
      if ((state === 'off' || state === 'admitted') && typeof where?.venue?.url === 'string' && typeof where.statuses_url === 'string') onCompiled({ venueUrl: where.venue.url, statusesUrl: where.statuses_url })
    }, () => {})
  }, () => {})
  return true
}
