import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fillIn } from '../src/app/admin/careTexts'
import { SESSION_TEXTS } from '../src/app/admin/sessionTexts'
import { visitor } from '../tests/integration/order-fixtures'
import { decide, pathOf, startPay } from '../tests/integration/payment-fixtures'
import type { AppHarness } from './support/app'
import { axeClean, consoleApi, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'
import { formatSession } from '../src/contract/rules/dayText'

/**
 * Cancelling a session with a sold ticket from the console, in Chromium: the action asks first,
 * in a modal confirmation with the orders and tickets it refunds (the server's refusal without
 * `confirm`, admin/catalogue/session-cancel.ts), focus on Cancel; Confirm cancels it, the note
 * says the order was refunded, the session shows as cancelled and its buyer's notice is queued.
 * The ticket is sold and paid through the shop and the sandbox bank. axe-core with the dialog open.
 */
const OWNER: ConsoleAccount = { email: 'owner-cancels@example.org', password: 'an owner password', role: 'owner' }
const DAY_MS = 86_400_000
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
type Row = Record<string, unknown> & { id: number }
const t = SESSION_TEXTS.en

let app: AppHarness
let eventId: number
let session: number
let orderId: number

beforeAll(async () => {
  app = await startConsoleApp([OWNER], { ownPort: true })
  const api = await consoleApi(app, OWNER)
  const refs = (await api.get<Record<string, Row[]>>('/api/admin/refs')).body
  const zone = refs.zones.find((z) => z.drawing_id === null)!.id
  const category = refs.categories[0].id
  eventId = (await api.post<{ id: number }>('/api/admin/events', { menu_kind_id: refs.kinds[0].id, venue_id: refs.venues[0].id, name_ru: 'Отмена', name_en: 'Called-off show', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === refs.kinds[0].id)!.id] })).body.id
  session = (await api.post<{ ids: number[] }>(`/api/admin/events/${eventId}/sessions`, { day: dayIn(9), time: '19:00' })).body.ids[0]
  await api.post(`/api/admin/sessions/${session}/prices`, { client_category_id: category, zone_id: zone, price: 150000, quantity: 50 })
  await api.post(`/api/admin/events/${eventId}/publish`, { published: 1 })
  const hash = (await api.get<{ event: { hash_id: string } }>(`/api/admin/events/${eventId}`)).body.event.hash_id
  // A buyer orders two tickets in the shop and pays them at the sandbox bank.
  const v = await visitor(app.baseUrl)
  const boxes = await app.server.db.selectFrom('checkbox_lists').select('id').where('scope', '=', 'order').execute()
  const order = await v.post<{ errorCode: string; hash: string }>('/api/order/create', {
    fio: 'Иван Петров',
    phone: '+79161234567',
    email: 'ivan@example.org',
    re_email: 'ivan@example.org',
    data: [{ day: dayIn(9), time: '19:00', actionId: eventId, categoryId: category, zoneId: zone, quantity: 2, sum: 3000 }],
    lang: 'en',
    hash,
    checkboxList: boxes.map((b) => ({ id: b.id, checked: 1 })),
  })
  expect(order.body.errorCode, JSON.stringify(order.body)).toBe('0')
  const card = (await v.post<{ payments: { creditcompany_id: number; protocol_type: string }[] }>('/api/order/view', { hash: order.body.hash, lang: 'en' })).body.payments.find((p) => p.protocol_type === 'card')!
  const start = await startPay(v, order.body.hash, card.creditcompany_id)
  expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
  orderId = (await app.server.db.selectFrom('orders').select(['id', 'paid']).where('hash', '=', order.body.hash).executeTakeFirstOrThrow()).id
})
afterAll(async () => {
  await app?.close()
})

describe('cancelling a session and refunding its buyers in the console', () => {
  it('asks for confirmation with the counts, then cancels: the note says it is refunded, the session shows cancelled, the buyer is told', async () => {
    const { page, context } = await openConsole(app, OWNER)
    await page.goto(new URL(`/admin/events/${eventId}`, app.baseUrl).toString())
    const action = page.getByRole('button', { name: fillIn(t.cancelSessionOf, { when: formatSession(dayIn(9), '19:00', 'en') }) })
    await action.click()

    const dialog = page.getByRole('alertdialog', { name: t.cancelTitle })
    await dialog.waitFor()
    expect(await dialog.innerText()).toContain('Tickets to refund: 2 (orders: 1)')
    // Focus on the choice that changes nothing; it says so plainly (not "Cancel", which reads as the action).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(t.keepSession)
    await axeClean(page, 'session cancel confirmation')
    await dialog.getByRole('button', { name: t.keepSession }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await app.server.db.selectFrom('calendars').select('cancelled_at').where('id', '=', session).executeTakeFirstOrThrow()).cancelled_at).toBeNull()

    const editButton = page.getByRole('button', { name: `${t.edit}: ${formatSession(dayIn(9), '19:00', 'en')}` })
    expect(await editButton.count()).toBe(1)
    await action.click()
    await dialog.waitFor()
    await dialog.getByRole('button', { name: t.confirmCancel }).click()
    await page.getByRole('status').filter({ hasText: fillIn(t.cancelDone, { refunded: 1, orders: 1 }) }).waitFor()
    await page.locator('.adm-list > li', { hasText: t.cancelled }).waitFor()
    // Cancelled for good: the action is gone, and Edit with it (the server refuses moving it or switching it on).
    expect(await action.count()).toBe(0)
    expect(await editButton.count()).toBe(0)
    await axeClean(page, 'session cancelled')
    const row = await app.server.db.selectFrom('calendars').select(['active', 'cancelled_at']).where('id', '=', session).executeTakeFirstOrThrow()
    expect(row.active).toBe(0)
    expect(row.cancelled_at).not.toBeNull()
    const refunds = await app.server.db.selectFrom('refunds').select('amount').where('order_id', '=', orderId).execute()
    expect(refunds.map((r) => r.amount)).toEqual([300000])
    const mails = await app.server.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('order_id', '=', orderId).where('subject', 'like', 'Session cancelled%').execute()
    expect(mails).toHaveLength(1)
    expect(mails[0].text_body).toContain('Called-off show')
    await context.close()
  })
})
