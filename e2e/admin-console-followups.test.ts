import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WAITING_CONSOLE_TEXTS } from '../src/app/admin/waitingTexts'
import type { Lang } from '../src/contract/lang'
import { createOperator } from '../src/server/admin/auth'
import { openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { signInConsole } from './support/console'

/**
 * Follow-ups of the console's reviews, each in real Chromium against the real server (demo data),
 * axe-core on every screen touched; each describe names its screen and what it keeps right.
 */
const PASSWORD = 'a console password'
const MANAGER = 'manager.followups@example.org'
const DESK = 'desk.followups@example.org'
const ORGAN = { ru: 'Органная ночь', en: 'Organ Night', kz: 'Орган түні', ch: '管風琴之夜' } as const satisfies Record<Lang, string>

let app: AppHarness

async function axeClean(page: Page, where: string): Promise<void> {
  expect(seriousViolations(await runAxe(page)), where).toEqual([])
}
const eventId = async (nameEn: string) => (await app.server.db.selectFrom('events').select('id').where('name_en', '=', nameEn).executeTakeFirstOrThrow()).id
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

beforeAll(async () => {
  app = await startApp()
  await createOperator(app.server.db, { email: MANAGER, name: 'Manager', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
  await createOperator(app.server.db, { email: DESK, name: 'Desk', role: 'boxoffice', password: PASSWORD, lang: 'en' }, Date.now())
})
afterAll(async () => {
  await app?.close()
})

describe('waiting room for a role that may only read it', () => {
  it('shows the settings read-only with the reason, and no Save', async () => {
    const w = WAITING_CONSOLE_TEXTS.en
    const calendarId = (await app.server.db.selectFrom('calendars').select('id').where('event_id', '=', await eventId(ORGAN.en)).orderBy('id').executeTakeFirstOrThrow()).id
    const { page, context, errors } = await openPage(app, '/admin', PHONE_VIEWPORT)
    try {
      await signInConsole(page, DESK, PASSWORD, 'en')
      await page.goto(new URL(`/admin/sessions/${calendarId}/waiting-room`, app.baseUrl).toString())
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${w.link}: ${ORGAN.en}`) }).waitFor()
      await page.getByLabel(w.rate).waitFor()
      expect(await page.getByTestId('waiting-read-only').innerText()).toBe(w.readOnly)
      expect(await page.getByRole('button', { name: w.save }).count()).toBe(0)
      expect(await page.getByLabel(w.enabled).isDisabled()).toBe(true)
      for (const label of [w.opensAt, w.rate, w.auto]) expect(await page.getByLabel(label).isEditable(), label).toBe(false)
      expect(await fitsWidth(page)).toBe(true)
      await axeClean(page, 'waiting room, read-only')
      // The sign-in screen's question (who is signed in?) answers 401 before the sign-in.
      expect(errors.filter((e) => !e.includes('401'))).toEqual([])
    } finally {
      await context.close()
    }
  })
})
