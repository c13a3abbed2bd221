import { useCallback, useEffect } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router-dom'
import type { EventCalendarDay } from '../../contract/entities/event'
import { useLinkContext } from '../hooks/useLinks'
import { buildLink, MAP_SOURCE_PARAM } from '../lib/links'
import { resolveSelection, type Selection } from '../../contract/selection'
import { routeNeedsSync } from './selection'

export interface RouteSelection {
  /** The date and time shown, resolved from the route against the calendar. */
  selection: Selection
  /** The chosen day of the calendar, or null when there is none. */
  day: EventCalendarDay | null
  /** Shows another selection by rewriting the route (replace: no history entry per click). */
  go: (sel: Selection) => void
}

/**
 * The date and time of an event page, kept in the route `{prefix}/{hash}/{date?}/{time?}`
 * (000 §2 event page, 001 §2 scheme view): the route is resolved against the sorted calendar
 * and rewritten when it names a date or time the calendar lacks (model/selection).
 * `pathOf` builds the page's path (eventPath, schemePath); it must be a stable function.
 */
export function useRouteSelection(
  calendar: readonly EventCalendarDay[],
  hash: string,
  pathOf: (hash: string, sel: Selection) => string,
): RouteSelection {
  const navigate = useNavigate()
  const { date: routeDate, time: routeTime } = useParams()
  const selection = resolveSelection(calendar, routeDate, routeTime)
  // The rewritten route keeps only lang, sub and the map-source switch: a one-off query such as
  // the CRM sign-in token must not be copied back after the shell has dropped it.
  const { lang: linkLang, sub } = useLinkContext()
  const mapSource = new URLSearchParams(useLocation().search).get(MAP_SOURCE_PARAM) ?? undefined
  const go = useCallback(
    (sel: Selection) => navigate(buildLink(pathOf(hash, sel), { lang: linkLang, sub }, { [MAP_SOURCE_PARAM]: mapSource }), { replace: true }),
    [navigate, pathOf, hash, linkLang, sub, mapSource],
  )
  const needsSync = routeNeedsSync(selection, routeDate, routeTime)
  useEffect(() => {
    if (needsSync) go(selection)
  }, [needsSync, go, selection])
  const day = calendar.find((d) => d.day === selection.date) ?? null
  return { selection, day, go }
}
