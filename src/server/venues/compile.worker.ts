import { parentPort, threadId } from 'node:worker_threads'
import { StoredCompile, type CompiledBytes } from './compile-job'
import type { CompileReply, CompileRequest } from './compile-pool'
import { UncompilableVersionError } from './version-venue'

/**
 * The compile worker (compile-pool.ts starts it): runs one stored version's compile at a time, off
 * the server's event loop. The job's first failure is kept and answered at `finish`, so the pages
 * the server is still sending are dropped, not compiled.
 */

let job: { id: number; compile: StoredCompile | null; error: { uncompilable: boolean; message: string } | null } | null = null

const failure = (e: unknown) => ({ uncompilable: e instanceof UncompilableVersionError, message: e instanceof Error ? e.message : String(e) })

/** Its own ArrayBuffer (a small Buffer may share Node's pool, which is not transferable). */
function own(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
}

function reply(message: CompileReply, transfer: ArrayBuffer[] = []) {
  parentPort!.postMessage(message, transfer)
}

parentPort!.on('message', (m: CompileRequest) => {
  if (m.type === 'begin') {
    job = { id: m.id, compile: null, error: null }
    try {
      job.compile = new StoredCompile(m.svg, m.rulesJson, m.rows)
    } catch (e) {
      job.error = failure(e)
    }
    return
  }
  if (!job || job.id !== m.id) return
  if (m.type === 'abort') {
    job = null
    return
  }
  if (m.type === 'page') {
    if (job.error || !job.compile) return
    try {
      job.compile.add(m.page)
    } catch (e) {
      job.error = failure(e)
    }
    return
  }
  const { id, compile, error } = job
  job = null
  if (error || !compile) {
    reply({ type: 'failed', id, threadId, ...(error ?? { uncompilable: false, message: 'nothing to finish' }) })
    return
  }
  let bytes: CompiledBytes
  try {
    bytes = compile.finish()
  } catch (e) {
    reply({ type: 'failed', id, threadId, ...failure(e) })
    return
  }
  const raw = own(bytes.raw)
  const gzip = own(bytes.gzip)
  const brotli = own(bytes.brotli)
  reply({ type: 'done', id, threadId, hash: bytes.hash, seatCount: bytes.seatCount, raw, gzip, brotli }, [raw.buffer as ArrayBuffer, gzip.buffer as ArrayBuffer, brotli.buffer as ArrayBuffer])
})
