import type { Db } from '../../db/connect'
import { advanceAdmission, findRoom, type WaitingRoomRow } from './waiting.repository'

/**
 * Admission of a waiting room (issue 18.5): a token bucket kept on the room's row. Places are
 * admitted in order at `admit_per_minute`; the row keeps the watermark (`admitted`: places 1 to
 * it are in) and the moment up to which the rate's slots are spent (`admitted_until`). Slots
 * accrue from there, never from before the on-sale moment, and at most ADMISSION_CREDIT_MS worth:
 * the bound that keeps a quiet hour from letting the next crowd in at once (the clock's
 * floor(minutes since on-sale × rate) did: a room open half an hour at 10 a minute that nobody
 * visited admitted 100 visitors arriving together). Slots only go to places handed out: with
 * nobody waiting the credit stays (up to the bound) rather than running ahead of the queue.
 *
 * Every process computes the same answer from the row (admissionAt, pure); the row moves by one
 * conditional UPDATE (advanceAdmission: of processes racing one wins, so the rate is never
 * exceeded, and a restart forgets nothing).
 */

/**
 * Most credit a room keeps: about one minute's admissions. Unused slots beyond it are lost, so
 * after a quiet spell at most a minute's worth enter at once (the operator's rate is a promise
 * to the shop's capacity, not a debt owed to those who came late).
 */
export const ADMISSION_CREDIT_MS = 60_000
const MINUTE_MS = 60_000

type AdmissionRoom = Pick<WaitingRoomRow, 'opens_at' | 'admit_per_minute' | 'admitted' | 'admitted_until' | 'next_position'>

export interface Admission {
  /** Places admitted by `now` (the watermark as advanced to then). */
  admitted: number
  /** The moment up to which the slots are spent once advanced (epoch ms with its fraction). */
  admittedUntil: number
}

/** Milliseconds between two admissions at the room's rate. */
export const slotMs = (room: Pick<WaitingRoomRow, 'admit_per_minute'>): number => MINUTE_MS / room.admit_per_minute

/**
 * The room's admission at `now`, without writing: the stored watermark plus the whole slots
 * accrued since `admitted_until` (no earlier than the on-sale moment, at most
 * ADMISSION_CREDIT_MS back), given only to places handed out (`queued`: the last place known,
 * at least next_position). Slots not given stay as credit: `admittedUntil` moves only by the
 * slots given.
 */
export function admissionAt(room: AdmissionRoom, now: number, queued = room.next_position): Admission {
  const admitted = Number(room.admitted)
  const until = Number(room.admitted_until)
  if (now < Number(room.opens_at)) return { admitted, admittedUntil: until }
  const from = Math.max(until, Number(room.opens_at), now - ADMISSION_CREDIT_MS)
  const slot = slotMs(room)
  const due = Math.floor((now - from) / slot)
  const given = Math.max(0, Math.min(due, Math.max(queued, room.next_position) - admitted))
  return given === 0 ? { admitted, admittedUntil: until } : { admitted: admitted + given, admittedUntil: from + given * slot }
}

/**
 * Tries at moving the watermark per status call. Each lost try means another process moved it
 * that moment; after the last the answer comes from the row as read (still right: the slots it
 * counts are the row's, and the next poll's write records them).
 */
const ADVANCE_TRIES = 3

/**
 * The room's admission at `now` for a visitor at `position`: answered from the row, and written
 * back when it moved and the visitor is not yet in by the stored watermark (only those still
 * waiting write, about one write per slot). A lost race re-reads the row (the winner moved it)
 * and answers from it, so no slot is handed out twice.
 */
export async function admitUpTo(db: Db, room: WaitingRoomRow, position: number, now: number): Promise<{ room: WaitingRoomRow; admission: Admission }> {
  let current = room
  for (let attempt = 1; ; attempt++) {
    const admission = admissionAt(current, now, position)
    const stored = { admitted: Number(current.admitted), admittedUntil: Number(current.admitted_until) }
    if (position <= stored.admitted || admission.admitted === stored.admitted) return { room: current, admission }
    if (await advanceAdmission(db, current.calendar_id, stored, admission)) return { room: current, admission }
    current = (await findRoom(db, current.calendar_id)) ?? current
    if (attempt === ADVANCE_TRIES) return { room: current, admission: admissionAt(current, now, position) }
  }
}

/**
 * Seconds until `position` is admitted at the room's rate, from the admission at `now` (the
 * credit bound aside: it only matters after a quiet spell, when the next poll admits at once).
 */
export function estimateSeconds(room: AdmissionRoom, admission: Admission, position: number, now: number): number {
  const from = Math.max(admission.admittedUntil, Number(room.opens_at), now - ADMISSION_CREDIT_MS)
  return Math.max(0, Math.ceil((from + (position - admission.admitted) * slotMs(room) - now) / 1000))
}
