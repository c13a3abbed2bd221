import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEAT_STATUS_BYTE, schemeMapCompiledResponseSchema, type SchemeMapCompiledResponse } from '../../src/contract/entities/compiledVenue'
import { ErrorCode } from '../../src/contract/errors'
import { decodeCompiledVenue } from '../../src/engine/compiled/decode'
import { generateVenue } from '../../src/engine/generate/index'
import { StringTable } from '../../src/engine/strings/StringTable'
import { compiledVenueOfDrawing } from '../../src/server/venues/compiled'
import { importVenueDrawing } from '../../src/server/venues/import'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { loadScheme, seatChange, visitor, type SchemeFx } from './scheme-helpers'
import { seatKeyId } from '../../src/engine/seatKeys'

/** GET with explicit headers; Node's fetch decodes br and gzip itself (content-encoding stays visible). */
async function get(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url + path, { headers })
}

async function compiledOf(server: TestServer, fx: SchemeFx): Promise<SchemeMapCompiledResponse> {
  const v = await visitor(server.url)
  const res = await v.post('/api/scheme/map/compiled', { hash: fx.hash, calendar_id: fx.calendarId })
  expect(res.status).toBe(200)
  return schemeMapCompiledResponseSchema.parse(res.body)
}

describe.each(TEST_DBS)('compiled seat map on %s (issue 16.1)', (dbKind) => {
  let server: TestServer
  let fx: SchemeFx
  let info: SchemeMapCompiledResponse

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    fx = await loadScheme(await visitor(server.url))
    info = await compiledOf(server, fx)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('serves the compiled drawing at an immutable URL named by its content hash, compressed, with an ETag', async () => {
    expect(info.venue.url).toBe(`/api/venues/compiled/${info.venue.content_hash}`)
    const br = await get(server, info.venue.url, { 'accept-encoding': 'br' })
    expect(br.status).toBe(200)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(br.headers.get('etag')).toBe(`"${info.venue.content_hash}"`)
    expect(br.headers.get('content-type')).toContain('application/octet-stream')
    const bytes = new Uint8Array(await br.arrayBuffer())
    expect(createHash('sha256').update(bytes).digest('hex').slice(0, 32)).toBe(info.venue.content_hash)
    expect(bytes.length).toBe(info.venue.bytes.raw)
    const gz = await get(server, info.venue.url, { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(new Uint8Array(await gz.arrayBuffer())).toEqual(bytes)
    const plain = await get(server, info.venue.url, { 'accept-encoding': 'identity' })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(new Uint8Array(await plain.arrayBuffer())).toEqual(bytes)
    // What the 5,000-seat hall costs a visitor: well under 8 bytes per seat.
    expect(info.venue.bytes.brotli / info.venue.seat_count).toBeLessThan(8)

    const venue = decodeCompiledVenue(bytes)
    expect(venue.seats.count).toBe(5000)
    expect(info.venue.seat_count).toBe(5000)
    // Zones carry the price rows' zonelevel_id.
    const priced = new Set(fx.sessions.prices.map((p) => String(p.zonelevel_id)))
    expect(venue.zones.some((z) => priced.has(z.id))).toBe(true)
  })

  it('answers 304 to If-None-Match with the ETag, and keeps the headers', async () => {
    const etag = `"${info.venue.content_hash}"`
    const res = await get(server, info.venue.url, { 'if-none-match': etag, 'accept-encoding': 'br' })
    expect(res.status).toBe(304)
    expect(res.headers.get('etag')).toBe(etag)
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect((await res.arrayBuffer()).byteLength).toBe(0)
    const other = await get(server, info.venue.url, { 'if-none-match': '"0000"' })
    expect(other.status).toBe(200)
  })

  it('status bytes: one per seat in the compiled order, agreeing with /api/scheme/map, a hold shows at once', async () => {
    const venue = decodeCompiledVenue(new Uint8Array(await (await get(server, info.venue.url)).arrayBuffer()))
    const strings = new StringTable(venue.strings)
    const indexOf = new Map<string, number>()
    for (let i = 0; i < venue.seats.count; i++) indexOf.set(strings.get(seatKeyId(venue, i)), i)

    const seat = fx.map.seat_numbers[7].seat_id
    const v = await visitor(server.url)
    const held = await v.post('/api/cart/update', { calendar_id: fx.calendarId, changes: [seatChange(fx, seat)] })
    expect(held.status).toBe(200)

    const res = await get(server, info.statuses_url, { 'accept-encoding': 'gzip' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(bytes.length).toBe(venue.seats.count)

    const map = (await loadScheme(await visitor(server.url))).map
    const listed = new Set<number>()
    for (const s of map.seat_numbers) {
      const i = indexOf.get(s.seat_id)!
      listed.add(i)
      expect(bytes[i], s.seat_id).toBe(SEAT_STATUS_BYTE[s.status])
    }
    for (let i = 0; i < bytes.length; i++) if (!listed.has(i)) expect(bytes[i]).toBe(SEAT_STATUS_BYTE.off)
    expect(bytes[indexOf.get(seat)!]).toBe(SEAT_STATUS_BYTE.held)
    // The zone of each seat in the compiled venue is the zonelevel_id the JSON map gives it.
    for (const s of map.seat_numbers.slice(0, 200)) expect(venue.zones[venue.seats.zone[indexOf.get(s.seat_id)!]].id).toBe(String(s.zonelevel_id))
  })

  it('a new drawing gets a new hash; a drawing without its compiled row is compiled again to the same bytes', async () => {
    const venueRow = await server.db.insertInto('venues').values({ name_ru: 'x', name_en: 'x', name_kz: 'x', name_ch: 'x' }).returning('id').executeTakeFirstOrThrow()
    const a = await importVenueDrawing(server.db, { venueId: venueRow.id, name: 'a', svg: generateVenue({ kind: 'hall', seats: 300, seed: 1 }) })
    const b = await importVenueDrawing(server.db, { venueId: venueRow.id, name: 'b', svg: generateVenue({ kind: 'hall', seats: 300, seed: 2 }) })
    const ha = await compiledVenueOfDrawing(server.db, a.drawingId)
    const hb = await compiledVenueOfDrawing(server.db, b.drawingId)
    expect(ha.hash).not.toBe(hb.hash)
    expect(ha.seatCount).toBe(300)
    const before = await server.db.selectFrom('compiled_venues').select('raw').where('drawing_id', '=', b.drawingId).executeTakeFirstOrThrow()
    await server.db.deleteFrom('compiled_venues').where('drawing_id', '=', b.drawingId).execute()
    // A handle the in-memory cache has not seen (caches are per database handle) compiles it again.
    const recompiled = await compiledVenueOfDrawing(server.db.withoutPlugins(), b.drawingId)
    expect(recompiled.hash).toBe(hb.hash)
    const after = await server.db.selectFrom('compiled_venues').select('raw').where('drawing_id', '=', b.drawingId).executeTakeFirstOrThrow()
    expect(Buffer.from(after.raw).equals(Buffer.from(before.raw))).toBe(true)
  })

  it('bad ids answer in the spec\'s error format and change nothing', async () => {
    const unknown = await get(server, `/api/venues/compiled/${'0'.repeat(32)}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ errorCode: ErrorCode.NOT_FOUND })
    const malformed = await get(server, '/api/venues/compiled/not-a-hash')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST })
    for (const query of [`hash=${fx.hash}&calendar_id=999999`, `hash=${fx.hash}&calendar_id=abc`, `hash=${fx.hash}&calendar_id=99999999999`, 'calendar_id=1', `hash=%00&calendar_id=${fx.calendarId}`]) {
      const res = await get(server, `/api/scheme/map/statuses?${query}`)
      expect(res.status, query).toBeGreaterThanOrEqual(400)
      expect(res.status, query).toBeLessThan(500)
      expect(typeof ((await res.json()) as { errorCode: string }).errorCode).toBe('string')
    }
    const v = await visitor(server.url)
    const wrong = await v.post('/api/scheme/map/compiled', { hash: 'no-such-event', calendar_id: fx.calendarId })
    expect(wrong.status).toBe(404)
    expect(wrong.body).toMatchObject({ errorCode: ErrorCode.NOT_FOUND })
  })

  // Last: it moves the session onto another drawing.
  it('a drawing whose markup types seats: the compiled answer lists its wheelchair spaces and linked companions', async () => {
    const venueRow = await server.db.insertInto('venues').values({ name_ru: 't', name_en: 't', name_kz: 't', name_ch: 't' }).returning('id').executeTakeFirstOrThrow()
    const seats: string[] = []
    for (let n = 1; n <= 12; n++) {
      const type = n === 5 ? ' data-seat-type="wheelchair"' : n === 6 ? ' data-seat-type="companion"' : ''
      seats.push(`<circle id="A-${n}" cx="${n * 24}" cy="40" r="9" data-row="A" data-seat="${n}"${type}/>`)
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100">${seats.join('')}</svg>`
    const typed = await importVenueDrawing(server.db, { venueId: venueRow.id, name: 'typed', svg })
    expect(typed.report.access).toMatchObject({ wheelchair: 1, companion: 1, companionsLinked: 1 })
    await server.db.updateTable('calendars').set({ drawing_id: typed.drawingId }).where('id', '=', fx.calendarId).execute()
    const answer = await compiledOf(server, fx)
    expect(answer.venue.seat_count).toBe(12)
    expect(answer.access).toEqual([
      { seat_id: 'A-5', sector: '', row: 'A', seat: '5', access: 'wheelchair' },
      { seat_id: 'A-6', sector: '', row: 'A', seat: '6', access: 'companion', companion_of: 'A-5' },
    ])
  })
})
