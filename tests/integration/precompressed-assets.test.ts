import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESS_THRESHOLD_BYTES } from '../../src/server/plugins/compression'
import { filesIn, precompressFiles } from '../../src/server/plugins/precompress'
import { startTestServer, type TestServer } from '../support/server'

/**
 * The client's assets compressed at build time (plugins/precompress.ts, run by vite.config.ts):
 * the server sends the `.br` / `.gz` beside an asset byte for byte to a client that accepts it
 * (plugins/client.ts), the file itself to one that does not, and compresses nothing per request.
 */
const BIG = 'assets/app-1a2b3c4d.js'
const SMALL = 'assets/tiny-5e6f7a8b.js'

function fakeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-precompressed-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>test client</title><div id="root"></div>')
  // Varied enough text that brotli's qualities give different bytes.
  const lines = Array.from({ length: 2000 }, (_, i) => `export const v${i} = ${(i * 7919) % 104729} + "${i.toString(36)}";`)
  fs.writeFileSync(path.join(dir, BIG), lines.join('\n'))
  fs.writeFileSync(path.join(dir, SMALL), 'console.log(1)')
  return dir
}

/** A raw GET: the body as sent (fetch would decode it). */
function rawGet(url: string, acceptEncoding: string | null): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    }).on('error', reject)
  })
}

describe('precompressed client assets', () => {
  let server: TestServer
  let dir: string
  let compressed: string[]
  beforeAll(async () => {
    dir = fakeClient()
    compressed = await precompressFiles(await filesIn(dir, 'assets'))
    server = await startTestServer({ db: 'sqlite', env: { CLIENT_DIR: dir, NODE_ENV: 'production' } })
  })
  afterAll(async () => {
    await server?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('the build step writes .br and .gz that decode to the asset, and skips files under the compression threshold', () => {
    expect(compressed).toEqual([path.join(dir, BIG)])
    const original = fs.readFileSync(path.join(dir, BIG))
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${BIG}.br`)))).toEqual(original)
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${BIG}.gz`)))).toEqual(original)
    expect(fs.statSync(path.join(dir, SMALL)).size).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(fs.existsSync(path.join(dir, `${SMALL}.br`))).toBe(false)
  })

  it.each([
    ['br', 'br', '.br'],
    ['gzip, deflate, br, zstd', 'br', '.br'],
    ['gzip', 'gzip', '.gz'],
  ])('sends the built %s copy as it is (Accept-Encoding: %s)', async (accept, encoding, ext) => {
    const res = await rawGet(`${server.url}/${BIG}`, accept)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(res.body.equals(fs.readFileSync(path.join(dir, `${BIG}${ext}`)))).toBe(true)
    expect(res.headers['content-type']).toMatch(/^(?:application|text)\/javascript/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
  })

  it('is not what the server would have compressed per request', async () => {
    const res = await rawGet(`${server.url}/${BIG}`, 'br')
    const perRequest = zlib.brotliCompressSync(fs.readFileSync(path.join(dir, BIG)), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    expect(res.body.equals(perRequest)).toBe(false)
  })

  it('sends the asset itself to a client that accepts no encoding, and still serves a small asset that has no copies', async () => {
    const plain = await rawGet(`${server.url}/${BIG}`, null)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.equals(fs.readFileSync(path.join(dir, BIG)))).toBe(true)
    const small = await fetch(`${server.url}/${SMALL}`, { headers: { 'accept-encoding': 'br' } })
    expect(small.status).toBe(200)
    expect(await small.text()).toBe('console.log(1)')
  })

  it('still answers the app page on a client route', async () => {
    const res = await fetch(`${server.url}/scheme/abc`, { headers: { 'accept-encoding': 'br' } })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('test client')
  })
})
