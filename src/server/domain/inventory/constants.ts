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
 * A claim that reaches its commit later than this after its request began rolls back and answers
 * "busy, try again" instead: the request deadline (REQUEST_DEADLINE_MS, 20 s by default) answers
 * busy ("nothing changed") at 20 s whatever the work is doing, so a claim committing after that
 * would sell seats to a visitor told it failed. 5 s of margin for the commit itself; keep it
 * below REQUEST_DEADLINE_MS when lowering that.
 */
export const CLAIM_COMMIT_BY_MS = 15_000
