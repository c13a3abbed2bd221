import { createContext, useCallback, useContext, useSyncExternalStore } from 'react'
import type { SchemeMapController, SchemeMapState } from './SchemeMapController'

/** The session's seat-map controller, provided by SchemeSession once its layout effect made it. */
export const SchemeMapContext = createContext<SchemeMapController | null>(null)

export function useSchemeMapController(): SchemeMapController {
  const controller = useContext(SchemeMapContext)
  if (controller === null) throw new Error('useSchemeMapController outside SchemeMapContext')
  return controller
}

const BEFORE: SchemeMapState = { phase: 'download', stands: null, live: true, shown: false, access: null }
const noSubscribe = () => () => {}

/**
 * One field of the controller's state (phase, stands, live, shown, access), re-rendering only when
 * that field changes (by identity); the initial state's before a controller exists. Each screen
 * reads just what it draws: the whole scheme session subscribed to every change re-rendered on
 * each phase step (download, parse, ready, shown), 47-78 ms tasks of React's synchronous
 * useSyncExternalStore renders on the way to an interactive map (issue 16).
 */
export function useSchemeMapField<K extends keyof SchemeMapState>(controller: SchemeMapController | null, key: K): SchemeMapState[K] {
  const get = useCallback(() => (controller === null ? BEFORE : controller.getSnapshot())[key], [controller, key])
  return useSyncExternalStore(controller?.subscribe ?? noSubscribe, get)
}
