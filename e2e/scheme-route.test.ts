import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP_VIEWPORT, openPage, startApp, type AppHarness } from './support/app'

/**
 * The scheme view's route rules (001 §2) in Chromium against the real server: an unknown date
 * falls back to the first available one, a date with two times asks for a time before showing
 * the map, choosing a time writes it into the route and loads the map, and an unknown hash
 * shows the page error.
 */
let app: AppHarness

async function hashOf(titleEn: string): Promise<string> {
  const afisha = (await (await fetch(`${app.baseUrl}/api/afisha`)).json()) as { action: { hash_id: string; action_en: string }[] }
  const event = afisha.action.find((a) => a.action_en === titleEn)
  if (!event) throw new Error(`demo event ${titleEn} missing`)
  return event.hash_id
}

beforeAll(async () => {
  app = await startApp()
})

afterAll(async () => {
  await app?.close()
})

describe('scheme view route', () => {
  it('keeps date and time in the route and asks for a time before showing the map', async () => {
    // The Government Inspector plays at 14:00 and 19:00: no time is chosen on its own.
    const hash = await hashOf('The Government Inspector')
    const { page, context, errors } = await openPage(app, `/scheme/${hash}/2000-01-01/10:00`, DESKTOP_VIEWPORT)
    await page.waitForURL(new RegExp(`/scheme/${hash}/\\d{4}-\\d{2}-\\d{2}$`), { waitUntil: 'commit', timeout: 20_000 })
    const message = page.locator('.scheme-page__choose-time')
    await message.waitFor({ timeout: 20_000 })
    expect(await message.textContent()).toBe('Для просмотра схемы выберите время мероприятия')
    expect(await page.locator('.scheme-map').count()).toBe(0)

    // An unknown time on a known date is cleared.
    const day = new URL(page.url()).pathname.split('/')[3]
    await page.goto(`${app.baseUrl}/scheme/${hash}/${day}/03:00`)
    await page.waitForURL(new RegExp(`/scheme/${hash}/${day}$`), { waitUntil: 'commit', timeout: 20_000 })

    await page.locator('.time-chip[data-time="19:00"]').click()
    await page.waitForURL(new RegExp(`/scheme/${hash}/${day}/19:00$`), { waitUntil: 'commit' })
    await page.waitForSelector('.scheme-map[data-phase="ready"]', { timeout: 60_000 })
    expect(await message.count()).toBe(0)
    expect(await page.locator('.scheme-legend__item').count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the page error for an unknown event', async () => {
    const { page, context } = await openPage(app, '/scheme/NoSuchEvent12345', DESKTOP_VIEWPORT)
    await page.locator('#scheme-missing-title').waitFor({ timeout: 20_000 })
    expect(await page.locator('#scheme-missing-title').textContent()).toBe('Мероприятие не найдено')
    await context.close()
  })
})
