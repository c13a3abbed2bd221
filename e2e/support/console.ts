import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { PHONE_VIEWPORT, runAxe, seriousViolations, type AppHarness } from './app'

/**
 * Signs an operator in on the console's sign-in screen (the page is on it, e.g. opened at /admin)
 * in `lang`, by the keyboard's Enter as an operator would, and waits for the events list.
 */
export async function signInConsole(page: Page, email: string, password: string, lang = 'en'): Promise<void> {
  await page.locator('#adm-signin-title').waitFor()
  await page.locator('.adm-lang select').selectOption(lang)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.keyboard.press('Enter')
  await page.locator('#adm-events-title').waitFor()
}

/**
 * The console's refusal checks' frame: a phone in an English browser (so a bubble of the browser
 * would speak English, whatever the console's language), signed in as `email`, `run` on its page,
 * and the context closed whatever happens. Every request to a path `watched` answered is listed as
 * "METHOD /path status" and returned: a form's own check sends nothing, a server's refusal is its
 * 4xx, and a test says which it expects.
 */
export async function onConsolePhone(app: AppHarness, account: { email: string; password: string }, watched: (method: string, path: string) => boolean, run: (page: Page) => Promise<void>): Promise<string[]> {
  const context = await app.browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'en-US' })
  const seen: string[] = []
  context.on('response', (r) => {
    const method = r.request().method()
    const path = new URL(r.url()).pathname
    if (watched(method, path)) seen.push(`${method} ${path} ${r.status()}`)
  })
  try {
    const page = await context.newPage()
    await page.goto(new URL('/admin', app.baseUrl).toString())
    await signInConsole(page, account.email, account.password, 'kz')
    await run(page)
  } finally {
    await context.close()
  }
  return seen
}

/** axe-core finds nothing serious on the page (`where` names the step). */
export async function axeClean(page: Page, where: string): Promise<void> {
  expect(seriousViolations(await runAxe(page)), where).toEqual([])
}

/** The control named `name` is the refused one: aria-invalid, described by the alert, and focused. */
export async function refused(page: Page, name: string): Promise<void> {
  const control = page.locator(`[name="${name}"]`).first()
  expect(await control.getAttribute('aria-invalid'), name).toBe('true')
  const note = await control.getAttribute('aria-describedby')
  expect(note, name).not.toBeNull()
  expect(await page.getByRole('alert').getAttribute('id'), name).toBe(note)
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), { message: name }).toBe(name)
}
