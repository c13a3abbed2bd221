import { MAX_BATCH_SCANS, type DoorScan } from '../../../contract/admin/door'
import { DoorApiError } from '../api'
import type { QueuedScan } from './store'

/** What one upload of the offline queue did. */
export interface UploadResult {
  /** Nonces the server now has (answered, so they leave the queue). */
  uploaded: string[]
  /** Nonces of the scans the server flagged (let in offline, yet another scan came first), each once (a re-upload's flag is not counted again). */
  flagged: string[]
  /** Scans the server refused on their own (they leave the queue: sending them again cannot change the answer). */
  refused: { nonce: string; errorCode: string; message: string }[]
  /** Why the upload stopped early (no network, signed out, a server fault), the rest kept queued; null when all went. */
  stoppedBy: unknown
}

/**
 * A queued scan as the batch call takes it: what the device decided, with the result it showed
 * (a scan it refused is logged with it, never counted as an entry or exit), without the queue's
 * own bookkeeping (session, gate name, ticket id, the device's reckoning of the time: the server
 * reads them from the list, the code and the clock).
 */
export function uploadedScan({ code, list_id, nonce, direction, scannedAt, admitted, shown, clock }: QueuedScan): DoorScan & { nonce: string } {
  // The clock goes as it was when the scan was made, so the server times it by its own clock (door-clock.ts).
  return { code, list_id, nonce, direction, scannedAt, admitted, shown, clock, offline: true }
}

/** Answers about the scan itself (a code too long, a nonce another scan used, a list that does not exist): sending it again changes nothing. */
const REFUSED_STATUSES = new Set([400, 404, 409, 422])

const isRefusal = (err: unknown): err is DoorApiError => err instanceof DoorApiError && REFUSED_STATUSES.has(err.status)

type Send = (scans: DoorScan[]) => Promise<{ answers: { flagged: boolean; replayed: boolean }[] }>

/**
 * Uploads queued offline scans in batches the server takes (MAX_BATCH_SCANS), so a gate that was
 * offline for an hour of a stadium's entry still empties its queue. The server records none of a
 * batch with a bad scan in it; such a batch is sent again one scan at a time, and a scan refused
 * on its own leaves the queue as `refused` (shown to the steward) instead of blocking every
 * later upload for good. Anything else (no network, signed out, rate limited, a server fault)
 * stops the upload and keeps the rest queued for the next try. Costs one extra request per scan
 * only for a batch that was refused.
 */
export async function uploadQueued(scans: readonly (DoorScan & { nonce: string })[], send: Send): Promise<UploadResult> {
  const out: UploadResult = { uploaded: [], flagged: [], refused: [], stoppedBy: null }
  try {
    await uploadInto(out, scans, send)
  } catch (err) {
    out.stoppedBy = err
  }
  return out
}

async function uploadInto(out: UploadResult, scans: readonly (DoorScan & { nonce: string })[], send: Send): Promise<void> {
  const took = (batch: readonly { nonce: string }[], answer: Awaited<ReturnType<Send>>) => {
    out.uploaded.push(...batch.map((s) => s.nonce))
    out.flagged.push(...batch.filter((_, i) => answer.answers[i]?.flagged && !answer.answers[i].replayed).map((s) => s.nonce))
  }
  for (let i = 0; i < scans.length; i += MAX_BATCH_SCANS) {
    const batch = scans.slice(i, i + MAX_BATCH_SCANS)
    try {
      took(batch, await send(batch))
      continue
    } catch (err) {
      if (!isRefusal(err)) throw err
    }
    for (const scan of batch) {
      try {
        took([scan], await send([scan]))
      } catch (err) {
        if (!isRefusal(err)) throw err
        out.refused.push({ nonce: scan.nonce, errorCode: err.errorCode, message: err.message })
      }
    }
  }
}
