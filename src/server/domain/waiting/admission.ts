import type { Db } from '../../db/connect'
import { advanceAdmission, findRoom, livePlaces, type WaitingRoomRow } from './waiting.repository'

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
 * A place whose visitor has not asked for ASK_SILENT_MS is passed without spending a slot (and
 * loses it: coming back, he is placed at the back). Spending slots on every place let visitors who
 * had left hold the room: the credit bound discarded the slots of the quiet hour after they left,
 * so a newcomer behind 20 of them at 6 a minute was still at place 9 an hour later, and the hold
 * extensions of the session were refused all along (room.ts admittingOthers).
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
/**
 * Silence after which a waiting visitor's place is passed: four times the longest poll
 * (room.ts QUEUE_POLL_MAX_S, 30 s; the page spreads its asks ±20 %), so a browser that throttles a
 * hidden tab's timers to one a minute still keeps its place, while a visitor who left stops
 * holding the room within two minutes.
 */
export const ASK_SILENT_MS = 120_000
/**
 * A waiting visitor's ask is recorded (one write) only when the last recorded is older than this:
 * near the turn the page asks every 5 s, and one write in six keeps him well inside
 * ASK_SILENT_MS (the age of the record stays under this plus one poll's interval).
 */
export const ASK_RECORD_MS = 30_000

type AdmissionRoom = Pick<WaitingRoomRow, 'opens_at' | 'admit_per_minute' | 'admitted' | 'admitted_until' | 'next_position'>

export interface Admission {
  /** Places admitted by `now` (the watermark as advanced to then). */
  admitted: number
  /** The moment up to which the slots are spent once advanced (epoch ms with its fraction). */
  admittedUntil: number
}

/** Milliseconds between two admissions at the room's rate. */
export const slotMs = (room: Pick<WaitingRoomRow, 'admit_per_minute'>): number => MINUTE_MS / room.admit_per_minute

/** The whole slots due at `now` and the moment they accrue from (no earlier than the on-sale, at most ADMISSION_CREDIT_MS back). */
function slotsDue(room: AdmissionRoom, now: number): { from: number; due: number } {
  const from = Math.max(Number(room.admitted_until), Number(room.opens_at), now - ADMISSION_CREDIT_MS)
  // None before the on-sale, nor when another request (a moment later by its clock) has spent them up to after `now`.
  return { from, due: now < Number(room.opens_at) ? 0 : Math.max(0, Math.floor((now - from) / slotMs(room))) }
}

/**
 * The room's admission at `now`, without writing, as if every place handed out were asked for:
 * the stored watermark plus the whole slots accrued since `admitted_until`, given only to places
 * handed out (`queued`: the last place known, at least next_position). Slots not given stay as
 * credit: `admittedUntil` moves only by the slots given. A lower bound of what admitUpTo admits
 * (which passes silent places without a slot).
 */
export function admissionAt(room: AdmissionRoom, now: number, queued = room.next_position): Admission {
  const admitted = Number(room.admitted)
  const until = Number(room.admitted_until)
  const { from, due } = slotsDue(room, now)
  const given = Math.max(0, Math.min(due, Math.max(queued, room.next_position) - admitted))
  return given === 0 ? { admitted, admittedUntil: until } : { admitted: admitted + given, admittedUntil: from + given * slotMs(room) }
}

/**
 * Tries at moving the watermark per status call. Each lost try means another process moved it
 * that moment; after the last the answer comes from the row as read (still right: the slots it
 * counts are the row's, and the next poll's write records them).
 */
const ADVANCE_TRIES = 3

/**
 * The room's admission at `now` for a visitor at `position`, still waiting by the stored
 * watermark: with slots due, the places asked for within ASK_SILENT_MS after the watermark (one
 * indexed read, at most the slots due and one more) get one slot each in order, and the silent
 * places among and after them (up to the last place known) are passed free. Written back by one
 * conditional UPDATE; a lost race re-reads the row (the winner moved it) and answers from it, so
 * no slot is handed out twice.
 */
export async function admitUpTo(db: Db, room: WaitingRoomRow, position: number, now: number): Promise<{ room: WaitingRoomRow; admission: Admission }> {
  let current = room
  for (let attempt = 1; ; attempt++) {
    const stored = { admitted: Number(current.admitted), admittedUntil: Number(current.admitted_until) }
    if (position <= stored.admitted) return { room: current, admission: stored }
    const { from, due } = slotsDue(current, now)
    if (due === 0) return { room: current, admission: stored }
    const last = Math.max(position, Number(current.next_position))
    const askedSince = now - ASK_SILENT_MS
    const live = await livePlaces(db, current.calendar_id, stored.admitted, last, askedSince, due + 1)
    // The place before the first live one left without a slot, or the last place when slots remain.
    const given = Math.min(due, live.length)
    const admission = { admitted: live.length > due ? live[due] - 1 : last, admittedUntil: given === 0 ? stored.admittedUntil : from + given * slotMs(current) }
    if (await advanceAdmission(db, current.calendar_id, stored, admission, askedSince)) return { room: current, admission }
    current = (await findRoom(db, current.calendar_id)) ?? current
    if (attempt === ADVANCE_TRIES) return { room: current, admission: { admitted: Number(current.admitted), admittedUntil: Number(current.admitted_until) } }
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
