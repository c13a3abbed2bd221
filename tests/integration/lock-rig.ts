import pg from 'pg'
import type { TestServer } from '../support/server'

/** How often the rig reads pg_stat_activity while it waits for the server's calls to reach a lock. */
const POLL_MS = 25
/**
 * The longest the rig waits for them. Calls queued behind a frozen lock reach it one after the
 * other; a 5 s wait once ran out on a box busy with other work (2026-11-29) while they were still
 * starting.
 */
const REACH_LOCKS_MS = 15_000

/**
 * Two connections of their own to a PostgreSQL test server's database, for the tests that freeze
 * a lock and watch the server's calls queue behind it (issue 18.3: the lanes, the page pool, a hot
 * session's share of the pool): `blocker` holds rows in a transaction it leaves undecided, and
 * `monitor` reads pg_stat_activity outside that transaction (inside it PostgreSQL would answer its
 * first snapshot again, and backends that connect later would never show).
 */
export interface LockRig {
  blocker: pg.Client
  monitor: pg.Client
  /** The application names (db/connect.ts names the pools) of the database's backends waiting on a lock. */
  lockWaiters(): Promise<string[]>
  /** Waits until at least `count` backends wait on a lock, or REACH_LOCKS_MS; answers how many do (the caller asserts). */
  untilLockWaiters(count: number): Promise<number>
  /**
   * Opens the blocker's transaction and inserts in it a live cart hold of each seat (ids of
   * `seats`), left undecided: claims of those seats wait on it. `release` rolls it back.
   */
  freezeSeats(calendarId: number, seatIds: readonly number[]): Promise<void>
  /** Rolls the blocker's transaction back (nothing happens when none is open). */
  release(): Promise<void>
  end(): Promise<void>
}

export async function lockRig(server: TestServer): Promise<LockRig> {
  if (server.config.database.kind !== 'postgres') throw new Error('a PostgreSQL test')
  const blocker = new pg.Client({ connectionString: server.config.database.url })
  const monitor = new pg.Client({ connectionString: server.config.database.url })
  await Promise.all([blocker.connect(), monitor.connect()])
  const lockWaiters = async () =>
    (await monitor.query<{ app: string }>("select application_name as app from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows.map((r) => r.app)
  return {
    blocker,
    monitor,
    lockWaiters,
    async untilLockWaiters(count) {
      const deadline = Date.now() + REACH_LOCKS_MS
      let waiting = (await lockWaiters()).length
      while (waiting < count && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, POLL_MS))
        waiting = (await lockWaiters()).length
      }
      return waiting
    },
    async freezeSeats(calendarId, seatIds) {
      await blocker.query('begin')
      for (const id of seatIds) {
        await blocker.query("insert into seat_holds (calendar_id, seat_id, state, created_at, expires_at) values ($1, $2, 'cart', $3, $4)", [calendarId, id, Date.now(), Date.now() + 60_000])
      }
    },
    async release() {
      // Outside a transaction PostgreSQL only warns: safe in a finally after a failed step.
      await blocker.query('rollback')
    },
    async end() {
      await Promise.all([blocker.end(), monitor.end()])
    },
  }
}

/** The seats' row ids in the drawing of the session `calendarId`, by seat key (throws for a key not there). */
export async function seatRowIds(server: TestServer, calendarId: number, seatKeys: readonly string[]): Promise<number[]> {
  const { drawing_id: drawing } = await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', calendarId).executeTakeFirstOrThrow()
  const rows = await server.db.selectFrom('seats').select(['id', 'seat_key']).where('seat_key', 'in', [...seatKeys]).where('drawing_id', '=', drawing!).execute()
  const byKey = new Map(rows.map((r) => [r.seat_key, r.id]))
  return seatKeys.map((k) => {
    const id = byKey.get(k)
    if (id === undefined) throw new Error(`no seat ${k} in the session's drawing`)
    return id
  })
}
