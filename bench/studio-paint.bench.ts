/**
 * `npx tsx bench/studio-paint.bench.ts [--pg] [SEATS…]` — the venue map studio's batch edits
 * (issue 17 item 3) on a generated N-seat venue (seed/big-venue.ts, the storefront benchmark's
 * venues), beside the statements they replaced, in the same run:
 *
 * - paint 20,000 seats named by key (clicks, box or lasso selection) as a new version: ours (one
 *   set-based UPDATE per KEY_CHUNK keys) and the old way (keys read back to ids 1,000 at a time,
 *   then UPDATE … WHERE id IN 1,000 ids), on the same new version, after the copy;
 * - the copy alone (a save with only a sector rename): what a save on a version a session uses
 *   costs, the copy;
 * - paint a whole sector by range (one UPDATE);
 * - the same three saves on a draft (the newest studio-made version no session was put on,
 *   edited in place: no copy), beside the saves with copy above;
 * - block 20,000 seats of the on-sale session and unblock them (per-session blocks).
 *
 * Each figure is one run (these write; repeating them on the same rows would measure a warm
 * no-op), so read them as orders of magnitude. SQLite in a temporary folder by default;
 * --pg makes a fresh PostgreSQL database at 127.0.0.1:5432 (user postgres) and drops it after.
 * Writes bench/results/<date>-studio-paint-<sqlite|postgres>.json with the machine noted.
 */
import { sql } from 'kysely'
import { copyDrawing } from '../src/server/admin/studio/copy.repository'
import { blockSessionSeats } from '../src/server/admin/studio/blocks'
import { editDrawing } from '../src/server/admin/studio/edit'
import type { StudioOp } from '../src/contract/admin/studio'
import type { Db } from '../src/server/db/connect'
import { machine, writeResults } from './lib'
import { BENCH_ACTOR as actor, seedSoldVenue, studioBenchDatabase } from './studio-seed'

/** Seats one paint names: the slow case reported on PostgreSQL (20,000 seats in 9.3 s). */
const PAINTED = 20_000
/** The old code's chunk of ids per statement. */
const OLD_CHUNK = 1000

const args = process.argv.slice(2)
const usePg = args.includes('--pg')
const sizes = args.filter((a) => /^\d[\d_]*$/.test(a)).map((a) => Number(a.replace(/_/g, '')))
if (sizes.length === 0) sizes.push(60_000, 1_000_000)


async function timed<T>(fn: () => Promise<T>, what = ''): Promise<{ ms: number; value: T }> {
  const t0 = performance.now()
  const value = await fn()
  const ms = Math.round(performance.now() - t0)
  if (what) console.error(`${what}: ${ms} ms`)
  return { ms, value }
}

/** The old paint: keys read back to ids OLD_CHUNK at a time, then one UPDATE per OLD_CHUNK ids. */
async function oldPaint(db: Db, drawingId: number, keys: string[], zone: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids: number[] = []
    for (let i = 0; i < keys.length; i += OLD_CHUNK) {
      const rows = await trx.selectFrom('seats').select('id').where('drawing_id', '=', drawingId).where('seat_key', 'in', keys.slice(i, i + OLD_CHUNK)).execute()
      ids.push(...rows.map((r) => r.id))
    }
    for (let i = 0; i < ids.length; i += OLD_CHUNK) await trx.updateTable('seats').set({ zone_id: zone }).where('id', 'in', ids.slice(i, i + OLD_CHUNK)).execute()
  })
}

async function run(db: Db, seats: number) {
  const seeded = await timed(() => seedSoldVenue(db, seats), 'seed')
  const { drawingId, calendarId, sector } = seeded.value
  const keys = (await db.selectFrom('seats').select('seat_key').where('drawing_id', '=', drawingId).orderBy('id').limit(PAINTED).execute()).map((r) => r.seat_key)
  const zone = (await db.selectFrom('zones').select('id').where('drawing_id', '=', drawingId).orderBy('id').executeTakeFirstOrThrow()).id

  const copyOnly = await timed(() => editDrawing(db, actor, drawingId, [{ op: 'rename-sector', sector: sector.sector_index, name: 'bench' }]), 'save (copy only)')
  const paintKeys = await timed(() => editDrawing(db, actor, drawingId, [{ op: 'paint', zone: null, seats: { keys } }]), 'save paint 20k keys')
  const paintSector = await timed(() => editDrawing(db, actor, drawingId, [{ op: 'paint', zone: null, seats: { sector: sector.sector_index } }]), 'save paint sector')
  // The version that save made is the venue's newest and no session is on it: a draft.
  const draft = paintSector.value.drawing_id
  // SQLite: the copies above left the write-ahead log hundreds of MB long; the next commit's
  // automatic checkpoint would copy it into the database and land on the first draft save.
  // Done here and timed apart, so the draft figures are the drafts' own.
  const checkpoint = await timed(async () => (usePg ? undefined : await sql`pragma wal_checkpoint(truncate)`.execute(db)), usePg ? '' : 'wal checkpoint after the copies')
  const onDraft = async (what: string, ops: StudioOp[]) => {
    const r = await timed(() => editDrawing(db, actor, draft, ops), what)
    if (!r.value.in_place || r.value.drawing_id !== draft) throw new Error(`${what}: not saved in place`)
    return r.ms
  }
  const draftRename = await onDraft('save on a draft: rename only', [{ op: 'rename-sector', sector: sector.sector_index, name: 'draft' }])
  const draftRenameAgain = await onDraft('save on a draft: rename only, again', [{ op: 'rename-sector', sector: sector.sector_index, name: 'draft 2' }])
  const draftKeys = await onDraft('save on a draft: paint 20k keys', [{ op: 'paint', zone: null, seats: { keys } }])
  const draftSector = await onDraft('save on a draft: paint sector', [{ op: 'paint', zone: null, seats: { sector: sector.sector_index } }])
  // Baseline on a copy of its own, so both paint the same unpainted rows.
  const copy = await db.transaction().execute((trx) => copyDrawing(trx, drawingId, Date.now()))
  const oldKeys = await timed(() => oldPaint(db, copy.id, keys, null), 'old statements')
  const ourKeysOnly = await timed(() => db.transaction().execute(async (trx) => {
    const { selectionFilters, updateSelected } = await import('../src/server/admin/studio/seats.repository')
    return updateSelected(trx, await selectionFilters(trx, copy.id, { keys }), { zone_id: zone })
  }))
  const block = await timed(() => blockSessionSeats(db, actor, calendarId, true, { keys }, Date.now()), 'block 20k')
  const unblock = await timed(() => blockSessionSeats(db, actor, calendarId, false, { keys }, Date.now()), 'unblock 20k')
  const total = Number((await db.selectFrom('seats').select(sql<number>`count(*)`.as('n')).where('drawing_id', '=', drawingId).executeTakeFirstOrThrow()).n)
  return {
    seats: total,
    seedMs: seeded.ms,
    sectorSeats: sector.seat_count,
    saveWithCopyOnlyMs: copyOnly.ms,
    savePaint20kKeysMs: paintKeys.ms,
    savePaintSectorMs: paintSector.ms,
    walCheckpointAfterCopiesMs: usePg ? null : checkpoint.ms,
    saveOnDraftRenameOnlyMs: draftRename,
    saveOnDraftRenameOnlyAgainMs: draftRenameAgain,
    saveOnDraftPaint20kKeysMs: draftKeys,
    saveOnDraftPaintSectorMs: draftSector,
    paint20kKeysStatementsOursMs: ourKeysOnly.ms,
    paint20kKeysStatementsOldMs: oldKeys.ms,
    blockSession20kMs: block.ms,
    unblockSession20kMs: unblock.ms,
    blocked: block.value.changed,
  }
}

const { db, drop, kind } = await studioBenchDatabase(usePg, 'studio_bench')
try {
  const results = []
  for (const n of sizes) {
    const r = await run(db, n)
    console.log(kind, JSON.stringify(r))
    results.push(r)
  }
  writeResults(`studio-paint-${kind}`, { db: kind, machine: machine(), results })
} finally {
  await drop()
}
