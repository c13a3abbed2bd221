import fs from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import { promisify } from 'node:util'
import { COMPRESS_THRESHOLD_BYTES } from './compression'

/**
 * The web client's hashed assets compressed once, at build time (vite.config.ts, precompressAssets),
 * beside each file as `.br` and `.gz`; the server sends those (plugins/client.ts, @fastify/static
 * preCompressed) instead of compressing every response again (issue 16: the map's critical path).
 * Compressed per request, the scheme page's ~60 scripts cost the server 10-100 ms of brotli each
 * (the 544 kB render worker 38-94 ms, 2026-11-25, shared 2-core box) while the page's six
 * HTTP/1.1 connections waited on them; a file read costs well under a millisecond.
 */

/**
 * Brotli's best quality: paid once per build (~2 s for the whole client on 2 idle cores); the
 * render worker's 544 kB come to 129 kB, against 155 kB at the quality 4 the server used per request.
 */
export const PRECOMPRESS_BROTLI_QUALITY = 11
/** gzip's best level, for clients without brotli. */
export const PRECOMPRESS_GZIP_LEVEL = 9
/** Which built files get compressed copies: text the browser fetches (source maps are never sent in production). */
export const PRECOMPRESSED_FILE = /\.(?:js|mjs|css|svg|json|html|txt|webmanifest)$/

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Writes `<file>.br` and `<file>.gz` beside each file that PRECOMPRESSED_FILE names and that is
 * at least COMPRESS_THRESHOLD_BYTES long (the server sends smaller ones as they are); answers the
 * files it compressed. All at once: zlib's async calls spread over libuv's threads.
 */
export async function precompressFiles(files: readonly string[]): Promise<string[]> {
  const done = await Promise.all(
    files.map(async (file) => {
      if (!PRECOMPRESSED_FILE.test(file)) return null
      const body = await fs.readFile(file)
      if (body.length < COMPRESS_THRESHOLD_BYTES) return null
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PRECOMPRESS_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzip(body, { level: PRECOMPRESS_GZIP_LEVEL }),
      ])
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)])
      return file
    }),
  )
  return done.filter((f): f is string => f !== null)
}

/** The files under `dir/sub` (not recursive), as paths. */
export async function filesIn(dir: string, sub: string): Promise<string[]> {
  const at = path.join(dir, sub)
  const entries = await fs.readdir(at, { withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(at, e.name))
}
