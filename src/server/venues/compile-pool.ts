import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { VenueData } from '../../engine/model'
import { VenueParseError, venueTransferables, type VenueRules } from '../../engine/parse/index'
import type { CompiledBytes, SeatPage, StoredVersionRows } from './compile-job'
import type { CompileReply, CompileRequest, WorkerFailure } from './compile-protocol'
import type { RecognisedDrawing } from './import-job'
import { DrawingRejectedError } from './sanitize'
import { UncompilableVersionError } from './version-venue'

/**
 * The server's compile workers (issue 16): the CPU-heavy work on a venue drawing runs in worker
 * threads, so the event loop keeps answering other requests meanwhile: a stored version's compile
 * (recognition of its drawing, its rows laid over it, encoding, hash, gzip and brotli: seconds of
 * CPU at 1,000,000 seats) and an import's sanitising and recognition, then its encoding
 * (import.ts). The server does the database I/O and posts the data; the worker answers
 * buffers, transferred, not copied.
 *
 * POOL_SIZE workers (lanes), one job at a time each; a job waits for a free lane, first come,
 * first served. Memory: a 1M-seat job holds ~1 GB while it runs (the 120 MB drawing text, the
 * recognised venue, the builder's copy), so every lane adds up to that to the process's peak; and
 * a lane beyond the cores left to the event loop only slows it. Hence at most 2 lanes, and never
 * more than the cores but one (1 on a 2-core machine: a second version's compile, or an import,
 * waits behind the first). A worker starts on its lane's first job and stays, idle, unreferenced
 * (it never keeps a process alive); one that dies (or is cancelled) is started again by the next.
 *
 * `npm start` runs the server bundled (bin/server-bundle.mjs), with compile.worker.mjs built
 * beside it, which a worker imports as it is. From source (`tsx`, vitest's own transform in
 * tests) a worker does not inherit a loader registered that way on Node 20, so it registers tsx
 * itself before importing compile.worker.ts.
 */

/** Most compile workers, whatever the cores (memory: ~1 GB each at 1M seats, see above). */
const MAX_POOL_SIZE = 2
export const POOL_SIZE = Math.max(1, Math.min(MAX_POOL_SIZE, availableParallelism() - 1))

/** True when this module runs from src/ (tsx, vitest), false inside dist/server's bundle. */
const FROM_SOURCE = import.meta.url.endsWith('.ts')
const WORKER_URL = new URL(FROM_SOURCE ? './compile.worker.ts' : './compile.worker.mjs', import.meta.url).href
/** tsx's ESM register API, by its package's exports map (its CommonJS build's register does not load). */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url)
  const manifest = require.resolve('tsx/package.json')
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> }
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api'].import.default)).href
}
const BOOTSTRAP = FROM_SOURCE
  ? `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}) })`
  : `process.setSourceMapsEnabled(true); import(${JSON.stringify(WORKER_URL)})`

/** The error a worker's failure stands for, of the class the callers catch. */
function errorOf(f: WorkerFailure): Error {
  if (f.kind === 'parse') return new VenueParseError(f.code, f.refusal)
  if (f.kind === 'rejected') return new DrawingRejectedError(f.refusal)
  if (f.kind === 'uncompilable') return new UncompilableVersionError(f.message)
  return new Error(`compile worker: ${f.message}`)
}

/** A job dropped before it finished (the server closing: compiled.ts closeCompiles). */
export class CompileCancelledError extends Error {
  constructor() {
    super('compile cancelled: the server is closing')
    this.name = 'CompileCancelledError'
  }
}

interface Pending {
  resolve: (r: CompileReply) => void
  reject: (e: Error) => void
}

let nextId = 1

/** One worker thread and the replies it owes; runs one job at a time (`runInPool`). */
export class Lane {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending>()
  /** Workers this lane started. */
  private started = 0

  /** Which worker runs now (-1: none); a job fed over several messages must end on the one it began on. */
  generation(): number {
    return this.worker ? this.started : -1
  }

  /** A new job's id (the worker drops messages of any other job). */
  newId(): number {
    return nextId++
  }

  /** Posts a message that answers nothing. */
  post(m: CompileRequest, transfer: ArrayBuffer[] = []): void {
    this.theWorker().postMessage(m, transfer)
  }

  /** Posts a message and answers the worker's reply to its id (a failure rejects, as its error class). */
  ask(m: CompileRequest, transfer: ArrayBuffer[] = []): Promise<CompileReply> {
    const w = this.theWorker()
    return new Promise<CompileReply>((resolve, reject) => {
      this.pending.set(m.id, {
        resolve: (r) => (r.type === 'failed' ? reject(errorOf(r)) : resolve(r)),
        reject,
      })
      w.ref()
      w.postMessage(m, transfer)
    })
  }

  /** Posts a message only to a running worker (one that ended forgot the job anyway). */
  postIfRunning(m: CompileRequest): void {
    this.worker?.postMessage(m)
  }

  /** Ends the worker now, whatever it runs (its owed replies reject with CompileCancelledError). */
  cancel(): void {
    const w = this.worker
    if (!w) return
    this.worker = null
    this.failAll(new CompileCancelledError())
    void w.terminate()
  }

  private failAll(e: Error) {
    const owed = [...this.pending.values()]
    this.pending.clear()
    for (const p of owed) p.reject(e)
  }

  private theWorker(): Worker {
    if (this.worker) return this.worker
    const w = new Worker(BOOTSTRAP, { eval: true, execArgv: [] })
    this.started++
    w.unref()
    w.on('message', (m: CompileReply) => {
      const p = this.pending.get(m.id)
      if (!p) return
      this.pending.delete(m.id)
      if (this.pending.size === 0) w.unref()
      p.resolve(m)
    })
    w.on('error', (e) => {
      if (this.worker !== w) return
      this.worker = null
      this.failAll(e)
    })
    w.on('exit', (code) => {
      if (this.worker !== w) return
      this.worker = null
      this.failAll(new Error(`compile worker exited (${code})`))
    })
    this.worker = w
    return w
  }
}

const lanes: { lane: Lane; busy: boolean }[] = Array.from({ length: POOL_SIZE }, () => ({ lane: new Lane(), busy: false }))
const queue: ((lane: Lane) => Promise<void>)[] = []

function dispatch() {
  for (const slot of lanes) {
    if (slot.busy || queue.length === 0) continue
    const task = queue.shift()!
    slot.busy = true
    void task(slot.lane).finally(() => {
      slot.busy = false
      dispatch()
    })
  }
}

/** What the pool does now: lanes busy, jobs waiting for one, import recognitions running in a worker (logs, tests). */
export interface PoolActivity {
  busyLanes: number
  queued: number
  recognising: number
}

let recognising = 0

export function poolActivity(): PoolActivity {
  return { busyLanes: lanes.filter((l) => l.busy).length, queued: queue.length, recognising }
}

/** Runs `fn` on a free lane when one is free (first come, first served); `fn` owns it until it settles. */
export function runInPool<T>(fn: (lane: Lane) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push((lane) => fn(lane).then(resolve, reject))
    dispatch()
  })
}

/** What a compile answers: the bytes, and the thread that made them (never the server's). */
export interface CompiledOffThread extends CompiledBytes {
  threadId: number
}

function bytesOf(r: CompileReply): CompiledOffThread {
  if (r.type !== 'done') throw new Error(`compile worker: answered ${r.type}`)
  return { hash: r.hash, seatCount: r.seatCount, raw: r.raw, gzip: r.gzip, brotli: r.brotli, threadId: r.threadId }
}

/**
 * A stored version's compile in a lane's worker, fed by the caller: made, it posts the drawing and
 * the version's rows besides seats (the worker starts recognising at once), `page` the seats in id
 * order while the caller reads the next, `finish` answers the bytes. Run inside `runInPool`.
 */
export class WorkerCompile {
  private readonly id: number
  private readonly generation: number
  private done = false

  constructor(
    private readonly lane: Lane,
    svg: string,
    rulesJson: string,
    rows: StoredVersionRows,
  ) {
    this.id = lane.newId()
    lane.post({ type: 'begin', id: this.id, svg, rulesJson, rows })
    this.generation = lane.generation()
  }

  page(page: SeatPage): void {
    if (!this.sameWorker()) return
    this.lane.post({ type: 'page', id: this.id, page }, [page.zones.buffer as ArrayBuffer])
  }

  /** The bytes; rejects with UncompilableVersionError when a stored seat is not in the drawing. */
  async finish(): Promise<CompiledOffThread> {
    this.done = true
    // A worker that ended meanwhile took the job with it: its successor would never answer.
    if (!this.sameWorker()) throw new Error('compile worker exited')
    return bytesOf(await this.lane.ask({ type: 'finish', id: this.id }))
  }

  /** Drops the compile (the caller could not read the version). */
  abort(): void {
    if (this.done) return
    this.done = true
    this.lane.postIfRunning({ type: 'abort', id: this.id })
  }

  private sameWorker(): boolean {
    return this.lane.generation() === this.generation
  }
}

/** An import's drawing cleaned and recognised in a lane's worker (import-job.ts); the venue's buffers come transferred. */
export async function recogniseInPool(lane: Lane, svg: string, rules: VenueRules | undefined): Promise<RecognisedDrawing & { threadId: number }> {
  recognising++
  let r: CompileReply
  try {
    r = await lane.ask({ type: 'recognise', id: lane.newId(), svg, rules })
  } finally {
    recognising--
  }
  if (r.type !== 'recognised') throw new Error(`compile worker: answered ${r.type}`)
  return { svg: r.svg ?? svg, venue: r.venue, report: r.report, threadId: r.threadId }
}

/**
 * A recognised venue whose zone i is stored as `zoneIds[i]`, encoded, hashed and compressed in a
 * lane's worker. Its buffers are transferred: the caller's `venue` is empty afterwards.
 */
export async function encodeInPool(lane: Lane, venue: VenueData, zoneIds: readonly number[]): Promise<CompiledOffThread> {
  return bytesOf(await lane.ask({ type: 'encode', id: lane.newId(), venue, zoneIds: [...zoneIds] }, venueTransferables(venue)))
}
