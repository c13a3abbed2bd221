/**
 * The buyers of the rush benchmark (bench/load/run.ts): each one a visitor with its own session
 * and address (behind a trusted proxy, as TRUST_PROXY=loopback says), timing every call it makes.
 */
import http from 'node:http'
import { Worker } from 'node:worker_threads'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'

/** A call that takes longer than this counts as hung (a frozen process holds it). */
export const CALL_TIMEOUT_MS = 30_000

export interface CallResult {
  ms: number
  /** performance.now() when the answer (or the failure) came. */
  at: number
  /** HTTP status; 0 for a network error (a killed process), -1 for a hung call. */
  status: number
  body: Record<string, unknown> | null
  /** The pid of the server process that answered (X-Served-By, SERVED_BY_HEADER=1); null without an answer. */
  servedBy: number | null
}

/** The answer header naming the process (src/server/app.ts SERVED_BY_HEADER; the servers run with SERVED_BY_HEADER=1). */
const SERVED_BY = 'x-served-by'

/**
 * The buyers' connections: kept alive and shared, as a pool of browsers behind one proxy would
 * reuse theirs. node:http rather than fetch: on this 2-core box the load generator shares the
 * cores with the servers and PostgreSQL, and fetch (undici's, with a timer signal a call) cost
 * 2.6-2.9 times the client CPU a call of http.request in a local A/B (4,000 JSON POSTs, 200 at
 * once: 1.39 / 0.82 against 0.48 / 0.32 ms of one process's CPU a call, tiny server included):
 * CPU the servers then lacked.
 *
 * Every idle connection is kept (`maxFreeSockets`, 256 by default): with more buyers than that,
 * each burst closed the surplus and the next one opened them again, and a new connection costs
 * the cluster a hand-over by the primary and TCP set-up, which a proxy that keeps its upstream
 * connections (nginx `keepalive`, README "Deployment") does not pay per request: 400 holds at
 * once measured 1.48 ms of server CPU a hold with the default and 1.15 ms with this
 * (bench:load:cpu, 2026-11-30).
 */
const agent = new http.Agent({ keepAlive: true, maxFreeSockets: Infinity })

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

/** One request; rejects on a network error, and on CALL_TIMEOUT_MS without a whole answer (error name 'TimeoutError'). */
function send(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const h = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }
    const req = http.request(url, { method, headers: h, agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        clearTimeout(timer)
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') })
      })
      res.on('error', fail)
    })
    const timer = setTimeout(() => {
      const e = new Error(`no answer within ${CALL_TIMEOUT_MS} ms`)
      e.name = 'TimeoutError'
      req.destroy(e)
    }, CALL_TIMEOUT_MS)
    function fail(e: Error) {
      clearTimeout(timer)
      reject(e)
    }
    req.on('error', fail)
    req.end(body)
  })
}

const servedByOf = (a: Answer) => {
  const v = a.headers[SERVED_BY]
  return typeof v === 'string' ? Number(v) : null
}

let nextAddress = 1
const freshAddress = () => {
  const n = nextAddress++
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

export class Buyer {
  cookie = ''
  csrf = ''
  readonly address = freshAddress()
  constructor(readonly base: string) {}

  async call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
    const h: Record<string, string> = { 'x-forwarded-for': this.address, ...headers }
    if (this.cookie) h.cookie = this.cookie
    if (method === 'POST') {
      h['content-type'] = 'application/json'
      h[CSRF_HEADER] = this.csrf
      h[XHR_HEADER] = XHR_VALUE
    }
    const started = performance.now()
    try {
      const res = await send(this.base + path, method, h, method === 'POST' ? JSON.stringify(body ?? {}) : undefined)
      const set = res.headers['set-cookie'] ?? []
      if (set.length) this.cookie = set.map((c) => c.split(';')[0]).join('; ')
      let parsed: Record<string, unknown> | null = null
      try {
        parsed = JSON.parse(res.text) as Record<string, unknown>
      } catch {
        parsed = null
      }
      return { ms: performance.now() - started, at: performance.now(), status: res.status, body: parsed, servedBy: servedByOf(res) }
    } catch (e) {
      const hung = (e as Error).name === 'TimeoutError'
      return { ms: performance.now() - started, at: performance.now(), status: hung ? -1 : 0, body: null, servedBy: null }
    }
  }

  /**
   * A browser's form post (application/x-www-form-urlencoded, the bank page's buttons), redirects
   * not followed: body.location holds where the answer sends the browser.
   */
  async form(path: string, fields: Record<string, string>): Promise<CallResult> {
    const h: Record<string, string> = { 'x-forwarded-for': this.address, 'content-type': 'application/x-www-form-urlencoded' }
    if (this.cookie) h.cookie = this.cookie
    const started = performance.now()
    try {
      const res = await send(this.base + path, 'POST', h, new URLSearchParams(fields).toString())
      const location = res.headers.location ?? null
      return { ms: performance.now() - started, at: performance.now(), status: res.status, body: { location }, servedBy: servedByOf(res) }
    } catch (e) {
      const hung = (e as Error).name === 'TimeoutError'
      return { ms: performance.now() - started, at: performance.now(), status: hung ? -1 : 0, body: null, servedBy: null }
    }
  }

  /** Starts the session (GET /api/token); retried a few times (a process may be restarting). */
  async start(): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const r = await this.call('GET', '/api/token')
      if (r.status === 200 && typeof r.body?.response === 'string') {
        this.csrf = r.body.response
        return
      }
      await new Promise((ok) => setTimeout(ok, 200))
    }
    throw new Error(`no session for ${this.address}`)
  }
}

/** Percentiles and counts of a set of calls. */
export interface CallStats {
  calls: number
  ok: number
  /** Status → count, for everything not 200 (0: network error, -1: hung past CALL_TIMEOUT_MS). */
  other: Record<string, number>
  /** Answers with a 5xx status other than 503 "busy, try again" (target: none). */
  errors5xx: number
  p50_ms: number
  p99_ms: number
  max_ms: number
}

export function stats(results: readonly CallResult[], ok: (r: CallResult) => boolean = (r) => r.status === 200): CallStats {
  const ms = results.filter((r) => r.status > 0).map((r) => r.ms).sort((a, b) => a - b)
  const at = (q: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] : 0)
  const other: Record<string, number> = {}
  for (const r of results) if (r.status !== 200) other[r.status] = (other[r.status] ?? 0) + 1
  const round = (x: number) => Math.round(x * 10) / 10
  return {
    calls: results.length,
    ok: results.filter(ok).length,
    other,
    errors5xx: results.filter((r) => r.status >= 500 && r.status !== 503).length,
    p50_ms: round(at(0.5)),
    p99_ms: round(at(0.99)),
    max_ms: round(ms[ms.length - 1] ?? 0),
  }
}

/** Starts `n` buyers' sessions, `width` at a time (not timed: the rush is what is measured). */
export async function startBuyers(base: string, n: number, width = 50): Promise<Buyer[]> {
  const out: Buyer[] = Array.from({ length: n }, () => new Buyer(base))
  for (let i = 0; i < n; i += width) await Promise.all(out.slice(i, i + width).map((b) => b.start()))
  return out
}

/** Pause between one unrelated-page fetch and the next. */
const PROBE_GAP_MS = 20

/** A visitor who is not in the rush, fetching an unrelated page (the listing) one fetch after another. */
export interface UnrelatedVisitor {
  /** Starts fetching (each fetch is recorded). */
  start(): void
  /** Stops after the fetch under way and answers every recorded fetch. */
  stop(): Promise<CallResult[]>
}

/**
 * Readies a visitor who is not in the rush: what they see is the unrelated page's time. The
 * visitor runs in its own thread (probe-worker.mjs): in this thread each fetch also waited its
 * turn behind the load generator's own work for the rush (sending 1,000 calls, reading their
 * answers), which a real visitor's browser does not share; it still shares the cores, as
 * everything on this box does. Its connection is opened by one fetch before it is ready (not
 * recorded), as the buyers' are before their bursts: behind a proxy that keeps its upstream
 * connections (README "Deployment") a visitor's request rides one, while a fresh connection costs
 * the cluster a hand-over by the primary to a busy worker. bench:load:cpu --probes=4, one run each,
 * 2026-11-30: a visitor's first fetch, sent with the holds' burst on a new connection, 0.77-0.83 s.
 */
export async function unrelatedVisitor(base: string, path: string): Promise<UnrelatedVisitor> {
  const page: CallResult[] = []
  const worker = new Worker(new URL('./probe-worker.mjs', import.meta.url), {
    workerData: { base, path, gapMs: PROBE_GAP_MS, address: freshAddress(), timeoutMs: CALL_TIMEOUT_MS },
  })
  let ready = () => {}
  let done = () => {}
  const isReady = new Promise<void>((ok) => (ready = ok))
  const finished = new Promise<void>((ok) => (done = ok))
  const failed = new Promise<never>((_, reject) => worker.on('error', reject))
  worker.on('message', (m: 'ready' | 'done' | { ms: number; at: number; status: number; servedBy: number | null }) => {
    if (m === 'ready') return ready()
    if (m === 'done') return done()
    // The thread's wall-clock time on this thread's performance clock.
    page.push({ ms: m.ms, at: m.at - performance.timeOrigin, status: m.status, body: null, servedBy: m.servedBy })
  })
  await Promise.race([isReady, failed])
  return {
    start: () => worker.postMessage('go'),
    stop: async () => {
      worker.postMessage('stop')
      await Promise.race([finished, failed])
      await worker.terminate()
      return page
    },
  }
}
