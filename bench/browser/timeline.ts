/**
 * The storefront's critical path, request by request (issue 16): `npm run bench:timeline --
 * [--phone] [--seats 60000|100000|1000000] [--runs N] [--no-build]`.
 *
 * Same server, database, build and "interactive" check as the storefront benchmark
 * (storefront.ts). Lists every request of the page and of its workers with its start and end
 * (ms after navigation), which thread asked (page or worker), and the round-trip depth: how
 * many answers had to arrive, one after another, before it could be sent (a request sent
 * before the previous one finished is at the same depth). Under the phone profile's 150 ms each
 * level costs at least one round trip, so the depth at which the compiled venue starts is the
 * number to cut. Also prints the page's own milestones (first script, DOMContentLoaded) and
 * interactive. Counts and order, not absolute times, are the point on a shared machine.
 */
import { launchChromium } from '../../e2e/support/browser'
import { buildLabDist } from './labDist'
import { PROFILES, type Profile, STOREFRONT_VENUES } from './storefront'
import { seededDataDir, startStorefront } from './storefrontServer'

const args = process.argv.slice(2)
const flag = (name: string) => args.includes(name)
const option = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}

interface Row {
  url: string
  method: string
  fromWorker: boolean
  start: number
  end: number
  bytes: number
}

/** Each request's round-trip depth: 1 + the deepest request that had finished before it was sent (rows sorted by start). */
function depths(rows: readonly { start: number; end: number }[]): number[] {
  const out: number[] = []
  rows.forEach((r, i) => {
    let deepest = 0
    for (let j = 0; j < i; j++) if (rows[j].end <= r.start) deepest = Math.max(deepest, out[j])
    out.push(deepest + 1)
  })
  return out
}

/** Playwright gives a dedicated worker's request no frame (frame() throws). */
function isWorkerRequest(req: { frame(): unknown }): boolean {
  try {
    req.frame()
    return false
  } catch {
    return true
  }
}

const short = (url: string) => {
  const u = new URL(url)
  const q = u.search.length > 40 ? `${u.search.slice(0, 40)}…` : u.search
  return `${u.pathname.length > 60 ? `${u.pathname.slice(0, 60)}…` : u.pathname}${q}`
}

async function main(): Promise<void> {
  const profile: Profile = flag('--phone') ? 'phone' : 'desktop'
  const seats = Number(option('--seats') ?? 60_000)
  const runs = Number(option('--runs') ?? 1)
  const venue = STOREFRONT_VENUES.find((v) => v.seats === seats)
  if (!venue) throw new Error(`no storefront venue of ${seats} seats`)
  const dist = buildLabDist(args)
  const server = await startStorefront(seededDataDir(seats === 60_000 ? [] : [seats]), dist)
  const browser = await launchChromium()
  const p = PROFILES[profile]
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: p.viewport, hasTouch: true, isMobile: p.mobile, deviceScaleFactor: 1 })
      const page = await context.newPage()
      await page.addInitScript('globalThis.__name = (f) => f')
      await page.addInitScript(() => {
        const w = window as unknown as { __seatwiseTest: object; __interactiveAt?: number }
        w.__seatwiseTest = {}
        const check = () => {
          const snap = window.__seatwiseTest?.schemeEngine?.getSnapshot()
          if (snap?.hasVenue && snap.ready) {
            w.__interactiveAt = performance.now()
            console.log('[bench] interactive')
            return
          }
          requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      })
      const cdp = await context.newCDPSession(page)
      if (p.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: p.cpuSlowdown })
      if (p.network) {
        const bps = (p.network.mbitPerS * 1e6) / 8
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: p.network.latencyMs, downloadThroughput: bps, uploadThroughput: bps })
      }
      const rows: Row[] = []
      const pending: Promise<void>[] = []
      page.on('requestfinished', (req) => {
        pending.push((async () => {
          const t = req.timing()
          const sizes = await req.sizes().catch(() => null)
          rows.push({ url: req.url(), method: req.method(), fromWorker: isWorkerRequest(req), start: t.startTime, end: t.startTime + t.responseEnd, bytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0 })
        })())
      })
      const interactive = page.waitForEvent('console', { predicate: (m) => m.text() === '[bench] interactive', timeout: 120_000 })
      await page.goto(`${server.url}/scheme/${venue.hash}`, { waitUntil: 'commit' })
      await interactive
      await Promise.all(pending)
      const marks = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
        return { origin: performance.timeOrigin, interactive: (window as unknown as { __interactiveAt: number }).__interactiveAt, dcl: nav.domContentLoadedEventEnd, html: nav.responseEnd }
      })
      const list = rows.map((r) => ({ ...r, start: r.start - marks.origin, end: r.end - marks.origin })).filter((r) => r.start <= marks.interactive).sort((a, b) => a.start - b.start)
      const d = depths(list)
      console.log(`\n${seats} ${profile} run ${run + 1}: HTML done ${Math.round(marks.html)} ms, DOMContentLoaded ${Math.round(marks.dcl)} ms, interactive ${Math.round(marks.interactive)} ms`)
      console.log('  start    end  depth  bytes  request')
      list.forEach((r, i) => console.log(`${String(Math.round(r.start)).padStart(7)}${String(Math.round(r.end)).padStart(7)}${String(d[i]).padStart(7)}${r.fromWorker ? ' W' : '  '}${String(r.bytes).padStart(8)}  ${r.method} ${short(r.url)}`))
      await context.close()
    }
  } finally {
    await browser.close()
    await server.close()
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
