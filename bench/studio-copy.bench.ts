/**
 * `npx tsx bench/studio-copy.bench.ts [--pg] [SEATS…]` — a studio save on a version a session was
 * put on, at N seats (seed/big-venue.ts), in the same run:
 *
 * - baseline: the whole copy in one transaction (copy.repository.ts copyDrawing, what every such
 *   save did before): past the request deadline (20 s) and PostgreSQL's statement timeout (10 s)
 *   at 1,000,000 seats;
 * - ours: the save as the server makes it (edit.ts, STUDIO_COPY_INLINE_MS = 5 s): the time until
 *   it answers, then the copy's steps (copy-job.ts: the svg, then COPY_CHUNK_IDS seat ids per
 *   transaction) to the end: total, steps, the svg's step, the longest chunk (what another writer may wait on SQLite, and what
 *   must stay under the statement timeout), and the finish (standing places, edits, audit);
 * - the next save on the finished copy (a draft: in place).
 *
 * One run per figure (they write). SQLite in a temporary folder, or with --pg a fresh PostgreSQL
 * database dropped after. Writes bench/results/<date>-studio-copy-<sqlite|postgres>.json.
 */
import { loadavg } from 'node:os'
import { sql } from 'kysely'
import { copyDrawing } from '../src/server/admin/studio/copy.repository'
import { copyProgress, copyStep } from '../src/server/admin/studio/copy-job'
import { editDrawing } from '../src/server/admin/studio/edit'
import type { Db } from '../src/server/db/connect'
import { DEFAULT_STUDIO_COPY_INLINE_MS } from '../src/server/config-defaults'
import { machine, writeResults } from './lib'
import { BENCH_ACTOR as actor, seedSoldVenue, studioBenchDatabase } from './studio-seed'

const args = process.argv.slice(2)
const usePg = args.includes('--pg')
/** `--no-baseline` skips the one-transaction copy (minutes on PostgreSQL at 1M; measured before: README). */
const baselineToo = !args.includes('--no-baseline')
const sizes = args.filter((a) => /^\d[\d_]*$/.test(a)).map((a) => Number(a.replace(/_/g, '')))
if (sizes.length === 0) sizes.push(1_000_000)
const load = () => loadavg().map((x) => Math.round(x * 100) / 100)

async function timed<T>(what: string, fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now()
  const value = await fn()
  const ms = Math.round(performance.now() - t0)
  console.error(`${what}: ${ms} ms (load ${load().join(' ')})`)
  return { ms, value }
}

async function run(db: Db, seats: number) {
  const seeded = await timed('seed', () => seedSoldVenue(db, seats))
  const { drawingId: sold, sector } = seeded.value
  // SQLite: the seed left the write-ahead log hundreds of MB long; the next commit's automatic
  // checkpoint would land on the save (measured: the save's answer 23.8 s, 0 seats copied).
  const seedCheckpoint = await timed('wal checkpoint after the seed', async () => (usePg ? undefined : await sql`pragma wal_checkpoint(truncate)`.execute(db)))
  const loadBefore = load()
  const save = await timed('save: answer (copies inline up to the budget)', () =>
    editDrawing(db, actor, sold, [{ op: 'rename-sector', sector: sector.sector_index, name: 'bench' }, { op: 'paint', zone: null, seats: { sector: sector.sector_index } }], DEFAULT_STUDIO_COPY_INLINE_MS),
  )
  const made = save.value.drawing_id
  const atAnswer = (await copyProgress(db, made))?.copied ?? seats
  // Whether the request already took the svg's step (then the first step below is a seat chunk).
  const svgInRequest = Number((await db.selectFrom('drawing_copies').select('svg_copied').where('drawing_id', '=', made).executeTakeFirst())?.svg_copied ?? 1) === 1
  const steps: number[] = []
  const rest = await timed('background: the rest of the copy', async () => {
    for (;;) {
      const t0 = performance.now()
      const p = await copyStep(db, made)
      steps.push(performance.now() - t0)
      if (!p || p.done) return p
    }
  })
  const finishMs = Math.round(steps[steps.length - 1] ?? 0)
  const draftSave = await timed('next save on the copy (a draft)', () => editDrawing(db, actor, made, [{ op: 'rename-sector', sector: sector.sector_index, name: 'draft' }]))
  if (!draftSave.value.in_place) throw new Error('the finished copy is not a draft')
  // SQLite: the copy left the write-ahead log long; checkpointed here and timed apart, so the
  // baseline after it does not pay for it.
  const checkpoint = await timed('wal checkpoint', async () => (usePg ? undefined : await sql`pragma wal_checkpoint(truncate)`.execute(db)))
  const baseline = baselineToo ? await timed('baseline: whole copy in one transaction', () => db.transaction().execute((trx) => copyDrawing(trx, sold, Date.now()))) : null
  const copied = Number((await db.selectFrom('seats').select((eb) => eb.fn.countAll<number>().as('n')).where('drawing_id', '=', made).executeTakeFirstOrThrow()).n)
  if (copied !== seats) throw new Error(`copied ${copied} of ${seats}`)
  return {
    seats,
    seedMs: seeded.ms,
    loadAverageBefore: loadBefore,
    loadAverageAfter: load(),
    baselineOneTransactionMs: baseline?.ms ?? null,
    walCheckpointMs: usePg ? null : checkpoint.ms,
    walCheckpointAfterSeedMs: usePg ? null : seedCheckpoint.ms,
    saveAnswerMs: save.ms,
    seatsCopiedWhenAnswered: atAnswer,
    backgroundRestMs: rest.ms,
    /** Steps: the svg's copy, the seat chunks, the finish. */
    steps: steps.length,
    svgCopiedInRequest: svgInRequest,
    svgStepMs: svgInRequest ? null : Math.round(steps[0] ?? 0),
    longestChunkMs: Math.round(Math.max(...steps.slice(svgInRequest ? 0 : 1, -1), 0)),
    finishMs,
    nextSaveOnDraftMs: draftSave.ms,
  }
}

const { db, drop, kind } = await studioBenchDatabase(usePg, 'studio_copy')
try {
  const results = []
  for (const n of sizes) {
    const r = await run(db, n)
    console.log(kind, JSON.stringify(r))
    results.push(r)
  }
  writeResults(`studio-copy-${kind}`, { db: kind, machine: machine(), results })
} finally {
  await drop()
}
