import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afishaResponseSchema, type AfishaResponse } from '../src/contract/entities/afisha'
import { pickLocalized } from '../src/contract/lang'
import { openPage, PHONE_VIEWPORT, startApp, waitForListing, type AppHarness } from './support/app'
import { reviewShot } from './support/shots'

/** The listing shows the demo events that GET /api/afisha answers, inside the shell. */
describe('afisha listing', () => {
  let app: AppHarness
  let afisha: AfishaResponse

  beforeAll(async () => {
    app = await startApp()
    const res = await fetch(new URL('/api/afisha', app.baseUrl))
    afisha = afishaResponseSchema.parse(await res.json())
    expect(afisha.action.length).toBeGreaterThan(0)
  })
  afterAll(async () => {
    await app?.close()
  })

  /** Event titles of the API in Russian, by hash. */
  const titlesByHash = () => new Map(afisha.action.map((e) => [e.hash_id, pickLocalized(e, 'action', 'ru')]))

  it('shows the demo events with working buy links on a desktop', async () => {
    const { page, context, errors } = await openPage(app, '/')
    await waitForListing(page)

    expect(await page.locator('header.site-header').count()).toBe(1)
    expect(await page.locator('footer.site-footer').count()).toBe(1)
    expect(await page.locator('h1').innerText()).toBe('Купить билет')
    expect(await page.title()).toContain('Купить билет')

    const titles = await page.locator('.event-card__title').allInnerTexts()
    expect(titles.length).toBeGreaterThan(0)
    const known = new Set(titlesByHash().values())
    for (const title of titles) expect(known, title).toContain(title)

    // The first kind's events are listed, and the counter says how many.
    const firstKind = [...afisha.kind_menu].sort((a, b) => a.menukindsortnum - b.menukindsortnum)[0]
    const inKind = afisha.action.filter((e) => firstKind === undefined || e.menukind_id === firstKind.menukind_id)
    expect(titles.length).toBe(Math.min(inKind.length, 100))
    expect(await page.locator('.afisha__count').innerText()).toBe(`Показано ${titles.length} из ${inKind.length}`)

    // Buy links lead to the event page, or to the seat map for events with the scheme flag.
    const hrefs = await page.locator('a.event-card__buy').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    for (const href of hrefs) {
      const [, route, hash] = /^\/(event|scheme)\/([^/?]+)$/.exec(href) ?? []
      const event = afisha.action.find((e) => e.hash_id === hash)
      expect(event, href).toBeDefined()
      expect(route).toBe(event?.scheme === 1 ? 'scheme' : 'event')
    }
    // Events not on sale have a disabled button saying why.
    for (const event of inKind.filter((e) => e.totalticketcount <= 0).slice(0, 3)) {
      const card = page.locator('.event-card', { has: page.getByRole('heading', { name: pickLocalized(event, 'action', 'ru'), exact: true }) })
      await expect.poll(() => card.locator('button.event-card__buy').isDisabled()).toBe(true)
    }

    await reviewShot(page, { path: '/tmp/afisha-desktop.png', fullPage: false })
    expect(errors).toEqual([])
    await context.close()
  })

  it('follows a buy link to its route inside the app (no reload, no 404)', async () => {
    const { page, context } = await openPage(app, '/')
    await waitForListing(page)
    const buy = page.locator('a.event-card__buy').first()
    expect(await buy.count()).toBe(1)
    const href = await buy.getAttribute('href')
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
    await buy.click()
    await page.waitForURL((url) => url.pathname === href)
    // The screen it leads to, not the listing's own h1, which stays until the new route renders
    // (a wait for any h1 passed on it, and the 404 count below then looked at the listing).
    await page.waitForSelector('h1:not(#afisha-title)')
    // Same document (client-side navigation) and a real screen, not the 404 page.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
    expect(await page.locator('#not-found-title').count()).toBe(0)
    await context.close()
  })

  it('opens the screen a link leads to from its top, focus there, on a phone; back returns to the listing; a date chosen keeps the place', async () => {
    const { page, context } = await openPage(app, '/', PHONE_VIEWPORT)
    await waitForListing(page)
    const where = () => page.evaluate(() => ({ y: Math.round(window.scrollY), focus: document.activeElement?.id ?? '' }))
    // A card far down the listing, followed by keyboard, as a screen reader user would.
    // A seat-map event on more than one day, beyond the first card.
    const days = new Map<number, Set<string>>()
    for (const c of afisha.calendar) days.set(c.event_id, (days.get(c.event_id) ?? new Set()).add(c.eventday))
    const hrefs = await page.locator('a.event-card__buy').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    const target = hrefs.findIndex((h, i) => i > 0 && h.startsWith('/scheme/') && (days.get(afisha.action.find((e) => h.endsWith(`/${e.hash_id}`))?.event_id ?? -1)?.size ?? 0) > 1)
    expect(target).toBeGreaterThan(0)
    const buy = page.locator('a.event-card__buy').nth(target)
    await buy.scrollIntoViewIfNeeded()
    const listingY = (await where()).y
    expect(listingY).toBeGreaterThan(PHONE_VIEWPORT.height)
    const href = (await buy.getAttribute('href'))!
    await buy.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname.startsWith(href))
    await page.locator('.date-strip').waitFor()
    // The scheme screen from its top (the listing's scroll kept, it opened 3,500 px down at its
    // footer), and the screen reader's focus on its main region, not on the body.
    await expect.poll(where).toEqual({ y: 0, focus: 'main' })

    // Choosing another date rewrites the screen's path; the visitor stays where they were.
    await page.mouse.wheel(0, 200)
    await expect.poll(async () => (await where()).y).toBeGreaterThan(0)
    const before = (await where()).y
    const path = new URL(page.url()).pathname
    if ((await page.locator('button.date-strip__day[aria-pressed="false"]').count()) === 0) await page.locator('button.date-strip__arrow').last().click()
    await page.locator('button.date-strip__day[aria-pressed="false"]').first().click()
    await page.waitForURL((url) => url.pathname !== path)
    expect((await where()).y).toBe(before)

    // Back: the listing, at the card the visitor left from (the browser's restoration, not reset).
    await page.goBack()
    await waitForListing(page)
    await expect.poll(async () => (await where()).y).toBeGreaterThan(PHONE_VIEWPORT.height)
    await context.close()
  })

  it('shows the same listing on a 390×844 phone without sideways scrolling', async () => {
    const desktop = await openPage(app, '/')
    await waitForListing(desktop.page)
    const desktopTitles = await desktop.page.locator('.event-card__title').allInnerTexts()
    await desktop.context.close()

    const { page, context, errors } = await openPage(app, '/', PHONE_VIEWPORT)
    await waitForListing(page)
    expect(await page.locator('.event-card__title').allInnerTexts()).toEqual(desktopTitles)
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
    // One card per row on a phone.
    const boxes = await page.locator('.event-card').evaluateAll((cards) => cards.slice(0, 2).map((c) => c.getBoundingClientRect().left))
    if (boxes.length === 2) expect(boxes[0]).toBe(boxes[1])
    await reviewShot(page, { path: '/tmp/afisha-phone.png', fullPage: false })
    expect(errors).toEqual([])
    await context.close()
  })
})
