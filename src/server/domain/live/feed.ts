import type { Db } from '../../db/connect'
import { readChanges, type Change } from './changes'
import { latestChangeId, pruneChanges } from './changes.repository'
import { LIVE_BATCH_ROWS, LIVE_GAP_WAIT_MS, LIVE_NOTIFY_COALESCE_MS, LIVE_POLL_MS, LIVE_PRUNE_INTERVAL_MS, LIVE_READ_COALESCE_MS, LIVE_RETENTION_MS } from './constants'
import { notifyChanges } from './notify.repository'
import { PgListener } from './pg-listener'

/**
 * Called with a session's new changes and the feed's watermark after them: every change with an
 * id up to `watermark` has now been handed to the listeners of its session (or waited out as a
 * rolled-back id), so a stream may give it to its client as a resume point (Last-Event-ID).
 */
export type ChangeListener = (changes: Change[], watermark: number) => void

export interface LiveFeedOptions {
  /** PostgreSQL URL: listen for other processes' changes. Unset on SQLite (one process). */
  pgUrl?: string
  onError: (err: unknown) => void
  /** Whether this process prunes the change log (the cluster's leader does; unset: always). */
  shouldPrune?: () => boolean
}

/**
 * The in-process bus of seat changes: reads the change log (seat_changes) and hands each new
 * change to the streams watching its session.
 *
 * It reads when poked (a local write committed), when PostgreSQL notifies (any process wrote),
 * and every LIVE_POLL_MS while someone watches (writers that poke nobody). Reads never overlap,
 * and start at most once per LIVE_READ_COALESCE_MS: a poke during a read or soon after one is
 * answered by one more read at the window's end (a full batch is read on at once).
 *
 * Change ids are handed out before commit, so a lower id may become visible after a higher one.
 * The feed keeps `low` (every id up to it handled) and the ids above it already delivered, reads
 * from `low`, delivers only ids not delivered yet, and moves `low` past a missing id once it
 * arrives or after LIVE_GAP_WAIT_MS (a rolled-back transaction never fills its ids).
 */
export class LiveFeed {
  private low = 0
  private readonly delivered = new Set<number>()
  private readonly gapSince = new Map<number, number>()
  private readonly listeners = new Map<number, Set<ChangeListener>>()
  private reading: Promise<void> | null = null
  private again = false
  /** The last read found a full batch: the next one starts at once, not after the window. */
  private backlog = false
  private lastReadAt = 0
  private poll: NodeJS.Timeout | null = null
  private prune: NodeJS.Timeout | null = null
  private pg: PgListener | null = null
  private started = false
  private stopped = false
  private notifyTimer: NodeJS.Timeout | null = null
  private lastNotify = 0

  constructor(
    private readonly db: Db,
    private readonly opts: LiveFeedOptions,
  ) {}

  async start(): Promise<void> {
    if (this.started) return
    this.started = true
    this.low = await latestChangeId(this.db)
    this.poll = setInterval(() => {
      if (this.listeners.size > 0) this.poke()
    }, LIVE_POLL_MS)
    this.poll.unref()
    this.prune = setInterval(() => {
      if (this.opts.shouldPrune && !this.opts.shouldPrune()) return
      pruneChanges(this.db, Date.now() - LIVE_RETENTION_MS).catch(this.opts.onError)
    }, LIVE_PRUNE_INTERVAL_MS)
    this.prune.unref()
    if (this.opts.pgUrl) {
      this.pg = new PgListener(this.opts.pgUrl, () => this.poke(), this.opts.onError)
      await this.pg.start()
    }
  }

  /**
   * A local write to the holds committed: read the log now, and on PostgreSQL tell the other
   * processes (NOTIFY). The trigger that writes the log no longer notifies (migration
   * 2026_11_24_18_09_01): a NOTIFY inside the buyer's transaction takes PostgreSQL's global
   * notification lock at commit, which serialises every buyer's commit. Here it is sent after
   * commit, outside any transaction, at most once per LIVE_NOTIFY_COALESCE_MS per process (the
   * last change of a burst is always announced). Writers that call nobody (the sweeper, the
   * CLI) are seen by every process's LIVE_POLL_MS read.
   */
  changed(): void {
    this.poke()
    if (!this.opts.pgUrl || this.stopped || this.notifyTimer) return
    const wait = Math.max(0, this.lastNotify + LIVE_NOTIFY_COALESCE_MS - Date.now())
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null
      this.lastNotify = Date.now()
      if (!this.stopped) notifyChanges(this.db).catch(this.opts.onError)
    }, wait)
    this.notifyTimer.unref()
  }

  /** Read the log now (a stream started, another process notified, the poll). */
  poke(): void {
    if (this.stopped || !this.started) return
    if (this.reading) {
      this.again = true
      return
    }
    this.reading = (async () => {
      try {
        do {
          const wait = this.backlog ? 0 : this.lastReadAt + LIVE_READ_COALESCE_MS - Date.now()
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
          if (this.stopped) break
          // Pokes until here are answered by this read.
          this.again = false
          this.backlog = false
          this.lastReadAt = Date.now()
          await this.readOnce()
        } while ((this.again || this.backlog) && !this.stopped)
      } catch (err) {
        this.opts.onError(err)
      } finally {
        this.reading = null
      }
    })()
  }

  /**
   * Every change id up to this one has been handed to the listeners watching at the time (or was
   * a rolled-back id): a stream subscribed since before it resumes its client from here.
   */
  watermark(): number {
    return this.low
  }

  /** Watch a session's changes; returns the function that stops watching. */
  subscribe(calendarId: number, listener: ChangeListener): () => void {
    let set = this.listeners.get(calendarId)
    if (!set) this.listeners.set(calendarId, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0 && this.listeners.get(calendarId) === set) this.listeners.delete(calendarId)
    }
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.poll) clearInterval(this.poll)
    if (this.prune) clearInterval(this.prune)
    if (this.notifyTimer) clearTimeout(this.notifyTimer)
    await this.pg?.stop()
    await this.reading
  }

  private async readOnce(): Promise<void> {
    if (this.listeners.size === 0) {
      // Nobody watches: skip the backlog instead of reading it.
      this.low = Math.max(this.low, await latestChangeId(this.db))
      this.delivered.clear()
      this.gapSince.clear()
      return
    }
    const rows = await readChanges(this.db, this.low, LIVE_BATCH_ROWS)
    if (rows.length === LIVE_BATCH_ROWS) this.backlog = true
    const fresh = rows.filter((c) => !this.delivered.has(c.id))
    const byCalendar = new Map<number, Change[]>()
    for (const c of fresh) {
      this.delivered.add(c.id)
      const list = byCalendar.get(c.calendarId)
      if (list) list.push(c)
      else byCalendar.set(c.calendarId, [c])
    }
    // Advance first, so each listener is told the watermark that includes what it is handed.
    this.advance(rows.length ? rows[rows.length - 1].id : this.low)
    for (const [calendarId, changes] of byCalendar) {
      for (const listener of this.listeners.get(calendarId) ?? []) {
        try {
          listener(changes, this.low)
        } catch (err) {
          this.opts.onError(err)
        }
      }
    }
  }

  /** Moves `low` over delivered ids and over gaps that waited long enough. */
  private advance(maxSeen: number): void {
    const now = Date.now()
    while (this.low < maxSeen) {
      const next = this.low + 1
      if (this.delivered.delete(next)) {
        this.low = next
        continue
      }
      const since = this.gapSince.get(next)
      if (since === undefined) {
        this.gapSince.set(next, now)
        break
      }
      if (now - since < LIVE_GAP_WAIT_MS) break
      this.gapSince.delete(next)
      this.low = next
    }
  }
}
