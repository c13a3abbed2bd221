import type { Locator, Page } from 'playwright-core'

/**
 * Screenshots for a person to look at (the screens a test walks, in /tmp or its own folder), taken
 * only when `E2E_SHOTS=1`: no test reads them back, and otherwise every run of the suite left ~50
 * PNG files in the temp folder and spent a full-page capture on SwiftShader for each.
 */
export const SHOTS_ON = process.env.E2E_SHOTS === '1'

/**
 * `target.screenshot(options)` when SHOTS_ON. A locator is waited for either way (visible), as its
 * screenshot would, so a test reads the same page state whether shots are on or off.
 */
export async function reviewShot(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (SHOTS_ON) {
    await target.screenshot(options)
    return
  }
  if ('waitFor' in target) await target.waitFor()
}
