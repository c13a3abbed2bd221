/**
 * The defaults and bounds of the server's settings (config.ts reads and checks the environment
 * against them), apart so that code needing only a default (the database pools, a benchmark, a
 * test) does not pull in the environment schema, and config.ts stays one screenful of rules.
 */

/**
 * PostgreSQL session timeouts (set on every pooled connection, db/connect.ts). lock_timeout is
 * what turns "one frozen process holds the session's claim lock" into a quick "busy, try again"
 * for everyone else instead of a site-wide stall; statement_timeout bounds any one query;
 * idle_in_transaction_session_timeout ends the transaction (and frees the locks) of a process
 * that stopped mid-transaction (SIGSTOP, a GC pause, a lost client).
 */
export interface DbTimeouts {
  lockTimeoutMs: number
  statementTimeoutMs: number
  idleInTransactionTimeoutMs: number
}
export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { lockTimeoutMs: 2000, statementTimeoutMs: 10_000, idleInTransactionTimeoutMs: 15_000 }
/** Above statement_timeout, so a slow query answers its own error first; below a proxy's usual 30-60 s. */
export const DEFAULT_REQUEST_DEADLINE_MS = 20_000
/**
 * A buying call waits this long at most for its place in the buying lane (plugins/buying-lane.ts),
 * then answers "busy, try again". It was 5 s, as a wait for a pooled connection; on a 2-core box
 * the rush benchmark's 1,000 orders at once go through at 130-165 a second, so 8-28 % of them
 * (81-283 in four full runs, 2026-11-30) waited past 5 s and were told to come back, which puts a
 * visitor at the back of the queue after the wait he has already paid. Nothing is held while a
 * call waits (no connection, no lock; the lane is taken once the body is in), and the request's
 * own deadline (REQUEST_DEADLINE_MS, 20 s) still bounds the whole call.
 */
export const DEFAULT_BUYING_LANE_WAIT_MS = 10_000
/** A studio save copies in its request this long (a 60,000-seat venue's copy fits; 1,000,000 seats go on in the background). */
export const DEFAULT_STUDIO_COPY_INLINE_MS = 5_000
/** A browser needs one session; 60 a minute leaves room for a school's or an office's shared address. */
export const DEFAULT_SESSIONS_PER_ADDRESS_PER_MINUTE = 60
/** Processes one machine may run (WORKERS): far above any useful number of cores. */
export const MAX_WORKERS = 64
/** Sender of every e-mail when MAIL_FROM is unset (mail/outbox.ts). */
export const DEFAULT_MAIL_FROM = 'Seatwise <no-reply@seatwise.local>'
/** REQUEST_LOG values: which answered requests get a log line (plugins/request-log.ts). */
export const REQUEST_LOG_MODES = ['all', 'errors', 'off'] as const
/** Connections of each process's main pool (DB_POOL_MAX); see db/connect.ts. */
export const DEFAULT_DB_POOL_MAX = 10
/**
 * Connections of each process's page pool (DB_PAGE_POOL_MAX; db/connect.ts pageDbOf). A page's
 * statements take a millisecond or two, and the listing sends at most four at once.
 */
export const DEFAULT_DB_PAGE_POOL_MAX = 4
/** A visitor has a map open in a tab or two; a few more for a household behind one address. */
export const DEFAULT_STREAMS_PER_ADDRESS = 8
/**
 * A person joins a waiting room once per browser (one session). Mobile carriers put many
 * visitors behind one IPv4 address (carrier-grade NAT), so the cap leaves room for a crowd
 * there; a script starting a session per entry is still held to this many tickets in a draw of
 * thousands instead of thousands of its own. A venue whose buyers share fewer addresses may lower it.
 */
export const DEFAULT_QUEUE_JOINS_PER_ADDRESS = 100
/**
 * How long the cluster's background lease lasts (LEADER_LEASE_MS; background/leader.ts): a killed
 * or frozen leader is replaced at most this long (plus a renewal) after its last renewal, so
 * expiry sweeps, mail retries and pruning pause that long at worst. Every process tries to take or
 * renew it a third as often.
 */
export const DEFAULT_LEADER_LEASE_MS = 15_000
/**
 * Bounds of LEADER_LEASE_MS. Below 2 s a renewal (a third of it) comes every ~0.7 s and a slow
 * database round trip or a busy event loop could let the lease lapse under a live leader; above
 * 10 minutes a dead leader would stop the expiry of holds and orders for longer than a
 * default cart hold (CART_HOLD_SECONDS, 600).
 */
export const MIN_LEADER_LEASE_MS = 2_000
export const MAX_LEADER_LEASE_MS = 600_000
