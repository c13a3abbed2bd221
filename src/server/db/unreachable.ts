/**
 * Thrown when the database cannot be reached at start (refused, unknown host, no such database,
 * authentication): an operator's mistake in DATABASE_URL or a database not up yet, not a failed
 * migration (migrations/index.ts).
 */
export class DatabaseUnreachableError extends Error {}

/** Error codes of a database that cannot be reached or opened (network, DNS, PostgreSQL class 28/3D, SQLite). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', '3D000', '28000', '28P01', 'SQLITE_CANTOPEN'])

/** True when `err` says the database could not be reached (not that a statement failed). */
export function isUnreachableDatabase(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true
  // pg's own "timeout expired" when connectionTimeoutMillis passes before a connection.
  return err instanceof Error && /^Connection terminated due to connection timeout|^timeout expired/.test(err.message)
}
