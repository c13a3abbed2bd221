import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afishaResponseSchema } from '../src/contract/entities/afisha'
import { setupSchema } from '../src/contract/entities/setup'
import { pickLocalized } from '../src/contract/lang'
import { signCrmToken } from '../src/server/crm/token'
import { openPage, PHONE_VIEWPORT, queryParam, startApp, waitForListing, type AppHarness } from './support/app'

const CRM_SECRET = 'e2e-crm-secret-0123456789abcdef'
/** The demo data's first CRM client (id 1 in a fresh database). */
const DEMO_CLIENT = { id: 1, email: 'anna.petrova@example.org' }
const TOKEN_LIFETIME_S = 600

/** ?crm=<token> signs the client in through /api/crm/client-info and leaves the URL. */
describe('CRM sign-in', () => {
  let app: AppHarness
  beforeAll(async () => {
    app = await startApp({ CRM_SECRET })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('posts the token, shows the client e-mail and drops the token from the URL', async () => {
    const token = signCrmToken(CRM_SECRET, { id: DEMO_CLIENT.id, exp: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S })
    const { page, context, apiRequests } = await openPage(app, `/?lang=en&crm=${encodeURIComponent(token)}`)
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('crm'))
    const posts = apiRequests.filter((r) => r.method === 'POST' && r.path === '/api/crm/client-info')
    expect(posts.map((r) => JSON.parse(r.body ?? '{}'))).toEqual([{ token, lang: 'en' }])
    expect(queryParam(page, 'lang')).toBe('en')
    await page.getByTestId('crm-client').waitFor()
    expect(await page.getByTestId('crm-client').innerText()).toContain(DEMO_CLIENT.email)

    // The session keeps the client: a reload without the token still shows it.
    await page.reload()
    await waitForListing(page)
    await page.getByTestId('crm-client').waitFor()
    await context.close()
  })

  it('shows only the first letter on a phone', async () => {
    const token = signCrmToken(CRM_SECRET, { id: DEMO_CLIENT.id, exp: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S })
    const { page, context } = await openPage(app, `/?crm=${encodeURIComponent(token)}`, PHONE_VIEWPORT)
    await page.getByTestId('crm-client').waitFor()
    expect(await page.locator('.account-link__initial').innerText()).toBe('A')
    expect(await page.locator('.account-link__initial').isVisible()).toBe(true)
    const fullWidth = await page.locator('.account-link__full').evaluate((el) => el.getBoundingClientRect().width)
    expect(fullWidth).toBeLessThanOrEqual(1)
    await context.close()
  })

  it('offers the subscription filter, which follows ?sub=1', async () => {
    const token = signCrmToken(CRM_SECRET, { id: DEMO_CLIENT.id, exp: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S })
    const { page, context } = await openPage(app, `/?crm=${encodeURIComponent(token)}`)
    await page.getByTestId('crm-client').waitFor()
    // The client's subscriptions as the session answers them, and the kind of the first one.
    const setup = setupSchema.parse(await page.evaluate(async () => (await fetch('/api/setup')).json()))
    const covered = setup.crm_client.subscriptions.map((s) => s.hash_id)
    expect(covered.length).toBeGreaterThan(0)
    const afisha = afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
    const event = afisha.action.find((e) => e.hash_id === covered[0])
    expect(event).toBeDefined()

    await page.goto(new URL(`/?id=${event?.menukind_id}`, app.baseUrl).toString())
    await waitForListing(page)
    // The box is controlled by ?sub=1, which the router applies in a transition: click, then wait
    // for the URL and the box (check() would read the box before the re-render on a busy machine).
    const box = page.getByLabel('Мои абонементы')
    await box.click()
    await page.waitForFunction(() => new URL(location.href).searchParams.get('sub') === '1')
    await expect.poll(() => box.isChecked()).toBe(true)
    const expected = afisha.action
      .filter((e) => covered.includes(e.hash_id) && e.menukind_id === event?.menukind_id)
      .map((e) => pickLocalized(e, 'action', 'ru'))
      .sort()
    await expect.poll(async () => (await page.locator('.event-card__title').allInnerTexts()).sort()).toEqual(expected)
    // In-app links now carry sub=1.
    const hrefs = await page.locator('a.event-card__buy').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    for (const href of hrefs) expect(href).toMatch(/[?&]sub=1(&|$)/)
    await context.close()
  })

  it('ignores a forged token', async () => {
    const forged = signCrmToken('not-the-secret', { id: DEMO_CLIENT.id, exp: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S })
    const { page, context } = await openPage(app, `/?crm=${encodeURIComponent(forged)}`)
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('crm'))
    await waitForListing(page)
    expect(await page.getByTestId('crm-client').count()).toBe(0)
    await context.close()
  })
})
