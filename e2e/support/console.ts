import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { ADMIN_TEXTS } from '../../src/app/admin/texts'
import type { Role } from '../../src/contract/admin/roles'
import type { Lang } from '../../src/contract/lang'
import { createOperator } from '../../src/server/admin/auth'
import { AdminClient } from '../../tests/integration/admin-helpers'
import { DESKTOP_VIEWPORT, freePort, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness, type OpenedPage } from './app'

/** A console operator a test file makes in the app's database and signs in as. */
export interface ConsoleAccount {
  email: string
  password: string
  role: Role
  /** The operator's name; the role's usual one (OPERATOR_NAMES) where not given. */
  name?: string
  /** The operator's own language, stored with them; English where not given. */
  lang?: Lang
}

/** The name each role's operator goes by in the tests, where a test does not give one. */
const OPERATOR_NAMES: Record<Role, string> = { owner: 'Owner', manager: 'Manager', boxoffice: 'Desk', door: 'Steward' }

/** Makes `accounts` as console operators in the app's database (as the CLI does). */
export async function createOperators(app: AppHarness, ...accounts: ConsoleAccount[]): Promise<void> {
  for (const a of accounts) await createOperator(app.server.db, { email: a.email, name: a.name ?? OPERATOR_NAMES[a.role], role: a.role, password: a.password, lang: a.lang ?? 'en' }, Date.now())
}

/**
 * The app (startApp) with `accounts` made as its console operators. `ownPort`: the server on a
 * free port with PUBLIC_URL on it (the sandbox bank builds its page links on PUBLIC_URL, see
 * freePort); `env` goes to startApp as it is.
 */
export async function startConsoleApp(accounts: ConsoleAccount[], options: { env?: Record<string, string>; ownPort?: boolean } = {}): Promise<AppHarness> {
  const { env = {}, ownPort = false } = options
  const port = ownPort ? await freePort() : null
  const app = await startApp(port === null ? env : { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` })
  try {
    await createOperators(app, ...accounts)
  } catch (e) {
    await app.close()
    throw e
  }
  return app
}

/** The console's API signed in as `account` (a test's setup through the API; the sign-in must answer 200). */
export async function consoleApi(app: AppHarness, account: ConsoleAccount): Promise<AdminClient> {
  const api = new AdminClient(app.baseUrl)
  expect((await api.login(account.email, account.password)).status).toBe(200)
  return api
}

/**
 * A fresh page (openPage: own context, errors collected) at `path` (/admin by default), signed in
 * as `account` on the console's sign-in screen in `lang`, `by` Enter or the button (signInConsole).
 * The context is closed if the sign-in fails; otherwise the test closes it.
 */
export async function openConsole(app: AppHarness, account: ConsoleAccount, options: { path?: string; viewport?: typeof DESKTOP_VIEWPORT; lang?: Lang; by?: SignInBy; prepare?: (context: BrowserContext) => Promise<unknown> } = {}): Promise<OpenedPage> {
  const { path = '/admin', viewport = DESKTOP_VIEWPORT, lang = 'en', by = 'enter', prepare } = options
  const opened = await openPage(app, path, viewport, prepare)
  try {
    await signInConsole(opened.page, account.email, account.password, lang, by)
  } catch (e) {
    await opened.context.close()
    throw e
  }
  return opened
}

/**
 * How a test signs in: 'enter', the fields found by their names and the keyboard's Enter; 'button',
 * the fields found by their labels and the Sign in button clicked, both in the screen's language.
 */
export type SignInBy = 'enter' | 'button'

/**
 * Signs an operator in on the console's sign-in screen (the page is on it, e.g. opened at /admin)
 * in `lang`, by the keyboard's Enter as an operator would (or `by` the labelled fields and the
 * button), and waits for the events list.
 */
export async function signInConsole(page: Page, email: string, password: string, lang = 'en', by: SignInBy = 'enter'): Promise<void> {
  await page.locator('#adm-signin-title').waitFor()
  await page.locator('.adm-lang select').selectOption(lang)
  if (by === 'button') {
    const t = ADMIN_TEXTS[lang as Lang]
    await page.getByLabel(t.email).fill(email)
    await page.getByLabel(t.password).fill(password)
    await page.getByRole('button', { name: t.enter }).click()
  } else {
    await page.locator('input[name="email"]').fill(email)
    await page.locator('input[name="password"]').fill(password)
    await page.keyboard.press('Enter')
  }
  await page.locator('#adm-events-title').waitFor()
}

/**
 * Goes to another console screen as the console's own links do: through the router's history
 * (pushState and the popstate it listens for), without loading the page again, and waits for the
 * address. The caller then waits for something only the new screen has. A load of the console
 * costs about a second on a phone (its scripts evaluated, the operator and the setup asked again);
 * a test that walks several screens after its first load pays it on each.
 */
export async function followLink(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, path)
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path)
}

/**
 * Follows the console's link to the section `name` (AdminNav.tsx) as an operator would: on a
 * phone, where the links are folded behind the header's button, by opening the list first.
 */
export async function openSection(page: Page, name: string): Promise<void> {
  const nav = page.locator('.adm-header nav')
  const toggle = nav.locator('.adm-nav-toggle')
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await nav.getByRole('link', { name, exact: true }).click()
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
