import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afishaResponseSchema, type AfishaResponse } from '../src/contract/entities/afisha'
import { pickLocalized } from '../src/contract/lang'
import { openPage, queryParam, startApp, waitForListing, type AppHarness } from './support/app'

/**
 * One server for the file: its tests only read the demo data (listing, menus, filters). The
 * date range's calendar has its own file, app-date-range.test.ts.
 */
let app: AppHarness
let afisha: AfishaResponse
beforeAll(async () => {
  app = await startApp()
  afisha = afishaResponseSchema.parse(await (await fetch(new URL('/api/afisha', app.baseUrl))).json())
})
afterAll(async () => {
  await app?.close()
})

/** Menus and filters of the listing, against the demo data. */
describe('afisha menus and filters', () => {
  const titlesOf = (kindId: number) =>
    afisha.action.filter((e) => e.menukind_id === kindId).map((e) => pickLocalized(e, 'action', 'ru')).sort()

  it('switches kinds through the top menu', async () => {
    const kinds = [...afisha.kind_menu].sort((a, b) => a.menukindsortnum - b.menukindsortnum)
    expect(kinds.length).toBeGreaterThan(1)
    const { page, context } = await openPage(app, '/')
    await waitForListing(page)
    const second = kinds[1]
    const tab = page.getByRole('navigation', { name: 'Разделы афиши' }).getByRole('link', { name: pickLocalized(second, 'menukindname', 'ru'), exact: true })
    await tab.click()
    await page.waitForFunction((id) => new URL(location.href).searchParams.get('id') === String(id), second.menukind_id)
    await expect.poll(() => tab.getAttribute('aria-current')).toBe('page')
    await expect.poll(async () => (await page.locator('.event-card__title').allInnerTexts()).sort()).toEqual(titlesOf(second.menukind_id))
    await context.close()
  })

  it('searches, keeps the search after a reload, and ?reset=1 clears it', async () => {
    const first = [...afisha.kind_menu].sort((a, b) => a.menukindsortnum - b.menukindsortnum)[0]
    const target = afisha.action.find((e) => e.menukind_id === first.menukind_id)
    expect(target).toBeDefined()
    const title = pickLocalized(target!, 'action', 'ru')
    const { page, context } = await openPage(app, '/')
    await waitForListing(page)
    const all = await page.locator('.event-card').count()

    await page.getByLabel('Поиск').fill(title)
    await expect.poll(() => page.locator('.event-card__title').allInnerTexts()).toContain(title)
    const found = await page.locator('.event-card__title').allInnerTexts()
    expect(found.length).toBeLessThan(all)
    for (const t of found) expect(t.toLocaleLowerCase()).toContain(title.toLocaleLowerCase())

    await page.reload()
    await waitForListing(page)
    expect(await page.getByLabel('Поиск').inputValue()).toBe(title)
    expect(await page.locator('.event-card').count()).toBe(found.length)

    await page.goto(new URL('/?reset=1', app.baseUrl).toString())
    await waitForListing(page)
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('reset'))
    expect(await page.getByLabel('Поиск').inputValue()).toBe('')
    expect(await page.locator('.event-card').count()).toBe(all)
    expect(queryParam(page, 'reset')).toBeNull()
    await context.close()
  })

  it('narrows by a tag chip and by "show available", and says when nothing matches', async () => {
    const { page, context } = await openPage(app, '/')
    await waitForListing(page)
    const all = await page.locator('.event-card').count()
    const chip = page.locator('.filter-bar__tags .chip').first()
    await chip.click()
    expect(await chip.getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => page.locator('.event-card').count()).toBeLessThan(all)
    await chip.click()
    await expect.poll(() => page.locator('.event-card').count()).toBe(all)

    await page.getByLabel('Только с билетами в продаже').check()
    await expect.poll(() => page.locator('button.event-card__buy[disabled]').count()).toBe(0)

    await page.getByLabel('Поиск').fill('нет такого мероприятия 123')
    await page.getByText('По вашему запросу билетов не найдено').waitFor()
    await page.locator('.afisha__empty').getByRole('button', { name: 'Сбросить фильтры' }).click()
    await expect.poll(() => page.locator('.event-card').count()).toBe(all)
    expect(await page.getByLabel('Только с билетами в продаже').isChecked()).toBe(false)
    await context.close()
  })
})
