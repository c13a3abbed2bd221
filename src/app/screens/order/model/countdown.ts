/**
 * The payment countdown (001 §4, §9): reservetime is the seconds left to pay when the order was
 * loaded; the timer runs down from there and the payment form hides when it is not above 0.
 */

const SECONDS_PER_MINUTE = 60
const SECONDS_PER_HOUR = 3600
const MS_PER_SECOND = 1000

/** Seconds left now, from the seconds left at load time and the time elapsed since (never below 0). */
export function secondsLeft(atLoad: number, loadedAtMs: number, nowMs: number): number {
  const elapsed = Math.floor((nowMs - loadedAtMs) / MS_PER_SECOND)
  return Math.max(0, atLoad - Math.max(0, elapsed))
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/**
 * 125 → "02:05"; 3725 → "1:02:05"; negatives count as 0. With `withHours` (the time after a
 * count of days, as the return page's "4 days 00:47:54") the hours are always shown, two digits:
 * 2874 → "00:47:54", so zero hours never read as hours of minutes.
 */
export function formatCountdown(seconds: number, withHours = false): string {
  const s = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(s / SECONDS_PER_HOUR)
  const minutes = Math.floor((s % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE)
  const rest = s % SECONDS_PER_MINUTE
  if (withHours) return `${pad(hours)}:${pad(minutes)}:${pad(rest)}`
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`
}
