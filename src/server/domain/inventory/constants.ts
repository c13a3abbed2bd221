/**
 * Tuning numbers of seat-map booking. The spec names none of these; each is our choice.
 */

/** Seat or place keys per IN (...) list: far below SQLite's 32,766 and PostgreSQL's 65,535 bound values. */
export const KEY_CHUNK = 900

/** Seats named in one "already taken" error text; the rest are counted, so the text stays readable. */
export const TAKEN_NAMED_MAX = 20

/** Attempts of a claim transaction that PostgreSQL aborted as a deadlock or serialization failure. */
export const CLAIM_ATTEMPTS = 3

/**
 * A claim with no request behind it (the CLI, background work, the console's re-seating) that
 * reaches its commit later than this after its `now` rolls back and answers "busy, try again".
 * A request's claims follow the request's own deadline instead (orders/commit-gate.ts), so a
 * claim never commits for a visitor already told "busy" whatever REQUEST_DEADLINE_MS is.
 */
export const CLAIM_COMMIT_BY_MS = 15_000
