import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARE_TEXTS } from '../src/app/admin/careTexts'
import returnsRu from '../src/app/i18n/locales/returns.ru'
import { sandboxRefunds, type SandboxRefunds } from '../tests/support/sandbox-refunds'
import { seedOrderFixtures, visitor, type Fixtures } from '../tests/integration/order-fixtures'
import { seedPaymentFixtures, type PaymentFx } from '../tests/integration/payment-fixtures'
import { nextReturnLink, paidOrder, seedReturnFixtures, startInbox, type Inbox } from '../tests/integration/return-helpers'
import { openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { createOperators, openConsole, openSection, type ConsoleAccount } from './support/console'

/**
 * A refund the bank refuses at first, in Chromium: the sandbox bank's switch
 * (payments/sandbox/refund-routes.ts) refuses the next refund, and the screens say the refund is
 * recorded and will be sent again, not that it failed nor that the money went back:
 * - the visitor's return page after confirming a return by its e-mailed link (returns.confirmed-pending);
 * - the console's order care after an operator's refund (careTexts refundPending).
 * The bank takes the refund once the switch is off (the leader's sweep; its own tests cover that).
 */
const DESK: ConsoleAccount = { email: 'desk@example.org', password: 'a box office password', role: 'boxoffice' }

describe('a refund the bank refused at first, in the browser', () => {
  let app: AppHarness
  let inbox: Inbox
  let fx: Fixtures
  let pfx: PaymentFx
  let bank: SandboxRefunds
  beforeAll(async () => {
    inbox = await startInbox()
    app = await startApp({ DEMO_DATA: '0', SMTP_URL: `smtp://127.0.0.1:${inbox.port}` })
    fx = await seedOrderFixtures(app.server.db)
    pfx = await seedPaymentFixtures(app.server.db)
    await seedReturnFixtures(app.server.db)
    await createOperators(app, DESK)
    bank = sandboxRefunds(app.baseUrl)
  })
  afterAll(async () => {
    await app?.close()
    await inbox?.close()
  })
  const axeClean = async (page: Page, where: string) => {
    const serious = seriousViolations(await runAxe(page))
    expect(serious, `${where}: ${serious.join('\n')}`).toEqual([])
  }

  it("the visitor's return page says the refund is pending", async () => {
    const v = await visitor(app.baseUrl)
    const { hash, publicId } = await paidOrder(v, fx, pfx, 1)
    const order = await app.server.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()
    const [line] = await app.server.db.selectFrom('order_lines').select('id').where('order_id', '=', order.id).execute()
    const reason = await app.server.db.selectFrom('return_reasons').select('id').orderBy('id').executeTakeFirstOrThrow()
    const seen = inbox.messages.length
    const created = await v.post<{ errorCode: string }>('/api/order/return-create', { hash, lang: 'ru', reason: reason.id, id: [line.id] })
    expect(created.body.errorCode, JSON.stringify(created.body)).toBe('0')
    const link = await nextReturnLink(inbox, seen, hash)

    await bank.refuseNext(1)
    const { page, context, errors } = await openPage(app, link.path, PHONE_VIEWPORT)
    await page.locator('.return-footer').waitFor()
    await page.locator('.return-consent__switch').click()
    await page.locator('.return-footer__submit').click()
    const notice = page.locator('.return-notice--success')
    await notice.waitFor()
    // The link's page speaks the order's language (Russian).
    expect(await notice.innerText()).toContain(returnsRu.returns['confirmed-pending'])
    expect(await bank.takenFor(publicId)).toEqual([])
    await axeClean(page, 'return page, refund pending')
    expect(errors).toEqual([])
    await context.close()
  })

  it("the console's order care says an operator's refund is pending", async () => {
    const v = await visitor(app.baseUrl)
    const { hash, publicId } = await paidOrder(v, fx, pfx, 1)
    const order = await app.server.db.selectFrom('orders').select(['id', 'ord_num']).where('hash', '=', hash).executeTakeFirstOrThrow()
    const { page, context, errors } = await openConsole(app, DESK, { viewport: PHONE_VIEWPORT, by: 'button' })
    await openSection(page, 'Orders')
    await page.getByLabel('Order number, e-mail, phone, name or ticket code').fill(String(order.ord_num))
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('list', { name: 'Orders' }).getByRole('link').first().click()
    await expect.poll(() => page.getByText('Status:').innerText()).toContain('paid')

    await bank.refuseNext(1)
    page.once('dialog', (d) => void d.accept())
    await page.getByTestId('refund').click()
    const pending = CARE_TEXTS.en.refundPending.split('{sum}')[1]
    const note = page.getByRole('status').filter({ hasText: pending })
    await note.waitFor()
    expect(await note.innerText()).toMatch(/^Refund of .+ recorded/)
    expect(await bank.takenFor(publicId)).toEqual([])
    await axeClean(page, 'order care, refund pending')
    // (The console asks who is signed in before the sign-in: that one 401 is expected.)
    expect(errors.filter((e) => !e.includes('401'))).toEqual([])
    await context.close()
  })
})
