import { useSyncExternalStore } from 'react'
import { CALENDAR_SLIDES_BREAKPOINTS } from '../../contract/constants'
import { slidesPerView } from './slider'

/** The width assumed where there is no window (a server render): the widest breakpoint's view. */
const NO_WINDOW_WIDTH = 1024

/**
 * The date strip's dates per view for the viewport's width (slider.ts slidesPerView), read through
 * one media query per breakpoint and kept current by their change events.
 *
 * Why not window.innerWidth: reading it during a render forces a synchronous layout when the page
 * has pending changes, and the scheme page's date strip renders inside the page's biggest commit:
 * 24-33 ms of a 60-90 ms main-thread task at the phone profile's 4x CPU (bench:trace, 60k seats,
 * 2026-11-29; issue 16: no task over 50 ms). A media query's answer needs no layout.
 */
export function useSlidesPerView(): number {
  return useSyncExternalStore(subscribe, current, () => slidesPerView(NO_WINDOW_WIDTH))
}

let queries: { minWidth: number; query: MediaQueryList }[] | null = null

function breakpointQueries() {
  queries ??= CALENDAR_SLIDES_BREAKPOINTS.map((bp) => ({ minWidth: bp.minWidth, query: window.matchMedia(`(min-width: ${bp.minWidth}px)`) }))
  return queries
}

/** Dates per view for the widest breakpoint whose query `matches` says the viewport reaches. */
export function slidesByQueries(matches: (minWidth: number) => boolean): number {
  const reached = CALENDAR_SLIDES_BREAKPOINTS.filter((bp) => matches(bp.minWidth)).map((bp) => bp.minWidth)
  // The narrowest width that still reaches every matched breakpoint and none above: slider.ts decides from it.
  return slidesPerView(reached.length === 0 ? 0 : Math.max(...reached))
}

function current(): number {
  const list = breakpointQueries()
  return slidesByQueries((minWidth) => list.some((q) => q.minWidth === minWidth && q.query.matches))
}

function subscribe(onChange: () => void): () => void {
  const list = breakpointQueries()
  for (const q of list) q.query.addEventListener('change', onChange)
  return () => {
    for (const q of list) q.query.removeEventListener('change', onChange)
  }
}
