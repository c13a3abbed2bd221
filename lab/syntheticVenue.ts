import { NO_ZONE, SeatShape, type VenueData, type VenueZone } from '../src/engine/model'
import { SeatIndex } from '../src/engine/spatial/SeatIndex'
import { StringTableBuilder } from '../src/engine/strings/StringTable'

/**
 * A synthetic venue built directly as VenueData (no SVG): square sectors of straight rows, for
 * the lab's fallback path and for the unit tests. Deterministic for a given seat count.
 */
export const SYNTH_SEAT_SIZE = 1
export const SYNTH_SEAT_PITCH = 1.3
export const SYNTH_SEATS_PER_ROW = 40
export const SYNTH_ROWS_PER_SECTOR = 25
export const SYNTH_SECTOR_GAP = 6

const ZONES: VenueZone[] = [
  { id: 'z1', name: 'Premium', color: 0xd9534f },
  { id: 'z2', name: 'Standard', color: 0x3b82f6 },
  { id: 'z3', name: 'Economy', color: 0x22a06b },
]

export function syntheticVenue(seatCount: number, withIndex = true): VenueData {
  const perSector = SYNTH_SEATS_PER_ROW * SYNTH_ROWS_PER_SECTOR
  const sectorCount = Math.max(1, Math.ceil(seatCount / perSector))
  const cols = Math.ceil(Math.sqrt(sectorCount))
  const sectorW = SYNTH_SEATS_PER_ROW * SYNTH_SEAT_PITCH
  const sectorH = SYNTH_ROWS_PER_SECTOR * SYNTH_SEAT_PITCH
  const strings = new StringTableBuilder()
  const n = seatCount
  const seats = {
    count: n,
    x: new Float32Array(n), y: new Float32Array(n), w: new Float32Array(n), h: new Float32Array(n),
    rotation: new Float32Array(n), shape: new Uint8Array(n), sector: new Uint16Array(n), row: new Uint32Array(n),
    number: new Uint32Array(n), key: new Uint32Array(n), zone: new Uint16Array(n), status: new Uint8Array(n),
  }
  const sectors = {
    count: sectorCount, name: new Uint32Array(sectorCount), kind: new Uint8Array(sectorCount), bbox: new Float32Array(sectorCount * 4),
    seatCount: new Uint32Array(sectorCount), outlineStart: new Uint32Array(sectorCount), outlineLength: new Uint32Array(sectorCount),
    outlinePoints: new Float32Array(sectorCount * 8),
  }
  const rowIds = Array.from({ length: SYNTH_ROWS_PER_SECTOR }, (_, r) => strings.add(String(r + 1)))
  const numIds = Array.from({ length: SYNTH_SEATS_PER_ROW }, (_, k) => strings.add(String(k + 1)))
  for (let s = 0; s < sectorCount; s++) {
    const ox = (s % cols) * (sectorW + SYNTH_SECTOR_GAP)
    const oy = Math.floor(s / cols) * (sectorH + SYNTH_SECTOR_GAP) + 20
    sectors.name[s] = strings.add(`S${s + 1}`)
    const b = [ox - 1, oy - 1, ox + sectorW, oy + sectorH]
    sectors.bbox.set(b, s * 4)
    sectors.outlineStart[s] = s * 4
    sectors.outlineLength[s] = 4
    sectors.outlinePoints.set([b[0], b[1], b[2], b[1], b[2], b[3], b[0], b[3]], s * 8)
  }
  for (let i = 0; i < n; i++) {
    const s = Math.floor(i / perSector)
    const local = i % perSector
    const r = Math.floor(local / SYNTH_SEATS_PER_ROW)
    const k = local % SYNTH_SEATS_PER_ROW
    const ox = (s % cols) * (sectorW + SYNTH_SECTOR_GAP)
    const oy = Math.floor(s / cols) * (sectorH + SYNTH_SECTOR_GAP) + 20
    seats.x[i] = ox + k * SYNTH_SEAT_PITCH + SYNTH_SEAT_SIZE / 2
    seats.y[i] = oy + r * SYNTH_SEAT_PITCH + SYNTH_SEAT_SIZE / 2
    seats.w[i] = seats.h[i] = SYNTH_SEAT_SIZE
    seats.shape[i] = (s + r) % 5 === 0 ? SeatShape.Rect : SeatShape.Circle
    seats.sector[i] = s
    seats.row[i] = rowIds[r]
    seats.number[i] = numIds[k]
    seats.key[i] = strings.add(`S${s + 1}|${r + 1}|${k + 1}`)
    seats.zone[i] = r < 5 ? 0 : r < 15 ? 1 : s % 7 === 6 ? NO_ZONE : 2
    seats.status[i] = (i * 2654435761) % 100 < 30 ? 3 : 0
    sectors.seatCount[s]++
  }
  const width = cols * (sectorW + SYNTH_SECTOR_GAP)
  const height = Math.ceil(sectorCount / cols) * (sectorH + SYNTH_SECTOR_GAP) + 20
  const stageLabel = strings.add('STAGE')
  const decorations = {
    count: 1, start: new Uint32Array([0]), length: new Uint32Array([4]),
    points: new Float32Array([width * 0.3, 2, width * 0.7, 2, width * 0.7, 14, width * 0.3, 14]),
    fill: new Uint32Array([0x374151ff]), stroke: new Uint32Array([0x111827ff]), strokeWidth: new Float32Array([1]), closed: new Uint8Array([1]),
    labelCount: 1, labelX: new Float32Array([width / 2]), labelY: new Float32Array([8]), labelSize: new Float32Array([8]), labelText: new Uint32Array([stageLabel]),
  }
  return {
    viewBox: [0, 0, width, height],
    bbox: [0, 0, width, height],
    seats, sectors, decorations,
    strings: strings.build(),
    zones: ZONES,
    seatIndex: withIndex ? SeatIndex.buildFromSeats(seats) : new ArrayBuffer(0),
    warnings: [],
    parseMs: 0,
  }
}
