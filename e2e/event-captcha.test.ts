import type { BrowserContext, Locator, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../src/contract/client'
import type { NoSchemeResponse } from '../src/contract/entities/event'
import { pickLocalized, type Lang } from '../src/contract/lang'
import { CAPTCHA_AFTER_FAILURES } from '../src/server/domain/abuse/order-guard'
import { captchaDigest } from '../src/server/domain/captcha/store'
import { writeSettings } from '../src/server/domain/settings/repository'
import { solveCaptchaQuestion } from '../tests/support/captcha-question'
import { runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { ticketTotals } from '../src/app/kernel/cart'
import { reviewShot } from './support/shots'

/** The answer the test gives the server's captcha row (the picture itself is not machine-read). */
const KNOWN_ANSWER = 'abcde'
const EVENT = 'Двенадцатая ночь'

let visitors = 0
/** A fresh client address per test (the test server trusts X-Forwarded-For from loopback): each starts with no failed orders. */
const nextAddress = () => `10.88.0.${++visitors}`
const isCaptchaCall = (r: Response) => new URL(r.url()).pathname === '/api/captcha'

interface OpenedCaptcha {
  context: BrowserContext
  page: Page
  dialog: Locator
  /** Uncaught page errors (the expected console.error of a failed load is not one). */
  pageErrors: string[]
  /** The answer to the first GET /api/captcha the dialog sent. */
  firstCaptcha: Promise<Response>
}

/**
 * The captcha dialog of the order form against the real server with captcha.enabled: an address
 * with failed orders gets -1001, the dialog asks for the code, a wrong code loads a new picture,
 * the right one sends the order again and it lands on /order/{hash}. The accessible alternative
 * (a question in words in the page's language), a picture that cannot be loaded, and axe with
 * the dialog open.
 */
describe('event page captcha', () => {
  let app: AppHarness
  let hash: string
  let data: NoSchemeResponse

  beforeAll(async () => {
    // startApp serves a private copy of dist/client: another build meanwhile cannot empty it.
    app = await startApp()
    await writeSettings(app.server.db, { captcha: { enabled: true } })
    const afisha = await createApiClient({ baseUrl: app.baseUrl }).call('afisha')
    hash = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === EVENT)!.hash_id
    data = await createApiClient({ baseUrl: app.baseUrl }).call('noScheme', { hash })
  })
  afterAll(async () => {
    await app?.close()
  })

  /** Refused orders from `address` (bad buyer data) make its next one need a captcha. */
  async function demandCaptcha(address: string): Promise<void> {
    const api = createApiClient({
      baseUrl: app.baseUrl,
      fetch: (input, init) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), 'X-Forwarded-For': address } }),
    })
    const day = data.calendar[0]
    const row = data.price.find((r) => r.action_day === day.day)!
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) {
      await expect(api.call('orderCreate', {
        fio: '1', phone: '1', email: 'x', data: [{ day: day.day, time: day.times[0].time, actionId: row.action_id, categoryId: row.clientcategory_id, zoneId: row.zonelevel_id, quantity: 1, sum: ticketTotals([{ row, quantity: 1 }]).total }],
        lang: 'ru', hash, checkboxList: [],
      })).rejects.toThrow()
    }
  }

  /** Opens the event's 19:00 session, takes one ticket and fills the buyer's form, ready to send. */
  async function fillOrderForm(page: Page, lang: Lang = 'ru'): Promise<void> {
    await page.goto(new URL(`/event/${hash}${lang === 'ru' ? '' : `?lang=${lang}`}`, app.baseUrl).toString())
    await page.waitForURL(/\/19:00(\?|$)/, { waitUntil: 'commit' })
    await page.locator('.price-row').first().locator('.quantity__button').nth(1).click()
    await page.fill('#buyer-fio', 'Анна Смирнова')
    await page.locator('#buyer-phone').pressSequentially('9001234567')
    await page.fill('#buyer-email', 'anna@example.ru')
    await page.locator('#buyer-re_email').pressSequentially('anna@example.ru')
    for (const box of await page.locator('.agreements input[type="checkbox"][required]').all()) await box.check()
  }

  /** A visitor at a fresh address that must solve a captcha fills the form and sends it: the dialog opens. */
  async function openCaptcha(lang: Lang = 'ru', prepare?: (page: Page) => Promise<unknown>): Promise<OpenedCaptcha> {
    const address = nextAddress()
    await demandCaptcha(address)
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-For': address } })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await prepare?.(page)
    await fillOrderForm(page, lang)

    const firstCaptcha = page.waitForResponse(isCaptchaCall)
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/order/create')),
      page.locator('.order-form__submit').click(),
    ])
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('-1001')
    const dialog = page.locator('dialog.modal--captcha[open]')
    await dialog.waitFor()
    return { context, page, dialog, pageErrors, firstCaptcha }
  }

  const axeClean = async (page: Page, where: string) => {
    const serious = seriousViolations(await runAxe(page))
    expect(serious, `${where}:\n${serious.join('\n')}`).toEqual([])
  }

  it('asks for the code after failed orders and sends the order with it', async () => {
    const { context, page, dialog, pageErrors, firstCaptcha } = await openCaptcha()
    expect(await dialog.locator('.modal__title').innerText()).toBe('Введите код')
    const input = dialog.locator('#captcha-code')
    expect(await input.getAttribute('placeholder')).toBe('Введите код c картинки')
    expect(await input.getAttribute('maxlength')).toBe('8')
    // The dialog opens on its field, ready for the code: showModal's own pick, its first button
    // ("Другая картинка"), took focus before.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('captcha-code')
    await firstCaptcha
    await dialog.locator('.captcha__image img').waitFor()
    const src1 = await dialog.locator('.captcha__image img').getAttribute('src')
    // The picture's text alternative names its purpose (WCAG 1.1.1), not its content.
    expect(await dialog.locator('.captcha__image img').getAttribute('alt')).toBe('Картинка с кодом, который проверяет, что заказ делает человек')
    // The submit button is enabled again behind the dialog.
    expect(await page.locator('.order-form__submit').isDisabled()).toBe(false)
    await axeClean(page, 'captcha dialog (picture)')

    // A wrong code: the message and a new picture.
    const secondImage = page.waitForResponse(isCaptchaCall)
    await input.fill('zzzzzzzzz')
    expect(await input.inputValue()).toBe('zzzzzzzz')
    await dialog.getByRole('button', { name: 'Отправить' }).click()
    const { sid } = (await (await secondImage).json()) as { sid: string }
    await dialog.locator('#captcha-error').waitFor()
    expect(await dialog.locator('#captcha-error').innerText()).toBe('Код не подошёл. Введите код с новой картинки')
    await dialog.locator('.captcha__image img').waitFor()
    expect(await dialog.locator('.captcha__image img').getAttribute('src')).not.toBe(src1)
    await reviewShot(page, { path: '/tmp/event-captcha.png' })
    await axeClean(page, 'captcha dialog (wrong code)')

    // The right code of the new picture: the dialog closes and the order goes through.
    await app.server.db.updateTable('captchas').set({ answer: captchaDigest(sid, KNOWN_ANSWER) }).where('sid', '=', sid).execute()
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

  it('offers a question in words in the page language instead of the picture; its answer sends the order', async () => {
    const { context, page, dialog, pageErrors, firstCaptcha } = await openCaptcha('en')
    await firstCaptcha
    await dialog.locator('.captcha__image img').waitFor()
    const toQuestion = dialog.getByRole('button', { name: 'Can’t see the picture? Answer a question instead' })
    const asked = page.waitForResponse(isCaptchaCall)
    await toQuestion.click()
    expect(new URL((await asked).url()).searchParams.get('lang')).toBe('en')
    const question = dialog.locator('.captcha__question')
    await question.waitFor()
    const text1 = await question.innerText()
    expect(text1).toMatch(/^What is [a-z-]+ plus [a-z]+\? Write the answer in digits$/)
    // The field is named by the question itself, so a screen reader reads it on entering the field.
    await dialog.getByRole('textbox', { name: text1 }).waitFor()
    expect(await dialog.locator('#captcha-code').getAttribute('inputmode')).toBe('numeric')
    // Focus stays on the switch, which now offers the picture back.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show a picture instead')
    expect(await dialog.locator('.captcha__image img').count()).toBe(0)
    // The dialog asks for an answer, not for "the code" of a picture it no longer shows.
    expect(await dialog.locator('.modal__title').innerText()).toBe('Answer the question')
    expect(await page.getByRole('dialog', { name: 'Answer the question' }).count()).toBe(1)
    await reviewShot(page, { path: '/tmp/event-captcha-question.png' })
    await axeClean(page, 'captcha dialog (question)')

    // A wrong answer: the message and a new question.
    const input = dialog.locator('#captcha-code')
    const next = page.waitForResponse(isCaptchaCall)
    await input.fill(String(Number(solveCaptchaQuestion(text1, 'en')) + 1))
    await dialog.getByRole('button', { name: 'Send' }).click()
    const { sid, question: text2 } = (await (await next).json()) as { sid: string; question: string }
    await dialog.locator('#captcha-error').waitFor()
    expect(await dialog.locator('#captcha-error').innerText()).toBe('Wrong answer. Answer the new question')
    // Focus is back in the emptied field for the next answer, not lost to the body with the Send
    // button it pressed (disabled while the answer was checked).
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('captcha-code')
    await expect.poll(() => question.innerText()).toBe(text2)
    await axeClean(page, 'captcha dialog (wrong answer)')

    const answer = solveCaptchaQuestion(text2, 'en')
    await input.fill(answer)
    const [accepted] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/order/create')),
      dialog.getByRole('button', { name: 'Send' }).click(),
    ])
    const body = (await accepted.json()) as { errorCode: string; hash: string; errorText: string }
    expect(body.errorCode, body.errorText).toBe('0')
    expect(JSON.parse(accepted.request().postData() ?? '{}')).toMatchObject({ captchaSid: sid, captchaText: answer })
    await page.waitForURL(new RegExp(`/order/${body.hash}`), { waitUntil: 'commit' })
    expect(pageErrors).toEqual([])
    await context.close()
  })

  it('a solved code closes the dialog with focus on the page, not lost to the body, while its busy button cannot take it', async () => {
    const { context, page, dialog, pageErrors, firstCaptcha } = await openCaptcha()
    const { sid } = (await (await firstCaptcha).json()) as { sid: string }
    await app.server.db.updateTable('captchas').set({ answer: captchaDigest(sid, KNOWN_ANSWER) }).where('sid', '=', sid).execute()
    // The network drops as the order goes again: the submit button, busy (disabled) while the dialog closed, is enabled again after.
    await page.route((url) => url.pathname === '/api/order/create', (route) => route.abort('connectionrefused'))
    await dialog.locator('#captcha-code').fill(KNOWN_ANSWER)
    const [failed] = await Promise.all([
      page.waitForEvent('requestfailed', (r) => r.url().includes('/api/order/create')),
      dialog.locator('#captcha-code').press('Enter'),
    ])
    expect(failed.failure()).not.toBeNull()
    await expect.poll(() => page.locator('.order-form__submit').isDisabled()).toBe(false)
    expect(await dialog.count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN')
    expect(pageErrors).toEqual([])
    await context.close()
  })

  it("an order the server refuses says why in the message modal; closing it leaves focus on the page, not lost to the body", async () => {
    // The modal opens while the send button is busy (disabled), so the element focused then is
    // the body; focus went back there on closing and a keyboard user started from the top.
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-For': nextAddress() } })
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await fillOrderForm(page)
    // The venue raises the event's prices while the visitor fills the form: the sum they send is refused.
    const event = app.server.db.selectFrom('events').select('id').where('hash_id', '=', hash)
    const calendars = app.server.db.selectFrom('calendars').select('id').where('event_id', 'in', event)
    const rows = await app.server.db.selectFrom('prices').select(['id', 'price']).where('calendar_id', 'in', calendars).execute()
    try {
      for (const r of rows) await app.server.db.updateTable('prices').set({ price: r.price + 10_000 }).where('id', '=', r.id).execute()
      await page.locator('.order-form__submit').focus()
      const [refused] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/order/create')), page.keyboard.press('Enter')])
      expect(((await refused.json()) as { errorCode: string }).errorCode).not.toBe('0')
      const modal = page.locator('dialog.modal--error[open]')
      await modal.waitFor()
      await page.keyboard.press('Enter')
      await modal.waitFor({ state: 'detached' })
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN')
    } finally {
      for (const r of rows) await app.server.db.updateTable('prices').set({ price: r.price }).where('id', '=', r.id).execute()
    }
    expect(pageErrors).toEqual([])
    await context.close()
  })

  it('says so with a retry when the picture cannot be loaded, instead of loading for ever', async () => {
    let failing = true
    const { context, page, dialog, pageErrors } = await openCaptcha('ru', (p) => p.route((url) => url.pathname === '/api/captcha', (route) => (failing ? route.abort('connectionrefused') : route.continue())))
    const failed = dialog.locator('.captcha__failed')
    await failed.waitFor()
    expect(await failed.locator('.field__error').innerText()).toBe('Не удалось загрузить картинку. Проверьте соединение и попробуйте ещё раз')
    expect(await dialog.locator('button[type="submit"]').isDisabled()).toBe(true)
    expect(await dialog.locator('.captcha__image').getAttribute('aria-busy')).toBe('false')
    await axeClean(page, 'captcha dialog (picture failed)')

    // Back online: the retry loads a picture.
    failing = false
    await failed.getByRole('button', { name: 'Попробовать ещё раз' }).click()
    await dialog.locator('.captcha__image img').waitFor()
    expect(await failed.count()).toBe(0)

    // An answer whose picture does not decode fails the same way.
    await page.route((url) => url.pathname === '/api/captcha', (route) => route.fulfill({ json: { code: 'not a picture', sid: 'broken' } }))
    await dialog.getByRole('button', { name: 'Другая картинка' }).click()
    await failed.waitFor()
    expect(await dialog.locator('.captcha__image img').count()).toBe(0)

    // The question fails alike, in its own words.
    await page.route((url) => url.pathname === '/api/captcha', (route) => route.abort('connectionrefused'))
    await dialog.getByRole('button', { name: 'Не видите картинку? Ответьте на вопрос' }).click()
    await expect.poll(() => failed.locator('.field__error').innerText()).toBe('Не удалось загрузить вопрос. Проверьте соединение и попробуйте ещё раз')
    expect(pageErrors).toEqual([])
    await context.close()
  })
})
