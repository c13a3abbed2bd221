import type { Direction, SyncScan } from '../../../contract/admin/door'
import { parseToken } from '../../../contract/tickets/token'
import { printedCode } from './decide'

/**
 * How long this phone remembers an entry whose answer it dropped, or a scan whose answer never
 * came: the steward rescans the holder moments later, not hours.
 */
export const UNSEEN_ENTRY_KEPT_MS = 10 * 60_000

/**
 * How much earlier than this phone reckons it sent an unanswered scan the server may have stamped
 * it: the phone reckons the server's time from the last answer's clock, late by that call's way
 * up (door-clock.ts; a few hundred milliseconds on a working network, more on a dying one).
 */
export const SENT_CLOCK_SLACK_MS = 5_000

/** An entry the server recorded as valid whose answer this phone never showed. */
type UnseenEntry = Pick<SyncScan, 'ticketId' | 'gate' | 'scannedAt'> & { heardAt: number }

/** A scan whose answer never came in time (engine.ts ONLINE_TIMEOUT_MS): the server may have recorded it. */
export interface UnansweredScan {
  /** The code as scanned or typed. */
  code: string
  /** The gate's (list's) name. */
  gate: string
  direction: Direction
  /** When it was sent, on the server's clock as this phone reckons it. */
  sentAt: number
}

/** The part of an answer that tells whether its refusal rests on such an entry (or exit). */
interface Refusal {
  result: string
  ticket: { id: number; code: string } | null
  firstUse: { at: number; gate: string } | null
  lastExit?: { at: number; gate: string } | null
}

/** Whether a scanned code is that ticket's: its signed token names it (unverified: the answer is the server's), or its printed digits are the ticket's. */
function codeOf(code: string, ticket: Refusal['ticket'] & object): boolean {
  const token = parseToken(code)
  return token ? token.claims.ticketId === ticket.id : printedCode(code) === ticket.code
}

/**
 * Entries this phone made that nobody saw (engine.ts scan): an answer that comes after the steward
 * changed gate or session is dropped, yet the server has recorded the scan, and it has no call to
 * undo one. A rescan of the ticket at the new gate is then *Already used* at the old one, though
 * the steward never let the holder in there: the answer says the entry is this phone's own unseen
 * scan, so the steward knows what it is. Likewise a scan whose answer never came in time: the
 * server may have recorded it all the same (the request got there, the answer did not get back),
 * and the rescan's *Already used* names an entry at that gate from when it was sent (an exit's
 * *Not inside*, such an exit): the answer says it may be that scan. Kept in memory only (moments matter, not a reload).
 */
export class UnseenEntries {
  private entries: UnseenEntry[] = []
  private unanswered: (UnansweredScan & { heardAt: number })[] = []

  constructor(private readonly now: () => number = Date.now) {}

  /** A valid entry's answer dropped. */
  add(scan: Pick<SyncScan, 'ticketId' | 'gate' | 'scannedAt'>): void {
    this.forget()
    this.entries.push({ ticketId: scan.ticketId, gate: scan.gate, scannedAt: scan.scannedAt, heardAt: this.now() })
  }

  /** A scan whose answer never came. */
  addUnanswered(scan: UnansweredScan): void {
    this.forget()
    this.unanswered.push({ ...scan, heardAt: this.now() })
  }

  /** Whether an answer is *Already used* because of one of them: the same ticket, and the entry in force is that scan (its gate and time). */
  explains(answer: Refusal): boolean {
    this.forget()
    const { ticket, firstUse } = answer
    if (answer.result !== 'already_used' || !ticket || !firstUse) return false
    return this.entries.some((e) => e.ticketId === ticket.id && e.gate === firstUse.gate && e.scannedAt === firstUse.at)
  }

  /**
   * Whether an answer is *Already used* because of an entry that may be an unanswered entry scan:
   * the same ticket, the entry in force at that scan's gate, made at or after it was sent (less
   * the clock's slack) and within the time it is remembered; or *Not inside* because of an exit
   * that may be an unanswered exit scan, by the same rule.
   */
  mayExplain(answer: Refusal): boolean {
    this.forget()
    const { ticket } = answer
    const direction: Direction = answer.result === 'already_used' ? 'in' : 'out'
    const passage = answer.result === 'already_used' ? answer.firstUse : answer.result === 'not_inside' ? answer.lastExit : null
    if (!ticket || !passage) return false
    return this.unanswered.some((s) => s.direction === direction && s.gate === passage.gate && passage.at >= s.sentAt - SENT_CLOCK_SLACK_MS && passage.at <= s.sentAt + UNSEEN_ENTRY_KEPT_MS && codeOf(s.code, ticket))
  }

  private forget(): void {
    const since = this.now() - UNSEEN_ENTRY_KEPT_MS
    this.entries = this.entries.filter((e) => e.heardAt >= since)
    this.unanswered = this.unanswered.filter((e) => e.heardAt >= since)
  }
}
