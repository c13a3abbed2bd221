import compress from '@fastify/compress'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

/** Answers below this size go uncompressed: gzip's framing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024
/**
 * In-memory answers up to this size are compressed in one synchronous call (about 30 µs for a
 * few KB, a few ms at this bound) and sent with a content-length in one write. @fastify/compress
 * streams every answer through zlib (Readable, peek-stream, pump, chunked encoding): about 150 µs
 * more CPU for the same 2 KB answer (measured in isolation, node:zlib). Larger answers and streams
 * still take the plugin's streaming path, which does not block the event loop.
 */
export const SYNC_COMPRESS_MAX_BYTES = 128 * 1024
/** Brotli quality of dynamic answers: the plugin's default, a fair speed/size trade for per-request work. */
const BROTLI_QUALITY = 4
/** Content types the synchronous path compresses; anything else is left to the plugin. */
const TEXTUAL = /^(?:text\/|application\/(?:json|javascript|xml)|image\/svg\+xml)/

export type Encoding = 'br' | 'gzip' | 'deflate'
/** Preference when the client accepts several (the plugin's order). */
const PREFERRED: readonly Encoding[] = ['br', 'gzip', 'deflate']

/** The encoding to answer in from Accept-Encoding (q=0 refuses one; `*` stands for any), or null. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  const accepted = new Set<string>()
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q !== undefined && Number(q.slice(2)) === 0) continue
    accepted.add(name.trim())
  }
  if (accepted.has('*')) return 'gzip'
  return PREFERRED.find((e) => accepted.has(e)) ?? null
}

/**
 * The encoding an answer of `size` bytes goes out in for this request: null when it is too small
 * to gain, the client asked for none (`x-no-compression`) or accepts none we make. The one rule of
 * the hook below and of answers compressed once and sent many times (routes/listing-answer.ts).
 */
export function answerEncoding(request: FastifyRequest, size: number): Encoding | null {
  if (size < COMPRESS_THRESHOLD_BYTES || request.headers['x-no-compression'] !== undefined) return null
  return pickEncoding(request.headers['accept-encoding'])
}

const brotliOptions = (size: number) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } })

function compressSync(body: Buffer | string, size: number, encoding: Encoding): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(body, brotliOptions(size))
  return encoding === 'gzip' ? zlib.gzipSync(body) : zlib.deflateSync(body)
}

const brotliAsync = promisify(zlib.brotliCompress)
const gzipAsync = promisify(zlib.gzip)
const deflateAsync = promisify(zlib.deflate)

/** `body` in `encoding` as the synchronous path writes it, made on libuv's thread pool (an answer compressed once and sent many times). */
export function compressAnswer(body: string, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return brotliAsync(body, brotliOptions(Buffer.byteLength(body)))
  return encoding === 'gzip' ? gzipAsync(body) : deflateAsync(body)
}

export function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary')
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : ''
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) return
  reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding')
}

/**
 * Compression of every answer: small in-memory answers synchronously (above), the rest by
 * @fastify/compress. Answers that set their own content-encoding (the pre-gzipped seat map) and
 * hijacked streams (SSE) are left alone by both; the synchronous hook runs first (instance hooks
 * run before the plugin's route hooks) and the plugin then skips what it already encoded.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length
    if (size > SYNC_COMPRESS_MAX_BYTES || reply.hasHeader('content-encoding')) return payload
    const type = reply.getHeader('content-type')
    if (typeof type !== 'string' || !TEXTUAL.test(type)) return payload
    const encoding = answerEncoding(request, size)
    if (!encoding) return payload
    addVary(reply)
    reply.header('content-encoding', encoding)
    reply.removeHeader('content-length')
    return compressSync(payload, size, encoding)
  })
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES })
}
