import { useEffect, useState } from 'react'
import { secondsLeft } from './model/countdown'

/** Timer tick, ms. */
const TICK_MS = 1000

/** Seconds left to pay, ticking every second from the order's reservetime; stops at 0. */
export function useCountdown(atLoad: number, loadedAt: number): number {
  const [now, setNow] = useState(() => Date.now())
  const left = secondsLeft(atLoad, loadedAt, now)
  const running = left > 0
  useEffect(() => {
    if (!running) return
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS)
    return () => window.clearInterval(id)
  }, [running, loadedAt])
  return left
}
