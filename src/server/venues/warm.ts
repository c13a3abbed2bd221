import type { Db } from '../db/connect'
import { CompileCancelledError } from './compile-pool'
import { compiledVenueOfDrawing } from './compiled'
import { listSessionDrawings } from './drawing.repository'

/**
 * Compiles map versions before the storefront asks (issue 16): when the console saves a version in
 * the studio, puts a session on one (created, copied, moved, edited) or publishes an event, the
 * versions concerned start compiling in the background (compile-pool.ts, one per worker), until the server closes (compiled.ts closeCompiles), so the
 * first visitor does not wait for a 1M-seat compile. Fire and forget: the operator's request never
 * waits for it nor fails by it; a failure is logged, and the storefront's demand tries again. A
 * version already compiled costs a revision read and, once per process, its stored row's read.
 */

/** What warming logs to (the server's logger). */
export interface WarmLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** Starts compiling each map version not compiled yet; answers at once. */
export function warmCompiledVenues(db: Db, log: WarmLog, drawingIds: Iterable<number>): void {
  for (const drawingId of new Set(drawingIds)) {
    const started = Date.now()
    compiledVenueOfDrawing(db, drawingId).then(
      (venue) => {
        if (venue.threadId !== undefined) log.info({ drawingId, hash: venue.hash, seats: venue.seatCount, ms: Date.now() - started }, 'compiled venue warmed')
      },
      (err: unknown) => {
        // The server closing cancels its compiles (compiled.ts closeCompiles): not a failure.
        if (err instanceof CompileCancelledError) log.info({ drawingId }, 'warming the compiled venue cancelled: the server is closing')
        else log.warn({ err, drawingId }, 'warming the compiled venue failed; the storefront compiles it on demand')
      },
    )
  }
}

/** Warms the map versions of sessions `calendarIds`, or of every session of `eventId`. */
export function warmSessionVenues(db: Db, log: WarmLog, of: { calendarIds: readonly number[] } | { eventId: number }): void {
  listSessionDrawings(db, of).then(
    (ids) => warmCompiledVenues(db, log, ids),
    (err: unknown) => log.warn({ err, ...of }, 'warming the compiled venues failed; the storefront compiles them on demand'),
  )
}
