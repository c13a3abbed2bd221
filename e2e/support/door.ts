import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { signedIn, type AdminClient } from '../../tests/integration/admin-helpers'
import { bringToDoor, viewLines } from '../../tests/integration/door-helpers'
import { seedOrderFixtures, visitor, type EventFx, type Fixtures } from '../../tests/integration/order-fixtures'
import { decide, pathOf, placeOrder, seedPaymentFixtures, startPay, type PaymentFx } from '../../tests/integration/payment-fixtures'
import { createOperator } from '../../src/server/admin/auth'
import { PHONE_VIEWPORT, type AppHarness } from './app'

const PASSWORD = 'a door password 123'

/**
 * The door check-in app's tests on phones that type the printed codes (no camera): the order
 * fixtures (the basic event's session at the door), a door operator `email`, the owner's console
 * client, and the steps every such test takes.
 */
export interface DoorRig {
  fx: Fixtures
  owner: AdminClient
  /** A check-in list (gate) of the session, made in the console: all tickets, exits, re-entry, unless `rules` say otherwise. */
  list: (calendarId: number, name: string, rules?: { exits?: boolean; category_ids?: number[] }) => Promise<number>
  /** A paid ticket of `ev` at its price `priceKey`: its line id and printed code. */
  paidTicket: (ev: EventFx, priceKey?: string) => Promise<{ lineId: number; code: string }>
  /** A steward's phone (or, without touch, a laptop with a keyboard scanner), signed in (English), on the gate chooser; `hold` runs before the app loads. */
  phone: (hold?: (page: Page) => Promise<unknown>, touch?: boolean) => Promise<{ context: BrowserContext; page: Page; errors: string[] }>
  /** Picks the gate of the session chosen, waits for its list, starts. */
  startAt: (page: Page, gate: string) => Promise<void>
  /** Types a code; answers the answer's result, or the error shown instead of one. */
  typed: (page: Page, code: string) => Promise<string>
  /** Closes the phones (their browser contexts; the browser is the app's). */
  close: () => Promise<void>
}

export async function doorRig(app: AppHarness, email: string): Promise<DoorRig> {
  const fx = await seedOrderFixtures(app.server.db)
  const pfx: PaymentFx = await seedPaymentFixtures(app.server.db)
  await bringToDoor(app.server.db, [fx.basic.calendarId])
  await createOperator(app.server.db, { email, name: 'Steward', role: 'door', password: PASSWORD, lang: 'en' }, Date.now())
  const owner = await signedIn(app.server, 'owner')
  // Each phone is a fresh context (own storage, IndexedDB, network state) in the app's browser:
  // a Chromium launched per phone cost a second or more each on the 2-core CI box, for nothing
  // a context does not already keep apart.
  const phones: BrowserContext[] = []

  return {
    fx,
    owner,
    async list(calendarId, name, rules = {}) {
      const made = await owner.post<{ id: number }>('/api/admin/checkin/lists', { calendar_id: calendarId, name, ...rules })
      expect(made.status).toBe(200)
      return made.body.id
    },
    async paidTicket(ev, priceKey = 'adult') {
      const v = await visitor(app.baseUrl)
      const hash = await placeOrder(v, fx, ev, priceKey, 1)
      const start = await startPay(v, hash, pfx.types.card)
      expect((await decide(v, pathOf(start.body.bankUrl!).split('/').pop()!, 'approve')).status).toBe(303)
      const [line] = await viewLines(v, hash)
      return { lineId: line.id, code: line.ticketcode }
    },
    async phone(hold, touch = true) {
      // No service worker: every call of the app passes page.route.
      const context = await app.browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: touch, hasTouch: touch, deviceScaleFactor: 1, serviceWorkers: 'block' })
      phones.push(context)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      await hold?.(page)
      await page.goto(`${app.baseUrl}/door`)
      await page.locator('#adm-signin-title').waitFor()
      await page.locator('.adm-lang select').selectOption('en')
      await page.getByLabel('E-mail').fill(email)
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await page.getByLabel('Session').waitFor()
      return { context, page, errors }
    },
    async startAt(page, gate) {
      await page.getByRole('radio', { name: new RegExp(gate) }).check()
      await page.getByText(/Tickets in the list: \d+,/).waitFor()
      await page.getByRole('button', { name: 'Start checking' }).click()
      await page.getByRole('heading', { name: new RegExp(gate) }).waitFor()
    },
    async typed(page, code) {
      await page.getByLabel('Ticket code').fill(code)
      await page.getByLabel('Ticket code').press('Enter')
      const shown = page.locator('dialog[role="alertdialog"], .door-scan p[role="alert"]').first()
      await shown.waitFor()
      return (await shown.getAttribute('data-result')) ?? `error: ${await shown.innerText()}`
    },
    async close() {
      for (const c of phones) await c.close()
    },
  }
}

/**
 * Another tab of the origin (`other`, on one of its pages) opens the door app's database one
 * version up, as a newer app would: `page`'s app lets it go (onversionchange) and its next open
 * fails (VersionError). The newer tab keeps it open as `window.newerDoor` (until it closes it, or
 * the tab closes).
 */
export async function newerDoorDatabase(page: Page, other: Page): Promise<void> {
  const held = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const r = indexedDB.open('seatwise-door')
        r.onsuccess = () => {
          r.result.close()
          resolve(r.result.version)
        }
        r.onerror = () => reject(r.error)
      }),
  )
  await other.evaluate(
    (version) =>
      new Promise<void>((resolve, reject) => {
        const r = indexedDB.open('seatwise-door', version)
        r.onsuccess = () => {
          ;(window as unknown as { newerDoor: IDBDatabase }).newerDoor = r.result
          resolve()
        }
        r.onerror = () => reject(r.error)
        r.onblocked = () => reject(new Error('the app did not let go of its database'))
      }),
    held + 1,
  )
}

