import type { Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP_VIEWPORT, type AppHarness } from './support/app'
import { openConsole, startConsoleApp, type ConsoleAccount } from './support/console'
import { seatOnPage } from './support/seatOnPage'

/**
 * The box office while a sale is in flight (issue 19.1), in real Chromium against the real
 * server: the operator chooses the next buyer's seat (or quantity) before the sale answers. The
 * sale's request is held in the browser until that choice is made, so the choice always lands
 * mid-sale. The sale done, the choice made meanwhile is still there: on the map it stays held in
 * the desk's cart (the server keeps it, a reload still shows it); in general admission the row
 * changed meanwhile keeps its quantity while the row sold goes back to none.
 */
const DESK: ConsoleAccount = { email: 'desk-in-flight@example.org', password: 'a box office password', role: 'boxoffice' }
const MAP_TIMEOUT = 150_000
const SELL_PATH = '/api/admin/boxoffice/sell'

let app: AppHarness

beforeAll(async () => {
  app = await startConsoleApp([DESK])
})
afterAll(async () => {
  await app?.close()
})

/** A desktop page signed in as the desk, on the box office of `event`. */
async function openBoxOffice(event: string) {
  const opened = await openConsole(app, DESK, { viewport: DESKTOP_VIEWPORT, by: 'button' })
  const { page } = opened
  await page.getByRole('listitem').filter({ hasText: event }).getByRole('link', { name: 'Box office' }).click()
  await page.getByRole('heading', { name: 'Box office', level: 1 }).waitFor()
  return opened
}

async function waitForMap(page: Page): Promise<void> {
  await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
  await page.waitForFunction(() => (window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false) && (window.__seatwiseTest?.schemeEngine?.getSnapshot().ready ?? false), null, { timeout: 60_000 })
}

/** Keys of `n` free seats of the map, from a third of the way in (away from other tests' picks). */
function freeSeats(page: Page, n: number): Promise<string[]> {
  return page.evaluate((n) => {
    const e = window.__seatwiseTest!.schemeEngine!
    const v = e.getVenue()!
    const out: string[] = []
    for (let i = Math.floor(v.seats.count / 3); i < v.seats.count && out.length < n; i++) if (v.seats.status[i] === 0) out.push(e.getSeatInfo(i)!.key)
    return out
  }, n)
}

async function clickSeat(page: Page, key: string): Promise<void> {
  await page.locator('.scheme-map').scrollIntoViewIfNeeded()
  const p = await seatOnPage(page, key)
  await page.mouse.click(p.x, p.y)
  await page.waitForSelector(`.scheme-cart__item[data-seat="${key}"]`, { timeout: 15_000 })
}

/** Holds the next sale's request in the browser until `release` is called; `held` settles once it is held. */
async function holdNextSale(page: Page): Promise<{ held: Promise<void>; release: () => Promise<void> }> {
  let route: Route | null = null
  let onHeld: () => void = () => undefined
  const held = new Promise<void>((resolve) => (onHeld = resolve))
  await page.route(`**${SELL_PATH}*`, (r) => {
    route = r
    onHeld()
  })
  return {
    held,
    release: async () => {
      await route!.continue()
      await page.unroute(`**${SELL_PATH}*`)
    },
  }
}

async function fillBuyer(page: Page, fio: string): Promise<void> {
  await page.getByLabel('Full name', { exact: true }).fill(fio)
  await page.getByLabel('Phone', { exact: true }).fill('+79161234567')
}

describe('box office, a choice made while a sale is in flight', () => {
  it('on the map: a seat clicked during the sale stays in the cart after it, held by the server', async () => {
    const { page, errors } = await openBoxOffice('Organ Night')
    await waitForMap(page)
    const [sold, next] = await freeSeats(page, 2)
    await clickSeat(page, sold)
    await fillBuyer(page, 'In Flight')
    const sale = await holdNextSale(page)
    await page.getByRole('button', { name: 'Sell' }).click()
    await sale.held
    // The next buyer's seat, chosen while the sale waits for its answer.
    await clickSeat(page, next)
    await sale.release()
    await page.getByTestId('bo-sold').waitFor()
    await expect.poll(() => page.locator('.scheme-cart__item').evaluateAll((els) => els.map((e) => e.getAttribute('data-seat')))).toEqual([next])
    // The server holds it for the desk: a reload lists it again.
    await page.reload()
    await waitForMap(page)
    await page.waitForSelector(`.scheme-cart__item[data-seat="${next}"]`, { timeout: 15_000 })
    expect(await page.locator('.scheme-cart__item').count()).toBe(1)
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
  })

  it('in general admission: a row changed during the sale keeps its quantity; the row sold goes back to none', async () => {
    const { page, errors } = await openBoxOffice('Night at the Museum')
    const lists = page.locator('.adm-inline select')
    await lists.nth(1).waitFor()
    await lists.nth(0).selectOption('1')
    await fillBuyer(page, 'In Flight GA')
    const sale = await holdNextSale(page)
    const sell = page.getByRole('button', { name: 'Sell' })
    const colour = (): Promise<string> => sell.evaluate((el) => getComputedStyle(el).backgroundColor)
    const idle = await colour()
    await sell.click()
    await sale.held
    // While the sale is in flight the button says so, and looks it (it kept the blue of one that acts).
    expect(await sell.getAttribute('aria-disabled')).toBe('true')
    expect(await colour()).not.toBe(idle)
    // The family row (3 or more) for the next buyer, chosen while the sale waits.
    await lists.nth(1).selectOption('3')
    await sale.release()
    await page.getByRole('status').filter({ hasText: /Order no\. \d+ sold/ }).waitFor()
    expect([await lists.nth(0).inputValue(), await lists.nth(1).inputValue()]).toEqual(['0', '3'])
    const order = await app.server.db.selectFrom('orders').select('id').where('fio', '=', 'In Flight GA').executeTakeFirstOrThrow()
    const lines = await app.server.db.selectFrom('order_lines').select('quantity').where('order_id', '=', order.id).execute()
    expect(lines.map((l) => l.quantity)).toEqual([1])
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
  })
})
