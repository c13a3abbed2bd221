import { COMPILED_VENUE_VERSION } from '../../engine/compiled/format'
import type { VenueData } from '../../engine/model'
import { cacheOwnerOf, perHandle, type Db } from '../db/connect'
import { seatPageOf, type CompiledBytes } from './compile-job'
import { CompileCancelledError, encodeInPool, runInPool, WorkerCompile, type Lane } from './compile-pool'
import { deleteCompiledVenue, findCompiledByDrawing, findCompiledByHash, upsertCompiledVenue, type CompiledVenueSizes } from './compiled.repository'
import { drawingState, findDrawingSource, listDrawingZones, listSeatsAfter, listSectorRows, listStandingCapacities } from './drawing.repository'

/**
 * The compiled venue of a drawing (issue 16.1): the drawing as the engine needs it
 * (src/engine/compiled), made once at import with its gzip and brotli, stored in
 * compiled_venues and served at an immutable URL named by its content hash. Zones in it carry
 * the database's zone ids, so a seat's zone is the price rows' zonelevel_id.
 *
 * A drawing imported before compiled venues existed, compiled under an older format version, or
 * a map version made in the console's studio (whose edits live in its rows, not its svg) is
 * compiled on first demand from its stored drawing and rules (recognition is deterministic) and
 * its rows: the seats the version has, in its seats-by-id order, with their stored zones and
 * labels (version-venue.ts), in the compile worker (compile-pool.ts) so the event loop stays free.
 * A stored form names the revision it was made from (drawing_states.revision, which a draft's save
 * in place raises): a form of an older revision is not current, in any process.
 */

/** Seat rows read per query when compiling a stored version (keeps a 1M-seat read to small pages). */
const SEAT_PAGE_ROWS = 50_000
/** Compiled venues kept in memory per database, by content hash (the stadium's: ~0.1 MB brotli). */
export const COMPILED_CACHE_SIZE = 8

/**
 * Longest a closing server waits for its compiles to stop (closeCompiles): cancelled, a worker's
 * job ends at once; this bounds a database write or read that was under way.
 */
export const COMPILE_SETTLE_MS = 5000

export interface CompiledVenueInfo {
  drawingId: number
  hash: string
  formatVersion: number
  seatCount: number
  bytes: { raw: number; gzip: number; brotli: number }
  /** The thread that compiled it, when this process compiled it just now (the compile worker's). */
  threadId?: number
}

export interface CompiledVenueBlob extends CompiledVenueInfo {
  raw: Buffer
  gzip: Buffer
  brotli: Buffer
}

/**
 * Compiles a recognised drawing whose zone i is stored as `zoneIds[i]`, and stores it for
 * `drawingId` (the import: a new drawing, revision 0). Encodes and compresses in a compile worker;
 * the venue's buffers are transferred to it, so `venue` is empty afterwards.
 */
export async function compileDrawing(db: Db, drawingId: number, venue: VenueData, zoneIds: readonly number[]): Promise<CompiledVenueInfo> {
  const bytes = await runInPool((lane) => encodeInPool(lane, venue, zoneIds))
  return { ...(await store(db, drawingId, 0, bytes)), threadId: bytes.threadId }
}

async function store(db: Db, drawingId: number, revision: number, bytes: CompiledBytes): Promise<CompiledVenueInfo> {
  const row = {
    format_version: COMPILED_VENUE_VERSION,
    revision,
    content_hash: bytes.hash,
    seat_count: bytes.seatCount,
    raw: bytes.raw,
    gzip: bytes.gzip,
    brotli: bytes.brotli,
    created_at: Date.now(),
  }
  await upsertCompiledVenue(db, { drawing_id: drawingId, ...row })
  return infoOf({ drawing_id: drawingId, ...row })
}

function infoOf(row: { drawing_id: number; content_hash: string; format_version: number; seat_count: number; raw: Uint8Array; gzip: Uint8Array; brotli: Uint8Array }): CompiledVenueInfo {
  return sizedInfoOf({ ...row, raw_bytes: row.raw.length, gzip_bytes: row.gzip.length, brotli_bytes: row.brotli.length })
}

function sizedInfoOf(row: Omit<CompiledVenueSizes, 'revision'>): CompiledVenueInfo {
  return {
    drawingId: row.drawing_id,
    hash: row.content_hash,
    formatVersion: row.format_version,
    seatCount: row.seat_count,
    // PostgreSQL's octet_length() is an int4 (a number); SQLite's length() too.
    bytes: { raw: Number(row.raw_bytes), gzip: Number(row.gzip_bytes), brotli: Number(row.brotli_bytes) },
  }
}

/** Whether a stored compiled venue is the drawing's at `revision` in this format. */
const isCurrent = (row: { format_version: number; revision: number }, revision: number) => row.format_version === COMPILED_VENUE_VERSION && Number(row.revision) === revision

const blobs = new WeakMap<Db, Map<string, Promise<CompiledVenueBlob | null>>>()
const drawings = new WeakMap<Db, Map<string, Promise<CompiledVenueInfo>>>()

function remember<K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let entry = cache.get(key)
  if (entry) {
    cache.delete(key)
    cache.set(key, entry)
    return entry
  }
  entry = load()
  entry.catch(() => cache.delete(key))
  cache.set(key, entry)
  while (cache.size > COMPILED_CACHE_SIZE) cache.delete(cache.keys().next().value!)
  return entry
}

/**
 * The compiled venue of a drawing, compiling it now when it has none of the current format and
 * revision. Keyed in this process by drawing and revision (drawing_states.revision, one primary-key
 * read per call): a draft saved in place by another process has a newer revision, so no process
 * keeps serving the form it compiled before.
 */
export async function compiledVenueOfDrawing(db: Db, drawingId: number): Promise<CompiledVenueInfo> {
  const { revision } = await drawingState(db, drawingId)
  const cache = perHandle(drawings, db, () => new Map())
  return remember(cache, `${drawingId}:${revision}`, async () => {
    const row = await findCompiledByDrawing(db, drawingId)
    if (row && isCurrent(row, revision)) return sizedInfoOf(row)
    return compileStored(db, drawingId, revision)
  })
}

/**
 * Compiles a stored drawing from its text and rules, brought to its rows (an old import, an older
 * format, a studio version), in a compile worker (compile-pool.ts), one job per worker. Throws
 * UncompilableVersionError when a stored seat is not in the drawing. Cost here: one read of the
 * drawing and of the seats, SEAT_PAGE_ROWS at a time, each page posted while the worker works.
 */
async function compileStored(db: Db, drawingId: number, revision: number): Promise<CompiledVenueInfo> {
  const made = await tracked(db, (job) =>
    runInPool(async (lane) => {
      job.lane = lane
      try {
        return await compileOn(lane, db, drawingId, revision, job)
      } finally {
        job.lane = null
      }
    }),
  )
  return made ?? compiledVenueOfDrawing(db, drawingId)
}

async function compileOn(lane: Lane, db: Db, drawingId: number, revision: number, job: Job): Promise<CompiledVenueInfo | null> {
  job.check()
  // While this waited its turn, a save in place may have made this revision history (its demand
  // compiles the newer one instead), or another process may have stored this one.
  if ((await drawingState(db, drawingId)).revision !== revision) return null
  const stored = await findCompiledByDrawing(db, drawingId)
  if (stored && isCurrent(stored, revision)) return sizedInfoOf(stored)
  const drawing = await findDrawingSource(db, drawingId)
  const [zones, sectors, standing] = await Promise.all([listDrawingZones(db, drawingId), listSectorRows(db, drawingId), listStandingCapacities(db, drawingId)])
  job.check()
  const compile = new WorkerCompile(lane, drawing.svg, drawing.rules_json, {
    zones,
    sectorNames: sectors.map((s) => [s.sector_index, s.name]),
    capacities: standing.map((p) => [p.sector_index, p.capacity]),
  })
  try {
    for (let after = 0; ; ) {
      const page = await listSeatsAfter(db, drawingId, after, SEAT_PAGE_ROWS)
      job.check()
      compile.page(seatPageOf(page))
      if (page.length < SEAT_PAGE_ROWS) break
      after = page[page.length - 1].id
    }
  } catch (e) {
    compile.abort()
    throw e
  }
  const bytes = await compile.finish()
  return { ...(await store(db, drawingId, revision, bytes)), threadId: bytes.threadId }
}

/** A stored version's compile in flight: the lane it runs on, once it has one. */
interface Job {
  lane: Lane | null
  /** Throws CompileCancelledError once the database's server is closing. */
  check(): void
}

/** Each database's compiles in flight in this process (a test process runs several servers). */
const inFlight = new WeakMap<Db, { closing: boolean; jobs: Set<{ job: Job; settled: Promise<void> }> }>()

function tracked<T>(db: Db, run: (job: Job) => Promise<T>): Promise<T> {
  const state = perHandle(inFlight, db, () => ({ closing: false, jobs: new Set() }))
  const s = state
  const job: Job = {
    lane: null,
    check: () => {
      if (s.closing) throw new CompileCancelledError()
    },
  }
  const done = (async () => {
    job.check()
    return run(job)
  })()
  const entry = { job, settled: done.then(() => undefined, () => undefined) }
  s.jobs.add(entry)
  void entry.settled.then(() => s.jobs.delete(entry))
  return done
}

/**
 * Stops this process's compiles of `db` before the database closes (the app's onClose): those
 * waiting for a lane never start, the one a worker runs is cancelled (its worker ended; the next
 * compile starts another), and this waits for them to settle, at most `maxMs`, so none reads or
 * writes a destroyed database. Compiles asked for afterwards fail with CompileCancelledError.
 */
export async function closeCompiles(db: Db, maxMs = COMPILE_SETTLE_MS): Promise<void> {
  const state = inFlight.get(cacheOwnerOf(db))
  if (!state) {
    inFlight.set(cacheOwnerOf(db), { closing: true, jobs: new Set() })
    return
  }
  state.closing = true
  for (const { job } of state.jobs) job.lane?.cancel()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)))
  await Promise.race([Promise.all([...state.jobs].map((e) => e.settled)), deadline])
  clearTimeout(timer)
}

/**
 * Forgets a drawing's compiled form (the stored row and this process's cache): the studio calls it
 * after saving edits, so a draft edited in place is compiled again from what it holds (other
 * processes see its new revision). Compiled forms already served stay reachable by their hash
 * while another drawing has the same content.
 */
export async function forgetCompiledVenue(db: Db, drawingId: number): Promise<void> {
  const cache = drawings.get(cacheOwnerOf(db))
  for (const key of [...(cache?.keys() ?? [])]) if (key.startsWith(`${drawingId}:`)) cache!.delete(key)
  await deleteCompiledVenue(db, drawingId)
}

/** A compiled venue by its content hash (null when none has it), its bytes included. */
export function compiledVenueByHash(db: Db, hash: string): Promise<CompiledVenueBlob | null> {
  const cache = perHandle(blobs, db, () => new Map())
  return remember(cache, hash, async () => {
    const row = await findCompiledByHash(db, hash)
    if (!row) return null
    return { ...infoOf(row), raw: Buffer.from(row.raw), gzip: Buffer.from(row.gzip), brotli: Buffer.from(row.brotli) }
  })
}
