import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'

/**
 * How long a screen left by history traversal (back, forward) may take to grow tall enough for
 * the position the visitor left it at (its data loading: the listing asks for its events again),
 * in ms. Past it, or once the visitor scrolls, taps or types, the position is let go.
 */
const RESTORE_WINDOW_MS = 3000

/** Positions the visitor left each history entry at (location.key → scrollY): this document's entries only. */
const leftAt = new Map<string, number>()

/**
 * What a visitor expects when a link or a finished step opens another screen of the storefront
 * (the listing's buy button → the seat map, the order form → the order): the new screen from its
 * top, as a page load shows it, and a screen reader's focus there too; and back (or forward) to a
 * screen, the place they left it at. The console uses it too (its screens' headings also take the
 * focus on mount, admin/shell.tsx useScreenTitle, and keep it).
 *
 * A single-page app keeps the window's scroll position across navigations, so without this the
 * order screen opened at the height the order form had been scrolled to (1,352 px down on a
 * phone: its footer), and the scheme page at the listing's scroll; focus stayed on the body once
 * the link that had it was gone, so a screen reader's next step started at the top of the
 * document with nothing said about the change. The browser's own restoration on back runs when
 * the history entry changes, before the listing (or the console's event list) has its rows
 * again, and the console's heading focus on mount scrolls to the top: back often ended at 0.
 *
 * `screen` names the screen (its route and the entity it shows, not the selection within it): the
 * scheme page rewriting its own path when a date or time is chosen, or the language's query, keep
 * the same name and move nothing. Focus moves to `main` (tabIndex -1) only where it was lost: a
 * screen that puts it somewhere on mount keeps it (a child's layout effect runs before this one,
 * its effects after), and so does a control that survives the navigation.
 */
export function useScreenEntry(screen: string, main: RefObject<HTMLElement | null>): void {
  const navigation = useNavigationType()
  const { key } = useLocation()
  const shown = useRef(screen)
  const current = useRef(key)
  // Where the entry being left was, read while its screen is still in the document (rendering
  // the next one; by the layout effect the browser has clamped the position to the new content).
  // The scroll listener below keeps it too, but its event comes a frame late: a tap within that
  // frame left the entry unrecorded and back went to the top.
  if (current.current !== key) leftAt.set(current.current, window.scrollY)

  // The position of the entry on screen, kept as the visitor scrolls: read after a navigation it
  // would be the next screen's already (the browser clamps it as the content changes).
  useEffect(() => {
    const keep = () => leftAt.set(current.current, window.scrollY)
    window.addEventListener('scroll', keep, { passive: true })
    return () => window.removeEventListener('scroll', keep)
  }, [])

  useLayoutEffect(() => {
    current.current = key
    if (shown.current === screen) return
    shown.current = screen
    if (navigation === 'POP') return restore(leftAt.get(key) ?? 0)
    window.scrollTo(0, 0)
    const active = document.activeElement
    if (active === null || active === document.body || !active.isConnected) main.current?.focus({ preventScroll: true })
  }, [key, screen, navigation, main])
}

/**
 * Scrolls to `y`, and again each time the document grows while it is not tall enough yet, for
 * RESTORE_WINDOW_MS at most; the visitor's own scroll, tap or key ends it. Answers the clean-up.
 */
function restore(y: number): () => void {
  const reached = () => Math.abs(window.scrollY - y) <= 1
  window.scrollTo(0, y)
  if (reached()) return () => {}
  const growing = new ResizeObserver(() => {
    window.scrollTo(0, y)
    if (reached()) stop()
  })
  const visitor = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
  const timer = window.setTimeout(() => stop(), RESTORE_WINDOW_MS)
  function stop(): void {
    growing.disconnect()
    window.clearTimeout(timer)
    for (const type of visitor) window.removeEventListener(type, stop)
  }
  growing.observe(document.body)
  for (const type of visitor) window.addEventListener(type, stop, { passive: true })
  return stop
}
