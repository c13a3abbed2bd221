import { ZodError } from 'zod'
import { isForeignKeyViolation } from '../db/constraint-errors'
import { isDatabaseConnectionError } from '../db/connect'
import { ApiFailure } from '../errors'
import { CounterStoreUnavailable } from '../security/counter-store'

/**
 * Errors that are not bugs, turned into refusals the visitor can act on. Database errors:
 *
 * - the database is busy: a lock not granted within lock_timeout (a claim behind a frozen holder),
 *   a statement cut by statement_timeout, a deadlock or serialization victim, a transaction ended
 *   by idle_in_transaction_session_timeout, no free pooled connection in time, SQLite's busy
 *   lock; the per-address counters' Redis down or slow (CounterStoreUnavailable). Answered 503
 *   `busy` with Retry-After: trying again shortly is the right thing to do;
 * - the database out of reach for a moment: a restart or an operator ending the server's backends
 *   (57P01-57P03), a connection exception (class 08), too many connections (53300), a database
 *   not accepting connections (55000 with that message only), a refused, reset or timed-out
 *   socket, node-postgres' "Connection terminated…". Also 503 `busy`: the pool reconnects, and
 *   a request tried again shortly goes through. SQLite runs in the process and has no connection
 *   to lose: its only transient failure is its busy lock (above);
 * - the input cannot be stored (a number beyond the column's range such as an id above 2^31-1,
 *   a NUL character PostgreSQL refuses in text, an unparsable value, a row pointing at nothing):
 *   400 `bad-request`. The contract should refuse these first; this is the net under it, so
 *   malformed input never becomes a 500 on either database.
 */
export const BUSY_RETRY_AFTER_S = 2

const BUSY_SQLSTATES = new Set([
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout)
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '57P01', // admin_shutdown: a backend ended by pg_terminate_backend or a (fast) shutdown/restart
  '57P02', // crash_shutdown: another backend crashed, the server ends every session
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
])
/** SQLSTATE class 08: connection exception (08000, 08003, 08006, 08001, 08004, 08P01…). */
const CONNECTION_EXCEPTION_CLASS = '08'
/**
 * 55000 (object_not_in_prerequisite_state) is mostly a real bug (e.g. currval before nextval), so
 * it is busy only with the message PostgreSQL gives when a database refuses connections
 * (`ALTER DATABASE … ALLOW_CONNECTIONS false`, a database being dropped or renamed).
 */
const NOT_IN_PREREQUISITE_STATE = '55000'
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/
/**
 * Socket errors (node's net): a database connection's when the server is down, restarting or
 * unreachable; they may as well be another service's (failedService).
 */
const SOCKET_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'])
/**
 * What node-postgres says, with no code, when the socket of a client closes under it: "Connection
 * terminated unexpectedly" (mid-query), "Connection terminated" (a query queued on an ended
 * client), "Connection terminated due to connection timeout" (connect), and a client that already
 * failed: "Client has encountered a connection error and is not queryable".
 */
const PG_CONNECTION_LOST = /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable)$/
/** Besides a foreign-key violation (an id of nothing, on either database: isForeignKeyViolation). */
const BAD_INPUT_SQLSTATES = new Set([
  '54000', // program_limit_exceeded: e.g. a value too large for an index row
])
/** SQLSTATE class 22: data exception (out of range, invalid text, NUL byte, too long). */
const DATA_EXCEPTION_CLASS = '22'
const SQLITE_BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED'])
/** What pg-pool says when no connection frees up within connectionTimeoutMillis. */
const POOL_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect'

/** A PostgreSQL SQLSTATE: five digits or upper-case letters (23503, 55P03, 08006). */
const SQLSTATE = /^[0-9A-Z]{5}$/

function codeOf(err: unknown): string | null {
  if (typeof err !== 'object' || err === null || !('code' in err)) return null
  const code = (err as { code: unknown }).code
  return typeof code === 'string' ? code : null
}

/**
 * What failed behind a refusal of knownFailure, for the log line: an operator paged by "busy"
 * answers must look at what is down. The database is named only on its own evidence: a SQLSTATE
 * (PostgreSQL's five-character code), an SQLite code, or node-postgres' and pg-pool's own
 * messages. A lost socket (ECONNRESET, EPIPE, ETIMEDOUT, ECONNREFUSED) carries nothing saying whose
 * it was (the database's connection, a mail server's, a bank's): it is the database's where our
 * pg pool saw its connection raise it (db/connect.ts isDatabaseConnectionError); otherwise the
 * line names a lost connection, with its peer where Node gives one, and the error beside it says
 * the rest. Redis has its own error (CounterStoreUnavailable). The visitor's answer is the same.
 */
export function failedService(err: unknown): string {
  if (err instanceof CounterStoreUnavailable) return 'Redis (REDIS_URL, the per-address counters) failed'
  if (err instanceof ZodError) return 'input refused'
  const code = codeOf(err)
  if (code !== null && SOCKET_ERROR_CODES.has(code)) {
    if (isDatabaseConnectionError(err)) return `database (PostgreSQL) connection failed (${code})`
    const { address, port } = err as { address?: unknown; port?: unknown }
    return `connection lost (${code}${typeof address === 'string' ? ` to ${address}${typeof port === 'number' ? `:${port}` : ''}` : ''}: the database or another service)`
  }
  if (code !== null && code.startsWith('SQLITE_')) return 'database (SQLite) refused'
  if (code !== null && SQLSTATE.test(code)) return 'database (PostgreSQL) refused'
  if (err instanceof Error && (err.message === POOL_TIMEOUT_MESSAGE || PG_CONNECTION_LOST.test(err.message))) return 'database (PostgreSQL) connection failed'
  return 'database refused'
}

/**
 * The refusal an error stands for, or null when it is an internal error: a database error
 * (above), or a handler's own zod schema refusing its input (a route beside the contract that
 * parses its params itself, such as the sandbox bank's pages).
 */
export function knownFailure(err: unknown): ApiFailure | null {
  if (err instanceof ZodError || isForeignKeyViolation(err)) return new ApiFailure('bad-request')
  if (err instanceof CounterStoreUnavailable) return new ApiFailure('busy')
  const code = codeOf(err)
  if (code !== null) {
    if (BUSY_SQLSTATES.has(code) || SQLITE_BUSY_CODES.has(code) || SOCKET_ERROR_CODES.has(code)) return new ApiFailure('busy')
    if (SQLSTATE.test(code) && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return new ApiFailure('busy')
    if (code === NOT_IN_PREREQUISITE_STATE && err instanceof Error && NOT_ACCEPTING_CONNECTIONS.test(err.message)) return new ApiFailure('busy')
    if (BAD_INPUT_SQLSTATES.has(code) || (SQLSTATE.test(code) && code.startsWith(DATA_EXCEPTION_CLASS))) return new ApiFailure('bad-request')
  }
  if (err instanceof Error && (err.message === POOL_TIMEOUT_MESSAGE || (code === null && PG_CONNECTION_LOST.test(err.message)))) return new ApiFailure('busy')
  return null
}
