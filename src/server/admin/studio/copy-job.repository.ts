import type { Db } from '../../db/connect'

/** Statements on drawing_copies (migration 2026_11_24_17_a10_01), the studio's chunked copies (copy-job.ts). */

/** A copy job's row as copy-job.ts writes it. */
export interface NewCopyJob {
  drawing_id: number
  source_id: number
  after_seat_id: number
  last_seat_id: number
  total: number
  ops_json: string
  zone_ids_json: string
  actor_json: string
  move_calendar_id: number | null
  created_at: number
}

export async function insertCopyJob(trx: Db, job: NewCopyJob): Promise<void> {
  await trx.insertInto('drawing_copies').values(job).execute()
}

/** The whole job row of a version being copied (undefined: none). */
export function findCopyJob(db: Db, drawingId: number) {
  return db.selectFrom('drawing_copies').selectAll().where('drawing_id', '=', drawingId).executeTakeFirst()
}

/** Progress only (what the studio polls). */
export function findCopyProgress(db: Db, drawingId: number) {
  return db.selectFrom('drawing_copies').select(['drawing_id', 'copied', 'total']).where('drawing_id', '=', drawingId).executeTakeFirst()
}

/** Versions being copied, oldest first. */
export async function listCopyJobIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('drawing_copies').select('drawing_id').orderBy('created_at').orderBy('drawing_id').execute()).map((r) => r.drawing_id)
}

/** Claims the svg step; true when this caller got it (a conditional update: one step wins). */
export async function claimSvgStep(trx: Db, drawingId: number): Promise<boolean> {
  const claimed = await trx.updateTable('drawing_copies').set({ svg_copied: 1 }).where('drawing_id', '=', drawingId).where('svg_copied', '=', 0).executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

/** Claims the seat chunk after `after` through `through`; true when this caller got it. */
export async function claimSeatChunk(trx: Db, drawingId: number, after: number, through: number): Promise<boolean> {
  const claimed = await trx.updateTable('drawing_copies').set({ after_seat_id: through }).where('drawing_id', '=', drawingId).where('after_seat_id', '=', after).executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

export async function setCopied(trx: Db, drawingId: number, copied: number): Promise<void> {
  await trx.updateTable('drawing_copies').set({ copied }).where('drawing_id', '=', drawingId).execute()
}

/** Removes the job (the copy is done); true when this caller removed it. */
export async function deleteCopyJob(trx: Db, drawingId: number): Promise<boolean> {
  const gone = await trx.deleteFrom('drawing_copies').where('drawing_id', '=', drawingId).executeTakeFirst()
  return Number(gone.numDeletedRows) === 1
}
