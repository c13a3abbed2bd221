import type { StudioOp } from '../../../contract/admin/studio'
import type { Db } from '../../db/connect'
import { forgetCompiledVenue } from '../../venues/compiled'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'
import { lockEventOfSession } from '../catalogue/rows.repository'
import type { Actor } from '../context'

import { apply, auditOps, type Version } from './apply-ops'
import { driveCopy, enqueueCopy, mustBeCopied } from './copy-job'
import { moveSession, mustBeMovable } from './session-map'
import { bumpRevision, lockForSave, recount, zoneIdsOf, type SaveTarget } from './version.repository'
import { tx } from '../transaction'

/** What a save answers: the version its edits went to; `copying` while its copy goes on in the background. */
export interface SaveResult {
  drawing_id: number
  version: number
  revision: number
  in_place: boolean
  seats: number
  changed: number
  copying: { copied: number; total: number } | null
}

/** Thrown to roll back the edits tried on a copy's source (they were only a check). */
class CheckedOnSource {
  constructor(readonly before: SaveTarget) {}
}

/**
 * Saves studio edits to the drawing's venue map, the edits applied in order, the seat counts
 * brought up to date, and audit rows; a refused edit (an unknown seat, sector, row, zone or
 * standing area) leaves nothing changed.
 *
 * Where the edits land (a draft, version.repository.ts isDraft): a version no session was ever
 * put on and the venue's newest (an import included) is edited in place, in one transaction:
 * it keeps its id and number, its revision goes up by one, and the save costs what the edits
 * touch (a sector rename is one UPDATE at 1,000,000 seats). Any other version is copied into a
 * new one (version = the venue's highest + 1), so a session keeps the version it went on sale
 * with: the edits are first tried on the source and rolled back (a bad save is refused before
 * anything is made), then the new version is made with its copy job and the save's audit row
 * (copy-job.ts), and this request copies seats for up to `inlineMs`. A small venue is done by
 * then and answers as finished; a big one (1,000,000 seats: 15 s to minutes) answers `copying`
 * and the cluster's background work finishes it (plugins/services/map-copies.ts), the studio
 * showing its progress. A version being copied refuses saves and sessions until it is done.
 *
 * `sessionId`: a save for one session (blocking seats for it only): the session moves onto the
 * version the edits land in, in the same transaction as a draft's save, or by the copy's last
 * step however long the copy takes (copy-job.ts); a session that cannot move (a buyer has
 * something in it, another venue's) refuses the save before anything is made.
 */
export async function editDrawing(db: Db, actor: Actor, drawingId: number, ops: readonly StudioOp[], inlineMs = Infinity, sessionId?: number): Promise<SaveResult> {
  const started = Date.now()
  let before: SaveTarget
  try {
    const saved = await tx(db, actor, async (trx) => {
      // The session's event before the version (lock order: catalogue/rows.repository.ts
      // lockEvent): adding a session on this version or moving one onto it holds the event and
      // then seals the version, so a save locking the version first deadlocked with it.
      // mustBeMovable below asks for it again: held already, it does not wait.
      if (sessionId !== undefined) await lockEventOfSession(trx, sessionId)
      const target = await lockForSave(trx, drawingId)
      if (!target) throw new ApiFailure('admin-not-found', { what: 'drawing', id: drawingId })
      await mustBeCopied(trx, drawingId)
      if (sessionId !== undefined) await mustBeMovable(trx, sessionId, drawingId)
      if (!target.draft) {
        const v: Version = { id: drawingId, zoneIds: await zoneIdsOf(trx, drawingId), added: [], keyPrefix: 'check' }
        for (const op of ops) await apply(trx, v, op, true)
        throw new CheckedOnSource(target)
      }
      const inPlace = await saveInPlace(trx, actor, target, ops)
      if (sessionId !== undefined) await moveSession(trx, actor, sessionId, inPlace.drawing_id, Date.now())
      return inPlace
    })
    // The storefront compiles the saved map from its rows on first demand; none compiled before stays.
    await forgetCompiledVenue(db, saved.drawing_id)
    return saved
  } catch (e) {
    if (!(e instanceof CheckedOnSource)) throw e
    before = e.before
  }
  const made = await tx(db, actor, async (trx) => {
    // The source is no draft and never becomes one again (sealed stays sealed; a newer version
    // stays newer), so what was checked above still holds.
    const m = await enqueueCopy(trx, actor, drawingId, ops, Date.now(), sessionId ?? null)
    await writeAudit(trx, actor, {
      action: 'edit-map',
      entity: 'drawing',
      entityId: m.id,
      before: { drawing_id: drawingId, version: before.version, revision: before.revision, seat_count: before.seat_count },
      after: { drawing_id: m.id, version: m.version, revision: 0, in_place: false, seat_count: m.total, copying: true, ops: auditOps(ops) },
    })
    return m
  })
  const p = await driveCopy(db, made.id, () => Date.now() - started >= inlineMs)
  const done = !p || p.done
  return {
    drawing_id: made.id,
    version: made.version,
    revision: 0,
    in_place: false,
    seats: p?.seats ?? before.seat_count,
    changed: p?.changed ?? 0,
    copying: done ? null : { copied: p.copied, total: p.total },
  }
}

/** A draft's save: the edits on its own rows, its revision one higher, one audit row. */
async function saveInPlace(trx: Db, actor: Actor, before: SaveTarget, ops: readonly StudioOp[]): Promise<SaveResult> {
  const id = before.id
  const v: Version = { id, zoneIds: await zoneIdsOf(trx, id), added: [], keyPrefix: `studio-${id}.${before.revision + 1}` }
  let changed = 0
  for (const op of ops) changed += await apply(trx, v, op)
  // Only deleting seats changes a count.
  const seats = ops.some((op) => op.op === 'delete-seats') ? await recount(trx, id) : before.seat_count
  const revision = await bumpRevision(trx, id, before.revision)
  await writeAudit(trx, actor, {
    action: 'edit-map',
    entity: 'drawing',
    entityId: id,
    before: { drawing_id: id, version: before.version, revision: before.revision, seat_count: before.seat_count },
    after: { drawing_id: id, version: before.version, revision, in_place: true, seat_count: seats, ops: auditOps(ops) },
  })
  return { drawing_id: id, version: before.version, revision, in_place: true, seats, changed, copying: null }
}
