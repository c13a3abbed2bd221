import { useEffect, useRef } from 'react'

/**
 * Calls `tick` every `periodMs` while `active`; a tick that answers true stops the polling.
 * One tick at a time: a slow answer is not overlapped by the next one.
 */
export function usePolling(active: boolean, periodMs: number, tick: () => Promise<boolean>): void {
  const tickRef = useRef(tick)
  useEffect(() => {
    tickRef.current = tick
  })
  useEffect(() => {
    if (!active) return
    let stopped = false
    let timer = 0
    const schedule = () => {
      timer = window.setTimeout(() => {
        void tickRef.current().then(
          (done) => {
            if (!done && !stopped) schedule()
          },
          (error: unknown) => {
            // Network failures are only logged (001 §8); polling goes on.
            console.error('polling failed', error)
            if (!stopped) schedule()
          },
        )
      }, periodMs)
    }
    schedule()
    return () => {
      stopped = true
      window.clearTimeout(timer)
    }
  }, [active, periodMs])
}
