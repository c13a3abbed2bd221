/**
 * Decodes the compiled venue (format.ts) into the engine's VenueData: typed arrays only, so the
 * venue worker hands the result to the page as transferable buffers. Seat keys are rebuilt as
 * parts (prefix + number) the string table reads on demand, with no per-seat JavaScript string.
 * Cost at 1M seats: one pass per column plus the seat index (SeatIndex.buildFromSeats) and the
 * seat keys' runs (keyRuns.ts).
 */
import { NO_ZONE, SeatStatus, type StringTableBuffers, type VenueData, type VenueZone } from '../model'
import { buildKeyRuns } from '../keyRuns'
import { SeatIndex } from '../spatial/SeatIndex'
import { ByteReader } from './bytes'
import { COMPILED_FLAGS, COMPILED_VENUE_MAGIC, COMPILED_VENUE_VERSION, CompiledVenueError, gridOf, ROTATION_STEPS } from './format'

/** Format version of a compiled venue, or -1 when the bytes are not one. */
export function compiledVenueVersion(bytes: Uint8Array): number {
  if (bytes.length < 6) return -1
  for (let i = 0; i < COMPILED_VENUE_MAGIC.length; i++) if (bytes[i] !== COMPILED_VENUE_MAGIC[i]) return -1
  return bytes[4]
}

function unquantise(q: Uint16Array, origin: number, step: number): Float32Array {
  const out = new Float32Array(q.length)
  for (let i = 0; i < q.length; i++) out[i] = origin + q[i] * step
  return out
}

function interleave(xs: Float32Array, ys: Float32Array): Float32Array {
  const out = new Float32Array(xs.length * 2)
  for (let i = 0; i < xs.length; i++) {
    out[2 * i] = xs[i]
    out[2 * i + 1] = ys[i]
  }
  return out
}

export function decodeCompiledVenue(bytes: Uint8Array): VenueData {
  const started = performance.now()
  const version = compiledVenueVersion(bytes)
  if (version !== COMPILED_VENUE_VERSION) throw new CompiledVenueError(version < 0 ? 'not a compiled venue' : `compiled venue format ${version}, this engine reads ${COMPILED_VENUE_VERSION}`)
  const r = new ByteReader(bytes)
  r.offset = 5
  if (r.u8() !== COMPILED_FLAGS) throw new CompiledVenueError('compiled venue has flags this engine does not know')
  const viewBox = [r.f64(), r.f64(), r.f64(), r.f64()] as [number, number, number, number]
  const bbox = [r.f64(), r.f64(), r.f64(), r.f64()] as [number, number, number, number]
  const [n, sectorCount, decoCount, labelCount, stringCount] = [r.u32(), r.u32(), r.u32(), r.u32(), r.u32()]
  const zones = JSON.parse(r.text()) as VenueZone[]
  const lengths = new Uint32Array(stringCount)
  let textBytes = 0
  for (let i = 0; i < stringCount; i++) textBytes += lengths[i] = r.varint()
  const text = r.bytes(textBytes)

  const x16 = r.column(new Uint16Array(n), 2, true)
  const y16 = r.column(new Uint16Array(n), 2, true)
  const w16 = r.column(new Uint16Array(n), 2, true)
  const h16 = r.column(new Uint16Array(n), 2, true)
  const rot16 = r.column(new Uint16Array(n), 2, true)
  const shape = r.column(new Uint8Array(n), 1, false)
  const sector = r.column(new Uint16Array(n), 2, true)
  const row = narrowIds(r.column(new Uint32Array(n), 4, true), stringCount)
  const number = narrowIds(r.column(new Uint32Array(n), 4, true), stringCount)
  const keyPrefix = r.column(new Uint32Array(n), 4, true)
  const keySuffix = r.column(new Uint32Array(n), 4, true)
  const zone = r.column(new Uint16Array(n), 2, true)
  const grid = gridOf(bbox, r.f64())
  const rotation = new Float32Array(n)
  for (let i = 0; i < n; i++) rotation[i] = (rot16[i] / ROTATION_STEPS) * 2 * Math.PI
  const strings = stringsWithKeys(lengths, text, keyPrefix, keySuffix)
  const seats = {
    count: n,
    x: unquantise(x16, grid.x0, grid.step),
    y: unquantise(y16, grid.y0, grid.step),
    w: unquantise(w16, 0, grid.sizeStep),
    h: unquantise(h16, 0, grid.sizeStep),
    rotation, shape, sector, row, number, zone,
    status: new Uint8Array(n).fill(SeatStatus.Free),
  }

  const name = r.column(new Uint32Array(sectorCount), 4, false)
  const kind = r.column(new Uint8Array(sectorCount), 1, false)
  const sectorBox = r.f32s(sectorCount * 4)
  const seatCount = r.column(new Uint32Array(sectorCount), 4, false)
  const capacity = r.column(new Uint32Array(sectorCount), 4, false)
  const sectorZone = r.column(new Uint16Array(sectorCount), 2, false)
  const outlineStart = r.column(new Uint32Array(sectorCount), 4, false)
  const outlineLength = r.column(new Uint32Array(sectorCount), 4, false)
  const outlineCount = r.u32() / 2
  const ox = unquantise(r.column(new Uint16Array(outlineCount), 2, true), grid.x0, grid.step)
  const oy = unquantise(r.column(new Uint16Array(outlineCount), 2, true), grid.y0, grid.step)
  const triangleWidth = r.u8()
  let triangulated = {}
  if (triangleWidth !== 0) {
    const triangleStart = r.column(new Uint32Array(sectorCount), 4, false)
    const triangleLength = r.column(new Uint32Array(sectorCount), 4, false)
    const count = r.u32()
    const triangles = triangleWidth === 2 ? r.column(new Uint16Array(count), 2, false) : r.column(new Uint32Array(count), 4, false)
    triangulated = { triangleStart, triangleLength, triangles }
  }
  const sectors = {
    count: sectorCount, name, kind, bbox: sectorBox, seatCount, capacity, zone: sectorZone,
    outlineStart, outlineLength, outlinePoints: interleave(ox, oy), ...triangulated,
  }

  const start = r.column(new Uint32Array(decoCount), 4, false)
  const length = r.column(new Uint32Array(decoCount), 4, false)
  const pointCount = r.u32() / 2
  const px = unquantise(r.column(new Uint16Array(pointCount), 2, true), grid.x0, grid.step)
  const py = unquantise(r.column(new Uint16Array(pointCount), 2, true), grid.y0, grid.step)
  const decorations = {
    count: decoCount, start, length, points: interleave(px, py),
    fill: r.column(new Uint32Array(decoCount), 4, false),
    stroke: r.column(new Uint32Array(decoCount), 4, false),
    strokeWidth: r.f32s(decoCount),
    closed: r.column(new Uint8Array(decoCount), 1, false),
    labelCount,
    labelX: unquantise(r.column(new Uint16Array(labelCount), 2, true), grid.x0, grid.step),
    labelY: unquantise(r.column(new Uint16Array(labelCount), 2, true), grid.y0, grid.step),
    labelSize: r.f32s(labelCount),
    labelText: r.column(new Uint32Array(labelCount), 4, false),
  }
  if (r.offset !== bytes.length) throw new CompiledVenueError('compiled venue has trailing bytes')
  for (let i = 0; i < n; i++) if (zone[i] !== NO_ZONE && zone[i] >= zones.length) throw new CompiledVenueError('compiled venue: seat zone out of range')

  const venue: VenueData = {
    viewBox, bbox, seats, sectors, decorations, strings, zones,
    seatIndex: SeatIndex.buildFromSeats(seats),
    keyRuns: buildKeyRuns(strings),
    warnings: [],
    parseMs: 0,
  }
  venue.parseMs = performance.now() - started
  return venue
}

/**
 * The string table of the decoded venue: the compiled strings as bytes, then one key per seat
 * kept as its parts (model.ts keyPrefix / keySuffix, read by strings/stringAt.ts): no key's
 * bytes are written, so a key costs 4-8 bytes (each part in 16 bits when its values fit: the
 * suffix is a seat or row number, the prefix one of the compiled strings) instead of its UTF-8
 * and a 4-byte offset. Seat i's key is part string i, so the venue has no key column
 * (seatKeys.ts seatKeyId; the page finds a seat by key through seatKeyLookup's runs).
 */
function stringsWithKeys(lengths: Uint32Array, text: Uint8Array, prefix: Uint32Array, suffix: Uint32Array): StringTableBuffers {
  const count = lengths.length
  const n = prefix.length
  const offsets = new Uint32Array(count + 1)
  for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i] + lengths[i]
  for (let i = 0; i < n; i++) if (prefix[i] >= count) throw new CompiledVenueError('compiled venue: key prefix out of range')
  const keyPrefix = count <= 0x10000 ? Uint16Array.from(prefix) : prefix
  let maxSuffix = 0
  for (let i = 0; i < n; i++) if (suffix[i] > maxSuffix) maxSuffix = suffix[i]
  const keySuffix = maxSuffix <= 0xffff ? Uint16Array.from(suffix) : suffix
  // A copy: `text` is a view of the whole download, which must not stay alive (nor be transferred) with it.
  return { bytes: text.slice(), offsets, keyPrefix, keySuffix }
}

/**
 * Row and number labels index the compiled strings only (the seat keys come after them), so
 * when there are at most 65,536 of those, 16 bits hold every index: 4 bytes per seat less for
 * the two columns, for one copy at decode.
 */
function narrowIds(ids: Uint32Array, stringCount: number): Uint16Array | Uint32Array {
  if (stringCount > 0x10000) return ids
  for (let i = 0; i < ids.length; i++) if (ids[i] >= stringCount) throw new CompiledVenueError('compiled venue: label index out of range')
  return Uint16Array.from(ids)
}
