import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afishaResponseSchema } from '../src/contract/entities/afisha'
import { openPage, startApp, waitForListing, type AppHarness } from './support/app'

/** Copies of a demo event added to the database so the listing needs more than one page. */
const EXTRA_EVENTS = 130
const PER_PAGE = 100

/** "Showing {0} of {1}" and "load next N of M", 100 per page (document 000 §2, §9). */
describe('afisha pagination', () => {
  let app: AppHarness
  let total = 0
  beforeAll(async () => {
    app = await startApp()
    const db = app.server.db
    const source = await db.selectFrom('events').selectAll().orderBy('id').executeTakeFirstOrThrow()
    const menus = await db.selectFrom('event_menus').selectAll().where('event_id', '=', source.id).execute()
    for (let i = 0; i < EXTRA_EVENTS; i++) {
      const { id: _id, ...row } = source
      const created = await db
        .insertInto('events')
        .values({ ...row, hash_id: `pagecopy${i}`, sortnum: 1000 + i, name_ru: `Копия ${i}` })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (menus.length > 0) await db.insertInto('event_menus').values(menus.map((m) => ({ ...m, event_id: created.id }))).execute()
    }
    const afisha = afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
    total = afisha.action.filter((e) => e.menukind_id === source.menu_kind_id).length
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows 100, then reveals the rest with one click', async () => {
    expect(total).toBeGreaterThan(PER_PAGE)
    const { page, context } = await openPage(app, '/')
    await waitForListing(page)
    expect(await page.locator('.event-card').count()).toBe(PER_PAGE)
    expect(await page.locator('.afisha__count').innerText()).toBe(`Показано ${PER_PAGE} из ${total}`)
    const more = page.getByRole('button', { name: `Показать ещё ${Math.min(PER_PAGE, total - PER_PAGE)} из ${total - PER_PAGE}` })
    await more.click()
    await expect.poll(() => page.locator('.event-card').count()).toBe(Math.min(total, 2 * PER_PAGE))
    expect(await page.locator('.afisha__count').innerText()).toBe(`Показано ${Math.min(total, 2 * PER_PAGE)} из ${total}`)
    if (total <= 2 * PER_PAGE) expect(await more.count()).toBe(0)
    await context.close()
  })
})
