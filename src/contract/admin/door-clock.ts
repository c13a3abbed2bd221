import { z } from 'zod'

/**
 * How the door times a scan made offline (issue 19.4). A phone's own clock may be off by minutes
 * or hours; judged by it, a phone set behind would sort its scans before entries made earlier in
 * real time and "win" the first-scan decision. So every door answer carries the server's time
 * with a signature (a stamp), the phone keeps the latest one with its own clock's reading when it
 * sent that call, and each offline scan goes up with both: the server times the scan as the
 * stamp's time plus what the phone's clock counted since. Any constant offset of the phone's
 * clock cancels out, and the signature keeps the phone from claiming a time before a stamp it
 * really heard.
 */

/** Longest clock stamp accepted: "<epoch ms>.<43 characters of HMAC-SHA256>". */
export const MAX_CLOCK_STAMP_CHARS = 80

/** The server's time as an answer gives it: `at` (epoch ms) and its stamp (the same time, signed). */
export const doorClockSchema = z.object({ at: z.number(), stamp: z.string() })
export type DoorClock = z.infer<typeof doorClockSchema>

/** What an offline scan carries: the last stamp its phone heard before it, and the phone's clock when it sent that call. */
export const scanClockSchema = z.object({
  stamp: z.string().min(1).max(MAX_CLOCK_STAMP_CHARS),
  deviceAt: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})
export type ScanClock = z.infer<typeof scanClockSchema>

/** A stamp as the device keeps it: the server's time, its stamp, and the device's clock reading paired with it. */
export type DeviceClock = DoorClock & Pick<ScanClock, 'deviceAt'>

/**
 * When a scan made at the device's `scannedAt` happened on the server's clock: the stamp's time
 * `at` plus the time the device's clock counted from `deviceAt` to the scan. The device reads
 * `deviceAt` when it sends the call, before the server stamps it, so the estimate errs late (by
 * the request's way up), never early: an offline scan never sorts before it really happened. It
 * is never before `at` (a scan cannot precede the answer it came after) nor after `now`. Without
 * a clock (uploads of older apps and scanners), the device's own time, never after `now`.
 */
export function judgedScanTime(scannedAt: number, clock: Pick<DeviceClock, 'at' | 'deviceAt'> | undefined, now: number): number {
  const at = clock ? clock.at + Math.max(0, scannedAt - clock.deviceAt) : scannedAt
  return Math.min(at, now)
}
