import { sql, type Kysely } from 'kysely'
import { isPostgres } from './schema-helpers'
import { FUNCTION as SEAT_LOOKUPS_VERSION } from './2026_11_29_18_sl1_01_hold_cart_seats_seat_lookups'

/**
 * seatwise_hold_cart_seats with a tenth argument, p_csrf: the CSRF token a buying call sent when
 * the server has not read its session (issue 18: in a rush a visitor's hold reached a process
 * that had not seen his session within its cache's second, so every hold cost a read of its
 * session before the claim; the lane, plugins/buying-lane.ts, now lets POST /api/cart/update
 * through unread and this function checks the session in the claim's own round trip). When
 * p_csrf is not null the function first requires the session p_session to be live (expires_at
 * after p_now) and p_csrf to be its token, and otherwise raises SWSES before it changes anything;
 * null means the caller read and checked the session already. The rest is the 2026-11-29 version,
 * unchanged (taken from that migration's text, so the two cannot drift).
 *
 * The token is compared by SQL's `=`, not in constant time: a timing probe would need the
 * victim's own cookie and the two CSRF headers on each try, which no other site can send.
 *
 * The nine-argument version stays: a process of the previous release calls it until it is
 * replaced (a rolling restart), and without a default on p_csrf the two never overlap.
 */
const SIGNATURE_BEFORE = 'p_seats integer[], p_prices integer[], p_commit_by bigint, p_row_seats integer[])'
const SIGNATURE = 'p_seats integer[], p_prices integer[], p_commit_by bigint, p_row_seats integer[], p_csrf text)'
const BODY_START = 'begin\n'
const SESSION_CHECK = `begin
  if p_csrf is not null and not exists (
      select 1 from sessions s where s.id = p_session and s.expires_at > p_now and s.csrf_token = p_csrf) then
    raise exception 'session check failed' using errcode = 'SWSES';
  end if;
`

/** `text` with its one `from` replaced by `to`; throws if `from` is not there exactly once. */
function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from)
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`expected exactly one ${JSON.stringify(from)} in seatwise_hold_cart_seats`)
  return text.slice(0, at) + to + text.slice(at + from.length)
}

export const FUNCTION = replaceOnce(replaceOnce(SEAT_LOOKUPS_VERSION, SIGNATURE_BEFORE, SIGNATURE), BODY_START, SESSION_CHECK)

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql.raw(FUNCTION).execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`drop function if exists seatwise_hold_cart_seats(text, integer, bigint, bigint, integer, integer[], integer[], bigint, integer[], text)`.execute(db)
}
