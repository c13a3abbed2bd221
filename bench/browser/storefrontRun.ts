import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { resolve } from 'node:path'
import type { Browser } from 'playwright-core'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'
import { ApiClient } from '../../tests/support/client'
import { ROOT } from './labDist'
import { heapParts, marginalMemory } from './memory'
import { ARRIVAL_PAUSE_MS, ARRIVAL_PATH, type MapSource, type Profile, PROFILES, runStorefront, type StorefrontRun, STOREFRONT_VENUES } from './storefront'
import { startH2Proxy } from './h2Proxy'
import { seededDataDir, startStorefront, type StorefrontServer } from './storefrontServer'

/**
 * The storefront half of `npm run bench:browser` (issue 16.5): one real server over a seeded
 * temporary database, one fresh browser context (cold cache) per run. Full: the demo's 600-seat
 * theatre, 60k, 100k and 1M seats × desktop and phone profile × compiled and JSON map source.
 * --short (CI): the demo's theatre and 60k stadium on the desktop profile, compiled vs JSON, one
 * gesture round (about a minute
 * once the demo database is seeded, which happens once a day and sources).
 * Results: bench/results/storefront-{short,full}.json; a full run narrowed by --sizes,
 * --desktop-only or --compiled-only (an A/B of one scenario) writes storefront-subset.json.
 */

const RESULTS = resolve(ROOT, 'bench/results')
const MAP_SOURCES: MapSource[] = ['compiled', 'json']
/** A run that is not interactive within this long is recorded as failed (the JSON path at 1M on the phone may be). */
export const STOREFRONT_TIMEOUT_MS = 180_000
export const STOREFRONT_TIMEOUT_1M_MS = 300_000
export const STOREFRONT_ROUNDS = { short: 1, full: 2 }
export const STOREFRONT_BUDGET_MS = { short: 15_000, full: 40_000 }

const fmt = (r: StorefrontRun) =>
  r.ok
    ? `interactive ${r.interactiveMs} ms (held ${r.heldMs}), ${(r.bytes!.total / 1e6).toFixed(2)} MB (page ${(r.bytes!.page / 1e6).toFixed(2)}, workers ${(r.bytes!.workers / 1e6).toFixed(2)}), long tasks ${r.longTasks!.count} (max ${r.longTasks!.maxMs} ms: ${r.longTaskList!.map((t) => `${t.durationMs}@${t.startMs}`).join(' ')}), heap ${r.heap!.bytesPerSeat} B/seat (${fmtParts(r)}), GPU buffers ${r.gpu?.bufferBytesPerSeat ?? '?'} B/seat, frame p50 ${r.frames!.p50.toFixed(1)} p95 ${r.frames!.p95.toFixed(1)} ms (main p95 ${r.mainFrames!.p95.toFixed(1)}), drawn ${fmtDetail(r.detail)}, CPU per frame ${fmtCpu(r.gestureCpu?.perFrameMs)}, server ${r.server?.rssMb} MB (peak ${r.server?.peakMb}), first key lookup ${r.firstKeyLookup ? `${r.firstKeyLookup.ms} ms${r.firstKeyLookup.found ? '' : ' (not found)'}` : '?'}`
    : `failed: ${r.error} (server ${r.server?.rssMb} MB, peak ${r.server?.peakMb})`

const fmtParts = (r: StorefrontRun) =>
  Object.entries(heapParts(r.heap!))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') + ' MB'

const fmtDetail = (d: StorefrontRun['detail']) =>
  d ? `${Object.entries(d.tiers).map(([t, n]) => `${t} ${n}`).join(' / ')} samples, seats shown max ${d.seatsShownMax.toLocaleString('en')} (p50 while seats ${d.seatsShownP50.toLocaleString('en')})` : '?'

const fmtCpu = (c: Record<string, number> | undefined) => (c ? Object.entries(c).filter(([, ms]) => ms >= 0.05).map(([t, ms]) => `${t} ${ms} ms`).join(', ') : '?')

/** What the server's map answer (POST /api/scheme/map, the JSON path) of a venue costs it, first and cached. */
export interface MapAnswerCost {
  seats: number
  /** First request (built) and second (from the cache), ms, gzip on. */
  firstMs: number
  cachedMs: number
  jsonMb: number
  gzipMb: number | null
  server: { rssMb: number; peakMb: number } | null
}

/**
 * Asks the server for each venue's map once before the browser runs, so the first run does not
 * pay the server's cold build (both map sources then meet the same warm server), and records
 * what that answer costs the server: time, size and memory (issue 16.4: "answer the map for 1M
 * seats within memory").
 */
async function warmMaps(server: StorefrontServer, venues: typeof STOREFRONT_VENUES): Promise<MapAnswerCost[]> {
  const out: MapAnswerCost[] = []
  for (const venue of venues) {
    const api = new ApiClient(server.url)
    const token = await api.startSession()
    const sessions = await api.post<{ calendar: { calendar_id: number }[] }>('/api/scheme/sessions', { hash: venue.hash })
    const calendarId = sessions.body.calendar[0].calendar_id
    const ask = async () => {
      const started = performance.now()
      const res = await api.fetch('/api/scheme/map', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip', [CSRF_HEADER]: token, [XHR_HEADER]: XHR_VALUE },
        body: JSON.stringify({ hash: venue.hash, calendar_id: calendarId }),
      })
      const body = await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`map of ${venue.seats} answered ${res.status}`)
      return { ms: Math.round(performance.now() - started), bytes: body.byteLength, gzip: Number(res.headers.get('content-length')) || null }
    }
    const first = await ask()
    const cached = await ask()
    const mem = server.memory()
    const cost = { seats: venue.seats, firstMs: first.ms, cachedMs: cached.ms, jsonMb: +(first.bytes / 1e6).toFixed(1), gzipMb: first.gzip && +(first.gzip / 1e6).toFixed(2), server: mem && { rssMb: Math.round(mem.rssKb / 1024), peakMb: Math.round(mem.peakKb / 1024) } }
    console.log(`server map answer ${venue.seats.toLocaleString('en')}: built in ${cost.firstMs} ms, cached ${cost.cachedMs} ms, ${cost.jsonMb} MB JSON (${cost.gzipMb} MB gzip), server ${cost.server?.rssMb} MB (peak ${cost.server?.peakMb})`)
    out.push(cost)
  }
  return out
}

/**
 * `repeat`: each run that many times in a row (the first page of a browser pays Chromium's cold
 * start; repeats show the spread). `shortPhone`: --short adds the phone profile.
 */
export interface StorefrontBenchOptions {
  repeat?: number
  shortPhone?: boolean
  /** Full mode only: run just these venue sizes (--sizes 1000000,100000). */
  sizes?: readonly number[]
  /** Full mode only: the desktop profile alone (--desktop-only). */
  desktopOnly?: boolean
  /** Full mode only: the compiled map source alone (--compiled-only). */
  compiledOnly?: boolean
  /** The browser reaches the server through a TLS + HTTP/2 proxy (--h2, h2Proxy.ts), as behind nginx in production. */
  h2?: boolean
}

/** What the warm-up page cost: the browser's first seat map, with nothing compiled yet in its GPU process. */
export interface BrowserWarmUp {
  listingMs: number
  /** Navigation to the first frame drawn of the theatre's map, the browser's first WebGL page; null when it did not draw in time. */
  firstMapMs: number | null
}

/**
 * Opens the listing, then the demo theatre's map, once in a throwaway context before the measured
 * runs. A visitor's browser is already running when they open a scheme page (they come from the
 * listing); without this the first measured run also paid for Chromium's own start-up (its
 * renderer and GPU processes), which is not the page's. The map page is there for the GPU
 * process: its first WebGL page compiles every program on SwiftShader, which cost the first
 * measured page 0.7-0.8 s between holding the venue and drawing it (later pages: ~0.1 s), so
 * whichever map source went first lost its pair (the theatre's JSON path came out "faster").
 * What that first map costs is kept apart (firstMapMs). Each measured run still has its own
 * context, so its HTTP cache stays cold.
 */
async function warmBrowser(browser: Browser, server: StorefrontServer): Promise<BrowserWarmUp> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true })
  try {
    const page = await context.newPage()
    let started = Date.now()
    await page.goto(server.url + '/', { waitUntil: 'load', timeout: WARM_BROWSER_TIMEOUT_MS })
    const listingMs = Date.now() - started
    // The page offers its engine to a test that asks (src/app/seatmap/testHooks.ts).
    await page.addInitScript(() => void ((window as unknown as { __seatwiseTest: object }).__seatwiseTest = {}))
    started = Date.now()
    await page.goto(`${server.url}/scheme/${WARM_MAP_VENUE.hash}`, { waitUntil: 'commit', timeout: WARM_BROWSER_TIMEOUT_MS })
    const drawn = await page.waitForFunction(() => window.__seatwiseTest?.schemeEngine?.getSnapshot().drawn === true, undefined, { timeout: WARM_BROWSER_TIMEOUT_MS, polling: 'raf' })
      .then(() => true, () => false)
    return { listingMs, firstMapMs: drawn ? Date.now() - started : null }
  } finally {
    await context.close()
  }
}

/** How long each warm-up page may take (seconds on a loaded box). */
const WARM_BROWSER_TIMEOUT_MS = 60_000

/** The map the warm-up opens: the smallest (the demo theatre). */
const WARM_MAP_VENUE = STOREFRONT_VENUES[0]

export async function runStorefrontBench(browser: Browser, clientDir: string, short: boolean, { repeat = 1, shortPhone = false, sizes, desktopOnly = false, compiledOnly = false, h2 = false }: StorefrontBenchOptions = {}): Promise<void> {
  const subset = !short && (sizes !== undefined || desktopOnly || compiledOnly)
  const venues = short ? STOREFRONT_VENUES.filter((v) => v.demo) : STOREFRONT_VENUES.filter((v) => !sizes || sizes.includes(v.seats))
  const profiles: Profile[] = (short && !shortPhone) || desktopOnly ? ['desktop'] : ['desktop', 'phone']
  const sources: MapSource[] = compiledOnly ? ['compiled'] : MAP_SOURCES
  // Seeded with every big venue even for a subset, so a subset run and a full run share one database.
  const bigSeats = (short ? venues : STOREFRONT_VENUES).filter((v) => !v.demo).map((v) => v.seats)
  const dataDir = seededDataDir(bigSeats)
  const direct = await startStorefront(dataDir, clientDir)
  const proxy = h2 ? await startH2Proxy(direct.url) : null
  // What the browser opens; the bench's own calls (warmMaps) go to the server directly.
  const server: StorefrontServer = proxy ? { ...direct, url: proxy.url } : direct
  const runs: StorefrontRun[] = []
  const mode = (short ? 'short' : subset ? 'subset' : 'full') + (h2 ? '-h2' : '')
  let mapAnswers: MapAnswerCost[] = []
  let warmUp: BrowserWarmUp | null = null
  try {
    // The JSON answer is what the json runs load; a compiled-only subset never asks for it (and
    // building the 1M one costs the server ~1.6 GB and 10-20 s on the shared box).
    if (!compiledOnly) mapAnswers = await warmMaps(direct, venues)
    warmUp = await warmBrowser(browser, server)
    console.log(`browser warm-up: listing ${warmUp.listingMs} ms, first map (theatre, GPU programs cold) ${warmUp.firstMapMs ?? 'not drawn'} ms`)
    for (const venue of venues) {
      for (const profile of profiles) {
        for (const source of sources) for (let rep = 0; rep < repeat; rep++) {
          process.stdout.write(`storefront ${venue.seats.toLocaleString('en')} ${profile} ${source} … `)
          const r = await runStorefront(browser, server, venue, profile, source, {
            rounds: STOREFRONT_ROUNDS[short ? 'short' : 'full'],
            budgetMs: STOREFRONT_BUDGET_MS[short ? 'short' : 'full'],
            timeoutMs: venue.seats >= 1_000_000 ? STOREFRONT_TIMEOUT_1M_MS : STOREFRONT_TIMEOUT_MS,
          })
          runs.push(r)
          console.log(fmt(r))
        }
      }
    }
  } finally {
    await proxy?.close()
    await direct.close()
  }
  // Same run, same machine: JSON path ÷ compiled path (>1: compiled is faster).
  const ratios: Record<string, number | null> = {}
  for (const venue of venues) {
    for (const profile of profiles) {
      const of = (s: MapSource) => runs.find((r) => r.ok && r.seats === venue.seats && r.profile === profile && r.mapSource === s)
      const c = of('compiled')
      const j = of('json')
      ratios[`interactive json/compiled @${venue.seats} ${profile}`] = c && j ? +(j.interactiveMs! / c.interactiveMs!).toFixed(2) : null
    }
  }
  const memory = marginalMemory(runs)
  for (const m of memory) console.log(`memory ${m.profile} ${m.mapSource} ${m.seats.map((n) => n.toLocaleString('en')).join(' → ')}: marginal ${m.marginalBytesPerSeat} B/seat (${Object.entries(m.marginalByPart).map(([k, v]) => `${k} ${v}`).join(', ')}), fixed ${m.fixedMb} MB`)
  const result = {
    date: new Date().toISOString(),
    mode,
    transport: h2 ? 'HTTP/2 over TLS through a local proxy (h2Proxy.ts), as behind nginx in production' : 'HTTP/1.1 straight to the server',
    machine: { platform: `${os.platform()} ${os.release()}`, cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, chromium: browser.version(), load: os.loadavg() },
    profiles: PROFILES,
    mapAnswers,
    warmUp,
    runs,
    ratios,
    memory,
    notes: [
      'mapAnswers = the server\'s JSON map answer per venue before the browser runs (which then meet a warm cache): first (built) and cached request time, size, and the server process\'s memory after it.',
      'Real server (npm start\'s bin/start.mjs, its own process, SQLite copy of a database seeded by `npm run venue -- seed-big 100000 1000000`, which loads the demo with its 60k stadium first); Chromium headless, WebGL2 on SwiftShader; one fresh browser context (cold cache) per run.',
      'mapSource: compiled = /scheme/<hash> as visitors open it (the venue worker downloads the compiled drawing and the status bytes); json = /scheme/<hash>?mapSource=json, the JSON-and-SVG baseline (the page downloads the spec\'s map answer, the worker parses it).',
      'interactiveMs = navigation start to the first frame the renderer drew holding the venue (engine snapshot.drawn, checked every frame in the page). heldMs = navigation start to the engine holding the venue with its renderer ready (the interactive mark before 2026-12-01). bytes = encoded bytes of the responses finished by then (CDP Network.loadingFinished encodedDataLength) on the page\'s session and on its workers\' sessions (auto-attached before they run, Target.setAutoAttach with waitForDebuggerOnStart; one count per request id): bytes.page, bytes.workers. longTasks = main-thread tasks over 50 ms from navigation to 500 ms after interactive.',
      'workerEmulation = what each worker\'s DevTools session answered when the phone profile\'s network conditions and CPU throttling were set on it: Chromium refuses both there. The network conditions set on the page do reach its dedicated workers\' requests (checked: 2,000 ms latency on the page made the worker\'s downloads take 2.0 s); the CPU slowdown does not (a fixed loop in the render worker ran as fast with the page at 4x as without), so on the phone profile only the page\'s main thread is slowed.',
      'heap.bytesPerSeat = (page JS heap used + its ArrayBuffer backing stores + the workers\' JS heap used and backing stores, after a GC) / seats (the workers\' backing stores counted from 2026-11-25; from 2026-11-25 09:00 read once the seat tiles are built, up to 15 s after the long-task window, with a GC in each worker too: before, a 1M venue was read mid-build).',
      'heap.workers = each worker apart (venue.worker, render.worker; a worker GC is asked for first). heap.totalMb = page + workers, what bytesPerSeat divides. engineHeld = what the engine counts itself (getStats().venueBytes: the page venue\'s typed arrays and seat index; heldBytes: the renderer\'s seat columns, CPU copies of tile vertex data and tile lookup), after the load and after the gestures.',
      'memory = per profile and map source with two sizes or more in the run: marginalBytesPerSeat = (mean total at the largest size - at the smallest) / (seat difference), what one more seat costs across page and workers; fixedMb = that line at zero seats (the app, its workers and Pixi); the same split by part (marginalByPart, fixedByPartMb).',
      'gpu = bytes the map handed the GPU after the gestures (vertex and index buffers, textures, the canvas colour buffer), counted by the engine (src/engine/render/gpuMemory.ts): what we upload, not what the driver allocates; bufferBytesPerSeat = buffers / seats.',
      'frames = requestAnimationFrame intervals of the thread that draws (the render worker when it draws), mainFrames = the page\'s main thread, during wheel zoom, drag pan, two-finger pinch (CDP touch) and wheel out aimed at the map\'s middle.',
      'detail = what the map drew while the gestures ran, sampled every DETAIL_SAMPLE_MS from the engine\'s stats (the last frame the renderer reported): tiers = samples per level of detail drawn, seatsShownMax / seatsShownP50 = seats in the seat tiles drawn (all samples / samples at a seat tier).',
      'gestureCpu = CPU time (utime + stime from /proc) of this bench\'s own Chromium processes during the gestures, by process type: gpu-process (where SwiftShader draws), renderer (the page and its workers); perFrameMs divides by the frames drawn. Unlike frame intervals it does not grow with other work on the machine.',
      'phone = 390x844 touch viewport (device scale 1), Chromium CPU throttling 4x on the page\'s main thread (not its workers: see workerEmulation), network 9 Mbit/s each way and 150 ms latency (CDP Network.emulateNetworkConditions on the page, which covers its workers\' requests).',
      `Each run ${repeat} time(s) in a row (--repeat).`,
      'warmUp = before the measured runs, one throwaway context opened the listing and then the demo theatre\'s map (compiled), so the browser\'s processes are up and its GPU process has compiled the map\'s programs (from 2026-12-01; before, the first measured map page, the theatre\'s compiled one, paid them: 0.7-0.8 s more between held and drawn). firstMapMs = navigation to that first map drawn: what a browser\'s very first seat map costs on SwiftShader.',
      'The compiled run of each pair goes first.',
      `arrival (from 2026-12-06) = each run's page first opens ${ARRIVAL_PATH} on the server's other name (localhost: another site to Chromium), waits ${ARRIVAL_PAUSE_MS} ms, then navigates to the scheme page (as a visitor following a link from another site, with a renderer process of its own); before, it was opened from the new tab's about:blank, which cost 0.3-0.9 s at 600 seats on software GL (storefront.ts arriveFromAnotherSite). Bytes, long tasks and interactive count from the scheme page's navigation.`,
      `Runs not interactive within ${STOREFRONT_TIMEOUT_MS / 1000} s (${STOREFRONT_TIMEOUT_1M_MS / 1000} s at 1M) are recorded as failed with the server's memory at that point.`,
      'server = the server process\'s resident memory after the run and its peak (VmHWM) so far: the peak covers building and gzipping the map answers of every venue before it.',
    ],
  }
  mkdirSync(RESULTS, { recursive: true })
  writeFileSync(resolve(RESULTS, `storefront-${mode}.json`), `${JSON.stringify(result, null, 2)}\n`)
  console.log(`storefront ratios: ${JSON.stringify(ratios)}`)
  console.log(`wrote bench/results/storefront-${mode}.json`)
  if (short && !runs.some((r) => r.ok)) {
    console.error('bench:browser --short: no storefront run reached an interactive map')
    process.exitCode = 1
  }
}
