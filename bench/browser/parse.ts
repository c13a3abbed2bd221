/**
 * Parse benchmark in the browser (npx tsx bench/browser/parse.ts): the same generated drawing
 * parsed by the browser's own DOMParser (native code, builds a full DOM) and by our parser with
 * its spatial index, on Chromium's main thread, in one page, at 100k and 1M seats. The Node bench
 * compares against @xmldom/xmldom; this one answers how we fare against the fastest generic DOM
 * parse there is. Results: bench/results/browser-parse.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { resolve } from 'node:path'
import { launchChromium } from '../../e2e/support/browser'
import { serveStatic } from '../../e2e/seatmap-support/staticServer'
import { buildLabDist, ROOT } from './labDist'

/** Seat counts measured, and how many times each parser runs per size (best run kept: shared box). */
export const PARSE_SIZES = [100_000, 1_000_000]
export const PARSE_REPEATS = 3

async function main(): Promise<void> {
  const server = await serveStatic(buildLabDist(process.argv))
  const browser = await launchChromium()
  const runs: Record<string, unknown>[] = []
  try {
    for (const seats of PARSE_SIZES) {
      const page = await browser.newPage()
      await page.addInitScript('globalThis.__name = (f) => f')
      // A small synthetic venue: the page only has to load its tools.
      await page.goto(`${server.url}/lab/seatmap.html?seats=1000&source=synthetic&renderer=svg&tools=1`)
      await page.waitForFunction(() => window.__labTools != null, null, { timeout: 60_000 })
      const r = await page.evaluate(({ seats, repeats }) => {
        const tools = window.__labTools!
        const text = tools.generateVenue({ kind: 'stadium', seats, seed: 1 })
        const dom: number[] = []
        const ours: number[] = []
        let parsedSeats = 0
        for (let k = 0; k < repeats; k++) {
          let t = performance.now()
          const doc = new DOMParser().parseFromString(text, 'image/svg+xml')
          if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('DOMParser refused the drawing')
          dom.push(performance.now() - t)
          t = performance.now()
          parsedSeats = tools.parseVenue(text).seats.count
          ours.push(performance.now() - t)
        }
        return { seats, parsedSeats, megabytes: text.length / 2 ** 20, domMs: Math.min(...dom), oursMs: Math.min(...ours) }
      }, { seats, repeats: PARSE_REPEATS })
      const ratio = r.oursMs / r.domMs
      runs.push({ ...r, ratio })
      console.log(`${seats.toLocaleString('en')} seats (${r.megabytes.toFixed(1)} MB): DOMParser ${r.domMs.toFixed(0)} ms, ours (parse + index) ${r.oursMs.toFixed(0)} ms, ratio ${ratio.toFixed(2)}`)
      await page.close()
    }
  } finally {
    const version = browser.version()
    await browser.close()
    await server.close()
    mkdirSync(resolve(ROOT, 'bench/results'), { recursive: true })
    writeFileSync(resolve(ROOT, 'bench/results/browser-parse.json'), `${JSON.stringify({
      date: new Date().toISOString(),
      machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), chromium: version, load: os.loadavg() },
      runs,
      notes: ['Both on the main thread of one page, best of PARSE_REPEATS runs; ours = parseVenue (scanner, rules, typed arrays, spatial index), the same code the worker runs.', 'Target (issue 3): ours <= 0.5 x a generic DOM parse at 1M seats.'],
    }, null, 2)}\n`)
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
