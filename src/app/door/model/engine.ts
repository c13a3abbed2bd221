import type { CheckinList, Direction, DoorSession, DoorTicket, RedeemResult, SyncScan } from '../../../contract/admin/door'
import { judgedScanTime, type DeviceClock, type DoorClock } from '../../../contract/admin/door-clock'
import { DoorApiError, NoNetwork, type DoorApi } from '../api'
import { keepLoadedFiles } from '../offline'
import { uploadedScan, uploadQueued } from './upload'
import type { ListFilters } from './decide'
import { OfflineAnswers, type Unchecked } from './offline-answer'
import type { PlaceFacts } from './places'
import { UnseenEntries } from './unseen'
import { cursorOf, dequeue, heldClock, heldTickets, LIST_KEPT_MS, loadSession, mergeSync, pruneSessions, queued, rememberScan, saveSession, tallyOf, type SessionData, type Tally } from './store'

/** An online scan waits this long for the server, then the device answers on its own (the goal is an answer within 300 ms). */
export const ONLINE_TIMEOUT_MS = 1500
/** While online, the ticket list is synced this often, and queued scans uploaded. */
export const SYNC_INTERVAL_MS = 20_000

export interface ShownAnswer {
  result: RedeemResult
  ticket: DoorTicket | null
  firstUse: { at: number; gate: string } | null
  /** not_inside: the exit that left the ticket outside (none: it never entered). */
  lastExit?: { at: number; gate: string } | null
  direction: Direction
  /** Decided by this device without the server (queued for upload). */
  offline: boolean
  at: number
  /** Offline, a ticket sold after the last sync: where it sits and what it is (the session's places). */
  place?: PlaceFacts
  /** *Already used* by an entry of this phone's own whose answer came after the gate was changed, never shown (unseen.ts). */
  unseenEntry?: boolean
  /** *Already used* by an entry (*Not inside* by an exit) that may be a scan of this phone's own whose answer never came (timed out; unseen.ts). */
  unansweredScan?: boolean
}

export interface DoorSnapshot {
  session: DoorSession | null
  list: CheckinList | null
  online: boolean
  /** Tickets of the synced list the chosen gate admits (refunded ones left out, as the server counts); null before the first sync of this session. */
  tickets: number | null
  syncedAt: number | null
  /** Offline scans not yet uploaded. */
  pending: number
  /** The chosen session's uploaded scans the server flagged (the holder was let in, yet another scan came first); kept on the device (store.ts tallies). */
  flagged: number
  /** The chosen session's offline scans the server refused on their own (e.g. a code too long, a list that does not exist); dropped from the queue. */
  refused: number
  answer: ShownAnswer | null
  /** The last call that failed, and what it was doing: worded at render, in the language chosen then (labels.ts faultText). */
  error: DoorFault | null
  /** The last offline scan could not be checked on the phone, and why (offline-answer.ts): it was not answered, nor queued. */
  unchecked: Unchecked | null
}

/**
 * A failed sync, upload or scan, kept as it came (the server's refusal, the phone's storage
 * failing, an answer not understood) so that the screen words it in the steward's language and
 * keeps the technical text aside, instead of the browser's or the network's own English.
 */
export interface DoorFault {
  /** `remember`: a scan answered online that the phone could not keep for its offline answers (engine.ts remember). */
  during: 'sync' | 'upload' | 'scan' | 'remember'
  err: unknown
}

const nonce = () => crypto.randomUUID().replace(/-/g, '')

/**
 * No answer of the server's own (offline, too slow, or a fault of ours: 5xx): a scan is answered
 * from the list, and a sync or upload keeps the list and queue and shows the offline state until
 * a later try gets through, never a server fault's text the steward can do nothing about.
 */
const unanswered = (err: unknown): boolean => err instanceof NoNetwork || (err instanceof DoorApiError && err.status >= 500)

/** A fault to show, also logged whole (its stack, the browser's own text) for whoever debugs the phone. */
function faultOf(during: DoorFault['during'], err: unknown): DoorFault {
  console.warn(`door ${during} failed`, err)
  return { during, err }
}

/**
 * The check-in device (no React; the screens read it with useSyncExternalStore): the chosen
 * session and gate, the synced list, the offline queue, and each scan's answer. A scan asks the
 * server when there is a network (answer within ONLINE_TIMEOUT_MS), else decides on the synced
 * list and queues the scan with its nonce for upload.
 */
export class DoorEngine {
  private snap: DoorSnapshot = { session: null, list: null, online: navigator.onLine, tickets: null, syncedAt: null, pending: 0, flagged: 0, refused: 0, answer: null, error: null, unchecked: null }
  private listeners = new Set<() => void>()
  private data: SessionData | null = null
  private timer: ReturnType<typeof setInterval> | null = null
  private flushing: Promise<void> | null = null
  /** The newest server time heard (any session's call), with this device's clock when that call went out. */
  private clock: DeviceClock | null = null
  /** Counts the steward's choices (and leaving): a sync answer for an earlier choice is not this one's. */
  private chosen = 0
  private readonly unseen = new UnseenEntries()
  private readonly offlineAnswers = new OfflineAnswers()

  constructor(private readonly api: DoorApi) {}

  subscribe = (fn: () => void) => {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }
  getSnapshot = () => this.snap
  private set(patch: Partial<DoorSnapshot>) {
    this.snap = { ...this.snap, ...patch }
    for (const fn of this.listeners) fn()
  }

  private readonly wentOnline = () => {
    this.set({ online: true })
    void this.refresh()
  }
  private readonly wentOffline = () => this.offline()
  /**
   * The offline state, in place of any error shown before: an error of an earlier call (a
   * refused scan, a sync refused) next to "Offline" told the steward two states at once, and the
   * earlier one no longer held. `error`: one this same call brought (a scan refused on upload).
   * A scan the phone could not keep (`remember`) still holds offline, where it matters: it stays.
   */
  private offline(error: DoorFault | null = null): void {
    const kept = this.snap.error?.during === 'remember' ? this.snap.error : null
    this.set({ online: false, error: error ?? kept })
  }

  /** Starts listening and syncing; `keep`: the session of the gate chosen on this phone before (a reload), whose list stays. */
  start(keep: number | null = null): void {
    window.addEventListener('online', this.wentOnline)
    window.addEventListener('offline', this.wentOffline)
    this.timer = setInterval(() => void this.refresh(), SYNC_INTERVAL_MS)
    void this.countPending()
    void this.pruneOnStart(keep)
  }
  stop(): void {
    window.removeEventListener('online', this.wentOnline)
    window.removeEventListener('offline', this.wentOffline)
    if (this.timer) clearInterval(this.timer)
  }

  /** Picks the session and gate; the list held on the device is used at once, then synced. */
  async choose(session: DoorSession, list: CheckinList): Promise<void> {
    const choice = ++this.chosen
    const [data, tally] = await Promise.all([loadSession(session.calendar_id), tallyOf(session.calendar_id)])
    if (choice !== this.chosen) return
    this.data = data
    // After a reload without a network, the clock kept with the session times the offline scans.
    if (this.data?.clock) this.heard(this.data.clock, this.data.clock.deviceAt)
    this.set({ session, list, answer: null, error: null, unchecked: null, tickets: heldTickets(this.data, list), syncedAt: this.data?.syncedAt ?? null, ...tally })
    await this.refresh()
  }
  leave(): void {
    this.chosen += 1
    this.set({ session: null, list: null, answer: null, flagged: 0, refused: 0, unchecked: null })
  }
  dismiss(): void {
    this.set({ answer: null })
  }

  /** Uploads queued scans, then syncs the list; quiet when offline. */
  async refresh(): Promise<void> {
    await this.flush()
    await this.sync()
  }

  /**
   * Syncs a session's list ahead, while the steward still picks the gate (and while the network
   * is there): answers how many tickets the device now holds for it (for a gate: those its list
   * lets in), or null without a network.
   */
  async prefetch(calendarId: number): Promise<{ tickets: (gate: ListFilters | null) => number; syncedAt: number } | null> {
    try {
      const held = await loadSession(calendarId)
      const sent = Date.now()
      const answer = await this.api('doorSync', { calendar_id: calendarId, cursor: cursorOf(held) })
      const data = { ...mergeSync(held, answer), clock: this.heard(answer.clock, sent) }
      await saveSession(data)
      await this.prune(answer.serverTime)
      keepLoadedFiles()
      return { tickets: (gate) => heldTickets(data, gate) ?? 0, syncedAt: data.syncedAt }
    } catch {
      return null
    }
  }

  /**
   * Syncs the chosen session's list. An answer that comes after the steward chose another gate
   * (or left) goes to its own session's data on the device, never into the one now chosen: merged
   * there, it made the phone check the new gate's tickets against the old session's list.
   */
  async sync(): Promise<void> {
    const session = this.snap.session
    if (!session) return
    const choice = this.chosen
    const current = () => choice === this.chosen
    try {
      const sent = Date.now()
      const answer = await this.api('doorSync', { calendar_id: session.calendar_id, cursor: cursorOf(this.data) })
      const clock = this.heard(answer.clock, sent)
      if (!current()) {
        await saveSession({ ...mergeSync(await loadSession(session.calendar_id), answer), clock })
        await this.prune(answer.serverTime)
        return
      }
      const data = { ...mergeSync(this.data, answer), clock }
      this.data = data
      await saveSession(data)
      await this.prune(answer.serverTime)
      keepLoadedFiles()
      if (!current()) return
      const list = answer.lists.find((l) => l.id === this.snap.list?.id) ?? this.snap.list
      // A sync that worked answers a sync's or an upload's fault, not a scan's: the server's
      // refusal of the code just typed stays until the next answer, or a sync in the background
      // (every SYNC_INTERVAL_MS, or the network coming back) would wipe it before it is read.
      const error = this.snap.error?.during === 'scan' ? this.snap.error : null
      this.set({ online: true, list, tickets: heldTickets(data, list), syncedAt: data.syncedAt, error })
    } catch (err) {
      if (unanswered(err)) this.offline()
      else if (current()) this.set({ error: faultOf('sync', err) })
    }
  }

  /**
   * Sends every queued scan (all sessions) in batches (upload.ts); the server's answers say which
   * it flagged or refused, counted to each scan's own session (a scan of the gate worked before
   * is that session's, not the one chosen now) and kept with the queue across a reload.
   */
  flush(): Promise<void> {
    this.flushing ??= (async () => {
      try {
        const scans = await queued()
        if (scans.length === 0) return
        const done = await uploadQueued(scans.map(uploadedScan), (batch) => this.api('doorRedeemBatch', { scans: batch }))
        const sessionOf = new Map(scans.map((q) => [q.nonce, q.sessionId]))
        const added = new Map<number, Tally>()
        const count = (nonce: string, what: keyof Tally) => {
          const id = sessionOf.get(nonce)!
          const tally = added.get(id) ?? { flagged: 0, refused: 0 }
          tally[what] += 1
          added.set(id, tally)
        }
        for (const nonce of done.flagged) count(nonce, 'flagged')
        for (const r of done.refused) count(r.nonce, 'refused')
        await dequeue([...done.uploaded, ...done.refused.map((r) => r.nonce)], added)
        const last = done.refused.at(-1)
        const patch: Partial<DoorSnapshot> = {}
        const [chosen, choice] = [this.snap.session?.calendar_id, this.chosen]
        const tally = chosen !== undefined && added.has(chosen) ? await tallyOf(chosen) : null
        if (tally && choice === this.chosen) Object.assign(patch, tally)
        // A scan refused on its own: the server's words (in the app's language) for it.
        const refusal = last ? faultOf('upload', new DoorApiError(0, last.errorCode, last.message)) : null
        if (refusal) patch.error = refusal
        if (done.uploaded.length > 0 || done.refused.length > 0) patch.online = true
        const err = done.stoppedBy
        if (unanswered(err)) Object.assign(patch, { online: false, error: refusal })
        else if (err) patch.error = faultOf('upload', err)
        this.set(patch)
      } catch (err) {
        this.set({ error: faultOf('upload', err) })
      } finally {
        this.flushing = null
        await this.countPending()
      }
    })()
    return this.flushing
  }

  /**
   * After a sync (the server's time `serverTime` in hand): drops the lists of sessions whose door
   * has closed (store.ts LIST_KEPT_MS), never the chosen session's nor one with scans queued.
   * Housekeeping: should it fail, the lists stay until the next sync, and the scan goes on.
   */
  private async prune(serverTime: number): Promise<void> {
    const chosen = this.snap.session?.calendar_id
    await pruneSessions(serverTime - LIST_KEPT_MS, chosen === undefined ? [] : [chosen]).catch(() => undefined)
  }

  /**
   * On start, without waiting for a sync: a phone that stays offline never syncs, and kept every
   * closed session's list (holders' names, megabytes each) for good. The server's time is
   * reckoned from the newest clock kept with the lists (door-clock.ts: a constant offset of the
   * phone's clock cancels out, so a phone set days ahead drops nothing early); none kept, nothing
   * is dropped. The same rule as after a sync: never the chosen session's nor one with scans queued.
   */
  private async pruneOnStart(keep: number | null): Promise<void> {
    try {
      const clock = await heldClock()
      if (!clock) return
      const chosen = this.snap.session?.calendar_id
      const kept = [keep, chosen].filter((id): id is number => id !== null && id !== undefined)
      await pruneSessions(judgedScanTime(Date.now(), clock, Number.POSITIVE_INFINITY) - LIST_KEPT_MS, kept)
    } catch {
      // Housekeeping: the lists stay until the next sync prunes them.
    }
  }

  /** Counts the queue; one that cannot be read now (the phone's storage failing) is counted after the next upload. Never rejects. */
  private async countPending(): Promise<void> {
    const pending = await queued().then((q) => q.length, () => null)
    if (pending !== null) this.set({ pending })
  }

  /**
   * One scan: the server's answer when it comes in time, else the device's (queued). No answer
   * from our server counts as no network: a timeout, or a fault of its own (5xx: its database
   * down, read-only, full), so the holder is checked against the synced list at once instead of
   * the steward reading an error; a refusal (4xx) is the server's word and stays one. An answer
   * (or the fallback) that comes after the steward changed gate or session is dropped: it was
   * asked for at the earlier gate, and shown now it would read as the new gate's verdict on the
   * next holder (the server keeps that gate's scan; its valid entry stays known offline, and a
   * rescan of the ticket that it makes *Already used* says it was this phone's unseen entry). A
   * scan whose answer never came may have been recorded too: a rescan's *Already used* that rests
   * on an entry at its gate from when it was sent (*Not inside*: an exit) says it may be that scan.
   */
  async scan(rawCode: string, direction: Direction = 'in'): Promise<ShownAnswer | null> {
    const { session, list } = this.snap
    const code = rawCode.trim()
    if (!session || !list || code === '') return null
    const choice = this.chosen
    const current = () => choice === this.chosen
    const n = nonce()
    const sent = Date.now()
    try {
      const a = await this.api('doorRedeem', { code, list_id: list.id, nonce: n, direction }, ONLINE_TIMEOUT_MS)
      const clock = this.heard(a.clock, sent)
      // Known at once to this device's offline answers, before the next sync (and after a reload: store.ts `seen`).
      const scan = a.ticket && a.result === 'valid' ? { id: a.scanId, ticketId: a.ticket.id, direction: a.direction, result: a.result, gate: a.gate, scannedAt: a.scannedAt } : null
      if (scan) {
        this.remember(session.calendar_id, scan)
        if (this.data?.calendarId === session.calendar_id) this.data.scans.push(scan)
      }
      if (!current()) {
        // The server has recorded it (and has no undo): a rescan at the new gate says whose entry it is.
        if (scan && scan.direction === 'in') this.unseen.add(scan)
        return null
      }
      // Kept in memory, saved with the session at the next sync's save (any clock heard since
      // serves as well: after a reload before it, offline scans are timed from the last sync's).
      if (this.data) this.data.clock = clock
      return this.show({ result: a.result, ticket: a.ticket, firstUse: a.firstUse, lastExit: a.lastExit, direction, offline: false, at: a.scannedAt }, true)
    } catch (err) {
      if (!unanswered(err)) {
        if (current()) this.set({ error: faultOf('scan', err) })
        return null
      }
    }
    // The server may have recorded it all the same: remembered once its own answer is shown (so
    // that answer is not said to rest on it), or dropped after a change of gate (unseen.ts).
    const sentAt = judgedScanTime(sent, this.clock ?? undefined, Number.POSITIVE_INFINITY)
    try {
      return await this.answerOffline(session, list, code, direction, n, current)
    } finally {
      this.unseen.addUnanswered({ code, gate: list.name, direction, sentAt })
    }
  }

  /**
   * Keeps a valid online scan for the offline answers after a reload (store.ts `seen`), unawaited so
   * the answer waits for no storage. Not kept (a full phone, another tab's version), the steward is
   * told (`remember`; left unhandled, it told no one): a reload before the next sync, whose save
   * holds the scan and clears the note, would let the ticket in again offline. Never rejects.
   */
  private remember(calendarId: number, scan: SyncScan): void {
    rememberScan(calendarId, scan).catch((err: unknown) => this.set({ error: faultOf('remember', err) }))
  }

  /**
   * A scan without the server's answer: decided on the synced list and queued for upload; null
   * when the steward changed gate meanwhile, or when the phone could not check it: then the steward
   * is told why (`unchecked`) instead of an answer. Never rejects (ScanScreen calls it unawaited).
   */
  private async answerOffline(session: DoorSession, list: CheckinList, code: string, direction: Direction, n: string, current: () => boolean): Promise<ShownAnswer | null> {
    if (!current()) return null
    const outcome = await this.offlineAnswers.answer(this.data, this.clock, { session, list, code, direction, nonce: n }, current)
    if (!outcome || !current()) return null
    if ('unchecked' in outcome) {
      this.set({ unchecked: outcome.unchecked })
      return null
    }
    // Queued (countPending never rejects).
    await this.countPending()
    // Changed while the scan was stored (milliseconds): queued as decided at its gate, never shown at the new one.
    if (!current()) return null
    return this.show({ ...outcome.answer, direction, offline: true, at: outcome.judgedAt }, false)
  }

  /**
   * Keeps the newer of the clock held and one just heard: the server's time and this device's
   * clock when the call went out (`sentAt`: before the server stamped it, so offline scans are
   * timed late rather than early; door-clock.ts). Answers the clock kept.
   */
  private heard(clock: DoorClock, sentAt: number): DeviceClock {
    if (!this.clock || clock.at > this.clock.at) this.clock = { at: clock.at, stamp: clock.stamp, deviceAt: sentAt }
    return this.clock
  }

  private show(shown: ShownAnswer, online: boolean): ShownAnswer {
    const answer = this.unseen.explains(shown) ? { ...shown, unseenEntry: true } : this.unseen.mayExplain(shown) ? { ...shown, unansweredScan: true } : shown
    this.set({ answer, online, error: null, unchecked: null })
    return answer
  }
}
