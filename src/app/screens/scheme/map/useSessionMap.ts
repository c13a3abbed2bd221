import { startTransition, useEffect, useLayoutEffect, useState } from 'react'
import { api } from '../../../api/client'
import { mapSourceOf, SchemeMapController, type SchemeMapControllerOptions } from './SchemeMapController'

/** What a screen chooses of a session's map; where it loads from is the same for every screen. */
export type SessionMapOptions = Omit<SchemeMapControllerOptions, 'mapSource' | 'loadMap' | 'loadCompiled'>

/**
 * One session's map controller for a screen (the storefront's scheme page, the box office, the
 * console's sales map): made in a layout effect, so it exists before the map's own layout effect
 * runs on the next commit, and disposed with the screen or when the session changes. The map comes
 * from the shop's calls, in the source the page's URL asks for (`?mapSource=json`). Zones, colours
 * and prices are read once per session: they derive from the session's prices, which change only
 * with the session (a screen keys a new mode by remounting).
 */
export function useSessionMap(options: SessionMapOptions): SchemeMapController | null {
  const { hash, calendarId } = options
  const [controller, setController] = useState<SchemeMapController | null>(null)
  useLayoutEffect(() => {
    const c = new SchemeMapController({
      ...options,
      mapSource: mapSourceOf(window.location.search),
      loadMap: () => api.call('schemeMap', { hash, calendar_id: calendarId }),
      loadCompiled: () => api.call('schemeMapCompiled', { hash, calendar_id: calendarId }),
    })
    c.start()
    // The session's panels and map render in a transition (sliced, a few ms per task): set
    // plainly in this layout effect they rendered synchronously inside the commit's task (issue
    // 16's long tasks). The map mounts with that render, so its own layout effect still finds
    // the controller.
    startTransition(() => setController(c))
    return () => {
      c.dispose()
      setController(null)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, calendarId])
  // Only the zones' names change with the page's language; the map stays as it is.
  const { zones } = options
  useEffect(() => controller?.setZoneNames(zones), [controller, zones])
  return controller
}
