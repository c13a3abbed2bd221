/**
 * Tuning numbers of the live seat map. The spec names none of these; each is our choice and
 * says what it costs.
 */

/**
 * How often the change log is read while someone watches a map, besides the immediate reads
 * on a local change or a PostgreSQL notification. It catches changes written where nobody pokes
 * (the sweeper on SQLite, the CLI) within a second; one indexed query per second per process.
 */
export const LIVE_POLL_MS = 1000
/** Change rows read per query; a bigger backlog is read in several rounds. */
export const LIVE_BATCH_ROWS = 5000
/**
 * A change id below the newest one seen that has not shown up yet may belong to a transaction
 * still committing (ids are handed out before commit). It is waited for this long, then counted
 * as a rolled-back id. Costs re-reading the rows above it for that long.
 */
export const LIVE_GAP_WAIT_MS = 3000
/** Change rows older than this are deleted; a client reconnecting later re-syncs with the full map. */
export const LIVE_RETENTION_MS = 60 * 60 * 1000
/** How often old change rows are deleted. */
export const LIVE_PRUNE_INTERVAL_MS = 10 * 60 * 1000

/** SSE comment line sent this often so proxies and browsers keep an idle stream open. */
export const SSE_HEARTBEAT_MS = 15_000
/** Reconnection delay the browser's EventSource is told to use (SSE `retry:`). */
export const SSE_RETRY_MS = 2000
/**
 * A reconnecting client is sent again the changes from this many ids before its Last-Event-ID:
 * a change that committed late with a lower id is not lost. Statuses are absolute and replayed
 * in id order, so repeating a few is harmless.
 */
export const SSE_REPLAY_LOOKBACK_IDS = 500
/** At most this many changes are replayed; a longer absence answers resync (reload the map). */
export const SSE_REPLAY_MAX = 20_000
/** A client that lets this much output pile up unread is disconnected (it re-syncs on reconnect). */
export const SSE_MAX_BUFFERED_BYTES = 4 * 1024 * 1024
/** Open streams per server process; more are refused with 503 so memory stays bounded. */
export const SSE_MAX_STREAMS = 10_000
/** Delay before a lost PostgreSQL LISTEN connection is opened again. */
export const PG_LISTEN_RETRY_MS = 1000
/**
 * A process announces its committed seat changes to the others (NOTIFY, feed.ts changed()) at
 * most once per this many ms: in a rush, 20 notifications a second per process instead of one
 * per buyer, each costing the listeners one indexed read; a change waits at most this long.
 */
export const LIVE_NOTIFY_COALESCE_MS = 50
/** The NOTIFY channel the processes announce seat changes on (feed.ts changed()). */
export const PG_CHANNEL = 'seat_changes'
/**
 * The feed reads the change log at most once per this many ms (feed.ts poke()): a read after a
 * quiet spell starts at once, pokes within the window (each local hold, each notification) share
 * one read at its end. In a rush a process made about one read per buyer's hold (with nobody
 * watching, still one query for the log's newest id): 400 holds at once cost 2.07 ms of server
 * and database CPU a hold against 1.85 with the window (bench:load:cpu, three runs each,
 * 2026-11-30). Now at most 40 reads a second, and a change reaches open maps at most this much
 * later.
 */
export const LIVE_READ_COALESCE_MS = 25
