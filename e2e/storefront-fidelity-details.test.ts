import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../src/contract/client'
import { LISTING_CATEGORIES } from '../src/contract/constants'
import { afishaResponseSchema, type AfishaResponse } from '../src/contract/entities/afisha'
import { pickLocalized } from '../src/contract/lang'
import { signCrmToken } from '../src/server/crm/token'
import { MINOR_PER_MAJOR } from '../src/contract/rules/money'
import { freePort, openPage, PHONE_VIEWPORT, startApp, visitorApi, type AppHarness } from './support/app'
import { reviewShot } from './support/shots'

/**
 * Issue 13 details in real Chromium against the real server, each on the screen where the visitor
 * meets it: the bonus field's explanations (order view), the document number's limit (named
 * tickets), the return page's back link and deadline in words (ru, en), the QR modal's zone, a
 * listing card's price categories (first LISTING_CATEGORIES, then "more") and the payment logos
 * (a type's own image, the built-in marks, or its name).
 */
const CRM_SECRET = 'e2e-fidelity-crm-secret-0123456789abcdef'
/** The demo data's first CRM client, holder of the loyalty card CARD-0001. */
const DEMO_CLIENT_ID = 1
const TOKEN_LIFETIME_S = 600
const WALK = 'Прогулка по старому городу'
const ARCHIVE = 'Закрытые фонды музея'
/** A general-admission demo event with one price zone, given more zones for the listing test (not the walk, which the order tests buy). */
const MANY_ZONES_EVENT = 'Moscow Art Nouveau'
/** Zones the listing test gives that event: more than the card shows at first. */
const EXTRA_ZONES = LISTING_CATEGORIES + 2
const DOC_NUMBER_LIMIT = 32
const RU_MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря']
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

async function listing(app: AppHarness): Promise<AfishaResponse> {
  return afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
}

async function eventHash(app: AppHarness, nameRu: string): Promise<string> {
  const event = (await listing(app)).action.find((e) => pickLocalized(e, 'action', 'ru') === nameRu)
  if (event === undefined) throw new Error(`demo event "${nameRu}" is missing`)
  return event.hash_id
}

/** A two-ticket order of the demo walk through the real API, on `api`'s session. */
async function createWalkOrder(app: AppHarness, api: ApiClient = visitorApi(app)): Promise<string> {
  const hash = await eventHash(app, WALK)
  const data = await api.call('noScheme', { hash })
  const day = data.calendar[0]
  const slot = day.times.find((x) => x.quantity >= 2)!
  const row = data.price.find((p) => p.action_day === day.day && p.time === slot.time && p.useproculture !== 1 && p.needprice <= 2)!
  const created = await api.call('orderCreate', {
    fio: 'Мария Иванова', phone: '+79123456780', email: 'maria@example.ru', lang: 'ru', hash,
    data: [{ day: day.day, time: slot.time, actionId: row.action_id, categoryId: row.clientcategory_id, zoneId: row.zonelevel_id, quantity: 2, sum: row.price * 2 }],
    checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
  })
  return created.hash
}

/** Pays the open order view by card through the sandbox bank and waits for the paid badge. */
async function payByCard(page: Page): Promise<void> {
  await page.locator('.order-pay__type label').getByText('Банковская карта', { exact: true }).click()
  await page.locator('.order-pay__submit').click()
  const offers = page.locator('dialog.modal--confirm[open]')
  if (await offers.count() > 0) await offers.locator('.button:not(.button--primary)').click()
  await page.waitForURL(/\/sandbox-bank\/pay\//)
  await page.locator('button[value="approve"]').click()
  await page.locator('.order-badge[data-badge="paid"]').waitFor()
}

describe('storefront fidelity: details', () => {
  let app: AppHarness

  beforeAll(async () => {
    const port = await freePort()
    app = await startApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, CRM_SECRET })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('keeps refused bonuses as typed and says why: "10.5", "-5", more than available (item 11)', async () => {
    const api = visitorApi(app)
    await api.call('crmClientInfo', { token: signCrmToken(CRM_SECRET, { id: DEMO_CLIENT_ID, exp: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_S }) })
    const hash = await createWalkOrder(app, api)
    const { page, context, errors } = await openPage(app, `/order/${hash}`)
    await page.locator('.loyalty').waitFor()
    const available = Number((await page.locator('.loyalty__fact--available').innerText()).replace(/\D/g, ''))
    expect(available).toBeGreaterThan(5)
    const field = page.locator('#loyalty-bonuses')
    const apply = page.locator('.loyalty__apply')
    const error = page.locator('#loyalty-bonuses-error')
    const cases = [
      { typed: '10.5', says: 'Введите целое число бонусов, без дробной части' },
      { typed: '-5', says: 'Число бонусов не может быть отрицательным' },
      { typed: String(available + 1), says: new RegExp(`^Можно списать не больше ${available} бонус(а|ов)$`) },
    ]
    for (const { typed, says } of cases) {
      await field.fill('')
      await field.pressSequentially(typed)
      // Nothing is dropped from what was typed: "10.5" never becomes 105, "-5" never 5.
      expect(await field.inputValue()).toBe(typed)
      await expect.poll(() => error.count()).toBe(1)
      const said = (await error.innerText()).replace(/(\d)\s(?=\d)/g, '$1')
      if (typeof says === 'string') expect(said).toBe(says)
      else expect(said).toMatch(says)
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      expect((await field.getAttribute('aria-describedby'))!.split(' ')).toContain('loyalty-bonuses-error')
      expect(await apply.isDisabled()).toBe(true)
    }
    // An allowed amount clears the explanation.
    await field.fill('5')
    expect(await error.count()).toBe(0)
    expect(await apply.isDisabled()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it('limits the document number to 32 characters and says so; what is shown is what is sent (item 11)', async () => {
    const hash = await eventHash(app, ARCHIVE)
    const api = visitorApi(app)
    const data = await api.call('noScheme', { hash })
    const day = data.calendar[0]
    const slot = day.times[0]
    const adult = data.price.find((p) => p.action_day === day.day && p.time === slot.time && p.category_ru === 'Именной взрослый')!
    const order = await api.call('orderCreate', {
      fio: 'Анна Иванова', phone: '+79123456789', email: 'anna@example.ru', re_email: 'anna@example.ru', lang: 'ru', hash,
      data: [{ day: day.day, time: slot.time, actionId: adult.action_id, categoryId: adult.clientcategory_id, zoneId: adult.zonelevel_id, quantity: 1, sum: adult.price }],
      checkboxList: data.checkboxList.map((c) => ({ id: c.id, checked: 1 })),
    })
    const { page, context, errors } = await openPage(app, `/nominal-tickets/${order.hash}`, PHONE_VIEWPORT)
    await page.locator('#visitor-0-docTypeId').waitFor()
    // A foreign document: any letters and digits, so only the length limit applies.
    await page.locator('#visitor-0-docTypeId').selectOption('2')
    const docNum = page.locator('#visitor-0-docNum')
    expect(await docNum.getAttribute('maxlength')).toBe(String(DOC_NUMBER_LIMIT))
    const hint = page.locator('#visitor-0-docNum-hint')
    expect(await hint.innerText()).toBe(`Не больше ${DOC_NUMBER_LIMIT} символов, пробелы не считаются`)
    expect((await docNum.getAttribute('aria-describedby'))!.split(' ')).toContain('visitor-0-docNum-hint')
    // Typed key by key with spaces: the spaces are not kept, and the field stops at the limit.
    const typed = 'AB12 CD34 EF56 GH78 IJ90 KL12 MN34 OP56 QR78'
    await docNum.pressSequentially(typed)
    const shown = await docNum.inputValue()
    expect(shown).toBe(typed.replace(/ /g, '').slice(0, DOC_NUMBER_LIMIT))

    await page.locator('#visitor-0-surname').fill('Иванова')
    await page.locator('#visitor-0-name').fill('Анна')
    await page.locator('#visitor-0-middleName').fill('Сергеевна')
    await page.locator('#visitor-0-date').click()
    await page.keyboard.type('15061990')
    await page.locator('#visitor-0-countryId').selectOption({ label: 'Россия' })
    await page.locator('#visitor-0-regionId').selectOption({ label: 'Москва' })
    await page.locator('.agreements input[type="checkbox"]').first().check()
    await page.locator('.nominal__submit').click()
    await page.waitForURL((url) => url.pathname === `/order/${order.hash}`)
    const row = await app.server.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.doc_num').where('o.hash', '=', order.hash).executeTakeFirstOrThrow()
    expect(row.doc_num).toBe(shown)
    expect(errors).toEqual([])
    await context.close()
  })

  it('names the zone in the QR modal; the return page links back to "Order №n" and gives its deadline in words, in ru and en (item 13)', async () => {
    const hash = await createWalkOrder(app)
    const { page, context, errors } = await openPage(app, `/order/${hash}`)
    await page.locator('.order-summary__number').waitFor()
    await payByCard(page)
    const view = await visitorApi(app).call('orderView', { hash, lang: 'ru' })
    const num = view.ord_num
    const line = view.main[0]
    const zone = pickLocalized(line, 'zonelevel', 'ru')
    const category = pickLocalized(line, 'category', 'ru')
    expect(zone).not.toBe('')
    expect(category).not.toBe(zone)

    await page.locator('.ticket-group__codes').click()
    const modal = page.locator('dialog.codes-modal')
    await modal.locator('.codes__image').waitFor()
    const modalText = await modal.innerText()
    expect(modalText).toContain(`Категория: ${zone}`)
    expect(modalText).not.toContain(category)
    await page.keyboard.press('Escape')

    const rows = (await visitorApi(app).call('orderReturnData', { hash, lang: 'ru' }, { hash })).rows
    const [date, time] = rows[0].returndatime.split(' ')
    const [y, m, d] = date.split('-').map(Number)
    const hhmm = time.slice(0, 5)
    const expected = {
      ru: { back: `Вернуться к заказу №${num}`, deadline: `Возврат возможен до ${d} ${RU_MONTHS[m - 1]} ${y} г., ${hhmm} (GMT+03:00)` },
      en: { back: `Return to Order №${num}`, deadline: `Return possible until ${EN_MONTHS[m - 1]} ${d}, ${y}, ${hhmm} (GMT+03:00)` },
    }
    for (const lang of ['ru', 'en'] as const) {
      await page.goto(new URL(`/order/return/${hash}?lang=${lang}`, app.baseUrl).toString())
      await page.locator('.return-table').first().waitFor()
      const back = page.locator('.back-link')
      await expect.poll(() => back.innerText()).toBe(`← ${expected[lang].back}`)
      expect(await back.getAttribute('href')).toMatch(new RegExp(`^/order/${hash}(\\?|$)`))
      expect((await page.locator('.return-event__deadline').innerText()).split('\n')[0]).toBe(expected[lang].deadline)
      await reviewShot(page, { path: `/tmp/return-deadline-${lang}.png` })
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it(`shows a card's first ${LISTING_CATEGORIES} price categories, cheapest first, then "more" (item 16)`, async () => {
    const afisha = await listing(app)
    const event = afisha.action.find((e) => e.action_en === MANY_ZONES_EVENT)!
    const db = app.server.db
    const calendar = afisha.calendar.find((c) => c.event_id === event.event_id)!
    const cal = await db.selectFrom('calendars').select('id').where('event_id', '=', event.event_id)
      .where('day', '=', calendar.eventday).where('time', '=', calendar.eventtime).executeTakeFirstOrThrow()
    const base = await db.selectFrom('prices').select(['client_category_id', 'price']).where('calendar_id', '=', cal.id)
      .where('for_subscription', '=', 0).orderBy('price', 'desc').executeTakeFirstOrThrow()
    // The operator priced this session in more zones; none sells any ticket (quantity 0), so nothing else changes.
    for (let i = 1; i <= EXTRA_ZONES; i++) {
      const name = `Зона ${i}`
      const zone = await db.insertInto('zones').values({
        drawing_id: null, zone_key: `e2e-zone-${i}`, color: '#336699', sortnum: 100 + i,
        name_ru: name, name_en: `Zone ${i}`, name_kz: name, name_ch: name, descript_ru: '', descript_en: '', descript_kz: '', descript_ch: '',
      }).returning('id').executeTakeFirstOrThrow()
      await db.insertInto('prices').values({
        calendar_id: cal.id, client_category_id: base.client_category_id, zone_id: zone.id, price: base.price + i * MINOR_PER_MAJOR * 100, quantity: 0, sortnum: 100 + i,
      }).execute()
    }
    const summary = (await listing(app)).price_categories.filter((p) => p.event_id === event.event_id)
    expect(summary.length).toBeGreaterThan(LISTING_CATEGORIES)

    const { page, context, errors } = await openPage(app, `/?id=${event.menukind_id}&sid=${event.mainmenu_id}&lang=en`)
    const card = page.locator('.event-card').filter({ has: page.getByRole('heading', { name: MANY_ZONES_EVENT, exact: true }) })
    await card.waitFor({ timeout: 30_000 })
    const items = card.locator('.event-card__prices li')
    const names = (texts: string[]) => texts.map((t) => t.split(':')[0])
    expect(await items.count()).toBe(LISTING_CATEGORIES)
    expect(names(await items.allInnerTexts())).toEqual(summary.slice(0, LISTING_CATEGORIES).map((p) => p.zonelevel_en))
    const more = card.getByRole('button', { name: `${summary.length - LISTING_CATEGORIES} more categories` })
    expect(await more.getAttribute('aria-expanded')).toBe('false')
    await reviewShot(card, { path: '/tmp/listing-card-prices.png' })
    await more.click()
    expect(await items.count()).toBe(summary.length)
    expect(names(await items.allInnerTexts())).toEqual(summary.map((p) => p.zonelevel_en))
    const fewer = card.getByRole('button', { name: 'Fewer prices' })
    expect(await fewer.getAttribute('aria-expanded')).toBe('true')
    await fewer.click()
    expect(await items.count()).toBe(LISTING_CATEGORIES)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows a payment type\'s own image instead of the built-in marks, and a type with neither by its name in plain text (item 18)', async () => {
    const logos = async (page: Page) => page.locator('.payment-logos > li').evaluateAll((items) => items.map((li) => {
      const img = li.querySelector('img')
      const svg = li.querySelector('svg')
      if (img) return `image ${img.getAttribute('alt')} ${img.getAttribute('src')} ${img.complete && img.naturalWidth > 0}`
      if (svg) return `mark ${svg.getAttribute('aria-label')}`
      const style = getComputedStyle(li)
      return `text ${li.textContent} border:${style.borderTopStyle === 'none' || style.borderTopWidth === '0px'}`
    }))
    const first = await openPage(app, `/order/${await createWalkOrder(app)}`)
    await first.page.locator('.payment-logos').waitFor()
    // The demo's types: two card types (the schemes' marks, once) and the fast-payment QR (no mark: its name).
    expect(await logos(first.page)).toEqual(['mark Visa', 'mark MasterCard', 'text СБП по QR-коду border:true'])
    await first.context.close()

    // The operator gives the card types their own artwork (e.g. with the Mir mark no icon package may ship).
    const image = await app.server.db.insertInto('images').values({
      file_name: 'operator-cards.svg', mime: 'image/svg+xml', width: 60, height: 28,
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="28" viewBox="0 0 60 28"><rect width="60" height="28" rx="4" fill="#0f754e"/></svg>',
    }).returning('id').executeTakeFirstOrThrow()
    await app.server.db.updateTable('payment_types').set({ image_id: image.id }).where('protocol_kind', '=', 'CARD').execute()
    const { page, context, errors } = await openPage(app, `/order/${await createWalkOrder(app)}`)
    await page.locator('.payment-logos img').waitFor()
    await expect.poll(() => logos(page)).toEqual(['image Банковская карта /media/images/operator-cards.svg true', 'text СБП по QR-коду border:true'])
    await reviewShot(page.locator('.order-pay'), { path: '/tmp/order-payment-logos.png' })
    expect(errors).toEqual([])
    await context.close()
  })
})
