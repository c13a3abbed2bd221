import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXTRAS_TEXTS } from '../src/app/admin/catalogue/extrasTexts'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { openPage, PHONE_VIEWPORT, type AppHarness } from './support/app'
import { axeClean, followLink, openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * The console's selling extras and shop setup in Chromium (issue 17 item 2): an owner makes a
 * promo code (the contract's complaint first, then a good one), copies it, archives it, and
 * changes the shop's footer, which the storefront then shows, uploads a logo and copies a tag;
 * in four languages, on a phone,
 * with the keyboard, axe-core on each screen.
 */
const OWNER: ConsoleAccount = { email: 'owner-extras@example.org', password: 'an owner password', role: 'owner' }
/** How long a save's effect may take to show on a loaded 2-core box (expect.poll's own default is 1 s). */
const SAVE_WAIT_MS = 10_000

let app: AppHarness

beforeAll(async () => {
  app = await startConsoleApp([OWNER], { ownPort: true })
})
afterAll(async () => {
  await app?.close()
})

describe('console extras and shop setup', () => {
  it('creates a promo code with the keyboard (the contract says what is wrong first), copies and archives it, all audited', async () => {
    const { page, context, errors } = await openConsole(app, OWNER, { lang: 'en' })
    await page.getByRole('link', { name: 'Selling extras' }).click()
    await page.getByRole('heading', { name: 'Special offers', level: 1 }).waitFor()
    await axeClean(page, 'offers')
    await page.getByRole('link', { name: 'Promo codes' }).click()
    await page.getByRole('heading', { name: 'Promo codes', level: 1 }).waitFor()

    // Keyboard only: type into the code field, Tab to the percent and the amount, Enter sends.
    await page.getByLabel('Code', { exact: true }).focus()
    await page.keyboard.type('winter26')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('15')
    await page.keyboard.press('Tab')
    await page.keyboard.type('100')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Discount, %: give either a percent or an amount')
    expect(await app.server.db.selectFrom('promo_codes').select('id').where('code', '=', 'WINTER26').execute()).toEqual([])

    await page.getByLabel('Discount, ₽').fill('')
    await page.getByLabel('Many uses', { exact: true }).check()
    await page.getByLabel('At most this many uses (empty = no limit)').fill('50')
    await page.getByLabel('Discount, ₽').press('Enter')
    await page.getByRole('cell', { name: 'WINTER26', exact: true }).waitFor()
    const row = await app.server.db.selectFrom('promo_codes').selectAll().where('code', '=', 'WINTER26').executeTakeFirstOrThrow()
    expect(row).toMatchObject({ discount_percent: 15, discount_amount: 0, multi_use: 1, max_uses: 50, active: 1, used_count: 0 })
    await axeClean(page, 'promos')

    await page.getByRole('button', { name: 'Copy: WINTER26' }).click()
    await page.getByLabel('Code of the copy').fill('spring27')
    await page.getByLabel('Code of the copy').press('Enter')
    await page.getByRole('cell', { name: 'SPRING27', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Archive: WINTER26' }).click()
    await expect.poll(async () => (await app.server.db.selectFrom('promo_codes').select('active').where('code', '=', 'WINTER26').executeTakeFirstOrThrow()).active).toBe(0)
    const log = await app.server.db.selectFrom('audit_log').select(['action', 'actor']).where('entity', '=', 'promo').orderBy('id').execute()
    expect(log.map((e) => e.action)).toEqual(['create', 'create', 'archive'])
    expect(log.every((e) => e.actor === OWNER.email)).toBe(true)

    for (const tab of ['Subscription contents', 'Agreements']) {
      await page.getByRole('link', { name: tab }).click()
      await page.getByRole('heading', { name: tab, level: 1 }).waitFor()
      await axeClean(page, tab)
    }
    await page.getByRole('link', { name: 'Promo codes' }).click()
    await page.getByRole('heading', { name: 'Promo codes', level: 1 }).waitFor()
    // The same screen in the other three languages.
    for (const [lang, heading] of [['ru', 'Промокоды'], ['kz', 'Промокодтар'], ['ch', '優惠碼']] as const) {
      await page.locator('.adm-lang select').selectOption(lang)
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await axeClean(page, `promos ${lang}`)
    }
    // The one 401 is the console asking who is signed in before the sign-in.
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    await context.close()
  })

  it("changes the shop's footer from a phone; the storefront shows it", async () => {
    const { page, context } = await openConsole(app, OWNER, { viewport: PHONE_VIEWPORT, lang: 'en' })
    await followLink(page, '/admin/shop-setup')
    await page.getByRole('heading', { name: 'Shop appearance', level: 1 }).waitFor()
    await axeClean(page, 'setup on a phone')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width)

    await page.getByLabel('Header colour (#rrggbb, empty = theme)').fill('blue')
    await page.getByRole('button', { name: 'Save' }).first().click()
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Header colour (#rrggbb, empty = theme): a colour as #rrggbb')
    await page.getByLabel('Header colour (#rrggbb, empty = theme)').fill('#204060')
    await page.getByLabel('Footer text (en)').fill('Box office open daily 10–20')
    await page.getByLabel('Show the footer').check()
    const before = await page.getByRole('textbox', { name: /^Link address \d+$/ }).count()
    await page.getByRole('button', { name: 'Add a link' }).click()
    const n = before + 1
    await page.getByLabel(`Link address ${n}`, { exact: true }).fill('https://example.org/about')
    await page.getByLabel(`Link text ${n} (ru)`).fill('О театре')
    await page.getByLabel(`Link text ${n} (en)`).fill('About the theatre')
    // Online returns off: what the storefront's setup then says (its order pages offer no return).
    const returns = page.getByLabel('Visitors may return tickets online')
    expect(await returns.isChecked()).toBe(true)
    await returns.uncheck()
    await page.getByRole('button', { name: 'Save' }).first().click()
    await page.getByRole('status').waitFor()
    const shopSetup = async () => ((await (await fetch(new URL('/api/setup', app.baseUrl))).json()) as { app: { order_return: number } }).app.order_return
    expect(await shopSetup()).toBe(0)
    await returns.check()
    await page.getByRole('button', { name: 'Save' }).first().click()
    // The save's answer has no new note to wait for (the first save's stays): poll for the setup, given a busy box's time.
    await expect.poll(shopSetup, { timeout: SAVE_WAIT_MS }).toBe(1)

    for (const [lang, heading] of [['ru', 'Оформление магазина'], ['kz', 'Дүкеннің безендірілуі'], ['ch', '商店外觀']] as const) {
      await page.locator('.adm-lang select').selectOption(lang)
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
      await axeClean(page, `setup ${lang}`)
    }

    const shop = await openPage(app, '/?lang=en', PHONE_VIEWPORT)
    await shop.page.getByText('Box office open daily 10–20').waitFor()
    await shop.page.getByRole('link', { name: 'About the theatre' }).waitFor()
    await shop.context.close()
    await context.close()
  })

  it("edits the venue's own texts per language from a phone by keyboard; the storefront shows the Chinese ones", async () => {
    const x = EXTRAS_TEXTS.en
    const { page, context } = await openConsole(app, OWNER, { viewport: PHONE_VIEWPORT, lang: 'en' })
    await followLink(page, '/admin/shop-setup')
    await page.getByRole('heading', { name: x.setup, level: 1 }).waitFor()
    // Each text has a field per language (db.{key}_{lang}), its lang set for the operator's screen reader.
    for (const key of ['info_contact', 'returntoafishaname', 'topingname', 'topingbuttonname'] as const) {
      for (const lang of ['ru', 'en', 'kz', 'ch']) await page.getByLabel(`${x[key]} (${lang})`).waitFor()
    }
    expect(await page.getByLabel(`${x.info_contact} (ch)`).getAttribute('lang')).toBe('zh-Hant')

    // Keyboard only: type the Chinese contacts, Tab past the switch and three languages to the
    // Chinese back-link label, type it, Enter sends the form.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name'))
    await page.getByLabel(`${x.info_contact} (ch)`).focus()
    await page.keyboard.press('Control+A')
    await page.keyboard.type('<p>售票處每天開放</p>')
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
    expect(await focused()).toBe('db.returntoafishaname_ch')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('回到節目表')
    await page.keyboard.press('Enter')
    await page.getByRole('status').filter({ hasText: x.saved }).waitFor()
    const shopDb = ((await (await fetch(new URL('/api/setup', app.baseUrl))).json()) as { db: Record<string, string> }).db
    expect(shopDb).toMatchObject({ info_contact_ch: '<p>售票處每天開放</p>', returntoafishaname_ch: '回到節目表' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width)
    await axeClean(page, 'setup texts per language on a phone')

    const shop = await openPage(app, '/contacts?lang=ch', PHONE_VIEWPORT)
    await shop.page.locator('main .rich-text').getByText('售票處每天開放').waitFor()
    expect(await shop.page.locator('main .rich-text').getAttribute('lang')).toBeNull()
    expect(await shop.page.locator('.back-link').innerText()).toBe('← 回到節目表')
    await shop.context.close()
    await context.close()
  })

  it('sells in tenge once the owner chooses it: the console writes its amounts and labels in T, and so does the shop', async () => {
    const { page, context } = await openConsole(app, OWNER, { lang: 'kz' })
    await followLink(page, '/admin/shop-setup')
    await page.getByRole('heading', { name: EXTRAS_TEXTS.kz.setup, level: 1 }).waitFor()
    await page.getByLabel(EXTRAS_TEXTS.kz.currency).selectOption('KZT')
    await page.getByRole('button', { name: EXTRAS_TEXTS.kz.save }).first().click()
    await page.getByRole('status').waitFor()
    try {
      // The console's own screens, without a reload: an event's price input and its price rows.
      await page.getByRole('link', { name: ADMIN_TEXTS.kz.events, exact: true }).click()
      await page.locator('li a[href^="/admin/events/"]').first().click()
      await page.getByLabel(ADMIN_TEXTS.kz.price.replace('{cur}', 'T')).waitFor()
      const rows = await page.locator('.adm-list > li').allInnerTexts()
      expect(rows.some((r) => /\d,\d\d\u00a0T × \d/.test(r)), rows.join(' | ')).toBe(true)
      expect(rows.join(' ')).not.toContain('₽')
      await axeClean(page, 'event editor in tenge')

      const shop = await openPage(app, '/?lang=kz')
      await shop.page.locator('.event-card__prices li').first().waitFor()
      const prices = await shop.page.locator('.event-card__prices li').allInnerTexts()
      expect(prices.length).toBeGreaterThan(0)
      for (const p of prices) expect(p).toMatch(/\d,\d\d\u00a0T$/)
      await shop.context.close()
    } finally {
      await followLink(page, '/admin/shop-setup')
      await page.getByLabel(EXTRAS_TEXTS.kz.currency).selectOption('RUB')
      await page.getByRole('button', { name: EXTRAS_TEXTS.kz.save }).first().click()
      await page.getByRole('status').waitFor()
      await context.close()
    }
  })

  it("uploads an event's image from the event editor; the server's resized WebP shows", async () => {
    const { page, context, errors } = await openConsole(app, OWNER, { lang: 'kz' })
    const event = await app.server.db.selectFrom('events').select('id').where('archived_at', 'is', null).orderBy('id').executeTakeFirstOrThrow()
    await followLink(page, `/admin/events/${event.id}`)
    const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3060a0' } }).png().toBuffer()
    await page.getByLabel('Іс-шара суреті').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png })
    // The event editor has other live regions (seat choice rules); the image's is the one that speaks.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Сурет' }).innerText()).toBe('Сурет жүктелді (1200×800)')
    const img = page.getByRole('img', { name: 'Іс-шара суреті' })
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1200)
    expect((await app.server.db.selectFrom('events').select('image_id').where('id', '=', event.id).executeTakeFirstOrThrow()).image_id).not.toBeNull()
    await axeClean(page, 'event editor with image')
    // The one 401 is the console asking who is signed in before the sign-in.
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    await context.close()
  })

  it("uploads a shop logo for one language on the setup screen; saved, the storefront's setup carries the resized WebP", async () => {
    const { page, context } = await openConsole(app, OWNER, { lang: 'en' })
    await followLink(page, '/admin/shop-setup')
    await page.getByRole('heading', { name: 'Shop appearance', level: 1 }).waitFor()
    await page.getByLabel('Which logo to replace').selectOption('logo_kz')
    const png = await sharp({ create: { width: 2000, height: 500, channels: 4, background: '#a02030' } }).png().toBuffer()
    await page.getByLabel('Logo file (resized on the server)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png })
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Image uploaded' }).innerText()).toBe('Image uploaded (1200×300)')
    // The chosen field of the form now holds the stored image's address.
    const url = await page.getByLabel('Logo for language (kz)', { exact: true }).inputValue()
    expect(url).toMatch(/^\/media\/images\/upload-[0-9a-f]+\.webp$/)
    await expect.poll(() => page.getByRole('img', { name: 'Logo file (resized on the server)' }).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1200)
    await page.getByRole('button', { name: 'Save' }).first().click()
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    const shop = (await (await fetch(new URL('/api/setup', app.baseUrl))).json()) as { app: { logo_kz: string } }
    expect(shop.app.logo_kz).toBe(url)
    await axeClean(page, 'setup with an uploaded logo')
    await context.close()
  })

  it('copies a tag in the catalogue: the copy opens in the form and is saved under a new name', async () => {
    // In Russian by the address (the owner's own language is English, which a browser that
    // never chose would take after sign-in).
    const { page, context } = await openConsole(app, OWNER, { path: '/admin?lang=ru', lang: 'ru' })
    const tag = await app.server.db.insertInto('tags').values({ name_ru: 'Джаз у реки', name_en: 'Jazz by the river' }).returning('id').executeTakeFirstOrThrow()
    await followLink(page, '/admin/catalogue/tags')
    await page.getByRole('button', { name: 'Копировать: Джаз у реки' }).click()
    await expect.poll(() => page.getByRole('status').innerText()).toMatch(/^Копия создана, её номер #\d+$/)
    const copyId = Number((await page.getByRole('status').innerText()).split('#')[1])
    expect(copyId).not.toBe(tag.id)
    await page.getByLabel('Имя (ru)').fill('Джаз у моря')
    await page.getByRole('button', { name: 'Сохранить' }).click()
    await expect.poll(async () => (await app.server.db.selectFrom('tags').select('name_ru').where('id', '=', copyId).executeTakeFirstOrThrow()).name_ru).toBe('Джаз у моря')
    expect((await app.server.db.selectFrom('tags').select(['name_ru', 'name_en']).where('id', '=', tag.id).executeTakeFirstOrThrow())).toEqual({ name_ru: 'Джаз у реки', name_en: 'Jazz by the river' })
    await axeClean(page, 'tags after a copy')
    await context.close()
  })

  it("edits a venue's address and map link in the catalogue on a phone; the contract refuses a bad link first", async () => {
    const { page, context } = await openConsole(app, OWNER, { viewport: PHONE_VIEWPORT, lang: 'en' })
    await followLink(page, '/admin/catalogue/venues')
    await page.getByRole('heading', { name: 'Venue addresses', level: 1 }).waitFor()
    const venue = await app.server.db.selectFrom('venues').selectAll().orderBy('id').executeTakeFirstOrThrow()
    await page.getByRole('button', { name: `Edit: ${venue.name_en || venue.name_ru}` }).click()
    await page.getByLabel('Map link').fill('not a link')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('Map link: a web address is needed (https://…)')
    await page.getByLabel('Map link').fill('https://yandex.ru/maps/-/CCUabc')
    await page.getByLabel('Address (en)').fill('1 Theatre Square, Moscow')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect.poll(async () => (await app.server.db.selectFrom('venues').select(['urlyandexmap', 'address_en']).where('id', '=', venue.id).executeTakeFirstOrThrow()).address_en).toBe('1 Theatre Square, Moscow')
    await axeClean(page, 'venues on a phone')
    await context.close()
  })
})
