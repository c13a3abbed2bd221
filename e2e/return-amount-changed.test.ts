import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Lang } from '../src/contract/lang'
import returnsCh from '../src/app/i18n/locales/returns.ch'
import returnsEn from '../src/app/i18n/locales/returns.en'
import returnsKz from '../src/app/i18n/locales/returns.kz'
import returnsRu from '../src/app/i18n/locales/returns.ru'
import { visitor, type Fixtures } from '../tests/integration/order-fixtures'
import { decide, memberVisitor, pathOf, placeOrder, startPay, type PaymentFx } from '../tests/integration/payment-fixtures'
import { nextReturnLink, type Inbox } from '../tests/integration/return-helpers'
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, type AppHarness } from './support/app'
import { startReturnApp, type ReturnApp } from './support/returns'
import { reviewShot } from './support/shots'

/**
 * Installs, in the page, a record of the changed-sum alert's text at the moment it is added
 * (window.firstAlertText): what a screen reader reads out, before any later render.
 */
const FIRST_ALERT_TEXT = `new MutationObserver((changes, observer) => {
  const alert = document.querySelector('.return-notice--changed[role="alert"]')
  if (alert) { window.firstAlertText = alert.textContent; observer.disconnect() }
}).observe(document.body, { childList: true, subtree: true })`

/**
 * The return page when the order changed after it loaded, in Chromium: the server refuses a
 * return that would refund another sum than the page showed (AMOUNT_CHANGED, returns/create.ts and
 * confirm.ts), and the page reads its rows again and says why, with the new sum, in the page's
 * language, instead of a request or a confirmation for money the visitor never saw. The change:
 * the member's earned bonuses, part of which the card holds, move when they buy another ticket in
 * another tab (what the order keeps back of its refunds for them moves with it).
 */
const TEXTS: Record<Lang, { title: string; mailSent: string }> = {
  ru: { title: returnsRu.returns['amount-changed-title'], mailSent: returnsRu.returns['mail-sent'] },
  en: { title: returnsEn.returns['amount-changed-title'], mailSent: returnsEn.returns['mail-sent'] },
  kz: { title: returnsKz.returns['amount-changed-title'], mailSent: returnsKz.returns['mail-sent'] },
  ch: { title: returnsCh.returns['amount-changed-title'], mailSent: returnsCh.returns['mail-sent'] },
}

describe('a return whose refund changed after the page loaded, in the browser', () => {
  let shop: ReturnApp
  let app: AppHarness
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  beforeAll(async () => {
    shop = await startReturnApp()
    ;({ app, inbox, fx, pfx } = shop)
  })
  afterAll(() => shop?.close())

  const balance = async () => Number((await app.server.db.selectFrom('loyalty_cards').select('bonus_balance').where('id', '=', pfx.client.cardId).executeTakeFirstOrThrow()).bonus_balance)
  /** A member's paid order of `quantity` tickets with `bonuses` spent on it. */
  async function memberOrder(quantity: number, bonuses: number): Promise<string> {
    const m = await memberVisitor(app.server, pfx)
    const hash = await placeOrder(m, fx, fx.basic, 'adult', quantity)
    const d = await m.post<{ errorCode: string }>('/api/order/add-discount', { hash, lang: 'ru', bonuses, cardCode: '', promoCode: '' })
    expect(d.body.errorCode, JSON.stringify(d.body)).toBe('0')
    const start = await startPay(m, hash, pfx.types.card)
    expect(start.body.errorCode, JSON.stringify(start.body)).toBe('0')
    expect((await decide(m, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
    return hash
  }
  /** An order of 3 tickets whose earned bonuses the card holds only part of (another order spent the rest). */
  async function shortOrder(): Promise<string> {
    await app.server.db.updateTable('loyalty_cards').set({ bonus_balance: 30 }).where('id', '=', pfx.client.cardId).execute()
    const hash = await memberOrder(3, 30)
    await memberOrder(1, (await balance()) - 20)
    return hash
  }
  /** Another tab: the member buys a ticket with 50 bonuses and earns on it, so the card's balance moves. */
  const anotherTab = () => memberOrder(1, 50)
  /** What the server's rows say each ticket refunds now (summa). */
  const serverRows = async (hash: string, hashConf?: string) =>
    new Map((await (await visitor(app.baseUrl)).post<{ rows: { id: number; summa: number }[] }>(`/api/order/return/${hash}`, { hash, lang: 'ru', ...(hashConf ? { hashConf } : {}) })).body.rows.map((r) => [r.id, r.summa]))
  const axeClean = async (page: Page, where: string) => {
    const serious = seriousViolations(await runAxe(page))
    expect(serious, `${where}: ${serious.join('\n')}`).toEqual([])
  }
  const footerSum = (page: Page) => page.locator('.return-footer__sum').innerText()
  /** Consent on, then 'Issue refund' and the dialog's 'Issue' (or 'Confirm' from a link), by keyboard; `meanwhile` runs with the dialog open. */
  async function send(page: Page, issue: boolean, meanwhile?: () => Promise<unknown>) {
    const consent = page.locator('.return-consent__switch')
    if (!(await consent.isChecked())) {
      await consent.focus()
      await page.keyboard.press('Space')
    }
    await page.locator('.return-footer__submit').focus()
    if (!issue) await meanwhile?.()
    await page.keyboard.press('Enter')
    if (!issue) return
    await page.locator('dialog.modal--confirm[open]').waitFor()
    await meanwhile?.()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
  }

  for (const [lang, viewport] of [['ru', PHONE_VIEWPORT], ['en', DESKTOP_VIEWPORT], ['kz', PHONE_VIEWPORT], ['ch', DESKTOP_VIEWPORT]] as const) {
    it(`a request: refused, the rows read again, the page says why and the new sum (${lang}, ${viewport.width} px)`, async () => {
      const hash = await shortOrder()
      const { page, context, errors } = await openPage(app, `/order/return/${hash}?lang=${lang}`, viewport)
      await page.locator('.return-footer').waitFor()
      const checks = page.locator('.return-table__check')
      await checks.nth(1).focus()
      await page.keyboard.press('Space')
      const reasons = page.locator('input[name="return-reason"]')
      await reasons.first().focus()
      await page.keyboard.press('Space')
      const shown = await footerSum(page)
      // The alert's text when it first appears (a screen reader reads it out then): recorded in the page.
      await page.evaluate(FIRST_ALERT_TEXT)
      await send(page, true, anotherTab)

      const alert = page.locator('.return-notice--changed[role="alert"]')
      await alert.waitFor()
      // The ticket is still ticked, its new sum is in the footer and in the alert, and it is the server's.
      expect(await checks.nth(1).isChecked()).toBe(true)
      const now = await footerSum(page)
      expect(now).not.toBe(shown)
      const text = await alert.innerText()
      expect(text).toContain(TEXTS[lang].title)
      expect(text).toContain(now)
      // Shown only once the rows were read again: it never names the refused sum as the new one.
      expect(await page.evaluate('window.firstAlertText')).toContain(now)
      const rows = [...(await serverRows(hash)).values()]
      expect(now.replace(/\D/g, '')).toBe(rows[1].toFixed(2).replace(/\D/g, ''))
      expect(await page.locator('.return-status--60').count()).toBe(0)
      await axeClean(page, `return page, sum changed (${lang})`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      if (viewport === PHONE_VIEWPORT) await reviewShot(page, { path: `/tmp/return-amount-changed-${lang}.png`, fullPage: true })

      // Sent again at the new sum: taken, and the alert goes.
      await send(page, true)
      await page.locator('.return-notice').first().waitFor()
      expect(await page.locator('.return-notice').first().innerText()).toContain(TEXTS[lang].mailSent.split('{{')[0].trim())
      expect(await alert.count()).toBe(0)
      expect(await page.locator('.return-status--60').count()).toBe(1)
      expect(errors.filter((e) => !e.includes('409'))).toEqual([])
      await context.close()
    })
  }

  it('a confirmation from the link: refused, rolled back, the page says why; confirmed at the new sum', async () => {
    const hash = await shortOrder()
    const rows = await serverRows(hash)
    const second = [...rows.keys()][1]
    const seen = inbox.messages.length
    const v = await visitor(app.baseUrl)
    const reason = await app.server.db.selectFrom('return_reasons').select('id').orderBy('id').executeTakeFirstOrThrow()
    const created = await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: reason.id, id: [second], summa: rows.get(second) })
    expect(created.body.errorCode, JSON.stringify(created.body)).toBe('0')
    const link = await nextReturnLink(inbox, seen, hash)

    const { page, context, errors } = await openPage(app, link.path, PHONE_VIEWPORT)
    await page.locator('.return-footer').waitFor()
    const shown = await footerSum(page)
    await send(page, false, anotherTab)
    const alert = page.locator('.return-notice--changed[role="alert"]')
    await alert.waitFor()
    const now = await footerSum(page)
    expect(now).not.toBe(shown)
    expect(await alert.innerText()).toContain(returnsRu.returns['amount-changed-title'])
    // Nothing was confirmed: the ticket still waits for this link.
    expect(await page.locator('.return-status--60').count()).toBe(1)
    expect(await page.locator('.return-notice--success').count()).toBe(0)
    await axeClean(page, 'return page from the link, sum changed')

    await send(page, false)
    await page.locator('.return-notice--success').waitFor()
    expect(await page.locator('.return-notice--success').innerText()).toContain(now)
    expect(await page.locator('.return-status--70').count()).toBe(1)
    expect(errors.filter((e) => !e.includes('409'))).toEqual([])
    await context.close()
  })
})
