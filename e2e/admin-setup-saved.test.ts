import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP_VIEWPORT, runAxe, seriousViolations, type AppHarness } from './support/app'
import { openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * The shop setup says "Saved" once its form shows what was stored, so an edit made right after
 * the note is not overwritten by the stored setup coming back. The stored setup's answer is held
 * back (a slow connection), which is when an operator could read "Saved", re-tick a box and save
 * again: before, the late answer unticked the box and the next save stored it unticked.
 */
const OWNER: ConsoleAccount = { email: 'owner-setup-saved@example.org', password: 'an owner password', role: 'owner' }
/** How long the console's read of the stored setup is held back. */
const SLOW_SETUP_MS = 1_500
/** A moment for the page to read an answer and render it. */
const PAGE_SETTLE_MS = 200
/** How long the late answer and the second save may take on a busy box. */
const SETTLE_MS = 10_000

let app: AppHarness

beforeAll(async () => {
  app = await startConsoleApp([OWNER], { ownPort: true })
})
afterAll(async () => {
  await app?.close()
})

describe('shop setup after a save', () => {
  it('keeps an edit made once "Saved" shows, on a slow connection', async () => {
    const { page, context, errors } = await openConsole(app, OWNER, { viewport: DESKTOP_VIEWPORT, lang: 'en' })
    await page.goto(new URL('/admin/shop-setup', app.baseUrl).toString())
    await page.getByRole('heading', { name: 'Shop appearance', level: 1 }).waitFor()
    await page.route(
      (url) => url.pathname === '/api/admin/setup',
      async (route) => {
        if (route.request().method() !== 'GET') return route.continue()
        await new Promise((resolve) => setTimeout(resolve, SLOW_SETUP_MS))
        await route.continue()
      },
    )
    const shopSetup = async () => ((await (await fetch(new URL('/api/setup', app.baseUrl))).json()) as { app: { order_return: number } }).app.order_return
    const returns = page.getByLabel('Visitors may return tickets online')
    await returns.uncheck()
    // The save's read of the stored setup (before the change it came back after "Saved").
    const reread = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/setup' && r.request().method() === 'GET', { timeout: SETTLE_MS })
    await page.getByRole('button', { name: 'Save' }).first().click()
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    expect(await shopSetup()).toBe(0)

    // Re-ticked as soon as "Saved" shows; whatever the console still reads must not untick it.
    await returns.check()
    await (await reread).finished()
    // The page's own next task: the answer read and the form rendered from it.
    await page.evaluate(`new Promise((resolve) => setTimeout(resolve, ${PAGE_SETTLE_MS}))`)
    expect(await returns.isChecked(), 'the box stays as the operator left it').toBe(true)
    await page.getByRole('button', { name: 'Save' }).first().click()
    await expect.poll(shopSetup, { timeout: SETTLE_MS }).toBe(1)
    expect(seriousViolations(await runAxe(page)), 'setup after a save').toEqual([])
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    await context.close()
  }, 120_000)
})
