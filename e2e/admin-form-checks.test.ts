import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOX_TEXTS } from '../src/app/admin/boxoffice/texts'
import { CARE_TEXTS } from '../src/app/admin/careTexts'
import { DOOR_CONSOLE_TEXTS } from '../src/app/admin/doorTexts'
import { CARD_TEXTS } from '../src/app/admin/catalogue/cardTexts'
import { EXTRAS_TEXTS } from '../src/app/admin/catalogue/extrasTexts'
import { CATALOGUE_TEXTS } from '../src/app/admin/catalogue/texts'
import { ISSUE_TEXTS } from '../src/app/admin/issueTexts'
import { SESSION_TEXTS } from '../src/app/admin/sessionTexts'
import { STUDIO_TEXTS } from '../src/app/admin/studio/texts'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { WAITING_CONSOLE_TEXTS } from '../src/app/admin/waitingTexts'
import { MAX_TOKEN_DAYS, MIN_PASSWORD_LENGTH } from '../src/contract/admin/access'
import { PROMO_MIN_LENGTH } from '../src/contract/constants'
import { LANGS, type Lang } from '../src/contract/lang'
import { aside, separatorsOf } from '../src/app/i18n/punctuation'
import { importVenueDrawing } from '../src/server/venues/import'
import { ADMIN_TEXTS as SERVER_TEXTS } from '../src/server/messages/admin'
import { LANG_TAG } from '../src/app/i18n/lang'
import type { Page } from 'playwright-core'
import { PHONE_VIEWPORT, type AppHarness } from './support/app'
import { axeClean, followLink, refused, signInConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * Console forms checked by the contract say a missing field in the console's language, from a
 * browser that speaks another (English): the form is noValidate, so Chromium's own required and
 * type=email bubbles, in the browser's language, no longer stop the submit before the console
 * speaks. The refusal shows in the form, the refused field is marked (aria-invalid, described by
 * the alert) and focused. On a phone, axe-core on each form's refusal (axeInTurn); nothing is sent, or what is sent
 * is refused by the server and said the same way.
 * One phone page, signed in once, walks every test (onThePhone), each language chosen in the
 * console's picker and each screen reached through the router (openIn): 4 sign-ins and 24 loads a
 * run (about a second each on the 2-core box) made this file the e2e project's slowest.
 */
const EMAIL = 'owner.checks@example.org'
const PASSWORD = 'an owner password'
const PROMO = 'CHECK10'

let app: AppHarness
const OWNER: ConsoleAccount = { email: EMAIL, password: PASSWORD, role: 'owner' }

/** What the running test watches of the phone's requests (onThePhone), and what it saw. */
let watching: { watched: (method: string, path: string) => boolean; seen: string[] } | null = null
/** The file's phone in an English browser (a bubble of the browser would speak English), signed in as the owner. */
let phone: Page

beforeAll(async () => {
  app = await startConsoleApp([OWNER])
  await app.server.db.insertInto('promo_codes').values({ code: PROMO, discount_percent: 10, discount_amount: 0, multi_use: 1, max_uses: null, valid_to: null }).execute()
  // Closed with the app (startApp closes the contexts opened after it).
  const context = await app.browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'en-US' })
  context.on('response', (r) => {
    const method = r.request().method()
    const path = new URL(r.url()).pathname
    if (watching?.watched(method, path)) watching.seen.push(`${method} ${path} ${r.status()}`)
  })
  phone = await context.newPage()
  await phone.goto(new URL('/admin', app.baseUrl).toString())
  await signInConsole(phone, OWNER.email, OWNER.password, 'kz')
})
afterAll(async () => {
  await app?.close()
})

/**
 * Axe runs on each form's refusal in one of the four languages, a different one from form to form
 * (picked from the screen's name; all four languages get some), not in all four: the refusal's
 * text, aria and focus are still checked in every language, and what axe looks at (roles, names,
 * aria, contrast) does not change with the words. Four axe runs a form made this file the suite's
 * longest (182 s of a fresh-clone CI's e2e on a slow box, 2026-12-06).
 */
async function axeInTurn(page: Page, screen: string, lang: Lang): Promise<void> {
  let hash = 0
  for (const c of screen) hash = (hash * 31 + c.charCodeAt(0)) >>> 0
  if (LANGS[hash % LANGS.length] === lang) await axeClean(page, `${screen} (${lang})`)
}

/** `run` on the phone; each answered request to a path `watched` meanwhile, as "METHOD /path status". */
async function onThePhone(watched: (method: string, path: string) => boolean, run: (page: Page) => Promise<void>): Promise<string[]> {
  const seen: string[] = []
  watching = { watched, seen }
  try {
    await run(phone)
  } finally {
    watching = null
  }
  return seen
}

/** The console in `lang`, chosen in its header's picker as an operator would, then at `path` (reopen). */
async function openIn(page: Page, lang: Lang, path: string): Promise<void> {
  await page.locator('.adm-lang select').selectOption(lang)
  await page.waitForFunction((tag) => document.documentElement.lang === tag, LANG_TAG[lang])
  await reopen(page, path)
}

/**
 * `path` through the router (followLink). A screen stays mounted through a link to itself: one at
 * `path` already is left for the events list first, so that it opens anew (fields and notes reset).
 */
async function reopen(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname === new URL(path, page.url()).pathname) {
    await followLink(page, '/admin')
    await page.locator('#adm-events-title').waitFor()
  }
  await followLink(page, path)
}

/** Between a field's label and its refusal: full-width in Chinese (i18n/punctuation.ts). */
const colon = (lang: Lang) => separatorsOf(lang)('punct.colon')

/** Text for a RegExp, its special characters escaped. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('console forms checked by the contract', () => {
  it("say an empty or wrong catalogue, operator, promo, shop setup, card or venue field in the console's language, on the field, on a phone", async () => {
    const db = app.server.db
    const copied = await db.selectFrom('promo_codes').select('id').where('code', '=', PROMO).executeTakeFirstOrThrow()
    const counts = async () => ({
      operators: (await db.selectFrom('operators').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      promos: (await db.selectFrom('promo_codes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      venues: (await db.selectFrom('venues').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      setup: await db.selectFrom('settings').selectAll().execute(),
    })
    const before = await counts()
    const writes = await onThePhone((method, path) => method !== 'GET' && /^\/api\/admin\/(tags|operators|promos|setup|loyalty|venues)\b/.test(path), async (page) => {
      const alert = page.getByRole('alert')
      for (const lang of LANGS) {
        const c = CATALOGUE_TEXTS[lang]
        const issue = ISSUE_TEXTS[lang]
        const atLeast = (n: number) => issue.minLength.replace('{n}', String(n))

        await openIn(page, lang, `/admin/catalogue/tags?lang=${lang}`)
        await page.getByRole('heading', { level: 1, name: c.tags }).waitFor()
        const tagName = page.getByRole('textbox', { name: `${c.name}${aside(lang, 'ru')}`, exact: true })
        expect(await tagName.evaluate((el: HTMLInputElement) => el.validationMessage)).not.toBe('')
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.name}${aside(lang, 'ru')}${colon(lang)}${issue.required}`)
        await refused(page, 'name_ru')
        await axeInTurn(page, 'tags, empty name', lang)

        await followLink(page, `/admin/operators?lang=${lang}`)
        await page.getByRole('heading', { level: 1, name: c.operators }).waitFor()
        const create = page.getByRole('button', { name: c.create, exact: true })
        await create.click()
        await expect.poll(() => alert.innerText()).toBe(`${c.email}${colon(lang)}${issue.required}`)
        await refused(page, 'email')
        await page.locator('[name="email"]').fill('new.operator@example.org')
        await create.click()
        // Nothing typed is "required", not "at least 10 characters".
        await expect.poll(() => alert.innerText()).toBe(`${c.password}${colon(lang)}${issue.required}`)
        await refused(page, 'password')
        await page.locator('[name="password"]').fill('short')
        await create.click()
        await expect.poll(() => alert.innerText()).toBe(`${c.password}${colon(lang)}${atLeast(MIN_PASSWORD_LENGTH)}`)
        await refused(page, 'password')
        // The server's refusal of a taken address: its words, on the e-mail field.
        await page.locator('[name="email"]').fill(EMAIL)
        await page.locator('[name="password"]').fill('a long enough password')
        await create.click()
        await expect.poll(() => alert.innerText()).toBe(SERVER_TEXTS[lang]['admin-email-taken'].replace('{email}', EMAIL))
        await refused(page, 'email')
        await axeInTurn(page, 'operators, taken e-mail', lang)

        const x = EXTRAS_TEXTS[lang]
        await followLink(page, `/admin/extras/promos?lang=${lang}`)
        await page.getByRole('heading', { level: 1, name: x.promos }).waitFor()
        await page.getByRole('button', { name: x.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${x.code}${colon(lang)}${issue.required}`)
        await refused(page, 'code')
        await axeInTurn(page, 'promo, empty code', lang)
        await page.getByRole('button', { name: `${x.copy}${colon(lang)}${PROMO}` }).click()
        const newCode = page.getByRole('textbox', { name: x.newCode })
        await newCode.press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${x.newCode}${colon(lang)}${issue.required}`)
        await refused(page, 'code')
        await newCode.fill('ab')
        await newCode.press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${x.newCode}${colon(lang)}${atLeast(PROMO_MIN_LENGTH)}`)
        await newCode.fill(PROMO)
        await newCode.press('Enter')
        await expect.poll(() => alert.innerText()).toBe(SERVER_TEXTS[lang]['admin-code-taken'].replace('{code}', PROMO))
        await refused(page, 'code')
        await axeInTurn(page, 'promo copy, taken code', lang)

        await followLink(page, `/admin/shop-setup?lang=${lang}`)
        await page.getByRole('heading', { level: 1, name: x.setup }).waitFor()
        const width = page.locator('[name="app.logo_width"]')
        await expect.poll(() => width.inputValue()).not.toBe('')
        await width.fill('5')
        await width.press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${x.logo_width}${colon(lang)}${issue.min.replace('{n}', '10')}`)
        await refused(page, 'app.logo_width')
        await width.fill('120')
        const percent = page.locator('[name="accrual_percent"]')
        await percent.fill('')
        await percent.press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${x.accrual_percent}${colon(lang)}${issue.required}`)
        await refused(page, 'accrual_percent')
        await axeInTurn(page, 'loyalty, empty percent', lang)
        const card = page.locator('[name="code"]')
        await card.press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${CARD_TEXTS[lang].code}${colon(lang)}${issue.required}`)
        await refused(page, 'code')
        // No card has it: the server's not-found, on the code field.
        await card.fill('NOPE-1')
        await card.press('Enter')
        await expect.poll(() => alert.innerText()).toContain('NOPE-1')
        await refused(page, 'code')
        await axeInTurn(page, 'loyalty card, unknown code', lang)

        const s = STUDIO_TEXTS[lang]
        await followLink(page, `/admin/venues?lang=${lang}`)
        const venue = page.getByRole('form', { name: s.newVenue })
        await venue.getByRole('button', { name: s.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${ADMIN_TEXTS[lang].name}${aside(lang, 'ru')}${colon(lang)}${issue.required}`)
        await refused(page, 'name_ru')
        await axeInTurn(page, 'venues, empty name', lang)
      }
    })
    // Only the server's refusals went out (a taken e-mail, a taken code), and nothing changed.
    expect(writes).toEqual(LANGS.flatMap(() => ['POST /api/admin/operators 409', `POST /api/admin/promos/${copied.id}/copy 409`]))
    expect(await counts()).toEqual(before)
  })

  it('say an empty time, number or name of the waiting room and event editor as required, on the field, on a phone', async () => {
    const db = app.server.db
    const session = await db.selectFrom('calendars').innerJoin('events', 'events.id', 'calendars.event_id').select(['calendars.id', 'calendars.event_id']).where('events.archived_at', 'is', null).orderBy('calendars.id').executeTakeFirstOrThrow()
    const writes = await onThePhone((method, path) => (method !== 'GET' && /^\/api\/admin\/(sessions|events|calendars|prices)\b/.test(path)) || path === '/api/admin/orders/search', async (page) => {
      const alert = page.getByRole('alert')
      for (const lang of LANGS) {
        const issue = ISSUE_TEXTS[lang]
        const w = WAITING_CONSOLE_TEXTS[lang]
        await openIn(page, lang, `/admin/sessions/${session.id}/waiting-room?lang=${lang}`)
        const save = page.getByRole('button', { name: w.save, exact: true })
        await save.waitFor()
        await page.locator('[name="admit_per_minute"]').fill('')
        await save.click()
        await expect.poll(() => alert.innerText()).toBe(`${w.rate}${colon(lang)}${issue.required}`)
        await refused(page, 'admit_per_minute')
        await page.locator('[name="admit_per_minute"]').fill('0')
        await save.click()
        await expect.poll(() => alert.innerText()).toBe(`${w.rate}${colon(lang)}${issue.min.replace('{n}', '1')}`)
        await page.locator('[name="admit_per_minute"]').fill('5')
        await page.locator('[name="opens_at"]').fill('')
        await save.click()
        await expect.poll(() => alert.innerText()).toBe(`${w.opensAt}${colon(lang)}${issue.required}`)
        await refused(page, 'opens_at')
        await axeInTurn(page, 'waiting room, empty on-sale moment', lang)

        const t = ADMIN_TEXTS[lang]
        const editor = `/admin/events/${session.event_id}?lang=${lang}`
        await followLink(page, editor)
        // The form fills in once the event is loaded: cleared before that, the name would come back.
        await expect.poll(() => page.locator('[name="name_ru"]').inputValue()).not.toBe('')
        await page.locator('[name="name_ru"]').fill('')
        await page.getByRole('button', { name: t.save, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${t.name}${aside(lang, 'ru')}${colon(lang)}${issue.required}`)
        await refused(page, 'name_ru')
        await page.getByRole('button', { name: t.addSession, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${t.day}${colon(lang)}${issue.required}`)
        await refused(page, 'day')
        await page.locator('[name="day"]').fill('2031-05-06')
        await page.locator('[name="time"]').fill('')
        await page.getByRole('button', { name: t.addSession, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${t.time}${colon(lang)}${issue.required}`)
        await refused(page, 'time')
        await page.getByRole('button', { name: t.addPrice, exact: true }).click()
        await expect.poll(() => alert.innerText()).toMatch(new RegExp(`${colon(lang)}${issue.required}$`))
        await refused(page, 'price')
        await page.locator('[name="price"]').first().fill('100')
        await page.locator('[name="quantity"]').first().fill('')
        await page.getByRole('button', { name: t.addPrice, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${t.quantity}${colon(lang)}${issue.required}`)
        await refused(page, 'quantity')
        await axeInTurn(page, 'event editor, empty quantity', lang)

        // A session's edit form: its own note, beside its fields (the editor opened anew).
        await reopen(page, editor)
        await page.getByRole('button', { name: new RegExp(`^${SESSION_TEXTS[lang].edit}${colon(lang)}`) }).first().click()
        await page.locator('[name="day"]').first().fill('')
        await page.getByRole('button', { name: t.save, exact: true }).last().click()
        await expect.poll(() => alert.innerText()).toBe(`${t.day}${colon(lang)}${issue.required}`)
        await refused(page, 'day')
        await axeInTurn(page, 'session edit, empty date', lang)

        // A price row's edit form: its own note, beside its fields (the editor's error is at the page's top; opened anew).
        await reopen(page, editor)
        const [before, after] = SESSION_TEXTS[lang].editPrice.split('{what}').map(escaped)
        await page.getByRole('button', { name: new RegExp(`^${before}.+${after}$`) }).first().click()
        await page.locator('[name="price"]').first().fill('')
        await page.locator('li form').getByRole('button', { name: t.save, exact: true }).click()
        // The label names the venue's currency in place of {cur}.
        await expect.poll(() => alert.innerText()).toMatch(new RegExp(`^${escaped(t.price).replace(escaped('{cur}'), '.+')}${colon(lang)}${issue.required}$`))
        await refused(page, 'price')
        await axeInTurn(page, 'price row edit, empty price', lang)

        const c = CARE_TEXTS[lang]
        await followLink(page, `/admin/orders?lang=${lang}`)
        await page.getByRole('searchbox', { name: c.query }).press('Enter')
        await expect.poll(() => alert.innerText()).toBe(`${c.query}${colon(lang)}${issue.required}`)
        await refused(page, 'q')
        await page.getByRole('searchbox', { name: c.query }).fill('a')
        await page.getByRole('button', { name: c.search, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.query}${colon(lang)}${issue.minLength.replace('{n}', '2')}`)
        await axeInTurn(page, 'order search, one letter', lang)
      }
    })
    expect(writes).toEqual([])
  })

  it("say a missing buyer field of the box office, API token or gate field in the console's language, on the field, on a phone", async () => {
    const db = app.server.db
    const event = await db.selectFrom('events').select('hash_id').where('scheme', '=', 0).where('published', '=', 1).where('archived_at', 'is', null).orderBy('id').executeTakeFirstOrThrow()
    const session = await db.selectFrom('calendars').innerJoin('events', 'events.id', 'calendars.event_id').select('calendars.event_id').where('events.archived_at', 'is', null).where('calendars.cancelled_at', 'is', null).orderBy('calendars.id').executeTakeFirstOrThrow()
    const writes = await onThePhone((method, path) => method !== 'GET' && /^\/api\/admin\/(boxoffice|tokens|checkin)\b/.test(path), async (page) => {
      const alert = page.getByRole('alert')
      for (const lang of LANGS) {
        const issue = ISSUE_TEXTS[lang]
        const b = BOX_TEXTS[lang]
        await openIn(page, lang, `/admin/boxoffice/${event.hash_id}?map=0&lang=${lang}`)
        const sell = page.getByRole('button', { name: b.sell, exact: true })
        await sell.click()
        await expect.poll(() => alert.innerText()).toBe(`${b.fio}${colon(lang)}${issue.required}`)
        await refused(page, 'fio')
        await page.locator('[name="fio"]').fill('Desk Buyer')
        await sell.click()
        await expect.poll(() => alert.innerText()).toBe(`${b.phone}${colon(lang)}${issue.required}`)
        await refused(page, 'phone')
        await page.locator('[name="phone"]').fill('+7 900 000 00 00')
        await page.locator('[name="email"]').fill('not-an-address')
        await sell.click()
        await expect.poll(() => alert.innerText()).toBe(`${b.email}${colon(lang)}${issue.email}`)
        // The address stays described by its hint (optional) as well as by the note.
        expect(await page.locator('[name="email"]').getAttribute('aria-invalid')).toBe('true')
        expect(await page.locator('[name="email"]').getAttribute('aria-describedby')).toContain(await alert.getAttribute('id'))
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email')
        await axeInTurn(page, 'box office, malformed e-mail', lang)

        const c = CATALOGUE_TEXTS[lang]
        await followLink(page, `/admin/tokens?lang=${lang}`)
        await page.getByRole('heading', { level: 1, name: c.tokens }).waitFor()
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.tokenName}${colon(lang)}${issue.required}`)
        await refused(page, 'name')
        await page.locator('[name="name"]').fill('Integration')
        await page.locator('[name="expires_in_days"]').fill('')
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.tokenDays}${colon(lang)}${issue.required}`)
        await refused(page, 'expires_in_days')
        await page.locator('[name="expires_in_days"]').fill(String(MAX_TOKEN_DAYS + 1))
        await page.getByRole('button', { name: c.create, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${c.tokenDays}${colon(lang)}${issue.max.replace('{n}', String(MAX_TOKEN_DAYS))}`)
        await axeInTurn(page, 'API token, too many days', lang)

        const d = DOOR_CONSOLE_TEXTS[lang]
        await followLink(page, `/admin/events/${session.event_id}/door?lang=${lang}`)
        await page.getByRole('button', { name: d.add, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${d.name}${colon(lang)}${issue.required}`)
        await refused(page, 'name')
        await axeInTurn(page, 'door, empty gate name', lang)
      }
    })
    expect(writes).toEqual([])
  })

  it("say a blank zone, row or seat count of the studio's forms in the console's language, on the field, and queue nothing, on a phone", async () => {
    const db = app.server.db
    const venue = await db.insertInto('venues').values({ name_ru: 'Проверки', name_en: 'Checks', name_kz: 'Checks', name_ch: 'Checks' }).returning('id').executeTakeFirstOrThrow()
    const seats = ['A', 'B'].flatMap((r, y) => Array.from({ length: 12 }, (_, i) => `<circle id="${r}-${i + 1}" cx="${(i + 1) * 24}" cy="${40 + y * 30}" r="9" data-row="${r}" data-seat="${i + 1}"/>`))
    const { drawingId } = await importVenueDrawing(db, { venueId: venue.id, name: 'checks', svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 100">${seats.join('')}</svg>` })
    const writes = await onThePhone((method, path) => method !== 'GET' && path.startsWith('/api/admin/drawings'), async (page) => {
      const alert = page.getByRole('alert')
      for (const lang of LANGS) {
        const issue = ISSUE_TEXTS[lang]
        const s = STUDIO_TEXTS[lang]
        await openIn(page, lang, `/admin/drawings/${drawingId}?lang=${lang}`)
        const zone = page.getByRole('form', { name: s.addZone })
        await zone.getByRole('button', { name: s.addZone, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${s.zoneName}${colon(lang)}${issue.required}`)
        await refused(page, 'name')
        await page.getByRole('form', { name: s.renameRow }).getByRole('button', { name: s.renameRow, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${s.row}${colon(lang)}${issue.required}`)
        await refused(page, 'row')
        const split = page.getByRole('form', { name: s.splitRow })
        await split.locator('[name="row"]').fill('A')
        await split.locator('[name="keep"]').fill('')
        await split.getByRole('button', { name: s.splitRow, exact: true }).click()
        await expect.poll(() => alert.innerText()).toBe(`${s.splitKeep}${colon(lang)}${issue.required}`)
        expect(await split.locator('[name="keep"]').getAttribute('aria-invalid')).toBe('true')
        expect(await split.locator('[name="keep"]').getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'))
        await expect.poll(() => page.evaluate(() => document.activeElement?.closest('form')?.getAttribute('aria-label') + ' ' + document.activeElement?.getAttribute('name'))).toBe(`${s.splitRow} keep`)
        // Nothing was queued for the save.
        await page.getByText(s.noPending, { exact: true }).waitFor()
        await axeInTurn(page, 'studio, blank seat count', lang)
      }
    })
    expect(writes).toEqual([])
  })
})
