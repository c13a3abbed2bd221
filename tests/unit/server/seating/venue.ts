import type { SeatRecords } from '../../../../src/server/domain/seating/rows'

/**
 * A synthetic hall for the seating tests: sectors side by side, rows one below the other (row 1
 * at the top, nearest a stage above them), seats left to right one unit apart. `aisleAfter`
 * leaves a gap of three units after that seat number in every row.
 */
export function hall(opts: { sectors?: number; rows: number; seats: number; aisleAfter?: number; zoneOfRow?: (row: number) => number }): SeatRecords {
  const sectors = opts.sectors ?? 1
  const count = sectors * opts.rows * opts.seats
  const rec: SeatRecords = {
    count,
    ids: new Int32Array(count),
    keys: new Array<string>(count),
    sector: new Int32Array(count),
    row: new Array<string>(count),
    x: new Float64Array(count),
    y: new Float64Array(count),
    zone: new Int32Array(count),
    quality: new Float64Array(count).fill(Number.NaN),
  }
  let i = 0
  for (let s = 0; s < sectors; s++) {
    for (let r = 1; r <= opts.rows; r++) {
      for (let n = 1; n <= opts.seats; n++) {
        rec.ids[i] = i + 1
        rec.keys[i] = `s${s}-r${r}-${n}`
        rec.sector[i] = s
        rec.row[i] = String(r)
        rec.x[i] = s * (opts.seats + 10) + n + (opts.aisleAfter !== undefined && n > opts.aisleAfter ? 3 : 0)
        rec.y[i] = r * 1.2
        rec.zone[i] = opts.zoneOfRow?.(r) ?? 1
        i++
      }
    }
  }
  return rec
}
