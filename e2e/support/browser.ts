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

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...options,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  })
}
