import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createApiClient, type ApiClient } from '../../src/contract/client'
import { startTestServer, type TestServer } from '../../tests/support/server'
import { contextsFromNow, workerChromium } from './browser'

/**
 * Shared e2e helpers for the storefront app: the real server (in-process, temp SQLite, demo
 * data, serving dist/client) and Debian's Chromium. Build first: `npx vite build`.
 */

/** A phone viewport (iPhone 12-class) used by the mobile checks. */
export const PHONE_VIEWPORT = { width: 390, height: 844 }
export const DESKTOP_VIEWPORT = { width: 1280, height: 900 }

export interface AppHarness {
  baseUrl: string
  /** The server, for tests that change setup in its database. */
  server: TestServer
  browser: Browser
  close: () => Promise<void>
}

const CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client')

/**
 * A private copy of dist/client (without source maps). Several people build on this machine and
 * `vite build` empties dist/client first, which made pages of a running test answer 503; a copy
 * taken at start keeps one test file on one build.
 */
function snapshotClient(): string {
  if (!fs.existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    throw new Error('dist/client is missing: run `npx vite build` before the e2e tests')
  }
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-e2e-client-'))
  fs.cpSync(CLIENT_DIR, copy, { recursive: true, filter: (src) => !src.endsWith('.map') })
  const index = fs.readFileSync(path.join(copy, 'index.html'), 'utf8')
  for (const [, asset] of index.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    if (!fs.existsSync(path.join(copy, asset))) throw new Error(`dist/client is incomplete (${asset} missing): a build is running, retry`)
  }
  return copy
}

/**
 * The real server (temp SQLite with the demo data) serving the built client, and Chromium.
 * `prepare` works on the database before the server starts (see startTestServer).
 */
export async function startApp(env: Record<string, string> = {}, prepare?: (dataDir: string, env: Record<string, string>) => Promise<void> | void): Promise<AppHarness> {
  const clientDir = snapshotClient()
  const server = await startTestServer({ db: 'sqlite', env: { CLIENT_DIR: clientDir, ...env }, prepare }).catch((e: unknown) => {
    fs.rmSync(clientDir, { recursive: true, force: true })
    throw e
  })
  // The worker's Chromium (workerChromium); the contexts opened from here on are this harness's.
  const browser = await workerChromium()
  const closeContexts = contextsFromNow(browser)
  return {
    baseUrl: server.url,
    server,
    browser,
    close: async () => {
      await closeContexts()
      await server.close()
      fs.rmSync(clientDir, { recursive: true, force: true })
    },
  }
}

export interface OpenedPage {
  context: BrowserContext
  page: Page
  /** Console errors and failed requests seen while the page was open. */
  errors: string[]
  /** Console warnings (the app's or its libraries'). */
  warnings: string[]
  /** API requests the page sent, from the very first one. */
  apiRequests: { method: string; path: string; body: string | null }[]
  /** The path of every request of the context (the page and its workers), from before the navigation. */
  paths: string[]
}

let visitors = 0
/** A fresh visitor address for each API client of a test file. */
function nextAddress(): string {
  visitors += 1
  return `10.77.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`
}

/**
 * The contract's API client acting as one visitor from `address` (a fresh one by default; the
 * test server trusts X-Forwarded-For), so the per-address order limit and captcha stay out of a
 * test's way.
 */
export function visitorApi(app: AppHarness, address = nextAddress()): ApiClient {
  return createApiClient({
    baseUrl: app.baseUrl,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers)
      headers.set('X-Forwarded-For', address)
      return fetch(input, { ...init, headers })
    },
  })
}

/**
 * A fresh context (own storage) with a page at `pathname`; page errors are collected. `prepare`
 * works on the context before the first navigation (e.g. installs Playwright's clock).
 */
export async function openPage(app: AppHarness, pathname: string, viewport = DESKTOP_VIEWPORT, prepare?: (context: BrowserContext) => Promise<unknown>): Promise<OpenedPage> {
  const isPhone = viewport.width < 600
  const context = await app.browser.newContext({ viewport, isMobile: isPhone, hasTouch: isPhone, deviceScaleFactor: 1 })
  // The app offers its seat-map engine to tests only where this object exists (src/app/seatmap/testHooks.ts).
  await context.addInitScript(() => {
    window.__seatwiseTest = {}
  })
  await prepare?.(context)
  const page = await context.newPage()
  const errors: string[] = []
  const warnings: string[] = []
  const apiRequests: OpenedPage['apiRequests'] = []
  // Chromium reports a dedicated worker's fetches on the context, not the page.
  const paths: string[] = []
  context.on('request', (r) => paths.push(new URL(r.url()).pathname))
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/api/')) apiRequests.push({ method: r.method(), path: url.pathname, body: r.postData() })
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`)
    if (m.type() === 'warning') warnings.push(m.text())
  })
  await page.goto(new URL(pathname, app.baseUrl).toString(), { waitUntil: 'domcontentloaded' })
  return { context, page, errors, warnings, apiRequests, paths }
}

/** Waits until the listing has rendered its cards (or its empty message). */
/** The hash of the listed event of this English title (the demo's events, by name). */
export async function eventHash(app: AppHarness, titleEn: string): Promise<string> {
  const afisha = (await (await fetch(`${app.baseUrl}/api/afisha`)).json()) as { action: { hash_id: string; action_en: string }[] }
  const event = afisha.action.find((a) => a.action_en === titleEn)
  if (!event) throw new Error(`no listed event "${titleEn}"`)
  return event.hash_id
}

export async function waitForListing(page: Page): Promise<void> {
  await page.waitForSelector('.event-card, .afisha__empty', { timeout: 30_000 })
  await waitForShell(page)
}

/**
 * Waits until the shell (header, footer, scroll-top button, as setup's flags say) is in: the
 * layout mounts it in a deferred render after setup arrives (shell/Layout.tsx), so a screen's
 * content can be there a moment before it, and a count of the header then reads 0.
 */
export async function waitForShell(page: Page): Promise<void> {
  await page.waitForSelector('main[data-shell="ready"]', { timeout: 30_000 })
}

/** Current URL's query parameter. */
export function queryParam(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name)
}

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[]; html: string }[]
}

const AXE_PATH = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js')

let axeText: string | null = null
const axeSource = () => (axeText ??= fs.readFileSync(AXE_PATH, 'utf8'))

/** Runs axe-core in the page (WCAG 2.0-2.2 A and AA rules, best practice) and returns its violations. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol, not as a <script> tag: the shop's
  // Content-Security-Policy (script-src 'self') refuses inline scripts, as it should. Only where
  // this document has no axe yet: sending its 650 kB source cost 0.4-1.7 s a time on the 2-core
  // box under load (the protocol's transfer: a bare string of that size costs as much; axe.run itself
  // on a small page 0.05-0.65 s), and a test that walks a single-page app's screens runs axe many times in one document.
  if (!(await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(axeSource())
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    // wcag22aa adds target-size (2.5.8: touch targets 24 px, or spaced as far apart).
    // label-content-name-mismatch (WCAG 2.5.3: a control's spoken name holds its visible text) is
    // tagged experimental, which a tag list leaves out; named here, it runs on every screen.
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, rules: { 'label-content-name-mismatch': { enabled: true } } })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })) }))
  })
}

/** Serious and critical violations only, as a readable list for assertion messages. */
export function seriousViolations(violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.html).join(' | ')}`)
}

/**
 * A free local port. The sandbox bank builds its page links on PUBLIC_URL, which defaults to the
 * configured PORT: a test that pays starts the server on a port it picked and passes both.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
