import type { Page } from 'playwright-core'

/**
 * What readable or tappable lies under the scroll-top button: text (each line's own box, from a
 * Range, not its block's whole width) and controls, inside `within` (main and the footer by
 * default); [] when clear or when the button is not shown.
 */
export function coveredByScrollTop(page: Page, within = 'main, footer'): Promise<string[]> {
  return page.evaluate((roots) => {
    const button = document.querySelector('.scroll-top')
    if (button === null) return []
    const b = button.getBoundingClientRect()
    const meets = (r: DOMRect) => r.width > 0 && r.height > 0 && r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom
    const hits: string[] = []
    for (const root of document.querySelectorAll(roots)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        if ((node.textContent ?? '').trim() === '') continue
        const range = document.createRange()
        range.selectNodeContents(node)
        if ([...range.getClientRects()].some(meets)) hits.push(`text "${(node.textContent ?? '').trim().slice(0, 40)}"`)
      }
      for (const el of root.querySelectorAll('a, button, input, select, textarea, label, [role="button"]')) {
        if (meets(el.getBoundingClientRect())) hits.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`)
      }
    }
    return hits
  }, within)
}

/** Lets the page answer a scroll: the button's scroll handler runs, then React commits and lays out. */
export async function afterScroll(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
}
