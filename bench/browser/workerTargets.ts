import type { CDPSession } from 'playwright-core'

/**
 * The page's dedicated workers as DevTools targets, for the storefront benchmark: the compiled
 * path's downloads are made by the venue worker, which the page's own Network domain never
 * reports, so bytes are counted on the workers' sessions too.
 *
 * How: `Target.setAutoAttach` on the page's session with `waitForDebuggerOnStart`, so each worker
 * is attached before it runs; on attach we enable Network there, try the profile's emulation and
 * then `Runtime.runIfWaitingForDebugger`. Playwright's public CDPSession cannot address the child
 * sessions of flat mode (their messages carry a session id it does not route), so the workers are
 * spoken to through `Target.sendMessageToTarget` (flatten: false), as workerHeapBytes does.
 *
 * What Chromium 156 answers on a worker's session (seen on this machine, recorded per run in
 * `workerEmulation`):
 * - `Network.emulateNetworkConditions`: "Not supported". It is not needed: the conditions set on
 *   the page reach its dedicated workers' requests (with 2,000 ms latency set on the page only, the
 *   worker's /api/venues/compiled and /api/scheme/map/statuses took 2,008-2,060 ms against 37-361
 *   ms without), so the phone profile's network applies to the compiled path.
 * - `Emulation.setCPUThrottlingRate`: "Operation is only supported for pages, not workers"; and
 *   the page's 4× does not slow the workers (a fixed loop took 51-136 ms in the render worker with
 *   it and 60-71 ms without, 465-683 vs 45-76 ms on the page). The phone profile's CPU slowdown is
 *   the page's main thread only; work moved into workers runs at the machine's speed.
 *
 * Playwright auto-attaches to workers itself and releases them at once, so a worker may run
 * before our Network.enable lands there. A request started before it and finished after is still
 * counted (from its end; tallied in `missedStarts`); one finished before it would be missed. The
 * venue worker's downloads start only once the page's API calls have answered, well after the
 * attach; in the runs here only the workers' first small requests started before we listened.
 */

export interface WorkerEmulation {
  /** Each attached worker's script URL (last path part) and what its session answered. */
  workers: { url: string; network: string; cpu: string }[]
}

interface Finished {
  url: string
  bytes: number
  source: 'page' | 'worker'
}

export interface ByteCount {
  total: number
  page: number
  workers: number
  largest: { path: string; bytes: number; source: 'page' | 'worker' }[]
  /** Worker requests whose start was sent before we listened (counted from their end). */
  missedStarts: number
}

const shortPath = (url: string) => (url.startsWith('http') ? new URL(url).pathname : url.slice(0, 40))

/**
 * Counts encoded bytes of every response finished on the page's session and on its workers'
 * sessions (one entry per request id: a request both report counts once).
 */
export class TargetBytes {
  private readonly urls = new Map<string, string>()
  private readonly done = new Map<string, Finished>()
  private missedStarts = 0
  readonly emulation: WorkerEmulation = { workers: [] }

  /** Before navigation: Network on the page's session, auto-attach to its workers. */
  async attach(cdp: CDPSession, workerSettings: { network?: object; cpuRate?: number }): Promise<void> {
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => this.urls.set(e.requestId, e.request.url))
    cdp.on('Network.responseReceived', (e: { requestId: string; response: { url: string } }) => this.urls.set(e.requestId, e.response.url))
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => this.finish(e.requestId, e.encodedDataLength, 'page'))
    await cdp.send('Network.enable')

    let nextId = 1
    const pending = new Map<string, (answer: { result?: unknown; error?: { message: string } }) => void>()
    const workerStarts = new Set<string>()
    cdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
      const m = JSON.parse(e.message) as { id?: number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message: string } }
      if (m.id !== undefined) {
        pending.get(`${e.sessionId}:${m.id}`)?.(m)
        return
      }
      const p = m.params as { requestId: string; request?: { url: string }; response?: { url: string }; encodedDataLength?: number }
      if (m.method === 'Network.requestWillBeSent') {
        workerStarts.add(p.requestId)
        this.urls.set(p.requestId, p.request!.url)
      } else if (m.method === 'Network.responseReceived') this.urls.set(p.requestId, p.response!.url)
      else if (m.method === 'Network.loadingFinished') {
        if (!workerStarts.has(p.requestId)) this.missedStarts++
        this.finish(p.requestId, p.encodedDataLength ?? 0, 'worker')
      }
    })
    cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string; url: string }; waitingForDebugger: boolean }) => {
      const send = (method: string, params: object = {}) => {
        const id = nextId++
        const answer = new Promise<{ result?: unknown; error?: { message: string } }>((resolve) => pending.set(`${e.sessionId}:${id}`, resolve))
        cdp.send('Target.sendMessageToTarget', { sessionId: e.sessionId, message: JSON.stringify({ id, method, params }) }).catch(() => pending.get(`${e.sessionId}:${id}`)?.({ error: { message: 'session gone' } }))
        return answer
      }
      const said = (a: { error?: { message: string } }) => (a.error ? a.error.message : 'ok')
      void (async () => {
        await send('Network.enable')
        const record = { url: e.targetInfo.url.split('/').pop() ?? '', network: 'not asked', cpu: 'not asked' }
        if (workerSettings.network) record.network = said(await send('Network.emulateNetworkConditions', workerSettings.network))
        if (workerSettings.cpuRate) record.cpu = said(await send('Emulation.setCPUThrottlingRate', { rate: workerSettings.cpuRate }))
        this.emulation.workers.push(record)
        if (e.waitingForDebugger) await send('Runtime.runIfWaitingForDebugger')
      })()
    })
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false })
  }

  private finish(requestId: string, bytes: number, source: 'page' | 'worker'): void {
    if (this.done.has(requestId)) return
    this.done.set(requestId, { url: this.urls.get(requestId) ?? '?', bytes, source })
  }

  count(): ByteCount {
    const all = [...this.done.values()]
    const sum = (s?: 'page' | 'worker') => all.filter((d) => !s || d.source === s).reduce((t, d) => t + d.bytes, 0)
    return {
      total: sum(),
      page: sum('page'),
      workers: sum('worker'),
      largest: [...all].sort((a, b) => b.bytes - a.bytes).slice(0, 3).map((d) => ({ path: shortPath(d.url), bytes: d.bytes, source: d.source })),
      missedStarts: this.missedStarts,
    }
  }
}
