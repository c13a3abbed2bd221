import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { serveStatic, type StaticServer } from './staticServer'

/** The built client the seat-map lab is served from (built once when missing). */
export const LAB_DIST = resolve(import.meta.dirname, '../../dist/client')

/** Serves the built lab page and starts Chromium, for the seat-map e2e files' beforeAll. */
export async function startLab(): Promise<{ server: StaticServer; browser: Browser }> {
  if (!existsSync(resolve(LAB_DIST, 'lab/seatmap.html'))) execSync('npx vite build', { cwd: resolve(import.meta.dirname, '../..'), stdio: 'inherit' })
  const server = await serveStatic(LAB_DIST)
  return { server, browser: await launchChromium() }
}

/** Opens the lab page with `query` and waits for its first frame; throws the lab's error if it reports one. */
export async function gotoLab(page: Page, server: StaticServer, query: string): Promise<void> {
  await page.goto(`${server.url}/lab/seatmap.html?${query}`)
  await page.waitForFunction(() => window.__seatmap?.timings.firstFrame != null || window.__seatmap?.error != null, null, { timeout: 90_000 })
  const error = await page.evaluate(() => window.__seatmap?.error)
  if (error != null) throw new Error(`lab page failed: ${error}`)
}
