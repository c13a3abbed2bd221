/**
 * Names of the SQL texts that run as PostgreSQL named statements (issue 18, on-sale rush).
 * prepared.ts names each template it compiles; the pool's lease (connect.ts) sends a named text as
 * `query({ name, text, values })`, so each connection parses it once and then only binds and runs
 * it, instead of PostgreSQL parsing, analysing and planning the statement on every run. Every
 * other text (ad hoc SQL, the builder's queries) stays unnamed and fills no connection's
 * statement cache.
 *
 * A name stands for one text for the life of the process: node-postgres refuses a name reused for
 * another text on a connection, and a connection keeps what it prepared until it closes. Nothing
 * here imports anything, so prepared.ts and connect.ts both depend on it without a cycle.
 */

/**
 * Texts named at most: each named statement costs every connection that ran it a parsed
 * statement and a plan (a few kB). The order's and the hold's statements are a few dozen with
 * their list lengths; preparedByShape keeps 64 shapes per statement, so this leaves room for
 * every kept shape of the hot ones. Past it, a new text runs unnamed, as before.
 */
export const MAX_NAMED_STATEMENTS = 512

const names = new Map<string, string>()

/** Gives `text` a name (once; no-op when named or when MAX_NAMED_STATEMENTS are). */
export function nameStatement(text: string): void {
  if (names.size >= MAX_NAMED_STATEMENTS || names.has(text)) return
  names.set(text, `seatwise_${names.size + 1}`)
}

/** The name of `text`, or undefined for a text prepared.ts did not name. */
export function statementName(text: string): string | undefined {
  return names.get(text)
}
