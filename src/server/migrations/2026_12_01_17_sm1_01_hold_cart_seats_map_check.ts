import { sql, type Kysely } from 'kysely'
import { isPostgres } from './schema-helpers'
import { FUNCTION as SESSION_CHECK_VERSION, up as createSessionCheckVersion } from './2026_11_30_18_sc1_01_hold_cart_seats_session_check'

/**
 * seatwise_hold_cart_seats (ten arguments) checks that the seats it is asked for are of the map
 * version the session is on now. The caller reads the seat ids from the session's version before
 * the call, and the studio may move a session nobody has bought in onto another version of its
 * map (admin/studio/session-map.ts) in between: the hold would then take the old version's seat,
 * and the new version's seat of the same key would show free and sell again.
 *
 * Its first step after the session check takes the session row's FOR KEY SHARE lock (the one the
 * insert's foreign key takes anyway, so holds still never wait on each other) where the row is on
 * the version of the first seat asked (every seat asked comes from one read of one version), else
 * raises SWMAP before it changes anything. The move takes FOR UPDATE on that row first, so a hold
 * either finishes before the move looks for what is in use (and the move is refused), or waits
 * for the move and, reading the row again as READ COMMITTED does after a wait, finds the new
 * version and is refused. Costs two primary-key reads in the function's one round trip.
 *
 * The rest is the 2026-11-30 version, unchanged (taken from that migration's text). The same
 * signature: a process of the previous release calling it during a rolling restart gets the check
 * too, and reads SWMAP as a database error (500) in the rare race it was exposed to before.
 */
const AFTER = `raise exception 'session check failed' using errcode = 'SWSES';
  end if;
`
const MAP_CHECK = `${AFTER}  perform 1 from calendars c
    where c.id = p_calendar and c.drawing_id = (select s.drawing_id from seats s where s.id = p_seats[1])
    for key share of c;
  if not found then
    raise exception 'session map changed' using errcode = 'SWMAP';
  end if;
`

const at = SESSION_CHECK_VERSION.indexOf(AFTER)
if (at < 0 || SESSION_CHECK_VERSION.indexOf(AFTER, at + 1) >= 0) throw new Error('expected the session check exactly once in seatwise_hold_cart_seats')
export const FUNCTION = SESSION_CHECK_VERSION.slice(0, at) + MAP_CHECK + SESSION_CHECK_VERSION.slice(at + AFTER.length)

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql.raw(FUNCTION).execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await createSessionCheckVersion(db)
}
