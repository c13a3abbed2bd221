/**
 * What the storefront's one-page probes (`bench:trace`, `bench:timeline`) share: their command
 * line (`--phone`, `--seats N`, `--runs N`, `--no-build`), the same server, database and build as
 * the storefront benchmark (storefront.ts), and a page under the chosen profile (viewport, touch,
 * CPU and network throttling) that marks "interactive" exactly as that benchmark does: the
 * renderer has drawn a frame holding the venue, checked every frame in the page, then logged as
 * `[bench] interactive` and marked `interactive` for traces.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { launchChromium } from '../../e2e/support/browser'
import { buildLabDist } from './labDist'
import { arriveFromAnotherSite, PROFILES, type Profile, STOREFRONT_VENUES } from './storefront'
import { startH2Proxy } from './h2Proxy'
import { seededDataDir, startStorefront, type StorefrontServer } from './storefrontServer'

export const args = process.argv.slice(2)
export const flag = (name: string) => args.includes(name)
export const option = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}

/** How long a probe waits for the map to become interactive before it gives up. */
const INTERACTIVE_TIMEOUT_MS = 120_000

export interface ProbeTarget {
  profile: Profile
  seats: number
  runs: number
  venue: (typeof STOREFRONT_VENUES)[number]
  server: StorefrontServer
  browser: Browser
}

/** Builds (unless `--no-build` finds a build), starts the server and Chromium, runs `each`, and closes both. */
export async function withProbeTarget(each: (t: ProbeTarget) => Promise<void>): Promise<void> {
  const profile: Profile = flag('--phone') ? 'phone' : 'desktop'
  const seats = Number(option('--seats') ?? 60_000)
  const runs = Number(option('--runs') ?? 1)
  const venue = STOREFRONT_VENUES.find((v) => v.seats === seats)
  if (!venue) throw new Error(`no storefront venue of ${seats} seats`)
  const dist = buildLabDist(args)
  const direct = await startStorefront(seededDataDir(venue.demo ? [] : [seats]), dist)
  // `--h2`: the page reaches the server through a TLS + HTTP/2 proxy, as behind nginx in production (h2Proxy.ts).
  const proxy = flag('--h2') ? await startH2Proxy(direct.url) : null
  const server: StorefrontServer = proxy ? { ...direct, url: proxy.url } : direct
  const browser = await launchChromium()
  try {
    await each({ profile, seats, runs, venue, server, browser })
  } finally {
    await browser.close()
    await proxy?.close()
    await direct.close()
  }
}

/** A fresh context and page under `profile`, throttled through CDP, with the interactive check installed. */
export async function profiledPage(browser: Browser, profile: Profile, serverUrl: string): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const p = PROFILES[profile]
  // Certificate errors ignored: the --h2 proxy's certificate is self-signed.
  const context = await browser.newContext({ viewport: p.viewport, hasTouch: true, isMobile: p.mobile, deviceScaleFactor: 1, ignoreHTTPSErrors: true })
  const page = await context.newPage()
  // As the storefront benchmark's visits: from a page of another site (storefront.ts arriveFromAnotherSite).
  await arriveFromAnotherSite(page, serverUrl)
  await page.addInitScript('globalThis.__name = (f) => f')
  await page.addInitScript(() => {
    const w = window as unknown as { __seatwiseTest: object; __interactiveAt?: number }
    w.__seatwiseTest = {}
    const check = () => {
      const snap = window.__seatwiseTest?.schemeEngine?.getSnapshot()
      if (snap?.drawn) {
        w.__interactiveAt = performance.now()
        performance.mark('interactive')
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
  return { context, page, cdp }
}

/** Resolves when the page logs that its map is interactive. */
export function interactiveLogged(page: Page): Promise<unknown> {
  return page.waitForEvent('console', { predicate: (m) => m.text() === '[bench] interactive', timeout: INTERACTIVE_TIMEOUT_MS })
}
