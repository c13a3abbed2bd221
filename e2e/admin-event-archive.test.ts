import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENT_ACTION_TEXTS } from '../src/app/admin/eventActionTexts'
import { ADMIN_TEXTS } from '../src/app/admin/texts'
import { WAITING_CONSOLE_TEXTS } from '../src/app/admin/waitingTexts'
import { PHONE_VIEWPORT, runAxe, seriousViolations, type AppHarness } from './support/app'
import { openConsole, startConsoleApp, type ConsoleAccount } from './support/console'

/**
 * An event's own actions in the console, in Chromium on a 390×844 phone: copy it (the copy opens
 * with a note), archive the copy (asked first), find it in the archive and restore it. The server
 * had the calls; no screen offered them.
 */
const MANAGER: ConsoleAccount = { email: 'manager@example.org', password: 'a manager password', role: 'manager' }
const e = EVENT_ACTION_TEXTS.en
const t = ADMIN_TEXTS.en
const w = WAITING_CONSOLE_TEXTS.en

let app: AppHarness

beforeAll(async () => {
  app = await startConsoleApp([MANAGER], { ownPort: true })
})
afterAll(async () => {
  await app?.close()
})

describe('copying, archiving and restoring an event in the console', () => {
  it('copies an event, archives the copy after asking, lists it in the archive and restores it', async () => {
    const db = app.server.db
    const source = await db.selectFrom('events').select(['id']).where('archived_at', 'is', null).orderBy('id').executeTakeFirstOrThrow()
    const { page, context, errors } = await openConsole(app, MANAGER, { viewport: PHONE_VIEWPORT })
    await page.goto(`${app.baseUrl}/admin/events/${source.id}`)
    await page.getByRole('button', { name: e.copy }).click()

    // The copy opens in its own editor, saying what it is.
    await page.waitForURL((url) => /\/admin\/events\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${source.id}`))
    const copyId = Number(new URL(page.url()).pathname.split('/').pop())
    await expect.poll(() => page.getByRole('status').allInnerTexts()).toContain(e.copied)
    expect((await db.selectFrom('events').select(['published', 'archived_at']).where('id', '=', copyId).executeTakeFirstOrThrow())).toEqual({ published: 0, archived_at: null })
    expect(seriousViolations(await runAxe(page)), 'a copy just made').toEqual([])

    // Archive asks first: dismissed, nothing changes; accepted, the copy is archived.
    page.once('dialog', (d) => void d.dismiss())
    await page.getByRole('button', { name: e.archive, exact: true }).click()
    expect((await db.selectFrom('events').select('archived_at').where('id', '=', copyId).executeTakeFirstOrThrow()).archived_at).toBeNull()
    page.once('dialog', (d) => {
      expect(d.message()).toBe(e.confirmArchive)
      void d.accept()
    })
    await page.getByRole('button', { name: e.archive, exact: true }).click()
    await page.getByRole('button', { name: e.restore }).waitFor()
    expect((await db.selectFrom('events').select('archived_at').where('id', '=', copyId).executeTakeFirstOrThrow()).archived_at).not.toBeNull()
    // Archived, it is read-only (the server refuses its changes): it says so and how to change it, and offers no change but Restore.
    await expect.poll(() => page.getByRole('note').allInnerTexts()).toContain(e.readOnly)
    expect(await page.getByRole('button', { name: t.save, exact: true }).count()).toBe(0)
    expect(await page.getByRole('form', { name: t.addSession }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Copy session / }).count()).toBe(0)
    expect(await page.getByLabel(`${t.name} (en)`).getAttribute('readonly')).not.toBeNull()
    expect(seriousViolations(await runAxe(page)), 'an archived event').toEqual([])
    // Its sessions' waiting rooms too: the screen says so and how to change it, and offers no Save.
    const copySession = (await db.selectFrom('calendars').select('id').where('event_id', '=', copyId).orderBy('id').executeTakeFirstOrThrow()).id
    const waitingRoom = `${app.baseUrl}/admin/sessions/${copySession}/waiting-room`
    await page.goto(waitingRoom)
    await expect.poll(() => page.getByRole('note').allInnerTexts()).toContain(w.archived)
    expect(await page.getByRole('button', { name: w.save, exact: true }).count()).toBe(0)
    expect(await page.getByLabel(w.rate).getAttribute('readonly')).not.toBeNull()
    expect(await page.getByLabel(w.enabled).isDisabled()).toBe(true)
    expect(seriousViolations(await runAxe(page)), "an archived event's waiting room").toEqual([])

    // The archive lists it, the current events do not.
    await page.goto(`${app.baseUrl}/admin`)
    await page.getByRole('link', { name: e.archivedList }).click()
    await page.getByRole('heading', { name: e.archivedList }).waitFor()
    await page.locator(`a[href="/admin/events/${copyId}"]`).waitFor()
    // Its state there is 'Archived', not 'Not published'.
    expect(await page.getByRole('listitem').filter({ has: page.locator(`a[href="/admin/events/${copyId}"]`) }).locator('.adm-badge').innerText()).toBe(e.archived)
    expect(seriousViolations(await runAxe(page)), 'the archive').toEqual([])
    await page.locator(`a[href="/admin/events/${copyId}"]`).click()
    await page.getByRole('button', { name: e.restore }).click()
    await expect.poll(() => page.getByRole('status').allInnerTexts()).toContain(e.restored)
    await page.getByRole('button', { name: e.archive, exact: true }).waitFor()
    // Restored, it is editable again.
    await page.getByRole('button', { name: t.save, exact: true }).waitFor()
    expect(await page.getByTestId('event-archived').count()).toBe(0)
    await page.goto(waitingRoom)
    await page.getByRole('button', { name: w.save, exact: true }).waitFor()
    expect(await page.getByTestId('waiting-archived').count()).toBe(0)
    await page.goto(`${app.baseUrl}/admin`)
    await page.locator(`a[href="/admin/events/${copyId}"]`).waitFor()
    expect((await db.selectFrom('events').select(['published', 'archived_at']).where('id', '=', copyId).executeTakeFirstOrThrow())).toEqual({ published: 0, archived_at: null })
    // The console's first question (who is signed in?) is answered 401 before the sign-in: that one only.
    expect(errors.filter((m) => !m.includes('401 (Unauthorized)'))).toEqual([])
    await context.close()
  })
})

describe('moving between console screens on a phone', () => {
  it("opens an event's editor from its top with focus on its heading, and back returns to the list where it was left", async () => {
    const { page, context } = await openConsole(app, MANAGER, { viewport: PHONE_VIEWPORT })
    const where = () => page.evaluate(() => ({ y: Math.round(window.scrollY), focus: document.activeElement?.tagName ?? '' }))
    // The last event's editor link, far down the demo list, followed by keyboard.
    // The list's rows arrive with its answer, after the sign-in shows the screen: read the links once they are there.
    const editorLinks = async () => {
      const hrefs = await page.locator('main a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
      return hrefs.map((h, i) => [h, i] as const).filter(([h]) => /^\/admin\/events\/\d+$/.test(h))
    }
    await expect.poll(async () => (await editorLinks()).length, { timeout: 10_000 }).toBeGreaterThan(0)
    const last = (await editorLinks()).at(-1)!
    const link = page.locator('main a').nth(last[1])
    await link.scrollIntoViewIfNeeded()
    expect((await where()).y).toBeGreaterThan(PHONE_VIEWPORT.height)
    await link.focus()
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === last[0])
    await page.locator('#adm-events-title').waitFor({ state: 'detached' })
    // From its top, the focus on the screen's heading (admin/shell.tsx useScreenTitle).
    await expect.poll(where).toEqual({ y: 0, focus: 'H1' })

    // Back: the list where it was left, once its rows are there again (shell/screenEntry.ts);
    // before, the list's heading focus and its loading left it at the top.
    await page.goBack()
    await page.locator('#adm-events-title').waitFor()
    await expect.poll(async () => (await where()).y, { timeout: 5_000 }).toBeGreaterThan(PHONE_VIEWPORT.height)
    await context.close()
  })
})
