import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../src/contract/client'
import type { AfishaResponse } from '../src/contract/entities/afisha'
import type { NoSchemeResponse } from '../src/contract/entities/event'
import { pickLocalized } from '../src/contract/lang'
import { openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { reviewShot } from './support/shots'

/**
 * Event page rules in Chromium against the real server: route date/time sync, the gift card
 * (1 ticket, filtered prices, name fields, +7 mask), group limits, service fee, sold out, and
 * axe-core on the page with the form open.
 */
describe('event page rules', () => {
  let app: AppHarness
  let afisha: AfishaResponse
  const api = () => createApiClient({ baseUrl: app.baseUrl })

  beforeAll(async () => {
    app = await startApp()
    afisha = await api().call('afisha')
  })
  afterAll(async () => {
    await app?.close()
  })

  const hashOf = (ru: string) => {
    const event = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === ru)
    if (event === undefined) throw new Error(`demo event "${ru}" is missing`)
    return event.hash_id
  }
  const eventData = (hash: string): Promise<NoSchemeResponse> => api().call('noScheme', { hash })

  it('keeps the route date and time in sync with what exists', async () => {
    const hash = hashOf('Прогулка по старому городу')
    const data = await eventData(hash)
    const firstDay = [...data.calendar].sort((a, b) => a.day.localeCompare(b.day)).find((d) => d.times.some((t) => t.quantity > 0))!.day
    const { page, context, errors } = await openPage(app, `/event/${hash}/2000-01-01/11:00`)
    // An unknown date: the first available date, time dropped.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/event/${hash}/${firstDay}`)
    // The strip follows the rewritten route in a render of its own: polled, as event-purchase does.
    await expect.poll(() => page.locator(`.date-strip__day[data-day="${firstDay}"]`).getAttribute('aria-pressed')).toBe('true')
    // An unknown time of a known date: the time is cleared.
    await page.goto(new URL(`/event/${hash}/${firstDay}/23:59`, app.baseUrl).toString())
    await page.waitForURL(new RegExp(`/event/${hash}/${firstDay}$`), { waitUntil: 'commit' })
    // The date's times on screen first: a count of pressed chips before any chip is there says nothing.
    await page.locator('.time-chip').first().waitFor()
    expect(await page.locator('.time-chip[aria-pressed="true"]').count()).toBe(0)
    // A known time stays; ?lang is kept through the rewrite.
    await page.goto(new URL(`/event/${hash}/2000-01-01?lang=en`, app.baseUrl).toString())
    await page.waitForURL(new RegExp(`/event/${hash}/${firstDay}\\?lang=en$`), { waitUntil: 'commit' })
    expect(await page.locator('.event-page__hint').innerText()).toBe('Choose the time of the event')
    expect(errors).toEqual([])
    await context.close()
  })

  it('limits the gift card to one ticket, filters its prices and asks for the passport name', async () => {
    const hash = hashOf('Женитьба')
    const { page, context, errors } = await openPage(app, `/event/${hash}`)
    await page.waitForURL(/\/19:30$/, { waitUntil: 'commit' })
    const gift = page.getByRole('radio', { name: 'Пушкинская карта' })
    const bank = page.getByRole('radio', { name: 'Банковская карта' })
    expect(await bank.isChecked()).toBe(true)
    const bankRows = await page.locator('.price-row__name').allInnerTexts()
    expect(bankRows).not.toContain('Пушкинская карта')
    await gift.check()
    expect(await bank.isChecked()).toBe(false)
    const giftRows = await page.locator('.price-row__name').allInnerTexts()
    expect(giftRows).toContain('Пушкинская карта')
    expect(giftRows).not.toContain('Взрослый') // useproculture 2: not for the gift card
    const row = page.locator('.price-row').first()
    // By keyboard: the plus pressed into its disabled state hands focus to the minus, not to the page's start.
    await row.locator('.quantity__button').nth(1).focus()
    await page.keyboard.press('Enter')
    expect(await row.locator('.quantity__button').nth(1).isDisabled()).toBe(true)
    await expect.poll(() => row.locator('.quantity__button').nth(0).evaluate((b) => b === document.activeElement)).toBe(true)
    // And the minus pressed back to zero hands it to the plus.
    await page.keyboard.press('Enter')
    await expect.poll(() => row.locator('.quantity__button').nth(1).evaluate((b) => b === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    expect(await page.locator('.event-page__limit').innerText()).toBe('По Пушкинской карте можно купить один билет')

    expect(await page.locator('.buyer-fields__notice').innerText()).toBe('Фамилия, имя и отчество должны точно совпадать с паспортными данными')
    await page.fill('#buyer-surname', 'Ivanov')
    await page.locator('#buyer-name').focus()
    expect(await page.locator('#buyer-surname-error').innerText()).toContain('русскими буквами')
    await page.fill('#buyer-surname', 'иванова-петрова')
    await page.fill('#buyer-name', 'анна')
    await page.locator('#buyer-phone').focus()
    expect(await page.inputValue('#buyer-surname')).toBe('Иванова-Петрова')
    expect(await page.inputValue('#buyer-name')).toBe('Анна')
    await page.locator('#buyer-phone').pressSequentially('912345')
    await page.locator('#buyer-email').focus()
    expect(await page.inputValue('#buyer-phone')).toBe('+7 (912) 345')
    expect(await page.locator('#buyer-phone-error').innerText()).toBe('Номер телефона не действителен. Пример: +7 (912) 345-67-89')
    await page.locator('#buyer-phone').pressSequentially('6789')
    expect(await page.inputValue('#buyer-phone')).toBe('+7 (912) 345-67-89')
    await page.fill('#buyer-email', 'anna@example.ru')
    await page.getByLabel('Нет отчества').check()
    expect(await page.locator('#buyer-patronymic').isDisabled()).toBe(true)
    expect(await page.locator('.buyer-fields .field__error').allInnerTexts()).toEqual([])
    await reviewShot(page, { path: '/tmp/event-gift.png', fullPage: true })

    // Back to the bank card: quantities start again from zero and the form hides.
    await bank.check()
    expect(await page.locator('form.order-form').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('warns with modal.error-limit when group passes run out, and shows the service fee', async () => {
    const hash = hashOf('Прогулка по старому городу')
    const data = await eventData(hash)
    const info = data.ticketInfo.find((i) => i.passageleft > 0)!
    const group = data.ticketPrice.find((r) => r.action_day === info.day && (r.time === '' || r.time === info.time))!
    // A group ticket counts as its passes towards the per-order limit too (README: rules we chose).
    const fits = Math.min(group.quantity, Math.floor(info.passageleft / group.passagequant), Math.floor(data.action.demquantlimit / group.passagequant))
    expect(fits).toBeGreaterThan(0)
    const { page, context } = await openPage(app, `/event/${hash}/${info.day}/${info.time}`)
    const row = page.locator('.price-list', { hasText: 'Групповые билеты' }).locator('.price-row').first()
    const plus = row.locator('.quantity__button').nth(1)
    for (let i = 0; i < fits; i++) await plus.click()
    expect(await row.locator('.quantity__value').innerText()).toBe(String(fits))
    await plus.click()
    const dialog = page.locator('dialog.modal[open]')
    await dialog.waitFor()
    expect(await dialog.locator('.modal__title').innerText()).toBe('Предупреждение')
    expect(await dialog.locator('.modal__text').innerText()).toBe('Достигнут лимит количества билетов в одном заказе!')
    await dialog.getByRole('button', { name: 'OK' }).click()
    expect(await row.locator('.quantity__value').innerText()).toBe(String(fits))
    // With the limit taken by passes, a normal ticket cannot be added either.
    if (fits * group.passagequant >= data.action.demquantlimit) {
      const normal = page.locator('.price-list', { hasNotText: 'Групповые билеты' }).locator('.price-row').first()
      expect(await normal.locator('.quantity__button').nth(1).isDisabled()).toBe(true)
    }
    await context.close()

    // Service fee line only when fees are above 0.
    const fee = await openPage(app, `/event/${hashOf('Научное шоу профессора Звёздкина')}`)
    await fee.page.locator('.time-chip').first().click()
    await fee.page.locator('.price-row').first().locator('.quantity__button').nth(1).click()
    expect(await fee.page.locator('.totals').innerText()).toContain('Сервисный сбор')
    await fee.context.close()
    const plain = await openPage(app, `/event/${hashOf('Двенадцатая ночь')}`)
    await plain.page.waitForURL(/\/19:00$/, { waitUntil: 'commit' })
    await plain.page.locator('.price-row').first().locator('.quantity__button').nth(1).click()
    expect(await plain.page.locator('.totals').innerText()).not.toContain('Сервисный сбор')
    await plain.context.close()
  })

  it('shows a subscription composition collapsed, and a free event as free', async () => {
    const season = await openPage(app, `/event/${hashOf('Семейный абонемент')}`)
    const toggle = season.page.getByRole('button', { name: /Состав абонемента/ })
    await toggle.waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    const list = season.page.locator('.event-header__composition ul')
    expect(await list.isVisible()).toBe(false)
    await toggle.click()
    expect(await list.isVisible()).toBe(true)
    expect(await list.locator('li').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Снежная королева')]))
    await season.context.close()

    const free = await openPage(app, `/event/${hashOf('Музей для малышей')}`)
    await free.page.waitForURL(/\/11:00$/, { waitUntil: 'commit' })
    expect(await free.page.locator('.price-row__price').first().innerText()).toBe('Бесплатно')
    await free.page.locator('.price-row').first().locator('.quantity__button').nth(1).click()
    expect(await free.page.locator('.totals__row--total dd').innerText()).toBe('Бесплатно')
    expect(await free.page.locator('.order-form__submit').innerText()).toBe('Получить билеты')
    await free.context.close()
  })

  it('says when everything is sold out', async () => {
    const { page, context } = await openPage(app, `/event/${hashOf('Вечер русского романса')}`)
    await page.waitForSelector('.event-page__message')
    expect(await page.locator('.event-page__message').innerText()).toBe('Все билеты проданы, выберите другое мероприятие')
    expect(await page.locator('.price-row').count()).toBe(0)
    await context.close()
  })

  it('names each time chip by what it shows, the tickets left included (WCAG 2.5.3), and axe agrees', async () => {
    const { page, context } = await openPage(app, `/event/${hashOf('Прогулка по старому городу')}`)
    const chip = page.locator('.time-chip').filter({ has: page.locator('.time-chip__left') }).first()
    await chip.waitFor()
    const shown = [await chip.locator('.time-chip__time').innerText(), await chip.locator('.time-chip__left').innerText()]
    expect(shown[1]).toMatch(/\d/)
    await page.getByRole('button', { name: `${shown[0]} ${shown[1]}`, exact: true }).first().waitFor()
    expect(seriousViolations(await runAxe(page))).toEqual([])
    await context.close()
  })

  it('has no serious or critical axe violation with the form open, on a desktop and a phone', async () => {
    const hash = hashOf('Двенадцатая ночь')
    for (const viewport of [undefined, PHONE_VIEWPORT]) {
      const { page, context } = await openPage(app, `/event/${hash}`, viewport)
      await page.waitForURL(/\/19:00$/, { waitUntil: 'commit' })
      await page.locator('.price-row').first().locator('.quantity__button').nth(1).click()
      await page.locator('form.order-form').waitFor()
      await page.fill('#buyer-fio', '1')
      await page.locator('#buyer-email').focus() // one field error on screen as well
      expect(seriousViolations(await runAxe(page))).toEqual([])
      await context.close()
    }
  })
})
