import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateVenue } from '../../src/engine/generate/index'
import { SectorKind } from '../../src/engine/model'
import { parseVenue } from '../../src/engine/parse/index'
import { readAllStrings } from '../../src/engine/strings/StringTable'
import { importVenueDrawing } from '../../src/server/venues/import'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { seatKeyId } from '../../src/engine/seatKeys'

const run = promisify(execFile)
/** A real drawing (read in place, never copied: see /work/shared/venues/real/SOURCES.md). */
const REAL_DRAWING = '/work/shared/venues/real/stoertebeker-naturbuehne-ralswiek.svg'

/** The parser's view of a drawing: seat keys with row/number, standing capacities by name. */
function parserView(svg: string) {
  const data = parseVenue(svg)
  const strings = readAllStrings(data.strings)
  const seats = new Map<string, string>()
  for (let i = 0; i < data.seats.count; i++) {
    seats.set(strings[seatKeyId(data, i)], `${strings[data.seats.row[i]]}/${strings[data.seats.number[i]]}`)
  }
  const standing = new Map<string, number>()
  for (let s = 0; s < data.sectors.count; s++) {
    if (data.sectors.kind[s] === SectorKind.Standing) standing.set(strings[data.sectors.name[s]], data.sectors.capacity?.[s] ?? 0)
  }
  return { count: data.seats.count, seats, standing }
}

describe.each(TEST_DBS)('venue import on %s', (dbKind) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
  })
  afterAll(async () => {
    await server?.close()
  })

  async function storedView(drawingId: number) {
    const seats = await server.db.selectFrom('seats').select(['seat_key', 'row_label', 'number_label']).where('drawing_id', '=', drawingId).execute()
    const standing = await server.db.selectFrom('standing_places').select(['place_key', 'capacity', 'zone_id']).where('drawing_id', '=', drawingId).execute()
    return {
      count: seats.length,
      seats: new Map(seats.map((s) => [s.seat_key, `${s.row_label}/${s.number_label}`])),
      standing: new Map(standing.map((s) => [s.place_key, s.capacity])),
      unzonedStanding: standing.filter((s) => s.zone_id === null).length,
    }
  }

  async function newVenue(name: string): Promise<number> {
    const row = await server.db.insertInto('venues').values({ name_ru: name, name_en: name, name_kz: name, name_ch: name }).returning('id').executeTakeFirstOrThrow()
    return row.id
  }

  it('the demo drawings store exactly the seats the parser finds in them', async () => {
    const drawings = await server.db.selectFrom('venue_drawings').select(['id', 'svg', 'seat_count']).execute()
    expect(drawings.length).toBe(4)
    const sizes = []
    for (const d of drawings) {
      const parsed = parserView(d.svg)
      const stored = await storedView(d.id)
      expect(stored.count).toBe(parsed.count)
      expect(d.seat_count).toBe(parsed.count)
      expect(stored.seats).toEqual(parsed.seats)
      sizes.push(parsed.count)
    }
    expect(Math.max(...sizes)).toBe(60_000)
    expect(sizes).toContain(5_000)
    expect(sizes).toContain(10_000)
  })

  it('a generated arena: seats and standing places match the parser, standing places are priced by zone', async () => {
    const svg = generateVenue({ kind: 'arena', seats: 3000, seed: 5 })
    const result = await importVenueDrawing(server.db, { venueId: await newVenue('Arena'), name: 'Arena', svg })
    const parsed = parserView(svg)
    const stored = await storedView(result.drawingId)
    expect(result.seats).toBe(3000)
    expect(parsed.standing.size).toBeGreaterThan(0)
    expect(stored.count).toBe(parsed.count)
    expect(stored.seats).toEqual(parsed.seats)
    expect(stored.standing).toEqual(parsed.standing)
    expect(stored.unzonedStanding).toBe(0)
  })

  it('a real drawing imports with the same seats as the parser reads', async () => {
    const svg = fs.readFileSync(REAL_DRAWING, 'utf8')
    const result = await importVenueDrawing(server.db, { venueId: await newVenue('Ralswiek'), name: 'Ralswiek', svg, sourceFile: REAL_DRAWING })
    const parsed = parserView(svg)
    const stored = await storedView(result.drawingId)
    expect(stored.count).toBe(parsed.count)
    expect(stored.seats).toEqual(parsed.seats)
    // Seat types the drawing gives (its `type` attribute) reach seats.access_type, and each
    // companion seat's space (found by geometry) is the one its linked_seat_number names.
    const typed = await server.db.selectFrom('seats').select(['seat_key', 'access_type', 'companion_of']).where('drawing_id', '=', result.drawingId).where('access_type', 'is not', null).execute()
    const declared = new Map<string, string>()
    for (const m of svg.matchAll(/<path id="(\d+)"[^>]*? type="(wheelchair\w*)"/g)) declared.set(m[1], m[2] === 'wheelchair_accompaniment' ? 'companion' : 'wheelchair')
    expect(declared.size).toBeGreaterThan(300)
    expect(new Map(typed.map((t) => [t.seat_key, t.access_type]))).toEqual(declared)
    const companions = typed.filter((t) => t.access_type === 'companion')
    expect(companions.length).toBe(result.report.access.companion)
    for (const c of companions) expect(c.companion_of).toBe(new RegExp(`<path id="${c.seat_key}"[^>]*linked_seat_number="(\\d+)"`).exec(svg)?.[1])
    expect(result.report.access.companionsLinked).toBe(companions.length)
  })

  it('a broken drawing stores nothing', async () => {
    const count = async () => (await server.db.selectFrom('venue_drawings').select('id').execute()).length
    const before = await count()
    await expect(importVenueDrawing(server.db, { venueId: await newVenue('Broken'), name: 'Broken', svg: '<svg><circle seat_number="1" r="1"' })).rejects.toThrow()
    await expect(importVenueDrawing(server.db, { venueId: 987654, name: 'No venue', svg: generateVenue({ kind: 'hall', seats: 1000 }) })).rejects.toThrow(/venue 987654/)
    expect(await count()).toBe(before)
  })

  it('npm run venue -- import FILE stores the drawing in the configured database', async () => {
    const file = path.join(server.dataDir, 'hall.svg')
    fs.writeFileSync(file, generateVenue({ kind: 'hall', seats: 1200, seed: 9 }))
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' }
    if (server.config.database.kind === 'postgres') env.DATABASE_URL = server.config.database.url
    else delete env.DATABASE_URL
    const { stdout } = await run('npx', ['tsx', 'src/cli/venue.ts', 'import', file, '--name', 'CLI hall'], { env, cwd: process.cwd() })
    expect(stdout).toMatch(/1200 seats/)
    const drawing = await server.db.selectFrom('venue_drawings').select(['id', 'seat_count']).where('name', '=', 'CLI hall').executeTakeFirstOrThrow()
    expect(drawing.seat_count).toBe(1200)
    expect((await storedView(drawing.id)).count).toBe(1200)
  })
})
