/**
 * The storefront's critical path, request by request (issue 16): `npm run bench:timeline --
 * [--phone] [--seats 60000|100000|1000000] [--runs N] [--no-build] [--h2]` (`--h2`: through a TLS +
 * HTTP/2 proxy, h2Proxy.ts).
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
import { interactiveLogged, profiledPage, withProbeTarget } from './profiledRun'

interface Row {
  url: string
  method: string
  fromWorker: boolean
  start: number
  end: number
  /** When the request went on the wire and its first byte came back (ms after navigation); -1 when Chromium did not say (a cached answer). */
  sent: number
  firstByte: number
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
  await withProbeTarget(async ({ profile, seats, runs, venue, server, browser }) => {
    for (let run = 0; run < runs; run++) {
      const { context, page } = await profiledPage(browser, profile, server.url)
      const rows: Row[] = []
      const pending: Promise<void>[] = []
      page.on('requestfinished', (req) => {
        pending.push((async () => {
          const t = req.timing()
          const sizes = await req.sizes().catch(() => null)
          rows.push({ url: req.url(), method: req.method(), fromWorker: isWorkerRequest(req), start: t.startTime, end: t.startTime + t.responseEnd, sent: t.requestStart < 0 ? -1 : t.startTime + t.requestStart, firstByte: t.responseStart < 0 ? -1 : t.startTime + t.responseStart, bytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0 })
        })())
      })
      const interactive = interactiveLogged(page)
      await page.goto(`${server.url}/scheme/${venue.hash}`, { waitUntil: 'commit' })
      await interactive
      await Promise.all(pending)
      const marks = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
        return { origin: performance.timeOrigin, interactive: (window as unknown as { __interactiveAt: number }).__interactiveAt, dcl: nav.domContentLoadedEventEnd, html: nav.responseEnd }
      })
      const list = rows.map((r) => ({ ...r, start: r.start - marks.origin, end: r.end - marks.origin, sent: r.sent < 0 ? -1 : r.sent - marks.origin, firstByte: r.firstByte < 0 ? -1 : r.firstByte - marks.origin })).filter((r) => r.start <= marks.interactive).sort((a, b) => a.start - b.start)
      const d = depths(list)
      console.log(`\n${seats} ${profile} run ${run + 1}: HTML done ${Math.round(marks.html)} ms, DOMContentLoaded ${Math.round(marks.dcl)} ms, interactive ${Math.round(marks.interactive)} ms`)
      // queued: from the request's start until it went on the wire (HTTP/1.1's six connections
      // per host, or the browser's own priorities); server: from then to its first byte.
      console.log('  start    end queued server  depth  bytes  request')
      const span = (from: number, to: number) => String(from < 0 || to < 0 ? '-' : Math.round(to - from)).padStart(7)
      list.forEach((r, i) => console.log(`${String(Math.round(r.start)).padStart(7)}${String(Math.round(r.end)).padStart(7)}${span(r.start, r.sent)}${span(r.sent, r.firstByte)}${String(d[i]).padStart(7)}${r.fromWorker ? ' W' : '  '}${String(r.bytes).padStart(8)}  ${r.method} ${short(r.url)}`))
      await context.close()
    }
  })
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
