import { chromium, type Browser, type LaunchOptions } from 'playwright-core'

/**
 * The one place that knows how to start Debian's Chromium here. No browser is downloaded:
 * playwright-core drives /usr/bin/chromium (apt package `chromium`, installed by .ci/run).
 *
 * - `--no-sandbox`: CI runs as root, where Chromium's sandbox refuses to start.
 * - background networking, component updates, sync, first run: off, because this machine's
 *   network is closed and those connections would fail (and cost time) at every start.
 * - WebGL2 through ANGLE on SwiftShader (software, on the CPU): the only GL that works headless
 *   here; `--use-gl=egl` or `--use-gl=swiftshader` kill WebGL instead.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
]

/**
 * Added for the WebGPU checks only. Chromium on Linux offers WebGPU only behind
 * --enable-unsafe-webgpu, and here only SwiftShader's fallback adapter; without Vulkan on
 * SwiftShader that adapter's devices are lost as soon as they are made ("Device was destroyed").
 * The engine's 'auto' keeps WebGL2 on such adapters, so the tests ask for WebGPU explicitly.
 */
export const WEBGPU_ARGS = ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader']

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...options,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  })
}

let sharedBrowser: Promise<Browser> | null = null

/**
 * One Chromium per test worker, kept for the files it runs one after another (the e2e project's
 * isolate: false keeps this module, and so this browser, between them). Launching and closing a
 * Chromium cost each file 2-7 s on the 2-core box (more the busier it is), against under 1 s for
 * a context. Nothing of a page is shared: every test opens its own context (own storage, cache,
 * service workers), and a file closes the contexts it opened (contextsFromNow) instead of the
 * browser. A browser that died is launched anew; the last one ends with its worker
 * (playwright-core kills the browsers it launched when the process exits). Files that need other
 * flags (a fake camera, WebGPU) launch their own, and so do the seat-map lab files (labPage.ts):
 * sharing with them measured no faster, and they load the GPU process the most.
 */
export async function workerChromium(): Promise<Browser> {
  const current = await sharedBrowser?.catch(() => null)
  if (current?.isConnected()) return current
  sharedBrowser = launchChromium()
  return sharedBrowser
}

/**
 * Closes, when called, the contexts of `browser` opened from now on (browser.newPage's own
 * included): a worker runs one file at a time, so they are this file's, or of a harness it started
 * inside and closed before.
 */
export function contextsFromNow(browser: Browser): () => Promise<void> {
  const earlier = new Set(browser.contexts())
  return async () => {
    await Promise.all(browser.contexts().filter((c) => !earlier.has(c)).map((c) => c.close()))
  }
}
