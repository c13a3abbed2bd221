import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOX_TEXTS } from '../src/app/admin/boxoffice/texts'
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, type AppHarness } from './support/app'
import { axeClean, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * The box office by keyboard alone (issue 19.1), in real Chromium against the real server: the
 * keyboard's focus never falls to the page when a control it was on goes busy or goes away. "Best
 * seats" keeps it on its button while the server chooses; removing a place from the cart hands it
 * to the next place's remove button, then to the cart's heading; a sale the server refuses leaves
 * it on Sell. "Nothing chosen" goes once something is. The printed tickets carry no focus ring.
 */
const DESK: ConsoleAccount = { email: 'desk-keyboard@example.org', password: 'a box office password', role: 'boxoffice' }
const MAP_TIMEOUT = 150_000
const en = BOX_TEXTS.en

let app: AppHarness

beforeAll(async () => {
  app = await startConsoleApp([DESK])
})
afterAll(async () => {
  await app?.close()
})

/** What has the keyboard's focus: its accessible-ish name, or 'body' when focus fell to the page. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return 'body'
    return `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`
  })

describe('box office by keyboard', () => {
  it('keeps the focus on the page through best seats, removals from the cart, a refused sale and printing', async () => {
    const { page, errors } = await openConsole(app, DESK, { viewport: DESKTOP_VIEWPORT, by: 'button' })
    await page.getByRole('listitem').filter({ hasText: 'Organ Night' }).getByRole('link', { name: 'Box office' }).click()
    await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
    const items = page.locator('.scheme-cart__item')
    const sell = page.getByRole('button', { name: en.sell })
    const alert = page.getByRole('alert')

    // Asked to sell nothing, the form says so; once a seat is chosen the note is gone.
    await page.getByLabel('Full name', { exact: true }).fill('Keyboard Buyer')
    await page.getByLabel('Phone', { exact: true }).fill('12')
    await sell.focus()
    await page.keyboard.press('Enter')
    await alert.filter({ hasText: en.nothing }).waitFor()

    // Best seats: Enter on its button; the seats come and the focus is still there.
    await page.getByRole('button', { name: 'Find best seats' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => items.count()).toBe(2)
    expect(await focused(page)).toBe('button:Find best seats')
    expect(await alert.filter({ hasText: en.nothing }).count()).toBe(0)
    await axeClean(page, 'best seats held')

    // A refused sale (the phone is too short) leaves the focus on Sell, the reason announced beside it.
    await sell.focus()
    await page.keyboard.press('Enter')
    await alert.filter({ hasText: /phone/i }).waitFor()
    expect(await focused(page)).toBe(`button:${en.sell}`)

    // The first place removed by its button: focus moves to the remove button of the place now first.
    const second = await items.nth(1).getAttribute('data-seat')
    await page.locator('.scheme-cart__remove').first().focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => items.count()).toBe(1)
    expect(await items.first().getAttribute('data-seat')).toBe(second)
    // The cart moves the focus in an effect after the render the server's answer brings
    // (CartPanel.tsx, SaleForm.tsx below): polled, as a read right after the render can come first.
    const nextRemove = `button:${await page.locator('.scheme-cart__remove').first().getAttribute('aria-label')}`
    await expect.poll(() => focused(page)).toBe(nextRemove)
    // The cart sold, from the keyboard: the tickets printed carry no focus ring on paper.
    await page.getByLabel('Phone', { exact: true }).fill('+79161234567')
    await sell.focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('bo-sold').waitFor()
    await expect.poll(() => focused(page)).toBe(`a:${en.print}`)
    await page.keyboard.press('Enter')
    const heading = page.locator('#adm-print-title')
    await page.locator('.bo-ticket').first().waitFor()
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true)
    await page.emulateMedia({ media: 'print' })
    expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe('none')
    await page.emulateMedia({ media: 'screen' })
    expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).not.toBe('none')

    // The last place removed: nothing to move to but the cart's heading.
    await page.goBack()
    await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
    await page.getByRole('button', { name: 'Find best seats' }).click()
    await expect.poll(() => items.count()).toBe(2)
    for (const left of [1, 0]) {
      await page.locator('.scheme-cart__remove').first().focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => items.count()).toBe(left)
    }
    await expect.poll(() => focused(page)).toBe(`h2:${BOX_TEXTS.en.cart}`)
    await axeClean(page, 'cart emptied by keyboard')
    expect(errors.filter((e) => !e.includes('401') && !e.includes('400'))).toEqual([])
  })

  it("sells a seat-map event's standing places: the shop's standing panel, by keyboard, on a phone", async () => {
    const db = app.server.db
    const { page, errors } = await openConsole(app, DESK, { viewport: PHONE_VIEWPORT, by: 'button' })
    await page.getByRole('listitem').filter({ hasText: 'Arena Rock Night' }).getByRole('link', { name: 'Box office' }).click()
    await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
    const stand = page.locator('.scheme-standing__item').first()
    await stand.waitFor()
    const key = (await stand.getAttribute('data-stand'))!
    const name = (await stand.locator('.scheme-standing__name').innerText()).trim()
    // Two tickets of the floor with its plus, by keyboard: held in the desk's cart as one place of 2.
    await page.getByRole('button', { name: `Add a ticket: ${name}` }).focus()
    await page.keyboard.press('Enter')
    await page.locator(`.scheme-cart__item[data-seat="${key}"]`).waitFor()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator(`.scheme-cart__item[data-seat="${key}"]`).innerText()).toContain('2')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
    await axeClean(page, 'standing places at the desk')
    await page.getByLabel('Full name', { exact: true }).fill('Floor Buyer')
    await page.getByLabel('Phone', { exact: true }).fill('+79161234567')
    await page.getByRole('button', { name: en.sell }).focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('bo-sold').waitFor()
    const order = await db.selectFrom('orders').select('id').where('fio', '=', 'Floor Buyer').executeTakeFirstOrThrow()
    const lines = await db
      .selectFrom('order_lines as l')
      .innerJoin('standing_places as p', 'p.id', 'l.standing_place_id')
      .select(['p.place_key', 'l.quantity'])
      .where('l.order_id', '=', order.id)
      .execute()
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(2)
    expect(new Set(lines.map((l) => l.place_key))).toEqual(new Set([key]))
    // The sold note shows with the answer; the cart empties after the reload of the server's cart that follows it.
    await expect.poll(() => page.locator('.scheme-cart__item').count()).toBe(0)
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
  })
})
