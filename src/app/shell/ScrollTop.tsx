import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SCROLL_TOP_AFTER_PX } from '../../contract/constants'
import { useSession } from '../state/session'

/**
 * The corner the button floats in (its size, its offset and a finger's margin), in CSS pixels
 * from the viewport's bottom and from either side: what must be clear of a `data-keep-clear`
 * element (the seat map) for the button to show.
 */
const FLOAT_CORNER_PX = 72

/**
 * Whether an element that must not be covered (`data-keep-clear`: the seat map, where a tap
 * under the button would miss a seat; the return page's tick boxes and its reasons and consent,
 * which sit on the left where a phone's button floats; the buyer, named-ticket and payment forms,
 * whose fields, errors and buttons run the page's width) reaches the bottom corner the button
 * floats in. Reads layout, once per scroll event, after the browser has laid out for the scroll.
 */
function cornerTaken(): boolean {
  const height = window.innerHeight
  const width = window.innerWidth
  for (const el of document.querySelectorAll('[data-keep-clear]')) {
    const r = el.getBoundingClientRect()
    if (r.bottom > height - FLOAT_CORNER_PX && r.top < height && (r.left < FLOAT_CORNER_PX || r.right > width - FLOAT_CORNER_PX)) return true
  }
  return false
}

/**
 * "Back to top" button: appears after 400 px of scrolling, when setup's scroll_top = 1, and steps
 * aside while the seat map lies under it.
 */
export function ScrollTop() {
  const { t } = useTranslation()
  const enabled = useSession((s) => s.setup?.app.scroll_top === 1)
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    if (!enabled) return
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_AFTER_PX && !cornerTaken())
    // The first read waits for the next frame: reading scrollY forces a style and layout pass,
    // and in this effect (the shell's first commit) that was a 40 ms forced layout inside one
    // long task; in a frame callback the browser lays out once, as it would anyway.
    let frame = requestAnimationFrame(onScroll)
    // The page also changes under a still screen: a ticket added on the event page opens the
    // buyer's form where the visitor is, a form's errors appear, the phone turns. The body's size
    // follows such changes, so its observer asks again, once a frame at most (a read of a few
    // rects); a change that keeps the body's size (a swap of equal height) waits for a scroll.
    const later = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(onScroll)
    }
    const resized = new ResizeObserver(later)
    resized.observe(document.body)
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', later)
    return () => {
      cancelAnimationFrame(frame)
      resized.disconnect()
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', later)
    }
  }, [enabled])

  if (!enabled || !visible) return null
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t('shell.scrollTop')}
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
        // Keyboard users land at the start of the page, not on a vanished button.
        document.getElementById('main')?.focus({ preventScroll: true })
      }}
    >
      <span aria-hidden="true">↑</span>
    </button>
  )
}
