import type { SyncScan } from '../../../contract/admin/door'

/**
 * How long this phone remembers an entry whose answer it dropped: the steward rescans the holder
 * at the new gate moments later, not hours.
 */
export const UNSEEN_ENTRY_KEPT_MS = 10 * 60_000

/** An entry the server recorded as valid whose answer this phone never showed. */
type UnseenEntry = Pick<SyncScan, 'ticketId' | 'gate' | 'scannedAt'> & { heardAt: number }

/** The part of an answer that tells whether its refusal rests on such an entry. */
interface Refusal {
  result: string
  ticket: { id: number } | null
  firstUse: { at: number; gate: string } | null
}

/**
 * Entries this phone made that nobody saw (engine.ts scan): an answer that comes after the steward
 * changed gate or session is dropped, yet the server has recorded the scan, and it has no call to
 * undo one. A rescan of the ticket at the new gate is then *Already used* at the old one, though
 * the steward never let the holder in there: the answer says the entry is this phone's own unseen
 * scan, so the steward knows what it is. Kept in memory only (moments matter, not a reload).
 */
export class UnseenEntries {
  private entries: UnseenEntry[] = []

  constructor(private readonly now: () => number = Date.now) {}

  /** A valid entry's answer dropped. */
  add(scan: Pick<SyncScan, 'ticketId' | 'gate' | 'scannedAt'>): void {
    this.forget()
    this.entries.push({ ticketId: scan.ticketId, gate: scan.gate, scannedAt: scan.scannedAt, heardAt: this.now() })
  }

  /** Whether an answer is *Already used* because of one of them: the same ticket, and the entry in force is that scan (its gate and time). */
  explains(answer: Refusal): boolean {
    this.forget()
    const { ticket, firstUse } = answer
    if (answer.result !== 'already_used' || !ticket || !firstUse) return false
    return this.entries.some((e) => e.ticketId === ticket.id && e.gate === firstUse.gate && e.scannedAt === firstUse.at)
  }

  private forget(): void {
    const since = this.now() - UNSEEN_ENTRY_KEPT_MS
    this.entries = this.entries.filter((e) => e.heardAt >= since)
  }
}
