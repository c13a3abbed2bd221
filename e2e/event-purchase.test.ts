import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afishaResponseSchema, type AfishaResponse } from '../src/contract/entities/afisha'
import eventKz from '../src/app/i18n/locales/event.kz'
import { pickLocalized } from '../src/contract/lang'
import { openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, waitForListing, type AppHarness } from './support/app'
import { reviewShot } from './support/shots'

/**
 * General-admission purchase in real Chromium against the real server and its demo data:
 * listing → event → date and time → tickets up to the limit → buyer form (invalid, then valid)
 * → submit → /order/{hash}; once on a desktop and once on a 390×844 touch phone.
 */
describe('event page purchase', () => {
  let app: AppHarness
  let afisha: AfishaResponse

  beforeAll(async () => {
    app = await startApp()
    const res = await fetch(new URL('/api/afisha', app.baseUrl))
    afisha = afishaResponseSchema.parse(await res.json())
  })
  afterAll(async () => {
    await app?.close()
  })

  const eventNamed = (ru: string) => {
    const event = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === ru)
    if (event === undefined) throw new Error(`demo event "${ru}" is missing`)
    return event
  }

  /** Clicks on a desktop, taps on a touch phone. */
  const press = async (locator: Locator, touch: boolean) => (touch ? locator.tap() : locator.click())

  async function fillInvalidThenValid(page: Page, touch: boolean, withRepeat: boolean) {
    const form = page.locator('form.order-form')
    await form.waitFor()
    // Invalid data: errors appear on the touched fields only, and the general notice shows.
    await page.fill('#buyer-fio', '1')
    await page.fill('#buyer-phone', '12')
    await page.locator('#buyer-email').focus()
    expect(await page.locator('#buyer-fio-error').innerText()).toBe('Укажите ФИО: от 2 до 70 букв')
    expect(await page.locator('#buyer-phone-error').innerText()).toBe('Неверный формат телефона')
    expect(await page.locator('#buyer-email-error').count()).toBe(0)
    expect(await page.locator('.order-form__required-all').innerText()).toBe('Заполните все обязательные поля')
    await page.fill('#buyer-email', 'ivan@')
    await page.locator('#buyer-fio').focus()
    expect(await page.locator('#buyer-email-error').innerText()).toBe('Некорректный e-mail')
    expect(await page.locator('#buyer-fio').getAttribute('aria-invalid')).toBe('true')

    // Submit with invalid data sends nothing and stays on the page.
    const url = page.url()
    await press(page.locator('.order-form__submit'), touch)
    expect(page.url()).toBe(url)

    // Valid data: the e-mail is typed in the Russian layout and arrives as Latin keys.
    await page.fill('#buyer-fio', 'Иван Пётр Сидоров')
    await page.locator('#buyer-phone').fill('')
    await page.locator('#buyer-phone').pressSequentially('9123456789')
    await page.locator('#buyer-email').fill('')
    await page.locator('#buyer-email').pressSequentially('шмфт@учфьздуюкг')
    expect(await page.inputValue('#buyer-email')).toBe('ivan@example.ru')
    expect((await page.inputValue('#buyer-phone')).replace(/\D/g, '')).toBe('9123456789')
    if (withRepeat) {
      // Paste is blocked in the repeat field: the pasted text never arrives.
      await page.locator('#buyer-re_email').focus()
      await page.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>('#buyer-re_email')!
        const data = new DataTransfer()
        data.setData('text/plain', 'ivan@example.ru')
        input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
      })
      expect(await page.inputValue('#buyer-re_email')).toBe('')
      await page.locator('#buyer-re_email').pressSequentially('ivan@example.ru')
    }
    await page.locator('#buyer-fio').blur()
    expect(await page.inputValue('#buyer-fio')).toBe('Иван Петр Сидоров')
    expect(await form.locator('.buyer-fields .field__error').allInnerTexts()).toEqual([])

    // Agreements: the refused submit marked the unticked required boxes; the notice stays until they are ticked.
    expect(await page.locator('.agreements .field__error').innerText()).toBe('Отметьте обязательные согласия')
    expect(await page.locator('.order-form__required-all').count()).toBe(1)
    await press(page.locator('.order-form__submit'), touch)
    expect(page.url()).toBe(url)
    for (const box of await page.locator('.agreements input[type="checkbox"][required]').all()) await box.check()
    expect(await form.locator('.field__error').allInnerTexts()).toEqual([])
    expect(await page.locator('.order-form__required-all').count()).toBe(0)
  }

  it('buys tickets on a desktop: date, time, limit, form, order', async () => {
    const event = eventNamed('Прогулка по старому городу')
    const { page, context, errors } = await openPage(app, '/')
    await waitForListing(page)
    await page.locator(`a.event-card__buy[href="/event/${event.hash_id}"]`).click()
    await page.waitForSelector('.event-page h1')
    expect(await page.locator('.event-header__title').innerText()).toContain('Прогулка по старому городу')
    expect(await page.locator('.age-circle').innerText()).toBe(`${event.age_from}+`)

    // The route carries the first date; this date has two times, so none is chosen yet.
    await page.waitForURL(/\/event\/[^/]+\/\d{4}-\d{2}-\d{2}$/, { waitUntil: 'commit' })
    expect(await page.locator('.event-page__hint').innerText()).toBe('Выберите время мероприятия')
    expect(await page.locator('form.order-form').count()).toBe(0)
    // 4 dates per view at 1280 px.
    expect(await page.locator('.date-strip__day').count()).toBe(4)

    // Choose the second date and the later time: both go into the route.
    const second = page.locator('.date-strip__day').nth(1)
    const day = await second.getAttribute('data-day')
    await second.click()
    await page.waitForURL(new RegExp(`/event/${event.hash_id}/${day}$`), { waitUntil: 'commit' })
    await expect.poll(() => page.locator(`.date-strip__day[data-day="${day}"]`).getAttribute('aria-pressed')).toBe('true')
    await page.locator('.time-chip[data-time="15:00"]').click()
    await page.waitForURL(new RegExp(`/event/${event.hash_id}/${day}/15:00$`), { waitUntil: 'commit' })

    // Add adult tickets until the plus blocks: the limit message says why.
    const adult = page.locator('.price-row', { hasText: 'Взрослый' }).first()
    const plus = adult.locator('.quantity__button').nth(1)
    let added = 0
    while (await plus.isEnabled() && added < 50) {
      await plus.click()
      added += 1
    }
    expect(added).toBe(10) // demquantlimit of the demo event
    expect(await adult.locator('.quantity__value').innerText()).toBe('10')
    expect(await page.locator('.event-page__limit').innerText()).toBe('В одном заказе не больше 10 билетов')
    expect(await page.locator('.totals').innerText()).toContain('10 билетов')
    await adult.locator('.quantity__button').first().click()
    expect(await page.locator('.event-page__limit').innerText()).toBe('')
    await plus.click()

    await fillInvalidThenValid(page, false, false)
    await reviewShot(page, { path: '/tmp/event-desktop.png', fullPage: true })

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/order/create')),
      page.locator('.order-form__submit').click(),
    ])
    const body = (await response.json()) as { errorCode: string; hash?: string; errorText?: string }
    expect(body.errorCode, body.errorText).toBe('0')
    await page.waitForURL(new RegExp(`/order/${body.hash}$`), { waitUntil: 'commit' })
    expect(errors).toEqual([])
    await context.close()
  })

  it('buys a ticket on a 390×844 touch phone, with the repeat e-mail', async () => {
    const event = eventNamed('Двенадцатая ночь')
    const { page, context, errors } = await openPage(app, '/', PHONE_VIEWPORT)
    await waitForListing(page)
    const buy = page.locator(`a.event-card__buy[href="/event/${event.hash_id}"]`)
    await buy.scrollIntoViewIfNeeded()
    await buy.tap()
    await page.waitForSelector('.event-page h1')

    // One date per view at 390 px; each date has one time, which is chosen on its own.
    expect(await page.locator('.date-strip__day').count()).toBe(1)
    await page.waitForURL(/\/event\/[^/]+\/\d{4}-\d{2}-\d{2}\/19:00$/, { waitUntil: 'commit' })
    const first = await page.locator('.date-strip__day').getAttribute('data-day')

    // A swipe to the left shows the next date; choosing it keeps the single time.
    const strip = page.locator('.date-strip__list')
    const box = (await strip.boundingBox())!
    await strip.dispatchEvent('pointerdown', { pointerId: 1, clientX: box.x + box.width - 10, clientY: box.y + 10, isPrimary: true })
    await strip.dispatchEvent('pointerup', { pointerId: 1, clientX: box.x + 10, clientY: box.y + 10, isPrimary: true })
    const next = page.locator('.date-strip__day')
    expect(await next.getAttribute('data-day')).not.toBe(first)
    await next.tap()
    const day = await next.getAttribute('data-day')
    await page.waitForURL(new RegExp(`/event/${event.hash_id}/${day}/19:00$`), { waitUntil: 'commit' })

    const plus = page.locator('.price-row').first().locator('.quantity__button').nth(1)
    await plus.tap()
    await fillInvalidThenValid(page, true, true)
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
    await reviewShot(page, { path: '/tmp/event-phone.png', fullPage: true })

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/order/create')),
      page.locator('.order-form__submit').tap(),
    ])
    const body = (await response.json()) as { errorCode: string; hash?: string; errorText?: string }
    expect(body.errorCode, body.errorText).toBe('0')
    await page.waitForURL(new RegExp(`/order/${body.hash}$`), { waitUntil: 'commit' })
    expect(errors).toEqual([])
    await context.close()
  })

  it("says empty buyer fields in the page's language, not the browser's, on a 390×844 phone", async () => {
    // The browser speaks English; the page is in Kazakh. The form is noValidate: Chromium's own
    // required bubbles (in English) would stop the submit before the page says anything.
    const event = eventNamed('Двенадцатая ночь')
    const context = await app.browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'en-US' })
    const orders: string[] = []
    context.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/order/create') orders.push(r.method())
    })
    try {
      const page = await context.newPage()
      await page.goto(new URL(`/event/${event.hash_id}?lang=kz`, app.baseUrl).toString())
      // One time a day: it is chosen on its own.
      await page.waitForURL(/\/event\/[^/]+\/\d{4}-\d{2}-\d{2}\/19:00\?lang=kz$/, { waitUntil: 'commit' })
      await page.locator('.price-row').first().locator('.quantity__button').nth(1).tap()
      await page.locator('form.order-form').waitFor()
      const fio = page.locator('#buyer-fio')
      expect(await fio.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('')

      await page.locator('.order-form__submit').tap()
      await expect.poll(() => page.locator('#buyer-fio-error').innerText()).toBe(eventKz.errors['required-fio'])
      expect(await page.locator('#buyer-email-error').innerText()).toBe(eventKz.errors['required-email'])
      expect(await page.locator('.order-form__required-all').innerText()).toBe(eventKz.errors['required-all'])
      expect(await fio.getAttribute('aria-invalid')).toBe('true')
      expect((await fio.getAttribute('aria-describedby'))?.split(' ')).toContain('buyer-fio-error')
      expect(await fio.evaluate((el) => el === document.activeElement)).toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
      expect(seriousViolations(await runAxe(page))).toEqual([])
      expect(orders).toEqual([])
    } finally {
      await context.close()
    }
  })
})
