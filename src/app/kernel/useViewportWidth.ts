import { useSyncExternalStore } from 'react'

/** The window's inner width, kept current on resize (the date strip's breakpoints are viewport widths). */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange)
      return () => window.removeEventListener('resize', onChange)
    },
    () => window.innerWidth,
    () => 1024,
  )
}
