import { createContext, useContext, useSyncExternalStore } from 'react'
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
const before = () => BEFORE

/** The controller's state (phase, map, live, shown), re-rendering on change; the initial state before one exists. */
export function useSchemeMapState(controller: SchemeMapController | null): SchemeMapState {
  return useSyncExternalStore(controller?.subscribe ?? noSubscribe, controller?.getSnapshot ?? before)
}
