import type { StudioOp } from '../../../contract/admin/studio'
import type { Db } from '../../db/connect'
import { clockGate } from '../../domain/orders/commit-gate'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'
import { lockEventOfSession } from '../catalogue/rows.repository'
import type { Actor } from '../context'
import { apply, auditOps, type Version } from './apply-ops'
import { claimSeatChunk, claimSvgStep, deleteCopyJob, findCopyJob, insertCopyJob, listCopyJobIds, setCopied } from './copy-job.repository'
import { copyProgress, type CopyProgress } from './copy-progress'
import { moveSession } from './session-map'
import { sessionDrawing } from './session-map.repository'
import { copySeats, copyStanding, copySvg, startCopy } from './copy.repository'
import { recount } from './version.repository'

export { copyProgress, mustBeCopied, type CopyProgress } from './copy-progress'

/**
 * A studio save's copy of a whole map version, in chunks (migration 2026_11_24_17_a10_01): the
 * save's transaction makes the new version's row, sectors and zones and a drawing_copies row
 * (enqueueCopy); each copyStep then copies, in a transaction of its own, the svg (the first
 * step), the next COPY_CHUNK_IDS source seat ids, and the last one copies the standing places, applies the save's edits
 * and writes the audit row. The request that saved drives it for a while (edit.ts), the cluster's
 * background work the rest (plugins/services/map-copies.ts); both may step the same copy at once:
 * a step claims its chunk with a conditional update (svg_copied, after_seat_id) before copying, so the
 * second waits for the first's commit (PostgreSQL's row lock; SQLite has one writer) and then
 * finds the chunk gone and copies nothing. The source is a version no save edits any more (a
 * session was put on it, or it is not the venue's newest), so every chunk reads the same seats.
 */

/**
 * Source seat ids one transaction copies: ~0.2–0.4 s on SQLite and 1–3 s on PostgreSQL on the
 * shared 2-core machine (its foreign-key checks are most of it), well under the statement timeout
 * (10 s), and short enough that SQLite's other writers (orders) wait no longer than that.
 */
export const COPY_CHUNK_IDS = 25_000

/** Who saved, as the finished copy's audit row names them (no session secrets). */
type StoredActor = Pick<Actor, 'role' | 'operatorId' | 'tokenId' | 'label' | 'ip'>

/**
 * Makes the new version (copy.repository.ts startCopy) and its copy job, in the save's
 * transaction. `ops` must already have been applied to the source without error (edit.ts checks
 * them there first): the finished copy applies them unchanged. `moveSessionId`: a save for one
 * session (edit.ts checked it can move): the finished copy moves it onto the new version.
 */
export async function enqueueCopy(trx: Db, actor: Actor, sourceId: number, ops: readonly StudioOp[], now: number, moveSessionId: number | null = null) {
  const made = await startCopy(trx, sourceId, now)
  const stored: StoredActor = { role: actor.role, operatorId: actor.operatorId, tokenId: actor.tokenId, label: actor.label, ip: actor.ip }
  await insertCopyJob(trx, {
    drawing_id: made.id,
    source_id: sourceId,
    after_seat_id: made.total > 0 ? made.firstSeatId - 1 : 0,
    last_seat_id: made.lastSeatId,
    total: made.total,
    ops_json: JSON.stringify(ops),
    zone_ids_json: JSON.stringify([...made.zoneIds]),
    actor_json: JSON.stringify(stored),
    move_calendar_id: moveSessionId,
    created_at: now,
  })
  return made
}

/** Copies in progress, oldest first (the background work's queue). */
export async function pendingCopies(db: Db): Promise<number[]> {
  return listCopyJobIds(db)
}

/**
 * One step of a copy, in a transaction of its own: the next chunk of seats, or (all copied) the
 * finish. Answers the progress after it; null when there is no such copy (done already). Not
 * through a request's gate (admin/transaction.ts): it continues a save already committed, whose
 * request then answers with it, and the background work steps the same copy.
 */
export async function copyStep(db: Db, drawingId: number): Promise<CopyProgress | null> {
  return db.transaction().execute(async (trx) => {
    const job = await findCopyJob(trx, drawingId)
    if (!job) return null
    const after = Number(job.after_seat_id)
    const last = Number(job.last_seat_id)
    const progress = (copied: number, done: boolean): CopyProgress => ({ drawingId, copied, total: Number(job.total), done })
    if (Number(job.svg_copied) === 0) {
      if (await claimSvgStep(trx, drawingId)) await copySvg(trx, job.source_id, drawingId)
      return progress(Number(job.copied), false)
    }
    if (after < last) {
      const through = Math.min(after + COPY_CHUNK_IDS, last)
      // Another step copied this chunk meanwhile: nothing to do here.
      if (!(await claimSeatChunk(trx, drawingId, after, through))) return progress(Number(job.copied), false)
      const copied = Number(job.copied) + (await copySeats(trx, job.source_id, drawingId, after, through))
      await setCopied(trx, drawingId, copied)
      return progress(copied, false)
    }
    // The session it moves, its event first (lock order: catalogue/rows.repository.ts lockEvent),
    // before the job's row and the copy's rows: the move then judges the session as another
    // operator's write of the event left it, not as read before that write committed.
    if (job.move_calendar_id !== null) await lockEventOfSession(trx, Number(job.move_calendar_id))
    if (!(await deleteCopyJob(trx, drawingId))) return null
    await copyStanding(trx, job.source_id, drawingId)
    const { seats, changed } = await finish(trx, job, Date.now() - Number(job.created_at), true)
    return { ...progress(Number(job.copied), true), seats, changed }
  }).catch(async (e: unknown) => {
    if (!(e instanceof ApiFailure)) throw e
    return finishRefused(db, drawingId, e)
  })
}

/**
 * The edits were tried on the source before the copy began, the seats they delete marked out of
 * reach of the later edits (seats.repository.ts markTriedDelete), so they apply to the copy too.
 * Should one still be refused there (an edit the try cannot see), the copy finishes without the
 * edits, as the source was, and the audit row says which edit was refused: a copy never stays
 * half made.
 */
async function finishRefused(db: Db, drawingId: number, refused: ApiFailure): Promise<CopyProgress | null> {
  return db.transaction().execute(async (trx) => {
    const job = await findCopyJob(trx, drawingId)
    if (!job || Number(job.after_seat_id) < Number(job.last_seat_id)) return job ? { drawingId, copied: Number(job.copied), total: Number(job.total), done: false } : null
    // No event's lock: without the edits no session moves (finish), so nothing of an event is written.
    await deleteCopyJob(trx, drawingId)
    await copyStanding(trx, job.source_id, drawingId)
    const { seats } = await finish(trx, { ...job, ops_json: '[]' }, Date.now() - Number(job.created_at), false, { reason: refused.reason, params: refused.params })
    return { drawingId, copied: Number(job.copied), total: Number(job.total), done: true, seats, changed: 0 }
  })
}

/**
 * The copy's last transaction: the save's edits on the copied rows and the audit row of the
 * finished copy (the save's own row, written when it was made, names the edits and the source).
 */
async function finish(
  trx: Db,
  job: { drawing_id: number; source_id: number; ops_json: string; zone_ids_json: string; actor_json: string; copied: number; move_calendar_id: number | null },
  ms: number,
  edited: boolean,
  refused?: unknown,
): Promise<{ seats: number; changed: number }> {
  const ops = JSON.parse(job.ops_json) as StudioOp[]
  // A step is a job's, not the request's that saved (it may be answered long since): its
  // transaction is its own (copyStep), the clock's gate only completes the stored caller.
  const actor: Actor = { ...(JSON.parse(job.actor_json) as StoredActor), operator: null, csrf: null, sessionHash: null, gate: clockGate(Date.now()) }
  const v: Version = { id: job.drawing_id, zoneIds: new Map(JSON.parse(job.zone_ids_json) as [number, number][]), added: [], keyPrefix: `studio-${job.drawing_id}` }
  let changed = 0
  for (const op of ops) changed += await apply(trx, v, op)
  // Only deleting seats changes a count; the copy carries its source's counts.
  const seats = ops.some((op) => op.op === 'delete-seats') ? await recount(trx, job.drawing_id) : Number(job.copied)
  const moved = job.move_calendar_id === null || !edited ? {} : await moveSavedFor(trx, actor, Number(job.move_calendar_id), job)
  await writeAudit(trx, actor, {
    action: 'edit-map-copied',
    entity: 'drawing',
    entityId: job.drawing_id,
    before: { drawing_id: job.source_id },
    after: { drawing_id: job.drawing_id, seat_count: seats, changed, copy_ms: ms, edited, ...(refused ? { refused } : {}), ...moved, ops: auditOps(ops) },
  })
  return { seats, changed }
}

/**
 * The session a save was made for moves onto the finished copy, its blocks with it by seat key
 * (those put on it while the copy went on included: they were on the version it sold then).
 * One moved elsewhere meanwhile stays; one a buyer has something in by now stays too (as the
 * studio's own move would refuse): the audit row says which, and the copy is done either way.
 * Read under the session's event's lock, which copyStep took first: read before it, a move
 * elsewhere under way (holding the event) was not seen, and once it committed the copy moved
 * the session back off the version that operator chose.
 */
async function moveSavedFor(trx: Db, actor: Actor, calendarId: number, job: { drawing_id: number; source_id: number }): Promise<Record<string, unknown>> {
  const on = await sessionDrawing(trx, calendarId)
  if (on !== job.source_id) return { session_not_moved: { id: calendarId, reason: on === undefined ? 'gone' : 'moved-elsewhere' } }
  try {
    // Every refusal of a move comes before its first write (session-map.ts).
    await moveSession(trx, actor, calendarId, job.drawing_id, Date.now())
  } catch (e) {
    if (e instanceof ApiFailure) return { session_not_moved: { id: calendarId, reason: e.reason } }
    throw e
  }
  return { session_moved: calendarId }
}

/**
 * Steps one copy until it is done, `stop()` says so (the request's time is up, the process
 * closes, it lost the background lease) or it is gone. Answers the last progress (null: gone).
 */
export async function driveCopy(db: Db, drawingId: number, stop: () => boolean): Promise<CopyProgress | null> {
  let p = await copyProgress(db, drawingId)
  while (p && !p.done && !stop()) p = await copyStep(db, drawingId)
  return p
}
