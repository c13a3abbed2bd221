/** The storefront's event and scheme paths of a selection (the rule that picks it: contract/selection.ts). */
import type { Selection } from '../../contract/selection'

/** Path segment of a time: '19:00' stays readable (':' is allowed inside a path segment). */
function timeSegment(time: string): string {
  return encodeURIComponent(time).replace(/%3A/gi, ':')
}

/** `/event/{hash}/{date?}/{time?}` for a selection. */
export function eventPath(hash: string, sel: Selection): string {
  let path = `/event/${encodeURIComponent(hash)}`
  if (sel.date !== null) {
    path += `/${encodeURIComponent(sel.date)}`
    if (sel.time !== null) path += `/${timeSegment(sel.time)}`
  }
  return path
}

/** True when the route must be rewritten to show the resolved selection. */
export function routeNeedsSync(sel: Selection, routeDate?: string, routeTime?: string): boolean {
  return (sel.date ?? undefined) !== routeDate || (sel.time ?? undefined) !== routeTime
}
