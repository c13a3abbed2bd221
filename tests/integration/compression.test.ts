import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESS_THRESHOLD_BYTES, pickEncoding, SYNC_COMPRESS_MAX_BYTES } from '../../src/server/plugins/compression'
import { demoHash } from '../../src/server/seed/catalog'
import { ApiClient } from '../support/client'
import { startTestServer, type TestServer } from '../support/server'

/**
 * Compression of answers (plugins/compression.ts): small answers go as they are, in-memory answers
 * up to SYNC_COMPRESS_MAX_BYTES are compressed in one call and sent with a content-length (not
 * chunked), larger ones still stream through @fastify/compress, and a body that is already
 * encoded (the pre-gzipped seat map) is never encoded twice. fetch decodes what it gets, so the
 * decoded body must equal the one sent with no encoding.
 */
describe('answer compression', () => {
  let server: TestServer
  let client: ApiClient
  const hash = demoHash('event', 'organ-night')
  beforeAll(async () => {
    server = await startTestServer({ db: 'sqlite' })
    client = new ApiClient(server.url)
    await client.startSession()
  })
  afterAll(async () => {
    await server?.close()
  })

  const sessions = (encoding: string) =>
    client.fetch('/api/scheme/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': encoding, 'x-csrf-token': client.token, 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ hash }),
    })

  it('leaves a small answer uncompressed', async () => {
    const res = await client.fetch('/api/token', { headers: { 'accept-encoding': 'br, gzip' } })
    const body = await res.text()
    expect(Buffer.byteLength(body)).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(res.headers.get('content-encoding')).toBeNull()
  })

  it.each(['br', 'gzip', 'deflate'])('compresses a mid-size answer in %s, in one piece with its length, to the same JSON', async (encoding) => {
    const plain = await sessions('identity')
    const plainText = await plain.text()
    expect(plain.headers.get('content-encoding')).toBeNull()
    const size = Buffer.byteLength(plainText)
    expect(size).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)
    expect(size).toBeLessThan(SYNC_COMPRESS_MAX_BYTES)

    const res = await sessions(encoding)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe(encoding)
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(res.headers.get('transfer-encoding')).toBeNull()
    expect(Number(res.headers.get('content-length'))).toBeLessThan(size)
    expect(JSON.parse(await res.text())).toEqual(JSON.parse(plainText))
  })

  it('streams an answer above the synchronous bound, still compressed', async () => {
    const plain = await client.fetch('/api/docs/json', { headers: { 'accept-encoding': 'identity' } })
    const plainText = await plain.text()
    const res = await client.fetch('/api/docs/json', { headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(await res.text())).toEqual(JSON.parse(plainText))
  })

  it('never encodes the pre-gzipped seat map twice', async () => {
    const { calendar } = (await (await sessions('identity')).json()) as { calendar: Array<{ calendar_id: number }> }
    const res = await client.fetch('/api/scheme/map', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip', 'x-csrf-token': client.token, 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ hash, calendar_id: calendar[0].calendar_id }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const map = (await res.json()) as { seat_numbers: unknown[] }
    expect(map.seat_numbers.length).toBeGreaterThan(0)
  })
})

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1.0, br;q=0', 'gzip'],
    ['deflate', 'deflate'],
    ['*', 'gzip'],
    ['BR', 'br'],
  ])('%s -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected)
  })
})
