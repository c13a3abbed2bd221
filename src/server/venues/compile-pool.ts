import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { CompiledBytes, SeatPage, StoredVersionRows } from './compile-job'
import { UncompilableVersionError } from './version-venue'

/**
 * The server's compile worker (issue 16): a stored version's compile (recognition of its drawing,
 * its rows laid over it, encoding, hash, gzip and brotli: seconds of CPU at 1,000,000 seats) runs
 * in one worker thread, so the event loop keeps answering other requests meanwhile. The server
 * reads the version (database I/O, in pages) and posts it; the worker answers the bytes,
 * transferred, not copied.
 *
 * One compile at a time (`compileSlot`): a 1M-seat compile holds ~1 GB while it runs (the 120 MB
 * drawing text, the recognised venue, the builder's copy), so two at once could double the peak;
 * a second version waits for the first. The worker starts on the first compile and stays, idle,
 * unreferenced (it never keeps a process alive); one that dies is started again by the next.
 *
 * The server runs TypeScript through tsx (`node --import tsx`, vitest's own transform in tests),
 * and a worker does not inherit a loader registered that way on Node 20, so the worker registers
 * tsx itself before importing compile.worker.ts: the same file runs under `npm start`, `tsx` and
 * vitest.
 */

export type CompileRequest =
  | { type: 'begin'; id: number; svg: string; rulesJson: string; rows: StoredVersionRows }
  | { type: 'page'; id: number; page: SeatPage }
  | { type: 'finish'; id: number }
  | { type: 'abort'; id: number }

export type CompileReply =
  | ({ type: 'done'; id: number; threadId: number } & CompiledBytes)
  | { type: 'failed'; id: number; threadId: number; uncompilable: boolean; message: string }

/** What a compile answers: the bytes, and the thread that made them (never the server's). */
export interface CompiledOffThread extends CompiledBytes {
  threadId: number
}

const WORKER_URL = new URL('./compile.worker.ts', import.meta.url).href
/** tsx's ESM register API, by its package's exports map (its CommonJS build's register does not load). */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url)
  const manifest = require.resolve('tsx/package.json')
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> }
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api'].import.default)).href
}
const BOOTSTRAP = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}) })`

/** Runs `fn` when no other compile runs (first come, first served). */
class Slot {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn)
    this.tail = result.catch(() => undefined)
    return result
  }
}

/** Holds the compile worker: one compile at a time. Callers run inside `compileSlot.run`. */
export const compileSlot = new Slot()

interface Pending {
  id: number
  resolve: (r: CompiledOffThread) => void
  reject: (e: Error) => void
}

let worker: Worker | null = null
let pending: Pending | null = null
let nextId = 1

function fail(e: Error) {
  const p = pending
  pending = null
  p?.reject(e)
}

function theWorker(): Worker {
  if (worker) return worker
  const w = new Worker(BOOTSTRAP, { eval: true, execArgv: [] })
  w.unref()
  w.on('message', (m: CompileReply) => {
    if (!pending || pending.id !== m.id) return
    const p = pending
    pending = null
    w.unref()
    if (m.type === 'done') p.resolve({ hash: m.hash, seatCount: m.seatCount, raw: m.raw, gzip: m.gzip, brotli: m.brotli, threadId: m.threadId })
    else p.reject(m.uncompilable ? new UncompilableVersionError(m.message) : new Error(`compile worker: ${m.message}`))
  })
  w.on('error', (e) => {
    if (worker === w) worker = null
    fail(e)
  })
  w.on('exit', (code) => {
    if (worker === w) worker = null
    fail(new Error(`compile worker exited (${code})`))
  })
  worker = w
  return w
}

/**
 * A compile in the worker, fed by the caller: `begin` posts the drawing and the version's rows
 * besides seats (the worker starts recognising at once), `page` the seats in id order while the
 * caller reads the next, `finish` answers the bytes. Run inside `compileSlot.run`.
 */
export class WorkerCompile {
  private readonly id = nextId++
  private readonly worker = theWorker()
  private done = false

  constructor(svg: string, rulesJson: string, rows: StoredVersionRows) {
    this.post({ type: 'begin', id: this.id, svg, rulesJson, rows })
  }

  page(page: SeatPage): void {
    this.post({ type: 'page', id: this.id, page }, [page.zones.buffer as ArrayBuffer])
  }

  /** The bytes; rejects with UncompilableVersionError when a stored seat is not in the drawing. */
  finish(): Promise<CompiledOffThread> {
    this.done = true
    return new Promise<CompiledOffThread>((resolve, reject) => {
      if (worker !== this.worker) return reject(new Error('compile worker exited'))
      pending = { id: this.id, resolve, reject }
      this.worker.ref()
      this.post({ type: 'finish', id: this.id })
    })
  }

  /** Drops the compile (the caller could not read the version). */
  abort(): void {
    if (this.done) return
    this.done = true
    this.post({ type: 'abort', id: this.id })
  }

  private post(m: CompileRequest, transfer: ArrayBuffer[] = []) {
    this.worker.postMessage(m, transfer)
  }
}
