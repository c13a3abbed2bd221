import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCULTURE_NONE, PROCULTURE_ONLY } from '../src/contract/constants'
import { DESKTOP_VIEWPORT, eventHash, openPage, startApp, type AppHarness } from './support/app'
import { seatOnPage } from './support/seatOnPage'
import { reviewShot } from './support/shots'

/**
 * The gift card on the scheme page (001 §4: "Voucher card toggle limits each order to 1 ticket
 * and filters prices by useproculture"), in real Chromium against the real server and demo data:
 * seats held by the bank card are fitted to the gift card when the visitor switches to it (the
 * first held kept at its zone's gift price, the rest released, the visitor told), a seat of a
 * zone the gift card cannot buy is released, and going back re-prices at the bank card's row.
 * The demo's "Tchaikovsky: The Seasons" takes the gift card on the 5,000-seat hall; its
 * cheapest zone alone has a gift-card row (seed/catalog.ts).
 */
const MAP_TIMEOUT = 150_000
let app: AppHarness

async function waitForMap(page: Page): Promise<void> {
  await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: MAP_TIMEOUT })
  await page.waitForFunction(() => (window.__seatwiseTest?.schemeEngine?.getSnapshot().hasVenue ?? false) && (window.__seatwiseTest?.schemeEngine?.getSnapshot().ready ?? false), null, { timeout: 60_000 })
}

/** The key of a free seat among `keys`, not in `except`, read from the page's engine. */
function freeSeat(page: Page, keys: string[], except: string[] = []): Promise<string> {
  return page.evaluate(({ keys, except }) => {
    const allowed = new Set(keys)
    const e = window.__seatwiseTest!.schemeEngine!
    const v = e.getVenue()!
    for (let i = 0; i < v.seats.count; i++) {
      const key = e.getSeatInfo(i)!.key
      if (v.seats.status[i] === 0 && allowed.has(key) && !except.includes(key)) return key
    }
    throw new Error('no free seat')
  }, { keys, except })
}

/** Clicks the seat on the map and waits until the cart holds it; answers its name in the cart. */
async function hold(page: Page, key: string): Promise<string> {
  // The payment choice above pushes the map down: the click must land inside the viewport.
  await page.locator('.scheme-map').scrollIntoViewIfNeeded()
  const at = await seatOnPage(page, key)
  await page.mouse.click(at.x, at.y)
  const item = page.locator(`.scheme-cart__item[data-seat="${key}"]`)
  await item.waitFor({ timeout: 15_000 }).catch(async (e: unknown) => {
    await reviewShot(page, { path: '/tmp/scheme-gift-hold-fail.png' })
    throw e
  })
  return item.locator('.scheme-cart__name').innerText()
}

const cartSeats = (page: Page) => page.locator('.scheme-cart__item').evaluateAll((els) => els.map((e) => e.getAttribute('data-seat')!))
const categoryOf = (page: Page, key: string) => page.locator(`.scheme-cart__item[data-seat="${key}"] .scheme-cart__category`).innerText()

beforeAll(async () => {
  app = await startApp()
})
afterAll(async () => {
  await app?.close()
})

describe('scheme view: switching to the gift card', () => {
  it('keeps the first held seat at a gift price, releases the rest with the limit message, and releases seats the gift card cannot buy', async () => {
    const hash = await eventHash(app, 'Tchaikovsky: The Seasons')
    const opened = await openPage(app, `/scheme/${hash}`, DESKTOP_VIEWPORT)
    const { page } = opened
    await page.waitForURL(new RegExp(`/scheme/${hash}/\\d{4}-\\d{2}-\\d{2}/19:00$`), { waitUntil: 'commit' })
    await waitForMap(page)
    const gift = page.getByRole('radio', { name: 'Пушкинская карта' })
    const bank = page.getByRole('radio', { name: 'Банковская карта' })
    expect(await bank.isChecked()).toBe(true)

    // The zones by the server's rows: the one with a gift-card row, and another without.
    const db = app.server.db
    const calendarId = Number(await page.locator('.scheme-session').getAttribute('data-calendar'))
    const rows = await db.selectFrom('prices').select(['id', 'zone_id', 'useproculture']).where('calendar_id', '=', calendarId).where('for_subscription', '=', 0).execute()
    const giftZone = rows.find((r) => r.useproculture === PROCULTURE_ONLY)!.zone_id
    const otherZone = rows.find((r) => !rows.some((g) => g.zone_id === r.zone_id && g.useproculture !== PROCULTURE_NONE))!.zone_id
    const seatsOf = async (zone: number) => (await db.selectFrom('seats').select('seat_key').where('zone_id', '=', zone).execute()).map((s) => s.seat_key)
    const giftSeats = await seatsOf(giftZone)
    const otherSeats = await seatsOf(otherZone)
    /** The price row the server holds `key` at for this visitor: the proof the order will take it. */
    const heldRow = async (key: string) => {
      const h = await db.selectFrom('seat_holds as h').innerJoin('seats as s', 's.id', 'h.seat_id').innerJoin('prices as p', 'p.id', 'h.price_id')
        .select(['p.useproculture', 'h.released_at']).where('h.calendar_id', '=', calendarId).where('s.seat_key', '=', key).orderBy('h.id', 'desc').executeTakeFirstOrThrow()
      return h.released_at === null ? h.useproculture : 'released'
    }

    // Two seats of the gift zone held by the bank card, at the bank card's row.
    const first = await freeSeat(page, giftSeats)
    await hold(page, first)
    const second = await freeSeat(page, giftSeats, [first])
    const secondName = await hold(page, second)
    expect(await categoryOf(page, first)).not.toBe('Пушкинская карта')

    // The gift card: one ticket. The first held stays, re-priced at the gift row; the second goes, and the visitor is told.
    await gift.check()
    await waitForMap(page)
    const notice = page.locator('dialog[open]')
    await notice.waitFor({ timeout: 20_000 })
    expect(await notice.locator('.modal__title').innerText()).toBe('По Пушкинской карте можно купить один билет')
    expect(await notice.locator('.modal__text').innerText()).toBe(`Убраны из корзины (${secondName}).`)
    await page.keyboard.press('Escape')
    await expect.poll(() => cartSeats(page)).toEqual([first])
    await expect.poll(() => categoryOf(page, first)).toBe('Пушкинская карта')
    expect(await heldRow(first)).toBe(PROCULTURE_ONLY)
    expect(await heldRow(second)).toBe('released')

    // Back to the bank card: the seat is re-priced at the bank card's row, nothing released, nothing said.
    await bank.check()
    await waitForMap(page)
    await expect.poll(() => categoryOf(page, first)).not.toBe('Пушкинская карта')
    await expect.poll(() => heldRow(first)).toBe(PROCULTURE_NONE)
    expect(await page.locator('dialog[open]').count()).toBe(0)

    // A seat of a zone without a gift row, held second: switching releases it as not sold so.
    const other = await freeSeat(page, otherSeats)
    const otherName = await hold(page, other)
    await gift.check()
    await waitForMap(page)
    await notice.waitFor({ timeout: 20_000 })
    expect(await notice.locator('.modal__text').innerText()).toBe(`Эти места нельзя купить выбранным способом, они убраны из корзины (${otherName}).`)
    expect(await notice.locator('.modal__title').innerText()).toBe('Предупреждение')
    await page.keyboard.press('Escape')
    await expect.poll(() => cartSeats(page)).toEqual([first])
    expect(await heldRow(other)).toBe('released')
    expect(await heldRow(first)).toBe(PROCULTURE_ONLY)
    expect(opened.errors.filter((e) => !e.includes('favicon'))).toEqual([])
    await opened.context.close()
  })
})
