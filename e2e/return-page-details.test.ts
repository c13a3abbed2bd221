import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import returnsEn from '../src/app/i18n/locales/returns.en'
import returnsKz from '../src/app/i18n/locales/returns.kz'
import { seatPlaceText } from '../src/contract/rules/seat-place'
import { addEarlierSession, paidTwoSessionOrder } from '../tests/integration/multi-session-fixtures'
import { seedOrderFixtures, visitor } from '../tests/integration/order-fixtures'
import { decide, pathOf, seedPaymentFixtures, startPay } from '../tests/integration/payment-fixtures'
import { seedReturnFixtures } from '../tests/integration/return-helpers'
import { loadScheme, schemeOrderBody, seatChange } from '../tests/integration/scheme-helpers'
import { createWalkOrder } from './support/orders'
import { freePort, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { reviewShot } from './support/shots'

/**
 * The return page on a 390×844 phone in real Chromium against the real server: the scroll-top
 * button never lies over its boxes, radios or switch, nor over the page's last lines; a failed
 * reload behind 'Return other tickets' keeps the table locked and says so, and pressing again
 * retries; in an order of two sessions both pages list the session that starts first first and
 * name a ticket by one number ('Ticket N'). axe-core on each screen.
 */
const axeClean = async (page: Page, where: string) => {
  const serious = seriousViolations(await runAxe(page))
  expect(serious, `${where}: ${serious.join('\n')}`).toEqual([])
}

/** Two frames: the scroll event's handler has run and React has drawn what it set. */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))

/** Rectangles of `selector` (viewport coordinates) that the visible scroll-top button overlaps. */
function coveredBy(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const button = document.querySelector('.scroll-top')
    if (button === null) return []
    const b = button.getBoundingClientRect()
    return [...document.querySelectorAll(sel)]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        return r.width > 0 && r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom
      })
      .map((el) => el.outerHTML.slice(0, 80))
  }, selector)
}

describe('the return page on a phone (demo data)', () => {
  let app: AppHarness
  beforeAll(async () => {
    const port = await freePort()
    app = await startApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` })
  })
  afterAll(async () => app?.close())

  async function paidWalk(tickets = 2): Promise<string> {
    const hash = await createWalkOrder(app, tickets)
    const v = await visitor(app.baseUrl, '10.66.0.1')
    const card = await app.server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
    const start = await startPay(v, hash, card.id)
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    return hash
  }

  it('keeps the scroll-top button off the boxes, radios and switch, and off the page\'s last lines', async () => {
    // Six tickets: the reasons lie far enough down for the button (after 400 px) to reach them.
    const hash = await paidWalk(6)
    const { page, context } = await openPage(app, `/order/return/${hash}?lang=en`, PHONE_VIEWPORT)
    await page.locator('.return-footer').waitFor()
    await page.locator('.site-footer').waitFor()
    const controls = '.return-page input, .return-page button, .return-reason'
    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
    let shown = 0
    for (let y = 0; y <= max + 10; y += 20) {
      await page.evaluate((top) => window.scrollTo(0, top), Math.min(y, max))
      await settle(page)
      if (await page.locator('.scroll-top').count() > 0) shown++
      expect(await coveredBy(page, controls), `scrolled to ${y}`).toEqual([])
    }
    // At the very end the button shows, and the footer's lines are clear of it.
    await page.evaluate((top) => window.scrollTo(0, top), max)
    await settle(page)
    await page.locator('.scroll-top').waitFor()
    expect(shown).toBeGreaterThan(0)
    expect(await coveredBy(page, '.site-footer a, .site-footer__text, .site-footer__info, .site-footer__version')).toEqual([])
    await axeClean(page, 'return page, scrolled to the end')
    await context.close()
  })

  it('after a request, a failed reload behind "Return other tickets" keeps the table locked and says so; pressing again retries', async () => {
    const hash = await paidWalk()
    const { page, context } = await openPage(app, `/order/return/${hash}?lang=en`, PHONE_VIEWPORT)
    await page.locator('.return-table__check').first().waitFor()
    await page.locator('.return-table__check:enabled').first().check()
    await page.locator('input[name="return-reason"]').first().check()
    await page.locator('.return-consent__switch').check()
    await page.locator('.return-footer__submit').click()
    await page.locator('dialog.modal--confirm[open] .button--primary').click()
    await page.locator('.return-notice').waitFor()
    const more = page.locator('.return-more__button')
    await more.waitFor()

    // The return data cannot be read again: the server is out of reach.
    const dataPath = `/api/order/return/${hash}`
    const isData = (url: URL) => url.pathname === dataPath
    await page.route(isData, (route) => route.abort('connectionrefused'))
    await more.focus()
    await page.keyboard.press('Enter')
    const failed = page.locator('.return-more__failed[role="alert"]')
    await failed.waitFor()
    expect(await failed.innerText()).toBe(returnsEn.returns['more-failed'])
    // Still locked: nothing to tick, no form, and the focus stays on the button to press again.
    expect(await page.locator('.return-table__check:enabled').count()).toBe(0)
    expect(await page.locator('.return-footer').count()).toBe(0)
    expect(await page.locator('.return-status--60').count()).toBe(1)
    expect(await page.evaluate(() => document.activeElement?.classList.contains('return-more__button'))).toBe(true)
    await axeClean(page, 'reload failed')

    // Back online, the same button retries: the ticket left is offered, the one sent is not.
    await page.unroute(isData)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('.return-table__check:enabled').count()).toBe(1)
    expect(await failed.count()).toBe(0)
    expect(await page.locator('.return-status--60').count()).toBe(1)
    await axeClean(page, 'unlocked after the retry')
    await context.close()
  })

  it('names each ticket of a seat-map order by its seat, so two tickets of one category differ (Kazakh)', async () => {
    // Two free seats of one zone of the demo organ night: the same category and price, told apart only by the seat.
    const v = await visitor(app.baseUrl, '10.66.0.2')
    const afisha = (await (await fetch(`${app.baseUrl}/api/afisha`)).json()) as { action: { hash_id: string; action_en: string }[] }
    const fx = await loadScheme(v, undefined, afisha.action.find((a) => a.action_en === 'Organ Night')!.hash_id)
    const free = fx.map.seat_numbers.filter((s) => s.status === 'free' && s.access === undefined)
    const first = free[free.length - 1]
    const second = free.filter((s) => s.zonelevel_id === first.zonelevel_id && s.seat_id !== first.seat_id).at(-1)!
    expect((await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, first.seat_id), seatChange(fx, second.seat_id)] })).status).toBe(200)
    const created = await v.post<{ errorCode: string; hash: string }>('/api/order/create-scheme', await schemeOrderBody(v, fx, [first.seat_id, second.seat_id]))
    expect(created.body.errorCode).toBe('0')
    const card = await app.server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
    const start = await startPay(v, created.body.hash, card.id)
    expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)

    const { page, context, errors } = await openPage(app, `/order/return/${created.body.hash}?lang=kz`, PHONE_VIEWPORT)
    await page.locator('.return-table__category').first().waitFor()
    expect(await page.locator('h1').innerText()).toBe(returnsKz.returns.title)
    const expected = [first, second].map((s) => seatPlaceText(s, 'kz')).sort()
    expect(expected[0]).not.toBe(expected[1])
    expect((await page.locator('.return-table__place').allInnerTexts()).sort()).toEqual(expected)
    // A screen reader hears the seat in the checkbox's name too.
    const labels = await page.locator('.return-table__check').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
    expect(labels.length).toBe(2)
    for (const place of expected) expect(labels.some((l) => l.endsWith(place))).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
    // The buyer's e-mail is 'E-mail' as on the order and event pages and in the console, not 'Эл. пошта'.
    expect(await page.locator('dt').allInnerTexts()).toContain('E-mail')
    await reviewShot(page, { path: '/tmp/qa-h5/shots/return-seats-kz.png', fullPage: true })
    await axeClean(page, 'return page with seats')
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('ticket order and numbers on the order view and the return page (an order of two sessions)', () => {
  let app: AppHarness
  beforeAll(async () => {
    app = await startApp({ DEMO_DATA: '0' })
  })
  afterAll(async () => app?.close())

  it('lists the session that starts first first on both pages, its ticket as Ticket 1', async () => {
    const fx = await seedOrderFixtures(app.server.db)
    const pfx = await seedPaymentFixtures(app.server.db)
    await seedReturnFixtures(app.server.db)
    // A session added later that starts a day earlier: both pages list it first.
    const earlier = await addEarlierSession(app.server.db, fx.basic)
    const hash = await paidTwoSessionOrder(await visitor(app.baseUrl), fx, pfx, fx.basic, earlier, 2, 1)
    const sessionOf = new Map((await app.server.db.selectFrom('order_lines').select(['ticket_hash', 'calendar_id']).execute()).map((l) => [l.ticket_hash, l.calendar_id]))

    const { page, context } = await openPage(app, `/order/${hash}?lang=en`, PHONE_VIEWPORT)
    await page.locator('.ticket-line__number').first().waitFor()
    const viewNumbers = await page.locator('.ticket-group').evaluateAll((groups) => groups.map((g) => [...g.querySelectorAll('.ticket-line__number')].map((h) => h.textContent)))
    expect(viewNumbers).toEqual([['Ticket 1'], ['Ticket 2', 'Ticket 3']])
    // The first group is the earlier session's: its ticket's link opens a ticket of that session.
    const groupSessions = await page.locator('.ticket-group').evaluateAll((groups) => groups.map((g) => [...g.querySelectorAll('a.ticket-line__open')].map((a) => decodeURIComponent(new URL((a as HTMLAnchorElement).href).pathname.split('/').pop() ?? ''))))
    expect(groupSessions.map((hashes) => hashes.map((h) => sessionOf.get(h)))).toEqual([[earlier.calendarId], [fx.basic.calendarId, fx.basic.calendarId]])
    await axeClean(page, 'order view')
    // The codes modal names the earlier session's code as the list does.
    await page.locator('.ticket-group').first().locator('.ticket-group__codes').click()
    const modal = page.locator('dialog.codes-modal[open]')
    await modal.waitFor()
    expect(await modal.locator('.codes__ticket').innerText()).toBe('Ticket 1')
    await page.keyboard.press('Escape')
    await expect.poll(() => modal.count()).toBe(0)

    await page.goto(new URL(`/order/return/${hash}?lang=en`, app.baseUrl).toString())
    await page.locator('.return-table__check').first().waitFor()
    const returnNumbers = await page.locator('.return-event').evaluateAll((blocks) => blocks.map((b) => [...b.querySelectorAll('.return-table__check')].map((c) => /^Return ticket (\d+):/.exec(c.getAttribute('aria-label') ?? '')?.[1])))
    // The same order and numbers as the order view.
    expect(returnNumbers).toEqual([['1'], ['2', '3']])
    await axeClean(page, 'return page')
    await context.close()
  })
})
