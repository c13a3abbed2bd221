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
