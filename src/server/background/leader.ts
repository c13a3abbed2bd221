import { randomUUID } from 'node:crypto'
import type { Db } from '../db/connect'
import { releaseLease, takeLease } from '../domain/background/lease.repository'
import { DEFAULT_LEADER_LEASE_MS } from '../config-defaults'

/** The lease that names the process running the cluster's background work. */
export const BACKGROUND_LEASE = 'background'
/**
 * How long a taken lease lasts by default (LEADER_LEASE_MS in the environment, config.ts). A
 * crashed or frozen leader is replaced at most this long after its last renewal: expiry sweeps,
 * mail retries and pruning pause that long, no more.
 */
export const LEADER_LEASE_MS = DEFAULT_LEADER_LEASE_MS
/** A lease lasts this many renewal intervals: two renewals in a row may fail before it runs out. */
export const LEADER_RENEWALS_PER_LEASE = 3
/** How often every process tries to take or renew the default lease (a third of it). */
export const LEADER_RENEW_MS = LEADER_LEASE_MS / LEADER_RENEWALS_PER_LEASE
/**
 * The leader stops counting itself leader this long before its lease runs out by its own clock,
 * so another process (whose clock may be this much ahead) never takes over while it still works.
 */
export const LEADER_CLOCK_MARGIN_MS = 2_000

interface Log {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface LeaderOptions {
  leaseMs?: number
  renewMs?: number
  name?: string
}

/**
 * The lease and renewal interval for a configured lease length (config.leaderLeaseMs): renewal
 * always a third of the lease, so no setting can put it near the lease's end.
 */
export function leaderTimings(leaseMs: number): { leaseMs: number; renewMs: number } {
  return { leaseMs, renewMs: Math.round(leaseMs / LEADER_RENEWALS_PER_LEASE) }
}

/**
 * Leadership of a cluster's background work (issue 18.1) by a lease row in the database
 * (job_leases): every process tries to take it every LEADER_RENEW_MS with one atomic upsert;
 * the holder renews it; the others take it once it has run out. A process killed with -9 stops
 * renewing and is replaced within LEADER_LEASE_MS; so is a frozen one (SIGSTOP), which a
 * session-level advisory lock would not do (the frozen process's connection stays open and keeps
 * the lock, and the sweeps that free expired holds would stop for as long as it is frozen). A
 * frozen leader that wakes up counts itself leader only while its lease, by its own clock, has
 * not run out, so two leaders never sweep at once for long; the sweeps themselves are
 * conditional updates, safe even then.
 *
 * The same code serves SQLite (one process: it simply always holds the lease) and several
 * machines on one PostgreSQL (their clocks must agree within LEADER_CLOCK_MARGIN_MS; NTP does).
 */
export class Leader {
  readonly id = randomUUID()
  private heldUntil = 0
  private timer: NodeJS.Timeout | undefined
  private renewing: Promise<void> | null = null
  private stopped = false
  private readonly leaseMs: number
  private readonly renewMs: number
  private readonly name: string

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    opts: LeaderOptions = {},
  ) {
    this.leaseMs = opts.leaseMs ?? LEADER_LEASE_MS
    this.renewMs = opts.renewMs ?? LEADER_RENEW_MS
    this.name = opts.name ?? BACKGROUND_LEASE
  }

  /** True while this process holds the lease with margin to spare. */
  isLeader(now = Date.now()): boolean {
    return now < this.heldUntil - Math.min(LEADER_CLOCK_MARGIN_MS, this.leaseMs / 4)
  }

  /** Tries at once, then every renewMs (an unref'd timer: it never keeps the process alive). */
  async start(): Promise<void> {
    await this.renew()
    this.timer = setInterval(() => {
      if (!this.renewing) this.renewing = this.renew().finally(() => (this.renewing = null))
    }, this.renewMs)
    this.timer.unref()
  }

  /** Stops trying and gives the lease back, so another process takes over at its next try. */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.renewing
    if (this.heldUntil > 0) {
      this.heldUntil = 0
      await releaseLease(this.db, this.name, this.id).catch((err: unknown) => this.log.error({ err }, 'giving the background lease back failed'))
    }
  }

  private async renew(): Promise<void> {
    if (this.stopped) return
    const now = Date.now()
    const wasLeader = this.heldUntil > now
    try {
      const held = await takeLease(this.db, this.name, this.id, now, now + this.leaseMs)
      this.heldUntil = held ? now + this.leaseMs : 0
    } catch (err) {
      // The database is away: keep what we had; it runs out on its own if this keeps failing.
      this.log.error({ err }, 'background lease renewal failed')
      return
    }
    if (this.heldUntil > 0 && !wasLeader) this.log.info({ leader: this.id, pid: process.pid }, 'this process runs the background work')
    if (this.heldUntil === 0 && wasLeader) this.log.info({ leader: this.id, pid: process.pid }, 'another process took over the background work')
  }
}
