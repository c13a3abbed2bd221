/** Codes of a foreign-key violation: PostgreSQL's SQLSTATE and better-sqlite3's code. */
const FOREIGN_KEY_CODES = new Set(['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'])

/** True for a foreign-key violation (a row pointing at nothing) on either database. */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const code = (err as { code?: unknown }).code
  return typeof code === 'string' && FOREIGN_KEY_CODES.has(code)
}
