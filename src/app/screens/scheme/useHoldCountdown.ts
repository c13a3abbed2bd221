import { useEffect, useState } from 'react'

/** The countdown ticks once a second. */
const TICK_MS = 1000

/** Whole seconds left until `until` (epoch ms), ticking; null when nothing is held. */
export function useHoldCountdown(until: number | null): number | null {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null) return
    const id = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(id)
  }, [until])
  return until === null ? null : Math.max(0, Math.ceil((until - now) / 1000))
}

/** 305 → '05:05'. */
export function formatSeconds(total: number): string {
  const m = Math.floor(total / 60)
  const s = total % 60
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
}
