import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { findCopyProgress } from './copy-job.repository'

/**
 * Whether a map version's copy (copy-job.ts) is done, apart from the copy itself so that what
 * only asks (a session put on a version, a save, a session moved) does not import the copy.
 */

/** What a copy in progress shows: seats copied of the source's. */
export interface CopyProgress {
  drawingId: number
  copied: number
  total: number
  done: boolean
  /** Once done: the version's seats, and how many seats (or places) the save's edits changed. */
  seats?: number
  changed?: number
}

/** The copy in progress that makes this version, or null when it has none (finished, or never copied). */
export async function copyProgress(db: Db, drawingId: number): Promise<CopyProgress | null> {
  const job = await findCopyProgress(db, drawingId)
  return job ? { drawingId, copied: Number(job.copied), total: Number(job.total), done: false } : null
}

/** Refuses (409) putting a session on, or saving, a version whose copy is not done: its seats are not all there. */
export async function mustBeCopied(db: Db, drawingId: number): Promise<void> {
  const p = await copyProgress(db, drawingId)
  if (p) throw new ApiFailure('admin-version-copying', { id: drawingId, percent: Math.floor((100 * p.copied) / Math.max(1, p.total)) })
}
