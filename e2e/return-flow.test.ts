import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../src/contract/client'
import { afishaResponseSchema } from '../src/contract/entities/afisha'
import { pickLocalized } from '../src/contract/lang'
import { visitor } from '../tests/integration/order-fixtures'
import { decide, pathOf, startPay } from '../tests/integration/payment-fixtures'
import { newestReturnLink } from './support/outbox'
import { freePort, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { ticketTotals } from '../src/app/kernel/cart'
import returnsCh from '../src/app/i18n/locales/returns.ch'
import returnsEn from '../src/app/i18n/locales/returns.en'
import returnsKz from '../src/app/i18n/locales/returns.kz'
import returnsRu from '../src/app/i18n/locales/returns.ru'
import { reviewShot } from './support/shots'

/**
 * Returning tickets in real Chromium against the real server: a demo order paid through the
 * sandbox bank, the return page from the order view's button, a request with reason and
 * consent, the e-mailed link read from the outbox (.eml), and its confirmation.
 */
const WALK = 'Прогулка по старому городу'
/** The demo's named-ticket event (writeticketname = 1). */
const ARCHIVE = 'Закрытые фонды музея'
const DAY_MS = 86_400_000

/** A two-ticket order of the demo walk on a day at least two days ahead (its returns are open). */
/** The contract's client as a visitor at `address` (the server trusts the proxy header). */
function forwardedApi(app: AppHarness, address: string) {
  return createApiClient({
    baseUrl: app.baseUrl,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers)
      headers.set('X-Forwarded-For', address)
      return fetch(input, { ...init, headers })
    },
  })
}

async function createOrder(app: AppHarness): Promise<string> {
  const api = forwardedApi(app, '10.88.0.1')
  const afisha = afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
  const event = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === WALK)
  if (event === undefined) throw new Error(`demo event "${WALK}" is missing`)
  const data = await api.call('noScheme', { hash: event.hash_id })
  const later = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10)
  const day = data.calendar.find((d) => d.day >= later && d.times.some((x) => x.quantity >= 2)) ?? data.calendar[data.calendar.length - 1]
  const slot = day.times.find((x) => x.quantity >= 2)!
  const row = data.price.find((p) => p.action_day === day.day && p.time === slot.time && p.useproculture !== 1)!
  const created = await api.call('orderCreate', {
    fio: 'Мария Иванова', phone: '+79123456780', email: 'maria@example.ru', lang: 'ru', hash: event.hash_id,
    data: [{ day: day.day, time: slot.time, actionId: row.action_id, categoryId: row.clientcategory_id, zoneId: row.zonelevel_id, quantity: 2, sum: ticketTotals([{ row, quantity: 2 }]).total }],
    checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
  })
  return created.hash
}

/** createOrder's order, paid through the sandbox bank (the bank's Approve, as a browser presses it). */
async function paidOrder(app: AppHarness): Promise<string> {
  const hash = await createOrder(app)
  const v = await visitor(app.baseUrl, '10.88.0.1')
  const card = await app.server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
  const start = await startPay(v, hash, card.id)
  expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
  return hash
}

/**
 * A paid order of the demo's named-ticket event, two days ahead or later: bought by "Мария
 * Иванова", its two tickets made out to other people through /api/confirm-nominal, paid through
 * the sandbox bank. Answers its hash and event id.
 */
async function paidNamedOrder(app: AppHarness): Promise<{ hash: string; eventId: number }> {
  const api = forwardedApi(app, '10.88.0.2')
  const afisha = afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
  const event = afisha.action.find((e) => pickLocalized(e, 'action', 'ru') === ARCHIVE)
  if (event === undefined) throw new Error(`demo event "${ARCHIVE}" is missing`)
  const data = await api.call('noScheme', { hash: event.hash_id })
  const later = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10)
  const day = data.calendar.find((d) => d.day >= later) ?? data.calendar[data.calendar.length - 1]
  const slot = day.times[0]
  const rows = data.price.filter((p) => p.action_day === day.day && p.time === slot.time)
  const line = (category: string) => {
    const p = rows.find((r) => r.category_ru === category)!
    return { day: day.day, time: slot.time, actionId: p.action_id, categoryId: p.clientcategory_id, zoneId: p.zonelevel_id, quantity: 1, sum: ticketTotals([{ row: p, quantity: 1 }]).total }
  }
  const { hash } = await api.call('orderCreate', {
    fio: 'Мария Иванова', phone: '+79123456780', email: 'maria@example.ru', re_email: 'maria@example.ru', lang: 'ru', hash: event.hash_id,
    data: [line('Именной взрослый'), line('Именной детский')],
    checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
  })
  const named = await api.call('orderData', { hash, lang: 'ru' })
  const russia = named.countries.find((c) => c.name_en === 'Russia')!.id
  const region = named.regions.find((r) => r.country_id === russia)!.id
  await api.call('confirmNominal', {
    id: named.rows.map((r) => r.id),
    surname: ['Сидорова', 'Кузнецов'], name: ['Анна', 'Пётр'], middleName: ['Сергеевна', ''],
    docTypeId: [1, 4], docNum: ['4510 123456', 'IV-АБ 123456'], age: ['', '9'], date: ['01.02.1990', ''],
    countryId: [russia, null], regionId: [region, null],
    hash, lang: 'ru', checkboxList: named.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
  })
  // The bank's page is a form, not a contract call: a visitor presses Approve as the browser would.
  const v = await visitor(app.baseUrl, '10.88.0.2')
  const card = await app.server.db.selectFrom('payment_types').select('id').where('protocol_type', '=', 'card').executeTakeFirstOrThrow()
  const start = await startPay(v, hash, card.id)
  expect(start.body.errorCode).toBe('0')
  expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
  return { hash, eventId: rows[0].action_id }
}

describe('ticket return in the browser', () => {
  let app: AppHarness

  beforeAll(async () => {
    const port = await freePort()
    app = await startApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('from a paid order to "Refund confirmed successfully", on a phone, by keyboard', async () => {
    const hash = await createOrder(app)
    const { page, context, errors } = await openPage(app, `/order/${hash}`, PHONE_VIEWPORT)
    await page.locator('.order-summary__number').waitFor()
    await page.locator('.order-pay__type label').getByText('Банковская карта', { exact: true }).click()
    await page.locator('.order-pay__submit').click()
    const offers = page.locator('dialog.modal--confirm[open]')
    if (await offers.count() > 0) await offers.locator('.button:not(.button--primary)').click()
    await page.waitForURL(/\/sandbox-bank\/pay\//)
    await page.locator('button[value="approve"]').click()
    await page.locator('.order-badge[data-badge="paid"]').waitFor()

    await page.locator('.order-summary__return').click()
    await page.waitForURL(new RegExp(`/order/return/${hash}$`))
    await page.locator('.return-table').first().waitFor()
    expect(await page.locator('h1').innerText()).toBe('Возврат билетов')
    // Dates in words, as on every other page (not the server's '2026-12-06 16:58').
    expect(await page.locator('.return-page__order').innerText()).toMatch(/^Заказ №\d+ от \d{1,2} [а-я]+ \d{4} г\., \d{2}:\d{2}$/)
    expect(await page.locator('.return-consent__date').innerText()).toMatch(/^Дата: \d{1,2} [а-я]+ \d{4} г\.$/)
    const buyer = await page.locator('.return-page__buyer').innerText()
    expect(buyer).toContain('Мария Иванова')
    expect(buyer).toContain('maria@example.ru')
    // No named tickets: no visitor column.
    expect(await page.locator('.return-table__visitor').count()).toBe(0)
    expect(await page.locator('.return-event__deadline').innerText()).toMatch(/Возврат возможен до .+ \(GMT\+03:00\)\nОсталось: /)
    const checks = page.locator('.return-table__check')
    expect(await checks.count()).toBe(2)
    const issue = page.locator('.return-footer__submit')
    expect(await issue.innerText()).toBe('Оформить возврат')
    expect(await issue.isDisabled()).toBe(true)

    // Keyboard only: tick the first ticket, pick a reason, switch consent on.
    await checks.first().focus()
    await page.keyboard.press('Space')
    expect(await checks.first().isChecked()).toBe(true)
    expect(await page.locator('.return-footer__summary').innerText()).toMatch(/1 билет/)
    expect(await issue.isDisabled()).toBe(true)
    const reasons = page.locator('input[name="return-reason"]')
    await reasons.first().focus()
    await page.keyboard.press('Space')
    expect(await reasons.first().isChecked()).toBe(true)
    // Locked once chosen.
    expect(await reasons.nth(1).isDisabled()).toBe(true)
    await page.locator('.return-consent__switch').focus()
    await page.keyboard.press('Space')
    expect(await issue.isDisabled()).toBe(false)
    const serious = seriousViolations(await runAxe(page))
    expect(serious, serious.join('\n')).toEqual([])
    await reviewShot(page, { path: '/tmp/return-phone.png', fullPage: true })

    await issue.focus()
    await page.keyboard.press('Enter')
    const dialog = page.locator('dialog.modal--confirm[open]')
    await dialog.waitFor()
    expect(await dialog.locator('.modal__title').innerText()).toBe('Оформить возврат?')
    // The dialog opens with focus on its first button (Cancel); Tab moves to the confirm button.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Оформить')
    await page.keyboard.press('Enter')
    await page.locator('.return-notice').waitFor()
    expect(await page.locator('.return-notice').innerText()).toBe('Письмо со ссылкой для подтверждения возврата отправлено на maria@example.ru. Ссылка действует 24 часа.')
    expect(await page.locator('.return-status--60').count()).toBe(1)
    expect(await page.locator('.return-footer').count()).toBe(0)
    // Sent: the ticket left is locked too (no form would send it), and the focus, which the
    // disabled button lost, is on the notice saying what happened.
    expect(await page.locator('.return-table__check').count()).toBe(1)
    expect(await page.locator('.return-table__check:enabled').count()).toBe(0)
    // The notice takes the focus in an effect after the render the server's answer brings
    // (ReturnView.tsx), a moment after it shows: polled.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('return-notice'))).toBe(true)

    const link = newestReturnLink(app.server.config.outboxDir, hash)
    await page.goto(new URL(link.path, app.baseUrl).toString())
    await page.locator('.return-footer').waitFor()
    const confirm = page.locator('.return-footer__submit')
    expect(await confirm.innerText()).toBe('Подтвердить')
    expect(await confirm.isDisabled()).toBe(true)
    // The ticket being returned is summed; the other stays selectable later but not now.
    expect(await page.locator('.return-footer__summary').innerText()).toMatch(/1 билет/)
    await page.locator('.return-consent__switch').focus()
    await page.keyboard.press('Space')
    await confirm.focus()
    await page.keyboard.press('Enter')
    await page.locator('.return-notice--success').waitFor()
    expect(await page.locator('.return-notice--success strong').innerText()).toBe('Возврат успешно подтверждён')
    expect(await page.locator('.return-status--70').count()).toBe(1)
    // One ticket is still returnable, so the footer is back in 'Issue refund' form.
    expect(await page.locator('.return-footer__submit').innerText()).toBe('Оформить возврат')
    const after = seriousViolations(await runAxe(page))
    expect(after, after.join('\n')).toEqual([])
    await reviewShot(page, { path: '/tmp/return-confirmed-phone.png', fullPage: true })

    // The same link again: already used.
    await page.goto(new URL(link.path, app.baseUrl).toString())
    await page.locator('.return-table').first().waitFor()
    expect(await page.locator('.return-status--70').count()).toBe(1)
    expect(await page.locator('.return-notice').innerText()).toBe('Ссылка подтверждения уже использована или истекла. Чтобы вернуть билеты, оформите возврат заново.')
    expect(errors.filter((e) => !e.includes('409'))).toEqual([])
    await context.close()

    // The same page on a desktop, in English.
    const desk = await openPage(app, `/order/return/${hash}?lang=en`)
    await desk.page.locator('.return-table').first().waitFor()
    expect(await desk.page.locator('h1').innerText()).toBe('Ticket return')
    expect(await desk.page.locator('.return-status--70').innerText()).toBe('Return confirmed')
    expect(await desk.page.locator('.return-footer__submit').innerText()).toBe('Issue refund')
    const deskSerious = seriousViolations(await runAxe(desk.page))
    expect(deskSerious, deskSerious.join('\n')).toEqual([])
    await reviewShot(desk.page, { path: '/tmp/return-desktop-en.png', fullPage: true })
    expect(desk.errors).toEqual([])
    await desk.context.close()
  })

  it('names the buyer apart from the ticket holders; a request whose return time is over is withdrawn, and its link\'s page says so in the visitor\'s language', async () => {
    const { hash, eventId } = await paidNamedOrder(app)
    const { page, context, errors } = await openPage(app, `/order/return/${hash}`)
    await page.locator('.return-table').first().waitFor()
    // The buyer is the buyer, whoever holds the tickets; each holder in the visitor column.
    const buyer = await page.locator('.return-page__buyer').innerText()
    expect(buyer).toContain('Мария Иванова')
    expect(buyer).not.toContain('Сидорова')
    expect(await page.locator('.return-table th').allInnerTexts()).toContain('Посетитель')
    expect(await page.locator('.return-table__visitor').allInnerTexts()).toEqual(['Сидорова Анна Сергеевна', 'Кузнецов Пётр'])

    // A request made in time; the deadline passes before its link is opened (the event's rule
    // now closes returns 30 days before the session).
    const api = forwardedApi(app, '10.88.0.3')
    const data = await api.call('orderReturnData', { hash, lang: 'ru' }, { hash })
    await api.call('orderReturnCreate', { hash, lang: 'ru', reason: data.reasons[0].id, id: [data.rows[0].id] })
    const link = newestReturnLink(app.server.config.outboxDir, hash)
    await app.server.db.insertInto('event_return_rules').values({ event_id: eventId, close_minutes: 30 * 24 * 60 }).execute()
    try {
      await page.goto(new URL(link.path, app.baseUrl).toString())
      // The request can no longer be confirmed: reading the page withdrew it (returns/sweep.ts).
      // The page says so, and why, instead of a form asking to tick a ticket none can be ticked:
      // both tickets' return time is over, so there is no form at all.
      const withdrawn = page.locator('.return-notice--withdrawn')
      await withdrawn.waitFor()
      expect(await withdrawn.innerText()).toBe(`${returnsRu.returns.expired}\n${returnsRu.returns.withdrawn} ${returnsRu.returns['withdrawn-none']}`)
      expect(await page.locator('.return-footer').count()).toBe(0)
      // Their checkboxes stay, disabled (001 §4: after the deadline checkboxes are disabled).
      expect(await page.locator('.return-table__check:enabled').count()).toBe(0)
      expect(await page.locator('.return-event__expired').first().innerText()).toBe('Время возврата истекло')
      const request = await app.server.db.selectFrom('return_requests as r').innerJoin('orders as o', 'o.id', 'r.order_id').select('r.status').where('o.hash', '=', hash).orderBy('r.id', 'desc').executeTakeFirstOrThrow()
      expect(request.status).toBe(91)
      const serious = seriousViolations(await runAxe(page))
      expect(serious, serious.join('\n')).toEqual([])
      await reviewShot(page, { path: '/tmp/return-named-expired.png', fullPage: true })
      // The same link in the visitor's other languages says the same in each.
      for (const [lang, texts] of [['en', returnsEn], ['kz', returnsKz], ['ch', returnsCh]] as const) {
        await page.goto(new URL(`${link.path}&lang=${lang}`, app.baseUrl).toString())
        await page.locator('.return-notice--withdrawn').waitFor()
        expect(await page.locator('.return-notice--withdrawn').innerText()).toBe(`${texts.returns.expired}\n${texts.returns.withdrawn} ${texts.returns['withdrawn-none']}`)
        expect(await page.locator('.return-footer').count()).toBe(0)
      }
      // Opened without a link (or from one already used), the page of an order past every
      // return deadline says returns are closed, in each language, and offers no form.
      for (const [lang, texts] of [['ru', returnsRu], ['en', returnsEn], ['kz', returnsKz], ['ch', returnsCh]] as const) {
        await page.goto(new URL(`/order/return/${hash}?lang=${lang}`, app.baseUrl).toString())
        await page.locator('.return-notice--closed').waitFor()
        expect(await page.locator('.return-notice--closed').innerText()).toBe(`${texts.returns.expired}\n${texts.returns.closed}`)
        expect(await page.locator('.return-footer').count()).toBe(0)
        expect(await page.locator('.return-table__check:enabled').count()).toBe(0)
      }
    } finally {
      await app.server.db.deleteFrom('event_return_rules').where('event_id', '=', eventId).execute()
    }
    // The event's rule is lifted: its tickets may be returned again. The link stays withdrawn,
    // and its page says what can be done now, with the form to do it.
    await page.goto(new URL(link.path, app.baseUrl).toString())
    await page.locator('.return-footer').waitFor()
    expect(await page.locator('.return-notice--withdrawn').innerText()).toBe(`${returnsRu.returns.expired}\n${returnsRu.returns.withdrawn} ${returnsRu.returns['withdrawn-again']}`)
    expect(await page.locator('.return-table__check:enabled').count()).toBe(2)
    expect(await page.locator('.return-footer__submit').innerText()).toBe('Оформить возврат')
    expect(errors).toEqual([])
    await context.close()
  })

  it('after one ticket\'s request, sends another ticket\'s from the same page without a reload, by keyboard', async () => {
    const hash = await paidOrder(app)
    const { page, context, errors } = await openPage(app, `/order/return/${hash}`, PHONE_VIEWPORT)
    await page.locator('.return-table').first().waitFor()
    const mailSent = returnsRu.returns['mail-sent'].replace('{{email}}', 'maria@example.ru')
    // Ticks the first ticket that can be ticked, a reason and consent, and sends, all by keyboard.
    const request = async () => {
      await page.locator('.return-table__check:enabled').first().focus()
      await page.keyboard.press('Space')
      await page.locator('input[name="return-reason"]').first().focus()
      await page.keyboard.press('Space')
      await page.locator('.return-consent__switch').focus()
      await page.keyboard.press('Space')
      await page.locator('.return-footer__submit').focus()
      await page.keyboard.press('Enter')
      await page.locator('dialog.modal--confirm[open]').waitFor()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
    }

    await request()
    await page.locator('.return-notice').waitFor()
    expect(await page.locator('.return-status--60').count()).toBe(1)
    // On the phone's card the status text stays clear of the category (it ran into it from the check column).
    expect(await page.locator('tr:has(.return-status--60)').evaluate((tr) => {
      const text = document.createRange()
      text.selectNodeContents(tr.querySelector('.return-status')!)
      const [s, c] = [text.getBoundingClientRect(), tr.querySelector('.return-table__category')!.getBoundingClientRect()]
      return s.left < c.right && c.left < s.right && s.top < c.bottom && c.top < s.bottom
    })).toBe(false)
    // The page offers the ticket left, right after the notice that has the focus.
    const more = page.locator('.return-more__button')
    expect(await more.innerText()).toBe(returnsRu.returns.more)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.classList.contains('return-more__button'))).toBe(true)
    await page.keyboard.press('Enter')
    // Unlocked for a new request: the focus on the ticket left, the last request's notice still
    // there, what to do said in the live region, and a fresh form (no reason, no consent).
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('return-table__check'))).toBe(true)
    expect(await page.locator('.return-table__check:enabled').count()).toBe(1)
    expect(await page.locator('.return-notice').innerText()).toBe(mailSent)
    expect(await page.locator('[role="status"] .return-more__hint').innerText()).toBe(returnsRu.returns['more-hint'])
    expect(await page.locator('input[name="return-reason"]:checked').count()).toBe(0)
    expect(await page.locator('.return-consent__switch').isChecked()).toBe(false)
    expect(await page.locator('.return-footer__submit').innerText()).toBe(returnsRu.returns.issue)
    const serious = seriousViolations(await runAxe(page))
    expect(serious, serious.join('\n')).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width)

    await request()
    await expect.poll(() => page.locator('.return-status--60').count()).toBe(2)
    expect(await page.locator('.return-notice').innerText()).toBe(mailSent)
    // Nothing left to ask for: no offer of more, no form.
    expect(await page.locator('.return-more__button, .return-footer, .return-table__check').count()).toBe(0)
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('return-notice'))).toBe(true)
    // The server recorded two requests, one ticket each, each with its own e-mailed link.
    const requests = await app.server.db.selectFrom('return_requests as r').innerJoin('orders as o', 'o.id', 'r.order_id')
      .innerJoin('return_request_lines as l', 'l.return_request_id', 'r.id')
      .select(['r.id', 'r.status', 'l.order_line_id']).where('o.hash', '=', hash).orderBy('r.id').execute()
    expect(requests).toHaveLength(2)
    expect(new Set(requests.map((r) => r.id)).size).toBe(2)
    expect(new Set(requests.map((r) => r.order_line_id)).size).toBe(2)
    expect(requests.map((r) => r.status)).toEqual([60, 60])
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps the ticked tickets, the reason and the consent when the visitor switches the language', async () => {
    const hash = await paidOrder(app)
    const { page, context, errors } = await openPage(app, `/order/return/${hash}`, PHONE_VIEWPORT)
    await page.locator('.return-table').first().waitFor()
    await page.locator('.return-table__check').first().check()
    await page.locator('input[name="return-reason"]').first().check()
    await page.locator('.return-consent__switch').check()
    await page.locator('select.lang-select__control').selectOption('en')
    await expect.poll(() => page.locator('h1').innerText()).toBe(returnsEn.returns.title)
    // The form is as the visitor left it (the page was remounted and lost it): still ready to send.
    expect(await page.locator('.return-table__check').first().isChecked()).toBe(true)
    expect(await page.locator('input[name="return-reason"]').first().isChecked()).toBe(true)
    expect(await page.locator('.return-consent__switch').isChecked()).toBe(true)
    expect(await page.locator('.return-footer__submit').isDisabled()).toBe(false)
    // The order's date and the consent's date follow the language too, in its words.
    expect(await page.locator('.return-page__order').innerText()).toMatch(/^Order No\. ?\d+ of [A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2}$/)
    expect(await page.locator('.return-consent__date').innerText()).toMatch(/^Date: [A-Z][a-z]+ \d{1,2}, \d{4}$/)
    await page.locator('select.lang-select__control').selectOption('kz')
    await expect.poll(() => page.locator('h1').innerText()).toBe(returnsKz.returns.title)
    expect(await page.locator('.return-page__order').innerText()).toMatch(/ \d{4} ж\. \d{1,2} [а-яәғқңөұүһі]+, \d{2}:\d{2}$/)
    expect(await page.locator('.return-consent__date').innerText()).toMatch(/^Күні: \d{4} ж\. \d{1,2} [а-яәғқңөұүһі]+$/)
    await page.locator('select.lang-select__control').selectOption('ch')
    await expect.poll(() => page.locator('h1').innerText()).toBe(returnsCh.returns.title)
    expect(await page.locator('.return-page__order').innerText()).toMatch(/\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)
    expect(await page.locator('.return-consent__date').innerText()).toMatch(/^日期：\d{4}年\d{1,2}月\d{1,2}日$/)
    expect(errors).toEqual([])
    await context.close()
  })

  it("shows 'Order deleted or not found' for an unknown order, in English", async () => {
    const { page, context } = await openPage(app, '/order/return/no-such-order?lang=en')
    await page.locator('#return-missing-title').waitFor()
    expect(await page.locator('#return-missing-title').innerText()).toBe('Order deleted or not found')
    await context.close()
  })

  it('sends an unpaid order back to its view', async () => {
    const hash = await createOrder(app)
    const { page, context } = await openPage(app, `/order/return/${hash}`)
    await page.waitForURL(new RegExp(`/order/${hash}$`))
    await page.locator('.order-summary__number').waitFor()
    await context.close()
  })
})
