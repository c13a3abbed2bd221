import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afishaResponseSchema } from '../src/contract/entities/afisha'
import { pickLocalized } from '../src/contract/lang'
import { ticketTotals } from '../src/app/kernel/cart'
import { newestReturnLink } from './support/outbox'
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, visitorApi, type AppHarness } from './support/app'
import { reviewShot } from './support/shots'

/**
 * The order view of a paid order with a service fee after some tickets were returned (issues
 * 13.2 and 13.3), in real Chromium against the real server: the fee shows once and the group's
 * total is its tickets plus that fee; returned tickets are marked, struck, without a code or a
 * ticket link, and the QR modal shows only the others; the refund is shown. Screenshots in
 * Russian and English on a desktop and a 390×844 phone go to SHOTS.
 */
const SHOTS = path.join(os.tmpdir(), 'order-view-shots')
/** Demo event with a 150 ₽ money fee per 2 500 ₽ ticket (seed catalog-data: feeMoney). */
const SHOW = 'Научное шоу профессора Звёздкина'
const DAY_MS = 86_400_000
const TICKETS = 5
const RETURNED = 2

/** An amount as any language prints it ("1 350,00 ₽", "RUB 1,350.00"): two decimals after the last separator. */
function rub(text: string): number {
  const m = /^([\d.,]*?)(?:[.,](\d{2}))?$/.exec(text.replace(/[^\d.,]/g, ''))!
  return Number(m[1].replace(/[.,]/g, '')) + Number(m[2] ?? 0) / 100
}

/** A paid order of TICKETS tickets of the show, RETURNED of them returned through the e-mailed link. */
async function paidOrderWithReturns(app: AppHarness): Promise<{ hash: string; ticket: number; fee: number }> {
  const api = visitorApi(app, '10.99.0.1')
  const afisha = afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
  const event = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === SHOW)
  if (event === undefined) throw new Error(`demo event "${SHOW}" is missing`)
  const data = await api.call('noScheme', { hash: event.hash_id })
  // Returns close before the session: take one at least two days ahead.
  const later = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10)
  const day = data.calendar.find((d) => d.day >= later && d.times.some((x) => x.quantity >= TICKETS))!
  const slot = day.times.find((x) => x.quantity >= TICKETS)!
  const row = data.price.find((p) => p.action_day === day.day && (p.time === '' || p.time === slot.time) && p.useproculture !== 1 && p.priceservise > 0)!
  const { hash } = await api.call('orderCreate', {
    fio: 'Мария Иванова', phone: '+79123456780', email: 'maria@example.ru', lang: 'ru', hash: event.hash_id,
    data: [{ day: day.day, time: slot.time, actionId: row.action_id, categoryId: row.clientcategory_id, zoneId: row.zonelevel_id, quantity: TICKETS, sum: ticketTotals([{ row, quantity: TICKETS }]).total }],
    checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
  })
  const view = await api.call('orderView', { hash, lang: 'ru' })
  const card = view.payments.find((p) => p.protocol_kind !== 'QR' && p.protocol_kind !== 'CARD_SCHEME')!
  const start = await api.call('paymentStart', { hash, lang: 'ru' }, { typeId: card.creditcompany_id })
  if (!('bankUrl' in start)) throw new Error(`the card payment answered no bank page: ${JSON.stringify(start)}`)
  const bankPath = new URL(start.bankUrl).pathname
  const approved = await fetch(new URL(bankPath, app.baseUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=approve', redirect: 'manual' })
  expect(approved.status).toBe(303)

  const paid = await api.call('orderView', { hash, lang: 'ru' })
  const reasons = await api.call('orderReturnData', { hash, lang: 'ru' }, { hash })
  await api.call('orderReturnCreate', { hash, lang: 'ru', reason: reasons.reasons[0].id, id: paid.main.slice(0, RETURNED).map((l) => l.id) })
  // The link as delivered: the stored copy's secret is blanked once sent.
  const { hashConf } = newestReturnLink(app.server.config.outboxDir, hash)
  await api.call('orderReturnConfirm', { hash, lang: 'ru', hashConf })
  return { hash, ticket: row.price, fee: row.priceservise }
}

async function checkView(page: Page, ticket: number, fee: number, texts: { returned: string; refunded: string; open: string; codeOf: string }): Promise<void> {
  const group = page.locator('.ticket-group')
  await group.waitFor()
  const lines = group.locator('.ticket-line')
  expect(await lines.count()).toBe(TICKETS)
  const returned = group.locator('.ticket-line--returned')
  expect(await returned.count()).toBe(RETURNED)
  for (const line of await returned.all()) {
    expect(await line.locator('.ticket-line__state').innerText()).toBe(texts.returned)
    expect(await line.locator('s').count()).toBe(1)
    expect(await line.locator('.ticket-line__open').count()).toBe(0)
  }
  // Only tickets still valid open in a new tab.
  expect(await group.locator('.ticket-line__open').count()).toBe(TICKETS - RETURNED)
  expect(await group.locator('.ticket-line__open').first().innerText()).toBe(texts.open)
  // The fee shows once; the group's total is its valid tickets plus that fee.
  expect(await group.locator('.ticket-group__fee').count()).toBe(1)
  expect(rub(await group.locator('.ticket-group__fee dd').innerText())).toBe(fee * (TICKETS - RETURNED))
  expect(rub(await group.locator('.ticket-group__total dd').innerText())).toBe((ticket + fee) * (TICKETS - RETURNED))
  expect(await page.locator('.order-refunded dt').innerText()).toBe(texts.refunded)
  expect(rub(await page.locator('.order-refunded dd').innerText())).toBe((ticket + fee) * RETURNED)
  // The codes modal never shows a returned ticket.
  await group.locator('.ticket-group__codes').click()
  const modal = page.locator('dialog.codes-modal[open]')
  await modal.waitFor()
  expect(await modal.locator('.codes__count').innerText()).toBe(texts.codeOf)
  // Its first code is the first ticket kept, named by the number the list shows it with (the
  // returned tickets before it count in the list, not among the codes).
  expect(await modal.locator('.codes__ticket').innerText()).toBe(await group.locator('.ticket-line:not(.ticket-line--returned) .ticket-line__number').first().innerText())
  expect(await modal.locator('.codes__image').count()).toBe(1)
  await page.keyboard.press('Escape')
  await expect.poll(() => modal.count()).toBe(0)
}

describe('order view with returned tickets and a service fee', () => {
  let app: AppHarness

  beforeAll(async () => {
    app = await startApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('counts the fee once, marks returned tickets and shows the refund: ru and en, desktop and phone', async () => {
    const { hash, ticket, fee } = await paidOrderWithReturns(app)
    const cases = [
      { lang: 'ru', viewport: DESKTOP_VIEWPORT, texts: { returned: 'Возвращён', refunded: 'Возвращено покупателю', open: 'Открыть билет', codeOf: `1 из ${TICKETS - RETURNED}` } },
      { lang: 'ru', viewport: PHONE_VIEWPORT, texts: { returned: 'Возвращён', refunded: 'Возвращено покупателю', open: 'Открыть билет', codeOf: `1 из ${TICKETS - RETURNED}` } },
      { lang: 'en', viewport: DESKTOP_VIEWPORT, texts: { returned: 'Returned', refunded: 'Refunded to the buyer', open: 'Open ticket', codeOf: `1 of ${TICKETS - RETURNED}` } },
      { lang: 'en', viewport: PHONE_VIEWPORT, texts: { returned: 'Returned', refunded: 'Refunded to the buyer', open: 'Open ticket', codeOf: `1 of ${TICKETS - RETURNED}` } },
    ] as const
    for (const c of cases) {
      const { page, context, errors } = await openPage(app, `/order/${hash}${c.lang === 'ru' ? '' : `?lang=${c.lang}`}`, c.viewport)
      await page.locator('.order-badge[data-badge="paid"]').waitFor()
      await checkView(page, ticket, fee, c.texts)
      if (c.viewport === PHONE_VIEWPORT) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
      const serious = seriousViolations(await runAxe(page))
      expect(serious, serious.join('\n')).toEqual([])
      await reviewShot(page, { path: path.join(SHOTS, `order-returns-${c.lang}-${c.viewport === PHONE_VIEWPORT ? 'phone' : 'desktop'}.png`), fullPage: true })
      expect(errors).toEqual([])
      await context.close()
    }
  })

  it('a returned ticket opened by its link says it is no longer valid and shows no code', async () => {
    const { hash } = await paidOrderWithReturns(app)
    const api = visitorApi(app, '10.99.0.2')
    const view = await api.call('orderView', { hash, lang: 'ru' })
    const gone = view.main.find((l) => l.return_status >= 70)!
    const { page, context } = await openPage(app, `/ticket/${gone.tickethash_id}`)
    await page.locator('.ticket-page__returned').waitFor()
    expect(await page.locator('.ticket-page__returned').innerText()).toBe('Билет возвращён и больше не действует.')
    expect(await page.locator('.ticket-page__code, .ticket-page__print, .notice--error').count()).toBe(0)
    await context.close()
  })
})
