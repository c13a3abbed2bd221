import type { Page } from 'playwright-core'

/**
 * Signs an operator in on the console's sign-in screen (the page is on it, e.g. opened at /admin)
 * in `lang`, by the keyboard's Enter as an operator would, and waits for the events list.
 */
export async function signInConsole(page: Page, email: string, password: string, lang = 'en'): Promise<void> {
  await page.locator('#adm-signin-title').waitFor()
  await page.locator('.adm-lang select').selectOption(lang)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.keyboard.press('Enter')
  await page.locator('#adm-events-title').waitFor()
}
