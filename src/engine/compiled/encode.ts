/**
 * Compiles a parsed venue into the compiled form (format.ts). Runs on the server at import,
 * once per drawing. Cost: one pass per column plus one string read per seat key.
 */
import type { VenueData } from '../model'
import { StringTable, StringTableBuilder } from '../strings/StringTable'
import { seatKeyId } from '../seatKeys'
import { splitKey } from './splitKey'
import { ByteWriter } from './bytes'
import { COMPILED_FLAGS, COMPILED_VENUE_MAGIC, COMPILED_VENUE_VERSION, GRID_STEPS, gridOf, ROTATION_STEPS } from './format'

function quantise(values: Float32Array, origin: number, step: number, every = 1, from = 0): Uint16Array {
  const n = Math.floor((values.length - from + every - 1) / every)
  const out = new Uint16Array(n)
  for (let i = 0, k = from; i < n; i++, k += every) {
    const q = Math.round((values[k] - origin) / step)
    out[i] = q < 0 ? 0 : q > GRID_STEPS ? GRID_STEPS : q
  }
  return out
}

export function encodeCompiledVenue(venue: VenueData): Uint8Array {
  const { seats, sectors, decorations: deco } = venue
  const old = new StringTable(venue.strings)
  const table = new StringTableBuilder()
  const remap = new Int32Array(old.size).fill(-1)
  const id = (oldId: number): number => {
    if (oldId <= 0 || oldId >= remap.length) return 0
    if (remap[oldId] < 0) remap[oldId] = table.add(old.get(oldId))
    return remap[oldId]
  }

  let maxSize = 0
  for (let i = 0; i < seats.count; i++) maxSize = Math.max(maxSize, seats.w[i], seats.h[i])
  const grid = gridOf(venue.bbox, maxSize)

  const row = new Uint32Array(seats.count)
  const number = new Uint32Array(seats.count)
  const keyPrefix = new Uint32Array(seats.count)
  const keySuffix = new Uint32Array(seats.count)
  const rotation = new Uint16Array(seats.count)
  const turn = 2 * Math.PI
  for (let i = 0; i < seats.count; i++) {
    row[i] = id(seats.row[i])
    number[i] = id(seats.number[i])
    const [prefix, suffix] = splitKey(old.get(seatKeyId(venue, i)))
    keyPrefix[i] = table.add(prefix)
    keySuffix[i] = suffix
    const r = ((seats.rotation[i] % turn) + turn) % turn
    rotation[i] = Math.round((r / turn) * ROTATION_STEPS) % ROTATION_STEPS
  }
  const sectorName = Uint32Array.from(sectors.name, id)
  const labelText = Uint32Array.from(deco.labelText, id)
  const strings = new StringTable(table.build())

  const w = new ByteWriter()
  for (const b of COMPILED_VENUE_MAGIC) w.u8(b)
  w.u8(COMPILED_VENUE_VERSION)
  w.u8(COMPILED_FLAGS)
  for (const v of [...venue.viewBox, ...venue.bbox]) w.f64(v)
  for (const v of [seats.count, sectors.count, deco.count, deco.labelCount, strings.size]) w.u32(v)
  w.text(JSON.stringify(venue.zones.map((z) => ({ id: z.id, name: z.name, color: z.color }))))
  const encoder = new TextEncoder()
  const texts: Uint8Array[] = []
  for (let i = 0; i < strings.size; i++) {
    const b = encoder.encode(strings.get(i))
    w.varint(b.length)
    texts.push(b)
  }
  for (const b of texts) w.bytes(b)

  w.column(quantise(seats.x, grid.x0, grid.step), 2, true)
  w.column(quantise(seats.y, grid.y0, grid.step), 2, true)
  w.column(quantise(seats.w, 0, grid.sizeStep), 2, true)
  w.column(quantise(seats.h, 0, grid.sizeStep), 2, true)
  w.column(rotation, 2, true)
  w.column(seats.shape, 1, false)
  w.column(seats.sector, 2, true)
  w.column(row, 4, true)
  w.column(number, 4, true)
  w.column(keyPrefix, 4, true)
  w.column(keySuffix, 4, true)
  w.column(seats.zone, 2, true)
  w.f64(maxSize)

  w.column(sectorName, 4, false)
  w.column(sectors.kind, 1, false)
  w.f32s(sectors.bbox)
  w.column(sectors.seatCount, 4, false)
  w.column(sectors.capacity ?? new Uint32Array(sectors.count), 4, false)
  w.column(sectors.zone ?? new Uint16Array(sectors.count).fill(0xffff), 2, false)
  w.column(sectors.outlineStart, 4, false)
  w.column(sectors.outlineLength, 4, false)
  w.u32(sectors.outlinePoints.length)
  w.column(quantise(sectors.outlinePoints, grid.x0, grid.step, 2, 0), 2, true)
  w.column(quantise(sectors.outlinePoints, grid.y0, grid.step, 2, 1), 2, true)
  const triangles = sectors.triangles
  w.u8(triangles === undefined ? 0 : triangles instanceof Uint16Array ? 2 : 4)
  if (triangles !== undefined) {
    w.column(sectors.triangleStart!, 4, false)
    w.column(sectors.triangleLength!, 4, false)
    w.u32(triangles.length)
    w.column(triangles, triangles instanceof Uint16Array ? 2 : 4, false)
  }

  w.column(deco.start, 4, false)
  w.column(deco.length, 4, false)
  w.u32(deco.points.length)
  w.column(quantise(deco.points, grid.x0, grid.step, 2, 0), 2, true)
  w.column(quantise(deco.points, grid.y0, grid.step, 2, 1), 2, true)
  w.column(deco.fill, 4, false)
  w.column(deco.stroke, 4, false)
  w.f32s(deco.strokeWidth)
  w.column(deco.closed, 1, false)
  w.column(quantise(deco.labelX, grid.x0, grid.step), 2, true)
  w.column(quantise(deco.labelY, grid.y0, grid.step), 2, true)
  w.f32s(deco.labelSize)
  w.column(labelText, 4, false)
  return w.finish()
}
