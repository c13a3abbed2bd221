import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ru from '../src/app/i18n/locales/ru'
import { openPage, PHONE_VIEWPORT, runAxe, seriousViolations, startApp, waitForListing, type AppHarness } from './support/app'

/** axe-core finds no serious or critical violation; the shell works by keyboard. */
describe('accessibility', () => {
  let app: AppHarness
  beforeAll(async () => {
    app = await startApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('listing on a desktop and on a phone', async () => {
    for (const viewport of [undefined, PHONE_VIEWPORT]) {
      const { page, context, errors, warnings } = await openPage(app, '/', viewport)
      await waitForListing(page)
      expect(seriousViolations(await runAxe(page))).toEqual([])
      // A first load says nothing to the console (react-router warned about a missing HydrateFallback).
      expect(errors).toEqual([])
      expect(warnings).toEqual([])
      await context.close()
    }
  })

  it('404 page', async () => {
    const { page, context } = await openPage(app, '/missing-page')
    await page.waitForSelector('#not-found-title')
    expect(seriousViolations(await runAxe(page))).toEqual([])
    await context.close()
  })

  it('contacts page', async () => {
    const { page, context } = await openPage(app, '/contacts')
    await page.waitForSelector('#contacts-title')
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null)
    expect(seriousViolations(await runAxe(page))).toEqual([])
    await context.close()
  })

  it('rules pages (purchase terms, privacy policy) on a desktop and on a phone', async () => {
    for (const pathname of ['/rules/purchase-terms', '/rules/privacy-policy']) {
      for (const viewport of [undefined, PHONE_VIEWPORT]) {
        const { page, context, errors } = await openPage(app, pathname, viewport)
        await page.waitForSelector('#rules-title')
        // The setup has loaded: the page shows the rule's text (or its link, or "no text"), not
        // "loading", which is a paragraph after the h1 too (RulesPage.tsx): a wait for any `h1 + p`
        // passed on it while setup was on its way, and the count below read 0.
        await page.locator('.page--text .rich-text, .page--text h1 + p').filter({ hasNotText: ru.shell.loading }).first().waitFor()
        expect(await page.locator('.page--text .rich-text').count(), pathname).toBe(1)
        expect(seriousViolations(await runAxe(page)), `${pathname} ${viewport ? 'phone' : 'desktop'}`).toEqual([])
        expect(errors).toEqual([])
        await context.close()
      }
    }
  })

  it('first Tab reaches the skip link, which moves focus to the main landmark', async () => {
    const { page, context } = await openPage(app, '/')
    await waitForListing(page)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await context.close()
  })

  it('the rules modal traps focus and closes with Escape', async () => {
    const { page, context } = await openPage(app, '/')
    await waitForListing(page)
    const toggle = page.locator('.rules-menu__toggle')
    if ((await toggle.count()) === 0) return // the demo setup has no rules
    await toggle.click()
    const item = page.locator('button.rules-menu__item').first()
    if ((await item.count()) === 0) return // every rule is an external link
    await item.click()
    const dialog = page.locator('dialog.modal[open]')
    await dialog.waitFor()
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body)).toBe(true)
    }
    await page.keyboard.press('Escape')
    await page.waitForSelector('dialog.modal[open]', { state: 'detached' })
    await context.close()
  })
})
