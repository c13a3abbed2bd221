import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../src/contract/client'
import { pickLocalized } from '../src/contract/lang'
import { signCrmToken } from '../src/server/crm/token'
import { startTestServer, type TestServer } from '../tests/support/server'
import { contextsFromNow, workerChromium } from './support/browser'

const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client')
/** Tickets left on the test subscription. */
const SUBSCRIPTION_TICKETS = 2
/** Token lifetime for the sign-in link, seconds. */
const TOKEN_TTL_S = 600

/**
 * Buying by subscription as an identified CRM client: the subscription checkbox, its quantity
 * limit, the prefilled buyer form, and the confirmation dialog before the order is sent.
 */
describe('event page subscription order', () => {
  let server: TestServer
  let browser: Browser
  let closePages: (() => Promise<void>) | undefined

  beforeAll(async () => {
    server = await startTestServer({ db: 'sqlite', env: { CLIENT_DIR } })
    browser = await workerChromium()
    closePages = contextsFromNow(browser)
  })
  afterAll(async () => {
    await closePages?.()
    await server?.close()
  })

  it('asks for confirmation, then orders the tickets against the subscription', async () => {
    const api = createApiClient({ baseUrl: server.url })
    const afisha = await api.call('afisha')
    const event = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === 'Двенадцатая ночь')!
    // Test data: the demo client Anna gets a subscription for this general-admission event.
    const anna = await server.db.selectFrom('crm_clients').select('id').where('email', '=', 'anna.petrova@example.org').executeTakeFirstOrThrow()
    await server.db.insertInto('crm_subscriptions')
      .values({ crm_client_id: anna.id, event_id: event.event_id, quant: SUBSCRIPTION_TICKETS, main_menu_id: null, valid_to: Date.now() + TOKEN_TTL_S * 1000 * 100 })
      .execute()
    const token = signCrmToken(server.config.crmSecret, { id: Number(anna.id), exp: Math.floor(Date.now() / 1000) + TOKEN_TTL_S })

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await page.goto(new URL(`/event/${event.hash_id}?crm=${token}`, server.url).toString())
    const box = page.getByLabel(`Получить по подписке (осталось ${SUBSCRIPTION_TICKETS})`)
    await box.waitFor()
    await page.waitForURL(/\/19:00$/, { waitUntil: 'commit' })
    // The sign-in token leaves the address bar and the route rewrite does not bring it back.
    expect(new URL(page.url()).searchParams.get('crm')).toBeNull()
    await box.check()

    const plus = page.locator('.price-row').first().locator('.quantity__button').nth(1)
    let added = 0
    while (await plus.isEnabled() && added < 20) {
      await plus.click()
      added += 1
    }
    expect(added).toBe(SUBSCRIPTION_TICKETS)
    expect(await page.locator('.event-page__limit').innerText()).toBe(`В одном заказе не больше ${SUBSCRIPTION_TICKETS} билетов`)

    // The stored client prefills the form.
    expect(await page.inputValue('#buyer-fio')).toBe('Петрова Анна Сергеевна')
    expect(await page.inputValue('#buyer-email')).toBe('anna.petrova@example.org')
    await page.locator('#buyer-re_email').pressSequentially('anna.petrova@example.org')
    for (const b of await page.locator('.agreements input[type="checkbox"][required]').all()) await b.check()

    let orderRequests = 0
    page.on('request', (r) => {
      if (r.url().endsWith('/api/order/create')) orderRequests += 1
    })
    await page.locator('.order-form__submit').click()
    const dialog = page.locator('dialog.modal--confirm[open]')
    await dialog.waitFor()
    expect(await dialog.locator('.modal__title').innerText()).toBe('Получение билетов по подписке')
    expect(await dialog.locator('.modal__text').innerText()).toMatch(/^Вы действительно хотите приобрести 2 билета по подписке на .+, 19:00\?$/)
    await dialog.getByRole('button', { name: 'Отменить' }).click()
    await dialog.waitFor({ state: 'detached' }).catch(() => undefined)
    expect(await page.locator('dialog.modal--confirm[open]').count()).toBe(0)
    expect(orderRequests).toBe(0)

    await page.locator('.order-form__submit').click()
    await dialog.waitFor()
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/order/create')),
      dialog.getByRole('button', { name: 'Получить билет' }).click(),
    ])
    const sent = JSON.parse(response.request().postData() ?? '{}') as { data: { seatId?: number; subscrit_id?: number; quantity: number }[] }
    expect(sent.data).toHaveLength(1)
    expect(sent.data[0]).toMatchObject({ seatId: 0, quantity: SUBSCRIPTION_TICKETS })
    expect(sent.data[0].subscrit_id).toBeGreaterThan(0)
    const body = (await response.json()) as { errorCode: string; hash: string; errorText: string }
    expect(body.errorCode).toBe('0')
    await page.waitForURL(new RegExp(`/order/${body.hash}$`), { waitUntil: 'commit' })
    const left = await server.db.selectFrom('crm_subscriptions').select('quant').where('id', '=', sent.data[0].subscrit_id!).executeTakeFirstOrThrow()
    expect(Number(left.quant)).toBe(0)
    expect(pageErrors).toEqual([])
    await context.close()
  })

  it('does not offer the subscription with the Pushkin card: choosing the card clears and disables the box, and says why', async () => {
    const api = createApiClient({ baseUrl: server.url })
    const event = (await api.call('afisha')).action.find((e) => pickLocalized(e, 'action', 'ru') === 'Женитьба')!
    // Test data: Anna gets a subscription for this general-admission event that also takes the Pushkin card.
    const anna = await server.db.selectFrom('crm_clients').select('id').where('email', '=', 'anna.petrova@example.org').executeTakeFirstOrThrow()
    await server.db.insertInto('crm_subscriptions')
      .values({ crm_client_id: anna.id, event_id: event.event_id, quant: SUBSCRIPTION_TICKETS, main_menu_id: null, valid_to: Date.now() + TOKEN_TTL_S * 1000 * 100 })
      .execute()
    const token = signCrmToken(server.config.crmSecret, { id: Number(anna.id), exp: Math.floor(Date.now() / 1000) + TOKEN_TTL_S })

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await page.goto(new URL(`/event/${event.hash_id}?crm=${token}`, server.url).toString())
    const box = page.getByLabel(`Получить по подписке (осталось ${SUBSCRIPTION_TICKETS})`)
    await box.waitFor()
    await box.check()
    await page.getByRole('radio', { name: 'Пушкинская карта' }).check()
    expect(await box.isChecked()).toBe(false)
    expect(await box.isDisabled()).toBe(true)
    const reason = page.locator('#by-subscription-reason')
    expect(await reason.innerText()).toBe('Билеты по подписке не оплачиваются Пушкинской картой')
    expect(await box.getAttribute('aria-describedby')).toBe('by-subscription-reason')
    // Back to the bank card: the box may be ticked again, and stays clear until it is.
    await page.getByRole('radio', { name: 'Банковская карта' }).check()
    expect(await box.isDisabled()).toBe(false)
    expect(await box.isChecked()).toBe(false)
    expect(await reason.count()).toBe(0)
    expect(pageErrors).toEqual([])
    await context.close()
  })
})
