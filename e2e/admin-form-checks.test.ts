import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOX_TEXTS } from '../src/app/admin/boxoffice/texts'
import { CARE_TEXTS } from '../src/app/admin/careTexts'
import { DOOR_CONSOLE_TEXTS } from '../src/app/admin/doorTexts'
import { EXTRAS_TEXTS } from '../src/app/admin/catalogue/extrasTexts'
import { CATALOGUE_TEXTS } from '../src/app/admin/catalogue/texts'
import { ISSUE_TEXTS } from '../src/app/admin/issueTexts'
import { SESSION_TEXTS } from '../src/app/admin/sessionTexts'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { WAITING_CONSOLE_TEXTS } from '../src/app/admin/waitingTexts'
import { MAX_TOKEN_DAYS } from '../src/contract/admin/access'
import { PROMO_MIN_LENGTH } from '../src/contract/constants'
import { LANGS } from '../src/contract/lang'
import { createOperator } from '../src/server/admin/auth'
import { PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { signInConsole } from './support/console'

/**
 * Console forms checked by the contract say a missing field in the console's language, from a
 * browser that speaks another (English): the form is noValidate, so Chromium's own required and
 * type=email bubbles, in the browser's language, no longer stop the submit before the console
 * speaks. On a phone, axe-core on each refusal; nothing is sent.
 */
const EMAIL = 'owner.checks@example.org'
const PASSWORD = 'an owner password'
const PROMO = 'CHECK10'

let app: AppHarness

beforeAll(async () => {
  app = await startApp()
  await createOperator(app.server.db, { email: EMAIL, name: 'Owner', role: 'owner', password: PASSWORD, lang: 'en' }, Date.now())
  await app.server.db.insertInto('promo_codes').values({ code: PROMO, discount_percent: 10, discount_amount: 0, multi_use: 1, max_uses: null, valid_to: null }).execute()
})
afterAll(async () => {
  await app?.close()
})

async function axeClean(page: Page, where: string): Promise<void> {
  expect(seriousViolations(await runAxe(page)), where).toEqual([])
}

/** The control named `name` is the refused one: aria-invalid, described by the alert, and focused. */
async function refused(page: Page, name: string): Promise<void> {
  const control = page.locator(`[name="${name}"]`).first()
  expect(await control.getAttribute('aria-invalid'), name).toBe('true')
  const note = await control.getAttribute('aria-describedby')
  expect(await page.getByRole('alert').getAttribute('id'), name).toBe(note)
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name')), name).toBe(name)
}

/** Text for a RegExp, its special characters escaped. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('console forms checked by the contract', () => {
  it("say an empty required field in the console's language, not the English browser's, on a phone", async () => {
    const context = await app.browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'en-US' })
    const writes: string[] = []
    context.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (r.method() === 'POST' && /^\/api\/admin\/(tags|operators|promos\/\d+\/copy)$/.test(path)) writes.push(path)
    })
    try {
      const page = await context.newPage()
      await page.goto(new URL('/admin', app.baseUrl).toString())
      await signInConsole(page, EMAIL, PASSWORD, 'kz')
      for (const lang of LANGS.filter((l) => l !== 'en')) {
        const c = CATALOGUE_TEXTS[lang]
        const required = ISSUE_TEXTS[lang].required
        const alert = page.getByRole('alert')

        await page.goto(new URL(`/admin/catalogue/tags?lang=${lang}`, app.baseUrl).toString())
        await page.getByRole('heading', { level: 1, name: c.tags }).waitFor()
        const tagName = page.getByRole('textbox', { name: `${c.name} (ru)`, exact: true })
        expect(await tagName.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('')
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.name} (ru): ${required}`)
        await axeClean(page, `tags, empty name (${lang})`)

        await page.goto(new URL(`/admin/operators?lang=${lang}`, app.baseUrl).toString())
        await page.getByRole('heading', { level: 1, name: c.operators }).waitFor()
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.email}: ${required}`)
        await page.getByRole('textbox', { name: c.email, exact: true }).fill('new.operator@example.org')
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.password}: ${ISSUE_TEXTS[lang].minLength.replace('{n}', '10')}`)
        await axeClean(page, `operators, short password (${lang})`)

        const x = EXTRAS_TEXTS[lang]
        await page.goto(new URL(`/admin/extras/promos?lang=${lang}`, app.baseUrl).toString())
        await page.getByRole('heading', { level: 1, name: x.promos }).waitFor()
        await page.getByRole('button', { name: `${x.copy}: ${PROMO}` }).click()
        await page.getByRole('textbox', { name: x.newCode }).press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${x.newCode}: ${ISSUE_TEXTS[lang].minLength.replace('{n}', String(PROMO_MIN_LENGTH))}`)
        await axeClean(page, `promo copy, empty code (${lang})`)
      }
      expect(writes).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('say an empty time, number or name of the waiting room and event editor as required, on the field, on a phone', async () => {
    const db = app.server.db
    const session = await db.selectFrom('calendars').innerJoin('events', 'events.id', 'calendars.event_id').select(['calendars.id', 'calendars.event_id']).where('events.archived_at', 'is', null).orderBy('calendars.id').executeTakeFirstOrThrow()
    const context = await app.browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'en-US' })
    const writes: string[] = []
    context.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if ((r.method() !== 'GET' && /^\/api\/admin\/(sessions|events|calendars|prices)\b/.test(path)) || path === '/api/admin/orders/search') writes.push(`${r.method()} ${path}`)
    })
    try {
      const page = await context.newPage()
      await page.goto(new URL('/admin', app.baseUrl).toString())
      await signInConsole(page, EMAIL, PASSWORD, 'kz')
      const alert = page.getByRole('alert')
      for (const lang of LANGS) {
        const issue = ISSUE_TEXTS[lang]
        const w = WAITING_CONSOLE_TEXTS[lang]
        await page.goto(new URL(`/admin/sessions/${session.id}/waiting-room?lang=${lang}`, app.baseUrl).toString())
        const save = page.getByRole('button', { name: w.save, exact: true })
        await save.waitFor()
        await page.locator('[name="admit_per_minute"]').fill('')
        await save.click()
        await expect.poll(() => alert.innerText()).toBe(`${w.rate}: ${issue.required}`)
        await refused(page, 'admit_per_minute')
        await page.locator('[name="admit_per_minute"]').fill('0')
        await save.click()
        await expect.poll(() => alert.innerText()).toBe(`${w.rate}: ${issue.min.replace('{n}', '1')}`)
        await page.locator('[name="admit_per_minute"]').fill('5')
        await page.locator('[name="opens_at"]').fill('')
        await save.click()
        await expect.poll(() => alert.innerText()).toBe(`${w.opensAt}: ${issue.required}`)
        await refused(page, 'opens_at')
        await axeClean(page, `waiting room, empty on-sale moment (${lang})`)

        const t = ADMIN_TEXTS[lang]
        await page.goto(new URL(`/admin/events/${session.event_id}?lang=${lang}`, app.baseUrl).toString())
        // The form fills in once the event is loaded: cleared before that, the name would come back.
        await expect.poll(() => page.locator('[name="name_ru"]').inputValue()).not.toBe('')
        await page.locator('[name="name_ru"]').fill('')
        await page.getByRole('button', { name: t.save, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${t.name} (ru): ${issue.required}`)
        await refused(page, 'name_ru')
        await page.getByRole('button', { name: t.addSession, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${t.day}: ${issue.required}`)
        await refused(page, 'day')
        await page.locator('[name="day"]').fill('2031-05-06')
        await page.locator('[name="time"]').fill('')
        await page.getByRole('button', { name: t.addSession, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${t.time}: ${issue.required}`)
        await refused(page, 'time')
        await page.getByRole('button', { name: t.addPrice, exact: true }).click()
        await expect.poll(() => alert.innerText()).toMatch(new RegExp(`: ${issue.required}$`))
        await refused(page, 'price')
        await page.locator('[name="price"]').first().fill('100')
        await page.locator('[name="quantity"]').first().fill('')
        await page.getByRole('button', { name: t.addPrice, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${t.quantity}: ${issue.required}`)
        await refused(page, 'quantity')
        await axeClean(page, `event editor, empty quantity (${lang})`)

        // A session's edit form: its own note, beside its fields.
        await page.reload()
        await page.getByRole('button', { name: new RegExp(`^${SESSION_TEXTS[lang].edit}: `) }).first().click()
        await page.locator('[name="day"]').first().fill('')
        await page.getByRole('button', { name: t.save, exact: true }).last().click()
        await expect.poll(() => alert.innerText()).toBe(`${t.day}: ${issue.required}`)
        await refused(page, 'day')
        await axeClean(page, `session edit, empty date (${lang})`)

        // A price row's edit form: its own note, beside its fields (the editor's error is at the page's top).
        await page.reload()
        const [before, after] = SESSION_TEXTS[lang].editPrice.split('{what}').map(escaped)
        await page.getByRole('button', { name: new RegExp(`^${before}.+${after}$`) }).first().click()
        await page.locator('[name="price"]').first().fill('')
        await page.locator('li form').getByRole('button', { name: t.save, exact: true }).click()
        // The label names the venue's currency in place of {cur}.
        await expect.poll(() => alert.innerText()).toMatch(new RegExp(`^${escaped(t.price).replace(escaped('{cur}'), '.+')}: ${issue.required}$`))
        await refused(page, 'price')
        await axeClean(page, `price row edit, empty price (${lang})`)

        const c = CARE_TEXTS[lang]
        await page.goto(new URL(`/admin/orders?lang=${lang}`, app.baseUrl).toString())
        await page.getByRole('searchbox', { name: c.query }).press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${c.query}: ${issue.required}`)
        await refused(page, 'q')
        await page.getByRole('searchbox', { name: c.query }).fill('a')
        await page.getByRole('button', { name: c.search, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.query}: ${issue.minLength.replace('{n}', '2')}`)
        await axeClean(page, `order search, one letter (${lang})`)
      }
      expect(writes).toEqual([])
    } finally {
      await context.close()
    }
  })

  it("say a missing buyer field of the box office, API token or gate field in the console's language, on the field, on a phone", async () => {
    const db = app.server.db
    const event = await db.selectFrom('events').select('hash_id').where('scheme', '=', 0).where('published', '=', 1).where('archived_at', 'is', null).orderBy('id').executeTakeFirstOrThrow()
    const session = await db.selectFrom('calendars').innerJoin('events', 'events.id', 'calendars.event_id').select('calendars.event_id').where('events.archived_at', 'is', null).where('calendars.cancelled_at', 'is', null).orderBy('calendars.id').executeTakeFirstOrThrow()
    const context = await app.browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'en-US' })
    const writes: string[] = []
    context.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (r.method() !== 'GET' && /^\/api\/admin\/(boxoffice|tokens|checkin)\b/.test(path)) writes.push(`${r.method()} ${path}`)
    })
    try {
      const page = await context.newPage()
      await page.goto(new URL('/admin', app.baseUrl).toString())
      await signInConsole(page, EMAIL, PASSWORD, 'kz')
      const alert = page.getByRole('alert')
      for (const lang of LANGS) {
        const issue = ISSUE_TEXTS[lang]
        const b = BOX_TEXTS[lang]
        await page.goto(new URL(`/admin/boxoffice/${event.hash_id}?map=0&lang=${lang}`, app.baseUrl).toString())
        const sell = page.getByRole('button', { name: b.sell, exact: true })
        await sell.click()
        await expect.poll(() => alert.innerText()).toBe(`${b.fio}: ${issue.required}`)
        await refused(page, 'fio')
        await page.locator('[name="fio"]').fill('Desk Buyer')
        await sell.click()
        await expect.poll(() => alert.innerText()).toBe(`${b.phone}: ${issue.required}`)
        await refused(page, 'phone')
        await page.locator('[name="phone"]').fill('+7 900 000 00 00')
        await page.locator('[name="email"]').fill('not-an-address')
        await sell.click()
        await expect.poll(() => alert.innerText()).toBe(`${b.email}: ${issue.email}`)
        // The address stays described by its hint (optional) as well as by the note.
        expect(await page.locator('[name="email"]').getAttribute('aria-invalid')).toBe('true')
        expect(await page.locator('[name="email"]').getAttribute('aria-describedby')).toContain(await alert.getAttribute('id'))
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email')
        await axeClean(page, `box office, malformed e-mail (${lang})`)

        const c = CATALOGUE_TEXTS[lang]
        await page.goto(new URL(`/admin/tokens?lang=${lang}`, app.baseUrl).toString())
        await page.getByRole('heading', { level: 1, name: c.tokens }).waitFor()
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.tokenName}: ${issue.required}`)
        await refused(page, 'name')
        await page.locator('[name="name"]').fill('Integration')
        await page.locator('[name="expires_in_days"]').fill('')
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.tokenDays}: ${issue.required}`)
        await refused(page, 'expires_in_days')
        await page.locator('[name="expires_in_days"]').fill(String(MAX_TOKEN_DAYS + 1))
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.tokenDays}: ${issue.max.replace('{n}', String(MAX_TOKEN_DAYS))}`)
        await axeClean(page, `API token, too many days (${lang})`)

        const d = DOOR_CONSOLE_TEXTS[lang]
        await page.goto(new URL(`/admin/events/${session.event_id}/door?lang=${lang}`, app.baseUrl).toString())
        await page.getByRole('button', { name: d.add, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${d.name}: ${issue.required}`)
        await refused(page, 'name')
        await axeClean(page, `door, empty gate name (${lang})`)
      }
      expect(writes).toEqual([])
    } finally {
      await context.close()
    }
  })
})
