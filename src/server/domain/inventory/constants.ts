/**
 * Tuning numbers of seat-map booking. The spec names none of these; each is our choice.
 */

/** Seat or place keys per IN (...) list: far below SQLite's 32,766 and PostgreSQL's 65,535 bound values. */
export const KEY_CHUNK = 900

/** Seats named in one "already taken" error text; the rest are counted, so the text stays readable. */
export const TAKEN_NAMED_MAX = 20

/** Attempts of a claim transaction that PostgreSQL aborted as a deadlock or serialization failure. */
export const CLAIM_ATTEMPTS = 3
