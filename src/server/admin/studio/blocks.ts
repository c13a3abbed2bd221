import type { SeatSelection } from '../../../contract/admin/studio'
import type { Db } from '../../db/connect'
import { expiredOrdersOn, releaseExpiredCartHoldsOn } from '../../domain/inventory/seat-claims.repository'
import { lockCalendars } from '../../domain/inventory/stock.repository'
import { expireOrdersById } from '../../domain/orders/expiry'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'
import { mustFindLockedSession } from '../catalogue/rows.repository'
import type { Actor } from '../context'
import { BLOCK_CHUNK, countBlocked, insertBlocks, releaseBlocks, takenSeatKeys } from './blocks.repository'
import { selectedSeats, selectionFilters } from './seats.repository'
import { tx } from '../transaction'

/** Taken seats a refusal names (the operator fixes the selection; a stadium's list would be useless). */
const TAKEN_NAMED = 10

/**
 * Blocks or unblocks seats of one session (issue 17 item 3), also while it sells. Under the
 * session's claim lock: what holds the seats by the stock rule no longer (expired carts, unpaid
 * orders past their time) is freed first, exactly as a claim does; then a seat still held or
 * sold refuses the whole request (admin-seats-taken, nothing changed). Blocks are inserted into
 * seat_holds; a seat claimed by a buyer between the check and the insert (PostgreSQL claims seats
 * without the session lock) is caught by the count afterwards and refuses too. One audit row.
 */
export function blockSessionSeats(db: Db, actor: Actor, calendarId: number, blocked: boolean, sel: SeatSelection, now: number): Promise<{ changed: number }> {
  return tx(db, actor, async (trx) => {
    // Judged under the event's lock, taken before the session's as an archive takes them and before
    // any read (catalogue/rows.repository.ts mustFindLockedSession): an archive under way makes the
    // block wait and refuse, and on SQLite another connection's write is waited for, not refused busy.
    await mustFindLockedSession(trx, calendarId)
    // The version read under the claim lock: a move onto another version (session-map.ts) waits
    // for it, so the blocks land on the seats the session sells from.
    const drawingId = (await lockCalendars(trx, [calendarId])).get(calendarId) ?? null
    if (drawingId === null) throw new ApiFailure('admin-needs-drawing')
    const seats = await selectedSeats(trx, await selectionFilters(trx, drawingId, sel))
    const ids = seats.map((s) => s.id)
    let changed: number
    if (blocked) {
      for (let i = 0; i < ids.length; i += BLOCK_CHUNK) {
        const part = ids.slice(i, i + BLOCK_CHUNK)
        await releaseExpiredCartHoldsOn(trx, calendarId, part, now)
        await expireOrdersById(trx, now, await expiredOrdersOn(trx, calendarId, part, now))
      }
      const taken = await takenSeatKeys(trx, calendarId, ids, now, TAKEN_NAMED)
      if (taken.length) throw new ApiFailure('admin-seats-taken', { seats: taken.join(', ') })
      changed = await insertBlocks(trx, calendarId, ids, now)
      if ((await countBlocked(trx, calendarId, ids)) !== ids.length) {
        throw new ApiFailure('admin-seats-taken', { seats: (await takenSeatKeys(trx, calendarId, ids, now, TAKEN_NAMED)).join(', ') })
      }
    } else {
      changed = await releaseBlocks(trx, calendarId, ids, now)
    }
    await writeAudit(trx, actor, {
      action: blocked ? 'block-seats' : 'unblock-seats',
      entity: 'session',
      entityId: calendarId,
      before: null,
      after: { drawing_id: drawingId, seats: 'keys' in sel ? sel.keys.length : sel, changed },
    })
    return { changed }
  })
}
