import { parentPort, threadId } from 'node:worker_threads'
import { venueTransferables } from '../../engine/parse/index'
import { compileVenueBytes, StoredCompile, type CompiledBytes } from './compile-job'
import { failureOf, type CompileReply, type CompileRequest, type WorkerFailure } from './compile-protocol'
import { recogniseDrawing } from './import-job'

/**
 * A compile worker (compile-pool.ts starts it; messages in compile-protocol.ts): one job at a time,
 * off the server's event loop. A stored version's compile keeps its first failure and answers it at
 * `finish`, so the pages the server is still sending are dropped, not compiled.
 */

let job: { id: number; compile: StoredCompile | null; error: WorkerFailure | null } | null = null

/** Its own ArrayBuffer (a small Buffer may share Node's pool, which is not transferable). */
function own(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
}

function reply(message: CompileReply, transfer: ArrayBuffer[] = []) {
  parentPort!.postMessage(message, transfer)
}

function replyBytes(id: number, make: () => CompiledBytes) {
  let bytes: CompiledBytes
  try {
    bytes = make()
  } catch (e) {
    reply({ type: 'failed', id, threadId, ...failureOf(e) })
    return
  }
  const raw = own(bytes.raw)
  const gzip = own(bytes.gzip)
  const brotli = own(bytes.brotli)
  reply({ type: 'done', id, threadId, hash: bytes.hash, seatCount: bytes.seatCount, raw, gzip, brotli }, [raw.buffer as ArrayBuffer, gzip.buffer as ArrayBuffer, brotli.buffer as ArrayBuffer])
}

parentPort!.on('message', (m: CompileRequest) => {
  if (m.type === 'recognise') {
    try {
      const { svg, venue, report } = recogniseDrawing(m.svg, m.rules)
      // The text goes back only when cleaning changed it (a 1M-seat drawing is 120 MB to copy).
      reply({ type: 'recognised', id: m.id, threadId, venue, report, svg: svg === m.svg ? null : svg }, venueTransferables(venue))
    } catch (e) {
      reply({ type: 'failed', id: m.id, threadId, ...failureOf(e) })
    }
    return
  }
  if (m.type === 'encode') {
    replyBytes(m.id, () => compileVenueBytes(m.venue, m.zoneIds))
    return
  }
  if (m.type === 'begin') {
    job = { id: m.id, compile: null, error: null }
    try {
      job.compile = new StoredCompile(m.svg, m.rulesJson, m.rows)
    } catch (e) {
      job.error = failureOf(e)
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
      job.error = failureOf(e)
    }
    return
  }
  const { id, compile, error } = job
  job = null
  if (error || !compile) {
    reply({ type: 'failed', id, threadId, ...(error ?? { kind: 'error', message: 'nothing to finish' }) })
    return
  }
  replyBytes(id, () => compile.finish())
})
