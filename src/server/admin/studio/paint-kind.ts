import type { SeatSelection, StudioOp } from '../../../contract/admin/studio'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { paintAccessType, paintQuality, wheelchairSpace } from './paint-kind.repository'

/** The studio's seat-kind edits (contract/admin/studio-paint.ts). */
export type PaintKindOp = Extract<StudioOp, { op: 'seat-type' | 'quality' }>

export const isPaintKindOp = (op: StudioOp): op is PaintKindOp => op.op === 'seat-type' || op.op === 'quality'

/**
 * Applies a seat-type or quality edit to the new version `drawingId` (the studio's save, in its
 * transaction); `select` is the studio's own selection of seats. A companion seat must name a
 * wheelchair space of this version (painted before it, in this save or earlier), else the save is
 * refused. Answers how many seats it changed.
 */
export async function applyPaintKind(db: Db, drawingId: number, op: PaintKindOp, select: (sel: SeatSelection) => Promise<number[]>): Promise<number> {
  const ids = await select(op.seats)
  if (op.op === 'quality') {
    await paintQuality(db, ids, op.quality)
    return ids.length
  }
  if (op.type === 'companion') {
    if (!(await wheelchairSpace(db, drawingId, op.companion_of!))) throw new ApiFailure('admin-bad-reference', { field: 'companion_of', id: op.companion_of! })
  }
  await paintAccessType(db, ids, op.type, op.type === 'companion' ? op.companion_of! : null)
  return ids.length
}
