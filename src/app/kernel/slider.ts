import { CALENDAR_SLIDES_BREAKPOINTS, CALENDAR_SLIDES_DEFAULT, WEEK_START } from '../../contract/constants'
import type { Lang } from '../../contract/lang'

/**
 * The date strip's paging (000 §9 "Calendar slider"): how many dates one view shows for a
 * viewport width, which page holds a date, and where weeks start.
 *
 * The spec's breakpoints read "7 by default; 4 at 768 px, 3 at 680, 2 at 480, 1 at 320 and up".
 * They are min-width breakpoints (as the contract's CALENDAR_SLIDES_BREAKPOINTS records them):
 * the widest breakpoint the viewport reaches wins, and the default of 7 applies below 320 px.
 */
export function slidesPerView(viewportWidth: number): number {
  for (const bp of CALENDAR_SLIDES_BREAKPOINTS) if (viewportWidth >= bp.minWidth) return bp.slides
  return CALENDAR_SLIDES_DEFAULT
}

/** First weekday of the week for a language: 1 Monday (ru, kz), 0 Sunday (en, ch). */
export function weekStart(lang: Lang): number {
  return WEEK_START[lang]
}

/** UTC weekday (0 Sunday … 6 Saturday) of a 'YYYY-MM-DD' day: dates are shown in UTC. */
export function utcWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay()
}

/** True when a day opens a week in the language's calendar (the strip marks it). */
export function isWeekStart(day: string, lang: Lang): boolean {
  return utcWeekday(day) === weekStart(lang)
}

/**
 * First visible index so that `selected` is on screen: keeps `current` when the selected date
 * is already visible, otherwise moves the minimum needed. Always within [0, count - perView].
 */
export function keepInView(current: number, selected: number, perView: number, count: number): number {
  const maxStart = Math.max(0, count - perView)
  let start = Math.min(Math.max(0, current), maxStart)
  if (selected < 0) return start
  if (selected < start) start = selected
  else if (selected >= start + perView) start = selected - perView + 1
  return Math.min(Math.max(0, start), maxStart)
}

/** The next view's first index after paging by one view (`direction` 1 or -1). */
export function pageBy(current: number, direction: 1 | -1, perView: number, count: number): number {
  const maxStart = Math.max(0, count - perView)
  return Math.min(Math.max(0, current + direction * perView), maxStart)
}
