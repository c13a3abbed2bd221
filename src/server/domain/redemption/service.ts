import { judgedScanTime } from '../../../contract/admin/door-clock'
import { ORDER_STATUS_CANCELLED, ORDER_STATUS_CONFIRMED } from '../../../contract/constants'
import { looksLikeToken } from '../../../contract/tickets/token'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { isReturned } from '../orders/money'
import { ticketClaims } from '../tickets/claims'
import type { TicketKeys } from '../tickets/keys'
import { DOOR_AHEAD_MS } from './door-window'
import { DEFAULT_POLICY, HISTORY_RESULTS, type Direction, type RedeemAnswer, type RedeemPolicy, type RedeemResult, type Scan } from './outcome'
import {
  validBefore,
  existingSessionIds,
  findScanById,
  findScanByNonce,
  findScansByNonces,
  findTicketByCode,
  findTicketById,
  insertScan,
  lockTicket,
  sessionStart,
  setScanAdmitted,
  setScanResult,
  settleOnlineScan,
  ticketHistory,
  doorTicketOf,
  type ScanRow,
  type TicketRow,
} from './repository'

import { MAX_BATCH_SCANS, MAX_CODE_CHARS } from '../../../contract/admin/door'

export { MAX_BATCH_SCANS, MAX_CODE_CHARS }
/** A typed or barcode ticket code: digits, with the spaces or dashes a steward may type. */
const TYPED_CODE = /^[0-9][0-9 -]*$/

/** What a scanned text names: a ticket, or why not. */
type Identified = { ticket: TicketRow } | { result: 'forged' | 'unknown' | 'replaced'; ticket?: TicketRow }

/**
 * Finds the ticket of a scanned text. A signed token (the QR code) is verified with the listed
 * public keys first, so a forged one never reaches the database; a typed or barcode code is
 * looked up (its 12 random digits are the secret, as on the printed ticket).
 */
async function identify(db: Db, keys: TicketKeys, code: string): Promise<Identified> {
  if (looksLikeToken(code)) {
    const v = await keys.verifier.verify(code)
    if (!v.ok) return { result: 'forged' }
    const ticket = await findTicketById(db, v.claims.ticketId)
    if (!ticket) return { result: 'unknown' }
    const now = ticketClaims(ticket)
    const same = now.sessionId === v.claims.sessionId && now.place.kind === v.claims.place.kind && now.place.id === v.claims.place.id
    return same ? { ticket } : { result: 'replaced', ticket }
  }
  if (!TYPED_CODE.test(code)) return { result: 'unknown' }
  const ticket = await findTicketByCode(db, code.replace(/[ -]/g, ''))
  return ticket ? { ticket } : { result: 'unknown' }
}

/** Whether a check-in list admits a ticket: its categories, and its sectors (seated tickets only). */
export function listAdmits(list: NonNullable<RedeemPolicy['list']>, ticket: { client_category_id: number; seat_id: number | null; sector_id: number | null }): boolean {
  if (list.categoryIds.length > 0 && !list.categoryIds.includes(ticket.client_category_id)) return false
  if (list.sectorIds.length > 0 && (ticket.seat_id === null || ticket.sector_id === null || !list.sectorIds.includes(ticket.sector_id))) return false
  return true
}

/** Checks that do not depend on the ticket's history: null = it takes part in it. */
function standing(ticket: TicketRow, sessionId: number, policy: RedeemPolicy): RedeemResult | null {
  if (isReturned(ticket.return_status) || (ticket.paid === 1 && ticket.order_status === ORDER_STATUS_CANCELLED)) return 'refunded'
  // An unpaid order never showed a code: its ticket admits nobody and is not worth naming.
  if (ticket.paid !== 1) return 'unknown'
  if (ticket.calendar_id !== sessionId) return 'wrong_session'
  // A paid order stays unconfirmed only while its named tickets await their holders (a free named
  // order, a box-office named sale): no code is shown for it yet (orders/state.ts printingAllowed),
  // and none admits anyone before the names are entered.
  if (ticket.order_status !== ORDER_STATUS_CONFIRMED) return 'unnamed'
  if (policy.list && !listAdmits(policy.list, ticket)) return 'not_on_list'
  return null
}

/**
 * Whether a scan is flagged: an entry its device let through that does not stand as valid. One
 * rule however the result came: the ticket's history replayed (a later entry demoted), the
 * server's own checks (refunded, wrong session, not on the list …) refusing a ticket a phone
 * admitted offline on its older list, or an online scan that timed out and that the phone then
 * admitted on its own (answerSeen).
 */
const flagOf = (direction: string, admitted: boolean, result: string): 0 | 1 => (direction === 'in' && admitted && result !== 'valid' ? 1 : 0)

/**
 * Replays a ticket's entries and exits in scan time order, so the first scan wins however late
 * it arrives: an entry is valid when the ticket is outside (and, without re-entry, never came
 * in), an exit when it is inside. Rows whose result changes are rewritten; an entry the device
 * admitted that the history now refuses is flagged. Answers the ids of rewritten rows.
 * Each entry follows its own gate's re-entry rule (a re-entry a re-entry gate allowed stays valid
 * when a strict gate scans later); `policy.reentry` is for scans without a list (DOOR_TOKEN
 * calls, whose rule comes with each call).
 */
async function replay(trx: Db, lineId: number, policy: RedeemPolicy): Promise<number[]> {
  const rows = await ticketHistory(trx, lineId)
  const changed: number[] = []
  let inside = false
  let entered = false
  for (const row of rows) {
    let result: RedeemResult
    if (row.direction === 'in') {
      const reentry = row.list_reentry === null ? policy.reentry : row.list_reentry === 1
      result = !inside && (reentry || !entered) ? 'valid' : 'already_used'
      if (result === 'valid') inside = entered = true
    } else {
      result = inside ? 'valid' : 'not_inside'
      if (result === 'valid') inside = false
    }
    const flagged = flagOf(row.direction, row.admitted === 1, result)
    if (result !== row.result || flagged !== row.flagged) {
      await setScanResult(trx, row.id, result, flagged)
      changed.push(row.id)
    }
  }
  return changed
}

async function answerOf(db: Db, row: ScanRow, replayed: boolean, conflicts: number[]): Promise<RedeemAnswer> {
  const ticket = row.order_line_id !== null ? await findTicketById(db, row.order_line_id) : undefined
  const entry = row.result === 'already_used' ? await validBefore(db, row, 'in') : undefined
  // An exit without the ticket inside: the exit that left it outside, if it ever came in.
  const exit = row.result === 'not_inside' ? await validBefore(db, row, 'out') : undefined
  return {
    result: row.result as RedeemResult,
    scanId: row.id,
    nonce: row.nonce,
    gate: row.gate,
    direction: row.direction as Direction,
    scannedAt: row.scanned_at,
    replayed,
    flagged: row.flagged === 1,
    ticket: ticket ? doorTicketOf(ticket) : null,
    firstUse: entry ? { at: entry.scanned_at, gate: entry.gate } : null,
    lastExit: exit ? { at: exit.scanned_at, gate: exit.gate } : null,
    conflicts,
  }
}

/** A scan names a session that does not exist: the device is misconfigured, an error rather than a door answer. */
async function requireSessions(db: Db, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)]
  const found = await existingSessionIds(db, wanted)
  const missing = wanted.find((id) => !found.has(id))
  if (missing !== undefined) throw new ApiFailure('session-not-found', { id: missing })
}

/** What makes a scan the same scan when its nonce comes again (sameScan). */
interface ScanKey {
  code: string
  sessionId: number
  listId: number | null
  direction: string
}

/** The scanned text as it is logged: trimmed, and cut at MAX_CODE_CHARS. */
const loggedCode = (code: string): string => code.trim().slice(0, MAX_CODE_CHARS)

const keyOf = (scan: Scan, policy: RedeemPolicy): ScanKey => ({ code: loggedCode(scan.code), sessionId: scan.sessionId, listId: policy.list?.id ?? null, direction: scan.direction ?? 'in' })
const rowKey = (row: ScanRow): ScanKey => ({ code: row.code, sessionId: Number(row.calendar_id), listId: row.list_id === null ? null : Number(row.list_id), direction: row.direction })

/**
 * Whether two scans under one nonce are the same scan sent again (a retry, a re-upload): the
 * same scanned text, session, check-in list and direction, all of which a retry sends unchanged
 * (the gate's name is not compared: a list may be renamed between the online try and the
 * upload, and a shared-token retry may come through another gate). Anything else is another
 * scan reusing the nonce (a device's bug, two devices' nonces colliding): answering it with the
 * stored scan would show one ticket's answer for another and never record the ticket scanned.
 */
const sameScan = (a: ScanKey, b: ScanKey): boolean => a.code === b.code && a.sessionId === b.sessionId && a.listId === b.listId && a.direction === b.direction

/** The scan logged under a request's nonce, when it is that request's (sameScan); else the request is refused, recording nothing. */
function ownScan(row: ScanRow, key: ScanKey): ScanRow {
  if (!sameScan(rowKey(row), key)) throw new ApiFailure('door-nonce-reused', { nonce: row.nonce })
  return row
}

/**
 * An upload reusing a nonce for another scan, within itself or of a scan logged before, is
 * refused whole before any of its scans is recorded, as an upload with any bad scan is (the app
 * then sends its scans one by one, and only that one is refused: app/door/model/upload.ts).
 * A nonce logged meanwhile by a concurrent call is still caught scan by scan (redeem).
 */
async function requireOwnNonces(db: Db, scans: readonly Scan[], policyAt: (i: number) => RedeemPolicy): Promise<void> {
  const first = new Map<string, ScanKey>()
  for (const [i, s] of scans.entries()) {
    const key = keyOf(s, policyAt(i))
    const earlier = first.get(s.nonce)
    if (!earlier) first.set(s.nonce, key)
    else if (!sameScan(earlier, key)) throw new ApiFailure('door-nonce-reused', { nonce: s.nonce })
  }
  for (const row of await findScansByNonces(db, [...first.keys()])) ownScan(row, first.get(row.nonce)!)
}

/**
 * When a scan's device says it scanned, on the server's clock (judgedScanTime): corrected by the
 * clock it carries, never before that clock's proven time nor after `now`; without a time, `now`.
 * `floor` (scanFloor): a time claimed without a proven clock before it is not believed, and
 * the scan is timed `now`, as on arrival.
 */
function claimedTime(scan: Scan, now: number, floor = -Infinity): number {
  if (scan.scannedAt === undefined) return now
  if (scan.clock === undefined && scan.scannedAt < floor) return now
  return judgedScanTime(scan.scannedAt, scan.clock, now)
}

/**
 * The earliest time a scan at a session can really have been made: the door works a session
 * only from DOOR_AHEAD_MS before its start (door-window.ts: no live scan before, and a phone scans
 * offline only a session whose list it synced by then).
 *
 * Why it matters: an offline scan is judged by the time it claims, and the first scan wins
 * however late it arrives. A clock proven by a stamp (clock.ts) cannot claim before the stamp's
 * time, but an upload without one (older apps, other scanners) says only its device's time: one
 * claiming 1970 (a reset clock, or a forged upload) would sort before every honest entry, turn
 * the entry an online gate really admitted into already_used and flag it, and stand as valid
 * itself. A claim before this floor is a clock known wrong, so it proves nothing about the
 * order of scans: the scan is timed on arrival (`now`), as a claim later than now is, and comes
 * after every entry already made. The ticket's payment time would bound it too, but it is often
 * minutes before an honest scan (bought at the door) and a device clock a few minutes behind
 * would then lose its real order; the session's bound leaves two days of margin.
 */
const scanFloor = (startsAt: number | undefined): number => (startsAt === undefined ? -Infinity : startsAt - DOOR_AHEAD_MS)

/** An offline scan claiming a time without a proven clock: the only kind held to scanFloor. */
const unproven = (scan: Scan): boolean => scan.offline === true && scan.clock === undefined && scan.scannedAt !== undefined

/** An offline scan its device refused: it moved nobody, so it is logged (with what the device showed) but not counted. */
const refusedOffline = (scan: Scan): boolean => scan.offline === true && scan.admitted === false

/** What a refused offline scan is logged as: the device's answer, or `unknown` when it sent none. */
const refusalShown = (scan: Scan): RedeemResult => (scan.shown !== undefined && scan.shown !== 'valid' ? scan.shown : 'unknown')

/**
 * A re-sent nonce whose upload says the device admitted, of a stored entry not marked admitted
 * (answerSeen): a counted entry, or an online scan the server refused on its own checks (an online
 * scan is left uncounted only by them).
 */
const admitsLate = (row: ScanRow, scan: Scan): boolean =>
  scan.offline === true && scan.admitted !== false && row.direction === 'in' && row.admitted === 0 && (row.counted === 1 || row.offline === 0)

/**
 * A nonce seen again. When an offline upload says its device let the holder through, and the
 * stored scan is an entry not marked admitted (a counted one, or one the server refused on its
 * own checks: say refunded), the online call had timed out after the server logged it and the
 * phone admitted on its own under the same nonce: the admission is recorded (flagged unless the
 * entry stands as valid), `replayed: false` so the phone counts the flag once. Anything else
 * answers the stored scan, `replayed`, unchanged. Under the ticket's lock, as every change of
 * its history (a scan without a ticket has no history to race).
 */
async function answerSeen(db: Db, seen: ScanRow, scan: Scan, policy: RedeemPolicy): Promise<RedeemAnswer> {
  if (!admitsLate(seen, scan)) return answerOf(db, seen, true, [])
  return db.transaction().execute(async (trx) => {
    if (seen.order_line_id !== null) await lockTicket(trx, seen.order_line_id)
    return admitLate(trx, (await findScanById(trx, seen.id))!, scan, policy)
  })
}

/**
 * answerSeen's change, the ticket's lock held: the row is read again under it. The row changes
 * only while not yet admitted, so of two uploads at once only one answers `replayed: false`.
 * An online entry the history refused had left it (settleOnlineScan: it moved nobody); the holder
 * went in after all, so it joins it again, received now (devices sync the ticket's history again),
 * and the history is replayed (it may stand as valid, when an exit before it arrived meanwhile,
 * and then flags nothing).
 */
async function admitLate(trx: Db, row: ScanRow, scan: Scan, policy: RedeemPolicy): Promise<RedeemAnswer> {
  if (!admitsLate(row, scan)) return answerOf(trx, row, true, [])
  const rejoins = row.counted === 0 && row.order_line_id !== null && HISTORY_RESULTS.includes(row.result as RedeemResult)
  const changed = await setScanAdmitted(trx, row.id, flagOf(row.direction, true, row.result), rejoins ? Date.now() : undefined)
  const conflicts = changed && rejoins ? (await replay(trx, row.order_line_id!, policy)).filter((id) => id !== row.id) : []
  return answerOf(trx, (await findScanById(trx, row.id))!, !changed, conflicts)
}

/**
 * One door scan (issue 19.4): answers valid / already used (when, which gate) / not inside /
 * wrong session / refunded / replaced / unknown / forged, and logs it under its nonce.
 *
 * - The same nonce again (a re-upload) answers the stored scan as reconciled since, `replayed`,
 *   and changes nothing; except that an offline upload of a nonce the server logged online as an
 *   entry (counted, or refused on its own checks), saying the device admitted the holder (the
 *   online call timed out and the phone decided on its own), records that admission once:
 *   flagged when the entry does not stand as valid, answered `replayed: false` (answerSeen).
 *   A nonce logged for another scan (another code, session, list or direction: sameScan) is
 *   refused (`door-nonce-reused`) and records nothing, however the two calls raced.
 * - Two gates at once: the ticket's row is locked, so one entry wins (both databases, several
 *   processes).
 * - Offline scans carry the device's scan time; the ticket's history is replayed in that order,
 *   so the first scan wins and a later entry the device admitted is flagged (`conflicts` names
 *   rows this scan changed). An entry the device admitted that the server refuses on its own
 *   checks (refunded, wrong session, not on the list … since the phone's last sync) is flagged
 *   too: someone came in who should not have.
 * - An offline scan its device refused (`admitted: false`) let nobody in or out: it is logged
 *   with the result the device showed (`shown`; a scan the server refuses on its own keeps the
 *   server's reason) and counts as a refusal at its gate, never as an entry or exit of the
 *   ticket (else an Unknown on a phone whose list predates the sale would turn the holder away
 *   at the next gate as already used). Nor is an entry the server refused online as already used
 *   (settleOnlineScan): an exit from before it uploaded later must not make it an entry nobody
 *   made, which would count the holder inside and refuse him again; it joins the history once a
 *   phone says it let him in after all (admitLate).
 * Online scans are timed by the server; offline ones by their device's clock corrected by the
 * last server time it heard (`clock`: a phone set behind does not sort its scans before entries
 * made earlier in real time), never before that time, and a time later than now counts as now
 * (a device clock ahead cannot jump the queue). An upload without a clock (older apps and
 * scanners) is timed by its device's clock alone, unless it claims a time before its session's
 * door opened: such a clock is known wrong, and the scan is timed on arrival (scanFloor).
 */
export async function redeem(db: Db, keys: TicketKeys, scan: Scan, policy: RedeemPolicy = DEFAULT_POLICY, now = Date.now()): Promise<RedeemAnswer> {
  const code = loggedCode(scan.code)
  const direction: Direction = scan.direction ?? 'in'
  const key = keyOf(scan, policy)
  const offline = scan.offline === true
  await requireSessions(db, [scan.sessionId])
  // Only an unproven offline time is checked against it (claimedTime).
  const floor = unproven(scan) ? scanFloor(await sessionStart(db, scan.sessionId)) : -Infinity

  const seen = await findScanByNonce(db, scan.nonce)
  if (seen) return answerSeen(db, ownScan(seen, key), scan, policy)
  const found = await identify(db, keys, code)

  return db.transaction().execute(async (trx) => {
    // Read again under the lock: a return confirmed meanwhile counts.
    if (found.ticket) await lockTicket(trx, found.ticket.id)
    const ticket = found.ticket ? await findTicketById(trx, found.ticket.id) : undefined
    const logged = await findScanByNonce(trx, scan.nonce)
    const earlier = logged && ownScan(logged, key)
    // Logged meanwhile: the lock held is the ticket's only when the nonce names the same ticket (or none, needing no lock).
    if (earlier) return earlier.order_line_id === (ticket?.id ?? null) ? admitLate(trx, earlier, scan, policy) : answerOf(trx, earlier, true, [])
    // An online scan is timed under the ticket's lock, so two gates at once are ordered as they
    // were decided (a scan timed before the lock could sort before an entry already answered
    // valid). An offline scan keeps its device's time, corrected by its clock (claimedTime).
    const at = Math.max(now, Date.now())
    const scannedAt = offline ? claimedTime(scan, at, floor) : at
    const fixed = 'result' in found ? found.result : ticket ? standing(ticket, scan.sessionId, policy) : 'unknown'
    // Part of the ticket's entries and exits: it passed the checks above and nobody refused it at the door.
    const moved = fixed === null && !refusedOffline(scan)
    // The phone let the holder through on its own (online, the server's answer decides: settleOnlineScan).
    const letThrough = offline && !refusedOffline(scan)
    const result = fixed ?? (moved ? 'valid' : refusalShown(scan))
    const inserted = await insertScan(trx, {
      nonce: scan.nonce,
      order_line_id: ticket?.id ?? null,
      calendar_id: scan.sessionId,
      list_id: policy.list?.id ?? null,
      gate: scan.gate,
      direction,
      code,
      result,
      counted: moved ? 1 : 0,
      offline: offline ? 1 : 0,
      admitted: letThrough ? 1 : 0,
      // A ticket the server refuses on its own checks (refunded since the phone's last sync, say) that the phone let in is
      // flagged as any entry that should not have been let in; a moved scan's flag is the replay's below.
      flagged: flagOf(direction, letThrough, result),
      scanned_at: scannedAt,
      received_at: at,
    })
    // The same nonce committed by a concurrent call between our check and our insert (the unique
    // key decided): its scan is answered only when it is this one; the loser of a race with
    // another ticket is refused, never shown the winner's ticket.
    if (!inserted) return answerOf(trx, ownScan((await findScanByNonce(trx, scan.nonce))!, key), true, [])
    let conflicts: number[] = []
    if (moved) {
      conflicts = (await replay(trx, ticket!.id, policy)).filter((id) => id !== inserted.id)
      // Online, the device shows our answer: a valid entry lets the holder through, a refusal moves nobody.
      if (!offline) await settleOnlineScan(trx, inserted.id)
    }
    const row = (await findScanById(trx, inserted.id))!
    return answerOf(trx, row, false, conflicts)
  })
}

/**
 * An offline upload: every scan as by `redeem`, in scan time order (so scans of one upload do
 * not demote each other needlessly), answered in the order sent. Each scan commits on its own,
 * so an upload cut short is simply sent again: the nonces of those already in are replayed.
 */
/** `policy`: one for all scans, or one per scan (scans of an upload may name different lists). */
export async function redeemBatch(db: Db, keys: TicketKeys, scans: readonly Scan[], policy: RedeemPolicy | readonly RedeemPolicy[] = DEFAULT_POLICY, now = Date.now()): Promise<RedeemAnswer[]> {
  if (scans.length > MAX_BATCH_SCANS) throw new ApiFailure('invalid-fields', { fields: 'scans' })
  // All or nothing: an upload naming an unknown session records none of its scans.
  const policyAt = (i: number): RedeemPolicy => (Array.isArray(policy) ? (policy as readonly RedeemPolicy[])[i] : (policy as RedeemPolicy))
  if (scans.length > 0) await requireSessions(db, scans.map((s) => s.sessionId))
  await requireOwnNonces(db, scans, policyAt)
  // Sorted by the time each scan will be recorded at (redeem: an unproven claim before its
  // session's floor counts as on arrival), so the batch enters them in the order of their times.
  const floors = new Map<number, number>()
  for (const s of scans) if (unproven(s) && !floors.has(s.sessionId)) floors.set(s.sessionId, scanFloor(await sessionStart(db, s.sessionId)))
  const timeOf = (s: Scan) => claimedTime(s, now, unproven(s) ? (floors.get(s.sessionId) ?? -Infinity) : -Infinity)
  const order = scans.map((s, i) => ({ s, i, at: timeOf(s) })).sort((a, b) => a.at - b.at || a.i - b.i)
  const answers: RedeemAnswer[] = new Array<RedeemAnswer>(scans.length)
  for (const { s, i } of order) answers[i] = await redeem(db, keys, s, policyAt(i), now)
  return answers
}
