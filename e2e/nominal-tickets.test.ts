import type { Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DESKTOP_VIEWPORT, openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness, type OpenedPage } from './support/app'
import { createNamedOrder } from './support/orders'
import { afterScroll, coveredByScrollTop } from './support/scroll-top'
import { reviewShot } from './support/shots'

/**
 * The named-ticket page in real Chromium against the real server: a named-ticket order of the
 * demo event is placed through the contract client, then /nominal-tickets/{hash} is filled on a
 * 390×844 phone: refused document numbers show their type's note, 65+ warns without blocking, a
 * future birth date disables confirm, valid data confirms and lands on the order view.
 */
const SCREENSHOT = '/tmp/nominal-tickets-phone.png'
const BLOCKED_SCREENSHOT = '/tmp/nominal-tickets-blocked.png'
/** What an empty document number says on save, per language (errors.doc-number-required). */
const DOC_NUMBER_REQUIRED = { ru: 'Введите номер документа', en: 'Enter the document number', kz: 'Құжат нөмірін енгізіңіз', ch: '請輸入證件號碼' } as const
const DOC_NUMBER_SCREENSHOT = '/tmp/nominal-doc-number-{lang}-{size}.png'
/** What an empty (or blank) holder's name says on save, per language (errors.nominal-*-required). */
const NAME_REQUIRED = {
  ru: { surname: 'Введите фамилию', name: 'Введите имя', middleName: 'Введите отчество' },
  en: { surname: 'Enter the surname', name: 'Enter the name', middleName: 'Enter the middle name' },
  kz: { surname: 'Тегін енгізіңіз', name: 'Атын енгізіңіз', middleName: 'Әкесінің атын енгізіңіз' },
  ch: { surname: '請輸入姓', name: '請輸入名', middleName: '請輸入父稱' },
} as const
/**
 * Reserve time left when the countdown test opens its page: far more than a load takes on a busy
 * box (3 s was not, and the order expired before the form came). The page runs on Playwright's
 * clock, so the test jumps past it rather than waiting it out.
 */
const RESERVE_LEFT_MS = 10 * 60_000

/**
 * One page per viewport for the whole file: the first visit of a viewport opens it in a fresh
 * context (openPage), each next one navigates that page to its own new order, a full load as a
 * visitor's link gives (the language comes from that URL's ?lang= alone, the form's values live in
 * the page's memory), with the browser's cache warm. A context per check cost a cold load each
 * (the app's scripts fetched and compiled anew, 2-3 s against 0.3-0.7 s warm on the 2-core box),
 * the most of this file's time. `errors` holds what the page reported since the test began
 * (`newTest` forgets the earlier tests'), as a context of the test's own would; `done` closes them.
 */
function pagesByViewport(app: AppHarness) {
  const opened = new Map<typeof PHONE_VIEWPORT, OpenedPage>()
  return {
    async open(path: string, viewport: typeof PHONE_VIEWPORT): Promise<OpenedPage> {
      const current = opened.get(viewport)
      if (current === undefined) {
        const fresh = await openPage(app, path, viewport)
        opened.set(viewport, fresh)
        return fresh
      }
      await current.page.goto(new URL(path, app.baseUrl).toString(), { waitUntil: 'domcontentloaded' })
      return current
    },
    newTest(): void {
      for (const { errors } of opened.values()) errors.length = 0
    },
    async done(): Promise<void> {
      await Promise.all([...opened.values()].map((o) => o.context.close()))
    },
  }
}

/** Fills both tickets' holders with valid data (an adult with a passport, a child) and ticks the consent. */
async function fillValid(page: Page): Promise<void> {
  await page.locator('#visitor-0-surname').fill('Ivanova')
  await page.locator('#visitor-0-name').fill('Anna')
  await page.locator('#visitor-0-middleName').fill('Sergeevna')
  await page.locator('#visitor-0-date').fill('15.06.1990')
  await page.locator('#visitor-0-docTypeId').selectOption('2')
  await page.locator('#visitor-0-docNum').fill('AB123')
  await page.locator('#visitor-0-countryId').selectOption({ label: 'Armenia' })
  await page.locator('#visitor-1-surname').fill('Ivanov')
  await page.locator('#visitor-1-name').fill('Petr')
  await page.locator('#visitor-1-age').fill('9')
  await page.locator('#visitor-1-docTypeId').selectOption('2')
  await page.locator('#visitor-1-docNum').fill('CD456')
  await page.locator('.agreements input[type="checkbox"]').first().check()
}

describe('named tickets page', () => {
  let app: AppHarness
  let pages: ReturnType<typeof pagesByViewport>

  beforeAll(async () => {
    app = await startApp()
    pages = pagesByViewport(app)
  })
  beforeEach(() => {
    pages.newTest()
  })
  afterAll(async () => {
    await pages?.done()
    await app?.close()
  })

  it('checks every field like the server, warns at 65+, blocks a negative age, confirms and opens the order', async () => {
    const hash = await createNamedOrder(app)
    const { page, errors } = await pages.open(`/nominal-tickets/${hash}`, PHONE_VIEWPORT)
    const cards = page.locator('.visitor-card')
    await cards.first().waitFor()
    expect(await cards.count()).toBe(2)
    expect(await cards.nth(0).locator('.visitor-card__toggle').innerText()).toContain('1. Именной взрослый')
    expect(await cards.nth(1).locator('.visitor-card__toggle').innerText()).toContain('2. Именной детский')
    expect(await page.locator('.nominal__countdown-value').innerText()).toMatch(/^\d{2}:\d{2}:\d{2}$/)
    expect(await page.locator('.nominal__total').innerText()).toMatch(/4\s?500,00/)
    expect(seriousViolations(await runAxe(page))).toEqual([])

    // A card closes and opens from the keyboard.
    const toggle = cards.nth(1).locator('.visitor-card__toggle')
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await page.locator('#visitor-1-name').isVisible()).toBe(false)
    await page.keyboard.press('Space')
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')

    // Adult: surname, name, middle name, birth date, passport, country and region.
    await page.locator('#visitor-0-surname').fill('  Иванова ')
    await page.locator('#visitor-0-name').fill('Анна')
    await page.locator('#visitor-0-middleName').fill('Сергеевна')
    const date = page.locator('#visitor-0-date')
    await date.click()
    await page.keyboard.type('01011950')
    expect(await date.inputValue()).toBe('01.01.1950')
    expect(await page.locator('.visitor-card__warning').innerText()).toContain('65')
    const submit = page.locator('.nominal__submit')
    expect(await submit.isDisabled()).toBe(false)
    await date.fill('')
    await date.click()
    await page.keyboard.type(`0101${new Date().getUTCFullYear() + 1}`)
    await page.keyboard.press('Tab')
    expect(await submit.isDisabled()).toBe(true)
    expect(await cards.nth(0).locator('.field__error').allInnerTexts()).toContain('Дата рождения не может быть позже сегодняшнего дня.')
    await reviewShot(cards.nth(0), { path: BLOCKED_SCREENSHOT })
    await date.fill('')
    await date.click()
    await page.keyboard.type('15061990')
    expect(await submit.isDisabled()).toBe(false)
    expect(await page.locator('.visitor-card__warning').count()).toBe(0)

    await page.locator('#visitor-0-docTypeId').selectOption('1')
    const docNum = page.locator('#visitor-0-docNum')
    await docNum.fill('4510 12345')
    await docNum.blur()
    expect(await page.locator('#visitor-0-docNum-error').innerText()).toBe('Серия и номер: 4 цифры и 6 цифр')
    await docNum.fill('4510 123456')
    expect(await docNum.inputValue()).toBe('4510123456')
    expect(await page.locator('#visitor-0-docNum-error').count()).toBe(0)
    await page.locator('#visitor-0-countryId').selectOption({ label: 'Россия' })
    await page.locator('#visitor-0-regionId').selectOption({ label: 'Москва' })

    // Child: age and a birth certificate (Latin letters are refused with the type's note).
    await page.locator('#visitor-1-surname').fill('Иванов')
    await page.locator('#visitor-1-name').fill('Пётр')
    await page.locator('#visitor-1-age').fill('9')
    await page.locator('#visitor-1-docTypeId').selectOption('4')
    await page.locator('#visitor-1-docNum').fill('IV-AB123456')
    await page.locator('#visitor-1-docNum').blur()
    expect(await page.locator('#visitor-1-docNum-error').innerText()).toBe('Римское число, дефис, две русские буквы, 6 цифр')
    await page.locator('#visitor-1-docNum').fill('IV-АБ123456')
    expect(await page.locator('#visitor-1-docNum-error').count()).toBe(0)

    // The consent is required: refused first, then ticked.
    await submit.click()
    expect(await page.locator('#nominal-agreements-error').isVisible()).toBe(true)
    expect(new URL(page.url()).pathname).toBe(`/nominal-tickets/${hash}`)
    expect(seriousViolations(await runAxe(page))).toEqual([])
    await page.locator('.agreements input[type="checkbox"]').first().check()
    await reviewShot(page, { path: SCREENSHOT, fullPage: true })
    await submit.click()
    await page.waitForURL((url) => url.pathname === `/order/${hash}`)

    const order = await app.server.db.selectFrom('orders').select(['id', 'status']).where('hash', '=', hash).executeTakeFirstOrThrow()
    expect(order.status).toBe(20)
    const lines = await app.server.db.selectFrom('order_lines').select(['person_surname', 'person_name', 'doc_num', 'birth_date', 'age']).where('order_id', '=', order.id).orderBy('id').execute()
    expect(lines).toEqual([
      { person_surname: 'Иванова', person_name: 'Анна', doc_num: '4510123456', birth_date: '1990-06-15', age: expect.any(Number) },
      { person_surname: 'Иванов', person_name: 'Пётр', doc_num: 'IV-АБ123456', birth_date: '', age: 9 },
    ])

    // A confirmed order sent back to the page goes to its order view.
    await page.goto(new URL(`/nominal-tickets/${hash}`, app.baseUrl).toString())
    await page.waitForURL((url) => url.pathname === `/order/${hash}`)
    expect(errors.filter((e) => !e.includes('favicon'))).toEqual([])
  })

  it('names an empty document number on save before a document type is chosen, in four languages, phone and desktop', async () => {
    const cases = [['ru', PHONE_VIEWPORT], ['kz', PHONE_VIEWPORT], ['ch', PHONE_VIEWPORT], ['en', PHONE_VIEWPORT], ['en', DESKTOP_VIEWPORT]] as const
    for (const [lang, viewport] of cases) {
      const hash = await createNamedOrder(app)
      const { page, errors } = await pages.open(`/nominal-tickets/${hash}${lang === 'ru' ? '' : `?lang=${lang}`}`, viewport)
      await page.locator('.visitor-card').first().waitFor()
      // Names first, document left for later: save says what is missing, the number too.
      await page.locator('#visitor-0-surname').fill('Ivanova')
      await page.locator('#visitor-0-name').fill('Anna')
      await page.locator('.nominal__submit').click()
      for (const card of [0, 1]) {
        expect(await page.locator(`#visitor-${card}-docNum-error`).innerText(), `${lang} card ${card}`).toBe(DOC_NUMBER_REQUIRED[lang])
        expect(await page.locator(`#visitor-${card}-docNum`).getAttribute('aria-invalid')).toBe('true')
        expect(await page.locator(`#visitor-${card}-docNum`).getAttribute('aria-describedby')).toContain(`visitor-${card}-docNum-error`)
        expect(await page.locator(`#visitor-${card}-docTypeId-error`).count()).toBe(1)
      }
      expect(new URL(page.url()).pathname).toBe(`/nominal-tickets/${hash}`)
      expect(seriousViolations(await runAxe(page)), lang).toEqual([])
      const size = viewport === PHONE_VIEWPORT ? 'phone' : 'desktop'
      await reviewShot(page.locator('.visitor-card').first(), { path: DOC_NUMBER_SCREENSHOT.replace('{lang}', lang).replace('{size}', size) })
      // The number typed before its type: the number is no longer missing, the type still is;
      // once the type is chosen the number is checked by its pattern.
      await page.locator('#visitor-0-docNum').fill('4510123456')
      expect(await page.locator('#visitor-0-docNum-error').count()).toBe(0)
      expect(await page.locator('#visitor-0-docTypeId-error').count()).toBe(1)
      await page.locator('#visitor-0-docTypeId').selectOption('1')
      expect(await page.locator('#visitor-0-docTypeId-error').count()).toBe(0)
      expect(await page.locator('#visitor-0-docNum-error').count()).toBe(0)
      await page.locator('#visitor-0-docNum').fill('')
      expect(await page.locator('#visitor-0-docNum-error').count()).toBe(1)
      expect(errors.filter((e) => !e.includes('favicon'))).toEqual([])
    }
  })

  it("says an empty or blank holder's name is required on save, not its length rule, in four languages, phone and desktop", async () => {
    const cases = [['ru', PHONE_VIEWPORT], ['kz', PHONE_VIEWPORT], ['ch', PHONE_VIEWPORT], ['en', PHONE_VIEWPORT], ['en', DESKTOP_VIEWPORT]] as const
    for (const [lang, viewport] of cases) {
      const hash = await createNamedOrder(app)
      const { page, errors } = await pages.open(`/nominal-tickets/${hash}${lang === 'ru' ? '' : `?lang=${lang}`}`, viewport)
      await page.locator('.visitor-card').first().waitFor()
      // Ticket 1: only spaces in the surname, name and middle name (asked) left empty; ticket 2 untouched.
      await page.locator('#visitor-0-surname').fill('   ')
      await page.locator('.nominal__submit').click()
      const fields = [[0, 'surname'], [0, 'name'], [0, 'middleName'], [1, 'surname'], [1, 'name']] as const
      for (const [card, field] of fields) {
        const input = page.locator(`#visitor-${card}-${field}`)
        expect(await page.locator(`#visitor-${card}-${field}-error`).innerText(), `${lang} card ${card} ${field}`).toBe(NAME_REQUIRED[lang][field])
        expect(await input.getAttribute('aria-invalid')).toBe('true')
        expect(await input.getAttribute('aria-describedby')).toContain(`visitor-${card}-${field}-error`)
      }
      // The child's middle name is not asked: no error for it.
      expect(await page.locator('#visitor-1-middleName-error').count()).toBe(0)
      // A name typed but too short says the length rule, as before (read once the page has
      // answered the typing: read at once, a busy box showed the text before it, 'ch' in a run).
      await page.locator('#visitor-0-name').fill('Ан')
      await expect.poll(() => page.locator('#visitor-0-name-error').innerText(), { message: lang }).not.toBe(NAME_REQUIRED[lang].name)
      expect(new URL(page.url()).pathname).toBe(`/nominal-tickets/${hash}`)
      expect(seriousViolations(await runAxe(page)), lang).toEqual([])
      const size = viewport === PHONE_VIEWPORT ? 'phone' : 'desktop'
      await reviewShot(page.locator('.visitor-card').first(), { path: `/tmp/nominal-name-required-${lang}-${size}.png` })
      expect(errors.filter((e) => !e.includes('favicon'))).toEqual([])
    }
  })

  it('keeps the inputs of a grid row on one line when a field of the row shows its error (desktop; the phone stacks them)', async () => {
    for (const [viewport, size] of [[DESKTOP_VIEWPORT, 'desktop'], [PHONE_VIEWPORT, 'phone']] as const) {
      const hash = await createNamedOrder(app)
      const { page, errors } = await pages.open(`/nominal-tickets/${hash}?lang=en`, viewport)
      await page.locator('.visitor-card').first().waitFor()
      // The surname given, the name left empty and left: only the name says what is missing.
      await page.locator('#visitor-0-surname').fill('Ivanova')
      await page.locator('#visitor-0-name').focus()
      await page.locator('#visitor-0-middleName').focus()
      await page.locator('#visitor-0-name-error').waitFor()
      const rows = await page.locator('#visitor-0-body .visitor-card__grid').evaluate((grid) => {
        const byTop = new Map<number, { input: number; invalid: boolean }[]>()
        for (const field of grid.querySelectorAll(':scope > .field')) {
          const top = Math.round(field.getBoundingClientRect().top)
          const input = field.querySelector('.field__input')!.getBoundingClientRect().top
          byTop.set(top, [...(byTop.get(top) ?? []), { input, invalid: field.classList.contains('field--invalid') }])
        }
        return [...byTop.values()]
      })
      if (size === 'desktop') {
        const mixed = rows.filter((r) => r.length > 1 && r.some((f) => f.invalid) && r.some((f) => !f.invalid))
        expect(mixed.length, 'a row with an error beside fields without').toBeGreaterThan(0)
      }
      for (const row of rows) {
        const tops = row.map((f) => f.input)
        expect(Math.max(...tops) - Math.min(...tops), `${size}: input tops ${tops.join(', ')}`).toBeLessThanOrEqual(1)
      }
      await reviewShot(page.locator('.visitor-card').first(), { path: `/tmp/nominal-row-error-${size}.png` })
      expect(seriousViolations(await runAxe(page)), size).toEqual([])
      expect(errors.filter((e) => !e.includes('favicon'))).toEqual([])
    }
  })

  it('keeps the scroll-top button off the fields, their errors and the buttons while the visitor scrolls the form (phone, Kazakh)', async () => {
    const hash = await createNamedOrder(app)
    const { page, errors } = await pages.open(`/nominal-tickets/${hash}?lang=kz`, PHONE_VIEWPORT)
    await page.locator('.visitor-card').first().waitFor()
    // A refused save: every field shows its error, the longest the form gets.
    await page.locator('.nominal__submit').click()
    await page.locator('#visitor-1-docNum-error').waitFor()
    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
    expect(max).toBeGreaterThan(800)
    let shown = 0
    for (let y = 0; y <= max; y += 20) {
      await page.evaluate((top) => window.scrollTo(0, top), y)
      await afterScroll(page)
      if (await page.locator('.scroll-top').count() > 0) shown++
      expect(await coveredByScrollTop(page, 'main'), `scrolled to ${y}`).toEqual([])
    }
    // Past the form, at the page's end, the button is there to take the visitor back up.
    await page.evaluate((top) => window.scrollTo(0, top), max)
    await page.locator('.scroll-top').waitFor()
    expect(shown).toBeGreaterThan(0)
    await reviewShot(page, { path: '/tmp/nominal-scroll-top-end-kz.png' })
    expect(seriousViolations(await runAxe(page))).toEqual([])
    expect(errors.filter((e) => !e.includes('favicon'))).toEqual([])
  })

  it('an unknown order shows "order deleted"', async () => {
    const { page } = await pages.open('/nominal-tickets/noSuchOrderHash0000000', PHONE_VIEWPORT)
    await page.locator('#nominal-missing-title').waitFor()
    expect(await page.locator('#nominal-missing-title').innerText()).toBe('Заказ удалён')
  })

  it('a server refusal opens the modal with its code and re-enables confirm (English)', async () => {
    const hash = await createNamedOrder(app)
    const { page } = await pages.open(`/nominal-tickets/${hash}?lang=en`, PHONE_VIEWPORT)
    await page.locator('.visitor-card').first().waitFor()
    expect(await page.locator('h1').innerText()).toBe('Visitor details')
    await fillValid(page)
    // The reservation runs out on the server while the page still counts down.
    await app.server.db.updateTable('orders').set({ reserve_until: Date.now() - 1000 }).where('hash', '=', hash).execute()
    await page.locator('.nominal__submit').click()
    const modal = page.locator('dialog[open]')
    await modal.waitFor()
    expect(await modal.innerText()).toContain('-1005')
    expect(await modal.innerText()).toContain('The reservation time is over')
    expect(await page.locator('.nominal__submit').isDisabled()).toBe(false)
  })

  it("shows the order's own to-pay, its discount counted, and none once the order is paid", async () => {
    const hash = await createNamedOrder(app)
    const db = app.server.db
    // Bonuses on the order, written as the loyalty calls write them (no shop call gives a
    // discount to an order still to be named): 4 500 less 500 bonuses of 1 rouble.
    const order = await db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()
    await db.insertInto('order_discounts').values({ order_id: order.id, loyalty_card_id: null, promo_code_id: null, bonuses_used: 500, created_at: Date.now() }).execute()
    const { page, errors } = await pages.open(`/nominal-tickets/${hash}`, PHONE_VIEWPORT)
    await page.locator('.visitor-card').first().waitFor()
    expect(await page.locator('.nominal__total').innerText()).toMatch(/4\s?000,00/)
    // Paid: nothing is left to pay (the order view shows no amount to pay either).
    await db.updateTable('orders').set({ paid: 1 }).where('id', '=', order.id).execute()
    await page.reload()
    await page.locator('.visitor-card').first().waitFor()
    expect(await page.locator('.nominal__total').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('removes the confirm section when the countdown reaches zero', async () => {
    const hash = await createNamedOrder(app)
    await app.server.db.updateTable('orders').set({ reserve_until: Date.now() + RESERVE_LEFT_MS }).where('hash', '=', hash).execute()
    const { page, context } = await openPage(app, `/nominal-tickets/${hash}`, PHONE_VIEWPORT, (c) => c.clock.install())
    await page.locator('.visitor-card').first().waitFor()
    await page.locator('.nominal__countdown').waitFor()
    expect(await page.locator('.nominal__submit').count()).toBe(1)
    await page.clock.fastForward(RESERVE_LEFT_MS)
    await page.locator('.nominal__expired').waitFor()
    expect(await page.locator('.nominal__submit').count()).toBe(0)
    expect(await page.locator('.nominal__countdown').count()).toBe(0)
    expect(await page.locator('.nominal__expired').innerText()).toBe('Время на подтверждение истекло: заказ снят с брони.')
    await context.close()
  })

  it('a paid order past its reserve time shows no countdown and still confirms (the server has no deadline for it)', async () => {
    const hash = await createNamedOrder(app)
    await app.server.db.updateTable('orders').set({ paid: 1, reserve_until: Date.now() - 1000 }).where('hash', '=', hash).execute()
    const { page } = await pages.open(`/nominal-tickets/${hash}?lang=en`, PHONE_VIEWPORT)
    await page.locator('.visitor-card').first().waitFor()
    expect(await page.locator('.nominal__countdown').count()).toBe(0)
    expect(await page.locator('.nominal__expired').count()).toBe(0)
    await fillValid(page)
    await page.locator('.nominal__submit').click()
    await page.waitForURL((url) => url.pathname === `/order/${hash}`)
    const order = await app.server.db.selectFrom('orders').select('status').where('hash', '=', hash).executeTakeFirstOrThrow()
    expect(order.status).toBe(20)
  })

  it('keeps what was typed and ticked when the visitor switches the language', async () => {
    const hash = await createNamedOrder(app)
    const { page, errors } = await pages.open(`/nominal-tickets/${hash}`, PHONE_VIEWPORT)
    await page.locator('.visitor-card').first().waitFor()
    await page.locator('#visitor-0-surname').fill('Иванова')
    await page.locator('#visitor-0-date').fill('15.06.1990')
    await page.locator('#visitor-0-docTypeId').selectOption('2')
    await page.locator('#visitor-1-name').fill('Пётр')
    await page.locator('.agreements input[type="checkbox"]').first().check()
    await page.locator('select.lang-select__control').selectOption('en')
    // The page reads the order in English: its own texts and the server's category names.
    await expect.poll(() => page.locator('h1').innerText()).toBe('Visitor details')
    await expect.poll(() => page.locator('.visitor-card').first().locator('.visitor-card__toggle').innerText()).toContain('1. Named adult')
    // Every typed value and the ticked consent are still there (the page was remounted and lost them).
    expect(await page.locator('#visitor-0-surname').inputValue()).toBe('Иванова')
    expect(await page.locator('#visitor-0-date').inputValue()).toBe('15.06.1990')
    expect(await page.locator('#visitor-0-docTypeId').inputValue()).toBe('2')
    expect(await page.locator('#visitor-1-name').inputValue()).toBe('Пётр')
    expect(await page.locator('.agreements input[type="checkbox"]').first().isChecked()).toBe(true)
    expect(errors).toEqual([])
  })
})
