import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../src/contract/client'
import { SPECIAL_OFFERS_PANEL_WIDTH } from '../src/contract/constants'
import { afishaResponseSchema } from '../src/contract/entities/afisha'
import { pickLocalized } from '../src/contract/lang'
import { signCrmToken } from '../src/server/crm/token'
import { freePort, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, visitorApi, type AppHarness } from './support/app'
import { createWalkOrder, payWith, WALK } from './support/orders'
import { reviewShot } from './support/shots'

/**
 * The order view in real Chromium against the real server: orders are created through the real
 * API (the contract client), then /order/{hash} is opened. Covers the layout and texts, special
 * offers (limit per price, add, remove), the promo code and loyalty bonuses changing the amount,
 * the confirm dialog before paying, the 390×844 phone layout, and axe.
 */
const CRM_SECRET = 'e2e-order-crm-secret-0123456789abcdef'
/** The demo data's first CRM client, holder of the loyalty card CARD-0001 with 1,500 bonuses. */
const DEMO_CLIENT_ID = 1
const TOKEN_LIFETIME_S = 600

/** Creates a general-admission order of `quantity` tickets of the walk through the real API. */
function createOrder(app: AppHarness, quantity: number, api: ApiClient = visitorApi(app)): Promise<string> {
  return createWalkOrder(app, quantity, undefined, api)
}

/** Holds the first free seat of the first session of a seat-map event and orders it through the real API. */
async function createSchemeOrder(app: AppHarness, eventName: string): Promise<string> {
  const api = visitorApi(app)
  const afisha = afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
  const event = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === eventName)
  if (event === undefined) throw new Error(`demo event "${eventName}" is missing`)
  const sessions = await api.call('schemeSessions', { hash: event.hash_id })
  const cal = sessions.calendar[0]
  const map = await api.call('schemeMap', { hash: event.hash_id, calendar_id: cal.calendar_id })
  const seat = map.seat_numbers.find((x) => x.status === 'free')!
  const price = sessions.prices.find((p) => p.zonelevel_id === seat.zonelevel_id && p.calendar_id === cal.calendar_id && p.useproculture !== 1)!
  const ticket = { seat_id: seat.seat_id, clientcategory_id: price.clientcategory_id, quantity: 1 }
  await api.call('cartUpdate', { calendar_id: cal.calendar_id, changes: [ticket] })
  const { checkboxList } = await api.call('scheme', { hash: event.hash_id })
  const created = await api.call('orderCreateScheme', {
    fio: 'Иван Сидоров', phone: '+79123456789', email: 'ivan@example.ru', action_id: event.hash_id, lang: 'ru', tickets: [ticket],
    checkboxList: checkboxList.map((c) => ({ id: c.id, checked: 1 })), calendarId: cal.calendar_id, USE_PUSHKIN_CARD: 0,
  })
  return created.hash
}

const amount = (page: Page) => page.locator('.order-pay__amount').innerText()
const rub = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'))

describe('order view', () => {
  let app: AppHarness

  beforeAll(async () => {
    // The sandbox bank sends the buyer back to PUBLIC_URL (the paid order's loyalty block).
    const port = await freePort()
    app = await startApp({ CRM_SECRET, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows the order: number, badge, buyer, grouped tickets, timer, payment types; axe finds nothing serious', async () => {
    const hash = await createOrder(app, 2)
    const { page, context, errors } = await openPage(app, `/order/${hash}`)
    await page.locator('.order-summary__number').waitFor()
    expect(await page.locator('.order-summary__number').innerText()).toMatch(/^Заказ № \d+$/)
    expect(await page.locator('.order-badge').innerText()).toBe('Не оплачен')
    expect(await page.locator('.order-summary__buyer').innerText()).toContain('Иван Сидоров')
    expect(await page.locator('.order-summary__buyer').innerText()).toContain('ivan@example.ru')
    // A not-paid order offers no return.
    expect(await page.locator('.order-summary__return').count()).toBe(0)

    const group = page.locator('.ticket-group')
    expect(await group.count()).toBe(1)
    expect(await group.locator('.ticket-group__name').innerText()).toContain(WALK)
    expect(await group.locator('.ticket-line').count()).toBe(2)
    expect(await group.locator('.ticket-line').first().innerText()).toContain('Взрослый')
    const lineTotal = rub(await group.locator('.ticket-group__total dd').innerText())
    expect(rub(await amount(page))).toBe(lineTotal)
    // The list collapses and opens again.
    await group.locator('.ticket-group__toggle').click()
    expect(await group.locator('.ticket-lines').isVisible()).toBe(false)
    expect(await group.locator('.ticket-group__toggle').getAttribute('aria-expanded')).toBe('false')
    await group.locator('.ticket-group__toggle').click()
    expect(await group.locator('.ticket-lines').isVisible()).toBe(true)

    expect(await page.locator('.order-pay__timer').innerText()).toMatch(/^1[0-5]:\d{2}$|^0\d:\d{2}$/)
    expect(await page.locator('.order-pay__type input[type="radio"]').count()).toBeGreaterThan(0)
    expect(await page.locator('.order-pay__type input[type="radio"]').first().isChecked()).toBe(true)
    // The card schemes' own marks (item 18 of issue 13), not text boxes.
    expect(await page.locator('.payment-logos svg').evaluateAll((svgs) => svgs.map((s) => `${s.getAttribute('aria-label')}:${s.querySelector('path') !== null}:${s.querySelector('text') === null}`)))
      .toEqual([expect.stringMatching(/^visa:true:true$/i), expect.stringMatching(/^mastercard:true:true$/i)])
    // Tickets of an unpaid order have no codes nor ticket links.
    expect(await page.locator('.ticket-group__codes, .ticket-line__open').count()).toBe(0)

    const serious = seriousViolations(await runAxe(page))
    expect(serious, serious.join('\n')).toEqual([])
    await reviewShot(page, { path: '/tmp/order-desktop.png', fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })

  it('adds special offers up to their limit per price, removes one, and asks about offers before paying', async () => {
    const hash = await createOrder(app, 3)
    const { page, context, errors } = await openPage(app, `/order/${hash}`)
    await page.locator('.order-summary__number').waitFor()
    const before = rub(await amount(page))
    // The ticket list numbers its tickets, each item named by its number for a screen reader.
    const listed = await page.locator('.ticket-line').evaluateAll((items) => items.map((li) => ({
      n: li.querySelector('.ticket-line__number')?.textContent ?? '',
      name: document.getElementById(li.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
      category: li.querySelector('.ticket-line__cell dd')?.textContent ?? '',
    })))
    expect(listed.map((l) => l.n)).toEqual(['Билет 1', 'Билет 2', 'Билет 3'])
    expect(listed.map((l) => l.name)).toEqual(['Билет 1', 'Билет 2', 'Билет 3'])
    for (const n of [1, 2, 3]) expect(await page.getByRole('listitem', { name: `Билет ${n}`, exact: true }).count()).toBe(1)

    // Paying with offers available and none added asks first; "Add" opens the panel.
    await page.locator('.order-pay__submit').click()
    const confirm = page.locator('dialog.modal--confirm')
    await confirm.waitFor()
    expect(await confirm.locator('.button--primary').innerText()).toBe('Добавить')
    expect(await confirm.locator('.button:not(.button--primary)').innerText()).toBe('Перейти к оплате')
    await confirm.locator('.button--primary').click()

    const panel = page.locator('dialog.offers-panel')
    await panel.waitFor()
    expect((await panel.boundingBox())!.width).toBe(SPECIAL_OFFERS_PANEL_WIDTH)
    const items = panel.locator('.offer-item')
    expect(await items.count()).toBe(3) // one booklet per ticket, limit 2 per order
    // Each says which ticket it is for, so its accessible name tells the three alike apart.
    for (const n of [1, 2, 3]) expect(await panel.getByRole('button', { name: new RegExp(`Билет ${n} · Взрослый`) }).count()).toBe(1)
    // An offer's 'Билет N' is the list's ticket N: the same number beside what the list shows of it.
    for (const text of await panel.locator('.offer-item__ticket').allInnerTexts()) {
      const [number, detail] = text.split(' · ')
      expect(listed.find((l) => l.n === number)?.category).toBe(detail)
    }
    const add = panel.locator('.offers-panel__add')
    expect(await add.isDisabled()).toBe(true)
    await items.nth(0).click()
    expect(await items.nth(0).getAttribute('aria-pressed')).toBe('true')
    expect(await add.isEnabled()).toBe(true)
    await items.nth(1).click()
    // The limit of this price (2) is reached: the third booklet closes; unselecting reopens it.
    expect(await items.nth(2).isDisabled()).toBe(true)
    await items.nth(1).click()
    expect(await items.nth(2).isEnabled()).toBe(true)
    await items.nth(1).click()
    await add.click()
    await page.locator('.added-service').nth(1).waitFor()
    expect(await page.locator('.added-service').count()).toBe(2)
    await expect.poll(async () => rub(await amount(page))).toBe(before + 300)

    // A removable service goes away and the amount follows.
    await page.locator('.added-service__remove').first().click()
    await expect.poll(() => page.locator('.added-service').count()).toBe(1)
    await expect.poll(async () => rub(await amount(page))).toBe(before + 150)
    expect(errors).toEqual([])
    await context.close()
  })

  it('applies a promo code and loyalty bonuses, rejects a wrong code, and cancels the discount', async () => {
    // The CRM client signs in on the API client's session, so the order carries the loyalty card.
    const api = visitorApi(app)
    const token = signCrmToken(CRM_SECRET, { id: DEMO_CLIENT_ID, exp: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S })
    await api.call('crmClientInfo', { token })
    const hash = await createOrder(app, 2, api)
    const { page, context, errors } = await openPage(app, `/order/${hash}`)
    await page.locator('.loyalty').waitFor()
    const before = rub(await amount(page))

    // Promo: OK needs 3 characters; the code is shown upper-cased; a wrong one is refused.
    const promo = page.locator('#loyalty-promo')
    await promo.fill('xy')
    expect(await page.locator('.loyalty__promo-apply').isDisabled()).toBe(true)
    await promo.fill('nope-code')
    expect(await promo.inputValue()).toBe('NOPE-CODE')
    await page.locator('.loyalty__promo-apply').click()
    await page.locator('#loyalty-promo-error').waitFor()
    expect(await page.locator('#loyalty-promo-error').innerText()).toBe('Неверный промокод')
    expect(rub(await amount(page))).toBe(before)

    await promo.fill('theatre500')
    await page.locator('.loyalty__promo-apply').click()
    await page.locator('.loyalty__fact--promo').waitFor()
    expect(await page.locator('.loyalty__fact--promo').innerText()).toContain('THEATRE500')
    const afterPromo = rub(await amount(page))
    expect(afterPromo).toBeLessThan(before)

    // Bonuses: integer above 0 and not above the available ones; the rest is shown.
    const bonuses = page.locator('#loyalty-bonuses')
    const available = Number((await page.locator('.loyalty__fact--available').innerText()).replace(/\D/g, ''))
    expect(available).toBeGreaterThan(0)
    await bonuses.fill(String(available + 1))
    expect(await page.locator('.loyalty__apply').isDisabled()).toBe(true)
    await bonuses.fill('100')
    expect(await page.locator('.loyalty__left').innerText()).toBe(`Останется бонусов: ${available - 100}`)
    await page.locator('.loyalty__apply').click()
    await expect.poll(async () => rub(await amount(page))).toBe(afterPromo - 100)

    await reviewShot(page.locator('.loyalty'), { path: '/tmp/order-loyalty.png' })
    await page.locator('.loyalty__cancel').click()
    await expect.poll(async () => rub(await amount(page))).toBe(before)
    expect(await page.locator('.loyalty__fact--promo').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('once paid, the loyalty block says what the order used and earned, with no forms (001 §2)', async () => {
    const api = visitorApi(app)
    const token = signCrmToken(CRM_SECRET, { id: DEMO_CLIENT_ID, exp: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S })
    await api.call('crmClientInfo', { token })
    const hash = await createOrder(app, 1, api)
    const { page, context, errors } = await openPage(app, `/order/${hash}`)
    await page.locator('#loyalty-bonuses').waitFor()
    await page.locator('#loyalty-bonuses').fill('50')
    await page.locator('.loyalty__apply').click()
    await page.locator('.loyalty__fact--used').waitFor()
    await payWith(page, 'Банковская карта')
    await page.waitForURL(/\/sandbox-bank\/pay\//)
    await page.locator('button[value="approve"]').click()
    await page.waitForURL(new RegExp(`/order/${hash}`))
    await page.locator('.order-badge[data-badge="paid"]').waitFor()
    // The card, the bonuses spent and those the payment earned (chargedBonus); nothing to change.
    const loyalty = page.locator('.loyalty')
    expect(await loyalty.locator('.loyalty__card').innerText()).toContain('CARD-0001')
    expect(await loyalty.locator('.loyalty__fact--used').innerText()).toMatch(/50/)
    expect(await loyalty.locator('.loyalty__fact--charged').innerText()).toMatch(/^Начислено бонусов: [1-9]\d*$/)
    expect(await loyalty.locator('form, button, input').count()).toBe(0)
    // Nothing is "available" to a paid order: the card's balance is what it holds.
    expect(await loyalty.locator('.loyalty__fact--available').count()).toBe(0)
    expect(await loyalty.locator('.loyalty__fact--balance').count()).toBe(1)
    expect(seriousViolations(await runAxe(page))).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('fits a 390×844 phone: one column, offers as a full-width drawer', async () => {
    const hash = await createOrder(app, 1)
    const { page, context, errors } = await openPage(app, `/order/${hash}`, PHONE_VIEWPORT)
    await page.locator('.order-summary__number').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
    await page.locator('.order-page__offers').tap()
    const panel = page.locator('dialog.offers-panel')
    await panel.waitFor()
    expect((await panel.boundingBox())!.width).toBe(PHONE_VIEWPORT.width)
    await reviewShot(page, { path: '/tmp/order-phone-offers.png' })
    await page.keyboard.press('Escape')
    await expect.poll(() => panel.isVisible()).toBe(false)
    await reviewShot(page, { path: '/tmp/order-phone.png', fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })

  it('speaks the chosen language, and an unpaid ticket page refuses to print', async () => {
    const api = visitorApi(app)
    const hash = await createOrder(app, 1, api)
    const { page, context, errors } = await openPage(app, `/order/${hash}?lang=en`)
    await page.locator('.order-summary__number').waitFor()
    expect(await page.locator('.order-summary__number').innerText()).toMatch(/^Order № \d+$/)
    expect(await page.locator('.order-badge').innerText()).toBe('Not paid')
    expect(await page.locator('.order-pay__submit').innerText()).toBe('Pay')
    expect(await page.locator('.ticket-group__name').innerText()).toContain('Old Town Walk')
    for (const [lang, badge] of [['kz', 'Төленбеді'], ['ch', '未付款']] as const) {
      await page.goto(new URL(`/order/${hash}?lang=${lang}`, app.baseUrl).toString())
      await expect.poll(() => page.locator('.order-badge').innerText().catch(() => '')).toBe(badge)
    }

    // The ticket view of a not-paid order shows no code and no print button.
    const view = await api.call('orderView', { hash, lang: 'ru' })
    await page.goto(new URL(`/ticket/${view.main[0].tickethash_id}`, app.baseUrl).toString())
    await page.locator('.ticket-page__not-allowed').waitFor()
    expect(await page.locator('.ticket-page__not-allowed').innerText()).toBe('Печать билета недоступна: заказ не оплачен.')
    expect(await page.locator('.ticket-page__print, .ticket-page__code').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows seat rows (sector, row, seat, category, cost) and the service fee of a seat-map order', async () => {
    const hash = await createSchemeOrder(app, 'Вишнёвый сад')
    const { page, context, errors } = await openPage(app, `/order/${hash}`)
    await page.locator('.ticket-line--seat').waitFor()
    const cells = await page.locator('.ticket-line--seat .ticket-line__cell dt').allInnerTexts()
    expect(cells).toEqual(['Сектор', 'Ряд', 'Место', 'Категория', 'Стоимость'])
    expect(await page.locator('.ticket-line--seat').innerText()).toContain('Parterre left')
    const fee = rub(await page.locator('.ticket-group__fee dd').innerText())
    expect(fee).toBeGreaterThan(0)
    const cost = rub(await page.locator('.ticket-line--seat .ticket-line__cell').last().locator('dd').innerText())
    expect(rub(await page.locator('.ticket-group__total dd').innerText())).toBeCloseTo(cost + fee, 2)
    expect(await page.locator('.ticket-group__age').innerText()).toBe('12+')
    expect(errors).toEqual([])
    await context.close()
  })

  it('works by keyboard: offers panel, item toggles, payment type radios', async () => {
    const hash = await createOrder(app, 2)
    const { page, context } = await openPage(app, `/order/${hash}`)
    await page.locator('.order-page__offers').waitFor()
    await page.locator('.order-page__offers').focus()
    await page.keyboard.press('Enter')
    const panel = page.locator('dialog.offers-panel')
    await panel.waitFor()
    // Focus moves into the panel; Tab reaches the first item, Space toggles it.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog.offers-panel') !== null)).toBe(true)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.classList.contains('offer-item'))).toBe(true)
    await page.keyboard.press('Space')
    expect(await panel.locator('.offer-item').first().getAttribute('aria-pressed')).toBe('true')
    await page.keyboard.press('Escape')
    await expect.poll(() => panel.isVisible()).toBe(false)
    // The radio group moves with the arrow keys.
    await page.locator('.order-pay__type input').first().focus()
    await page.keyboard.press('ArrowDown')
    expect(await page.locator('.order-pay__type input').nth(1).isChecked()).toBe(true)
    await context.close()
  })

  it('keeps the chosen payment type, the typed promo code and the chosen offers when the visitor switches the language', async () => {
    const hash = await createOrder(app, 2)
    const { page, context, errors } = await openPage(app, `/order/${hash}`, PHONE_VIEWPORT)
    await page.locator('.order-page__offers').waitFor()
    await page.locator('.order-pay__type input').nth(1).check()
    await page.locator('#loyalty-promo').fill('spring')
    await page.locator('.order-page__offers').click()
    const panel = page.locator('dialog.offers-panel')
    await panel.locator('.offer-item').first().click()
    await panel.locator('.offers-panel__close').click()
    await page.locator('select.lang-select__control').selectOption('en')
    await expect.poll(() => page.locator('.order-badge').innerText()).toBe('Not paid')
    // The page was remounted per language and lost all three.
    expect(await page.locator('.order-pay__type input').nth(1).isChecked()).toBe(true)
    expect(await page.locator('#loyalty-promo').inputValue()).toBe('SPRING')
    await page.locator('.order-page__offers').click()
    expect(await panel.locator('.offer-item').first().getAttribute('aria-pressed')).toBe('true')
    expect(await panel.locator('.offers-panel__add').isEnabled()).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('says the order is not found for an unknown hash', async () => {
    const { page, context } = await openPage(app, '/order/no-such-order-hash')
    await page.locator('#order-missing-title').waitFor()
    expect(await page.locator('#order-missing-title').innerText()).toBe('Заказ удалён или не найден')
    await context.close()
  })
})

describe('order view payment countdown', () => {
  /** A reserve time long enough to add a service and open the page, short enough to watch it run out. */
  const RESERVE_SECONDS = 10
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp({ ORDER_RESERVE_SECONDS: String(RESERVE_SECONDS) })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('follows the order live: when the reserve time runs out the badge, offers and services change without a reload', async () => {
    const api = visitorApi(app)
    const hash = await createOrder(app, 1, api)
    const offer = (await api.call('orderView', { hash, lang: 'ru' })).addToping[0]
    await api.call('orderAddSpecialOffer', { hash, data: [{ uid: offer.uid, parent_id: offer.parent_id, package_id: offer.package_id, price_id: offer.price_id, cost: offer.cost }] })
    const { page, context, errors } = await openPage(app, `/order/${hash}`)
    await page.locator('.order-summary__number').waitFor()
    expect(await page.locator('.order-badge').innerText()).toBe('Не оплачен')
    expect(await page.locator('.added-service__remove').count()).toBe(1)
    expect(await page.locator('.order-page__offers').count()).toBe(1)
    // A mark on this document: it is gone if the page reloads.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true))

    // No reload: the page reads the order again when its time is up.
    await expect.poll(() => page.locator('.order-badge').innerText(), { timeout: (RESERVE_SECONDS + 10) * 1000 }).toBe('Отменён')
    expect(await page.locator('.order-pay__over').innerText()).toBe('Время на оплату истекло')
    expect(await page.locator('.order-pay__submit').count()).toBe(0)
    expect(await page.locator('.order-page__offers').count()).toBe(0)
    // The added service stays listed but can no longer be removed.
    expect(await page.locator('.added-service').count()).toBe(1)
    expect(await page.locator('.added-service__remove').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })
})
