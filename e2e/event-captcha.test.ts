import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../src/contract/client'
import { pickLocalized } from '../src/contract/lang'
import { captchaDigest } from '../src/server/domain/captcha/store'
import { writeSettings } from '../src/server/domain/settings/repository'
import { startTestServer, type TestServer } from '../tests/support/server'
import { launchChromium } from './support/browser'
import { ticketTotals } from '../src/app/kernel/cart'

const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client')
/** The answer the test gives the server's captcha row (the picture itself is not machine-read). */
const KNOWN_ANSWER = 'abcde'

/**
 * The captcha dialog of the order form against the real server with captcha.enabled: an address
 * with failed orders gets -1001, the dialog asks for the code, a wrong code loads a new picture,
 * the right one sends the order again and it lands on /order/{hash}.
 */
describe('event page captcha', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    server = await startTestServer({ db: 'sqlite', env: { CLIENT_DIR } })
    await writeSettings(server.db, { captcha: { enabled: true } })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('asks for the code after failed orders and sends the order with it', async () => {
    const api = createApiClient({ baseUrl: server.url })
    const afisha = await api.call('afisha')
    const event = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === 'Двенадцатая ночь')!
    const data = await api.call('noScheme', { hash: event.hash_id })
    const day = data.calendar[0]
    const row = data.price.find((r) => r.action_day === day.day)!
    // Three refused orders from this address (bad buyer data) make the next one need a captcha.
    for (let i = 0; i < 3; i++) {
      await expect(api.call('orderCreate', {
        fio: '1', phone: '1', email: 'x', data: [{ day: day.day, time: day.times[0].time, actionId: row.action_id, categoryId: row.clientcategory_id, zoneId: row.zonelevel_id, quantity: 1, sum: ticketTotals([{ row, quantity: 1 }]).total }],
        lang: 'ru', hash: event.hash_id, checkboxList: [],
      })).rejects.toThrow()
    }

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await page.goto(new URL(`/event/${event.hash_id}`, server.url).toString())
    await page.waitForURL(/\/19:00$/, { waitUntil: 'commit' })
    await page.locator('.price-row').first().locator('.quantity__button').nth(1).click()
    await page.fill('#buyer-fio', 'Анна Смирнова')
    await page.locator('#buyer-phone').pressSequentially('9001234567')
    await page.fill('#buyer-email', 'anna@example.ru')
    await page.locator('#buyer-re_email').pressSequentially('anna@example.ru')
    for (const box of await page.locator('.agreements input[type="checkbox"][required]').all()) await box.check()

    const firstImage = page.waitForResponse((r) => r.url().endsWith('/api/captcha'))
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/order/create')),
      page.locator('.order-form__submit').click(),
    ])
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('-1001')
    const dialog = page.locator('dialog.modal--captcha[open]')
    await dialog.waitFor()
    expect(await dialog.locator('.modal__title').innerText()).toBe('Введите код')
    const input = dialog.locator('#captcha-code')
    expect(await input.getAttribute('placeholder')).toBe('Введите код c картинки')
    expect(await input.getAttribute('maxlength')).toBe('8')
    await firstImage
    await dialog.locator('.captcha__image img').waitFor()
    const src1 = await dialog.locator('.captcha__image img').getAttribute('src')
    // The submit button is enabled again behind the dialog.
    expect(await page.locator('.order-form__submit').isDisabled()).toBe(false)

    // A wrong code: the message and a new picture.
    const secondImage = page.waitForResponse((r) => r.url().endsWith('/api/captcha'))
    await input.fill('zzzzzzzzz')
    expect(await input.inputValue()).toBe('zzzzzzzz')
    await dialog.getByRole('button', { name: 'Отправить' }).click()
    const { sid } = (await (await secondImage).json()) as { sid: string }
    await dialog.locator('#captcha-error').waitFor()
    expect(await dialog.locator('#captcha-error').innerText()).toBe('Код не подошёл. Введите код с новой картинки')
    await dialog.locator('.captcha__image img').waitFor()
    expect(await dialog.locator('.captcha__image img').getAttribute('src')).not.toBe(src1)
    await page.screenshot({ path: '/tmp/event-captcha.png' })

    // The right code of the new picture: the dialog closes and the order goes through.
    await server.db.updateTable('captchas').set({ answer: captchaDigest(sid, KNOWN_ANSWER) }).where('sid', '=', sid).execute()
    await input.fill(KNOWN_ANSWER)
    const [accepted] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/order/create')),
      dialog.getByRole('button', { name: 'Отправить' }).click(),
    ])
    const body = (await accepted.json()) as { errorCode: string; hash: string; errorText: string }
    expect(body.errorCode, body.errorText).toBe('0')
    expect(JSON.parse(accepted.request().postData() ?? '{}')).toMatchObject({ captchaSid: sid, captchaText: KNOWN_ANSWER })
    await page.waitForURL(new RegExp(`/order/${body.hash}$`), { waitUntil: 'commit' })
    expect(pageErrors).toEqual([])
    await context.close()
  })
})
