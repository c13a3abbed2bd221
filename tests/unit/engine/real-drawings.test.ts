import { describe, expect, it } from 'vitest'
import { parseVenue, recogniseVenue } from '../../../src/engine/parse/parseVenue'
import { SeatShape } from '../../../src/engine/model'
import { readReal, seatLabels, type SeatLabels } from './helpers'
import { warningText } from '../../../src/engine/parse/warnings'

interface Case {
  file: string
  seats: number
  samples: SeatLabels[]
  sectors?: string[]
}

const CASES: Case[] = [
  {
    file: 'hochu-bilet-odk-mykolaiv.svg', seats: 1130,
    sectors: ['Партер', 'Балкон', 'Ложа (левая)', 'Ложа (правая)'],
    samples: [
      { key: 'seat0101', sector: 'Партер', row: '1', number: '1' },
      { key: 'seat1628', sector: 'Партер', row: '16', number: '28' },
      { key: 'seat6042', sector: 'Балкон', row: '60', number: '42' },
    ],
  },
  {
    file: 'hochu-bilet-kulish-theatre-kherson.svg', seats: 716,
    sectors: ['Партер', 'Амфитеатр', 'Бельэтаж (центр)', 'Балкон (левая сторона)', 'Ложа, левая'],
    samples: [
      { key: 'seat0101', sector: 'Партер', row: '1', number: '1' },
      { key: 'seat1511', sector: 'Амфитеатр', row: '15', number: '11' },
      // The drawing's own data error: seat0109 says seat 19 (SOURCES.md); kept, not "fixed".
      { key: 'seat0109', sector: 'Партер', row: '1', number: '19' },
      { key: 'seat0119', sector: 'Партер', row: '1', number: '19' },
    ],
  },
  {
    file: 'hochu-bilet-kkz-yubileinyi-kherson.svg', seats: 1587,
    sectors: ['Партер', 'Амфитеатр'],
    samples: [
      { key: 'seat0101', sector: 'Партер', row: '1', number: '1' },
      { key: 'seat4618', sector: 'Амфитеатр', row: '46', number: '18' },
    ],
  },
  {
    file: 'hochu-bilet-yunost-mykolaiv.svg', seats: 759,
    sectors: ['Партер центр', 'Партер слева', 'Левая ложа', 'Диваны'],
    samples: [
      { key: 'row01seat11', sector: 'Партер центр', row: '1', number: '11' },
      { key: 'row17seat01', sector: 'Центр', row: '17', number: '1' },
    ],
  },
  {
    file: 'albert-hall-llandrindod-wells.svg', seats: 456,
    sectors: ['Stalls', 'Raised-Stalls', 'Circle', 'Upper-Circle'],
    samples: [
      { key: 'E3', sector: 'Stalls', row: 'E', number: '3' },
      { key: 'L10', sector: 'Raised-Stalls', row: 'L', number: '10' },
      { key: 'W11', sector: 'Upper-Circle', row: 'W', number: '11' },
      { key: 'C191', sector: 'Stalls', row: 'C', number: '191' },
    ],
  },
  {
    file: 'chernihiv-shevchenko-theatre-sketch.svg', seats: 809,
    samples: [
      { key: 'b5-4-16', sector: 'b5', row: '4', number: '16' },
      { key: 'p-1-1', sector: 'p', row: '1', number: '1' },
      { key: 'p\\-11-19', sector: 'p', row: '11', number: '19' },
      { key: 'p-10--6', sector: 'p', row: '10', number: '6' },
      { key: 'lb7-1-8~2', sector: 'lb7', row: '1', number: '8' },
    ],
  },
  // No labels at all: rows, numbers and sectors are inferred (checked in their own test below).
  { file: 'mjsolutions-teatro-morelos-morelia.svg', seats: 1338, samples: [] },
  {
    file: 'stoertebeker-naturbuehne-ralswiek.svg', seats: 9074,
    samples: [
      { key: '0056', sector: '', row: '1', number: '56' },
      { key: '8994', sector: '', row: '71', number: '4' },
    ],
  },
  // Its ids do not follow its rows (copied shapes kept their ids): rows and numbers are inferred.
  { file: 'ub-palace-ulaanbaatar.svg', seats: 200, samples: [] },
  {
    file: 'biletebi-ge-griboedov-theatre-tbilisi.svg', seats: 776,
    samples: [
      { key: '|1|1', sector: '', row: '1', number: '1' },
      { key: 'II იარ./Tier II\\ლოჟა 5/Lodge 5|L5|4', sector: 'II იარ./Tier II\\ლოჟა 5/Lodge 5', row: 'L5', number: '4' },
    ],
  },
]

/*
 * True counts, established by reading each drawing (SOURCES.md has the per-file notes): the
 * seats a visitor can pick, without hidden copies (kkz's 7 display:none seats), legend samples
 * (odk's #busy/#reserved), loge outlines (chernihiv), outlined numbers of seat size (biletebi,
 * morelos) or ub-palace's 20 unlabelled grey squares beside its 200 labelled seats. No rule set
 * is given, and nothing here or in the engine names a drawing's classes or ids.
 */
describe('real drawings, recognised without rules', () => {
  it.each(CASES)('$file: $seats seats with their labels', ({ file, seats, samples, sectors }) => {
    const venue = parseVenue(readReal(file))
    expect(venue.seats.count).toBe(seats)
    const labels = seatLabels(venue)
    const byKey = new Map(labels.map((l) => [l.key, l]))
    expect(byKey.size).toBe(seats) // keys are unique (duplicates renamed ~N)
    for (const sample of samples) expect(byKey.get(sample.key)).toEqual(sample)
    const sectorNames = new Set(labels.map((l) => l.sector))
    for (const name of sectors ?? []) expect(sectorNames).toContain(name)
    // Every seat has a real size and lies inside the drawing's bounds.
    for (let i = 0; i < venue.seats.count; i++) {
      expect(venue.seats.w[i]).toBeGreaterThan(0)
      expect(venue.seats.x[i]).toBeGreaterThanOrEqual(venue.bbox[0])
      expect(venue.seats.x[i]).toBeLessThanOrEqual(venue.bbox[2])
    }
    // Sector outlines exist for every seated sector.
    for (let s = 0; s < venue.sectors.count; s++) if (venue.sectors.seatCount[s] > 2) expect(venue.sectors.outlineLength[s]).toBeGreaterThanOrEqual(3)
  })

  it('odk: row 1 of Партер holds seats 1.. in order along x', () => {
    const venue = parseVenue(readReal('hochu-bilet-odk-mykolaiv.svg'))
    const labels = seatLabels(venue)
    const row1 = labels.map((l, i) => ({ ...l, x: venue.seats.x[i] })).filter((l) => l.sector === 'Партер' && l.row === '1')
    expect(row1.length).toBeGreaterThan(10)
    const sorted = [...row1].sort((a, b) => Number(a.number) - Number(b.number))
    for (let k = 1; k < sorted.length; k++) expect(sorted[k].x).toBeGreaterThan(sorted[k - 1].x)
  })

  it('kkz: seats hidden by the .d_n class rule are left out', () => {
    const venue = parseVenue(readReal('hochu-bilet-kkz-yubileinyi-kherson.svg'))
    const keys = new Set(seatLabels(venue).map((l) => l.key))
    for (const k of ['seat1307', 'seat1310', 'seat1313']) expect(keys.has(k)).toBe(false)
  })

  it('ub-palace: ids that contradict the rows are ignored; rows of 10 on each side of the aisle, numbered 1..10, all inferred', () => {
    const { venue, report } = recogniseVenue(readReal('ub-palace-ulaanbaatar.svg'))
    const labels = seatLabels(venue)
    const rows = new Map<string, typeof labels>()
    for (const l of labels) rows.set(`${l.sector}|${l.row}`, [...(rows.get(`${l.sector}|${l.row}`) ?? []), l])
    expect(rows.size).toBe(20)
    for (const seats of rows.values()) expect(seats.map((l) => Number(l.number)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(report.labels.row.inferred).toBe(200)
    expect(report.labels.number.inferred).toBe(200)
    expect(report.warnings.map(warningText).join(' ')).toMatch(/ids do not follow the rows/)
  })

  it('morelos: no labels; rows along the rotated seat lines, numbered in order, every label marked inferred', () => {
    const { venue, report } = recogniseVenue(readReal('mjsolutions-teatro-morelos-morelia.svg'))
    expect(report.labels.row.inferred).toBe(1338)
    expect(report.labels.number.inferred).toBe(1338)
    expect(report.partsMerged).toBeGreaterThan(2000) // outlined seat numbers drawn on the seats
    const labels = seatLabels(venue)
    const rows = new Map<string, number[]>()
    labels.forEach((l, i) => rows.set(`${l.sector}|${l.row}`, [...(rows.get(`${l.sector}|${l.row}`) ?? []), i]))
    for (const seats of rows.values()) {
      // Numbers run 1..n along the row, each seat next to the previous one.
      const ordered = [...seats].sort((a, b) => Number(labels[a].number) - Number(labels[b].number))
      expect(ordered.map((i) => Number(labels[i].number))).toEqual(ordered.map((_, k) => k + 1))
      for (let k = 1; k < ordered.length; k++) {
        const [a, b] = [ordered[k - 1], ordered[k]]
        expect(Math.hypot(venue.seats.x[a] - venue.seats.x[b], venue.seats.y[a] - venue.seats.y[b])).toBeLessThan(3 * venue.seats.h[a])
      }
    }
    expect(report.warnings.map(warningText).join(' ')).toMatch(/no number in the drawing: numbered left to right/)
  })

  it('every drawing: deterministic, and the report accounts for every seat label', () => {
    for (const { file } of CASES) {
      const text = readReal(file)
      const a = recogniseVenue(text)
      const b = recogniseVenue(text)
      expect(seatLabels(b.venue)).toEqual(seatLabels(a.venue))
      expect(b.report.warnings).toEqual(a.report.warnings)
      const sum = (o: Record<string, number>) => Object.values(o).reduce((x, y) => x + y, 0)
      expect(sum(a.report.labels.row)).toBe(a.report.seats)
      expect(sum(a.report.labels.number)).toBe(a.report.seats)
      expect(a.report.method).toBe('recognition')
    }
  }, 120_000)

  it('chernihiv: circles rotated by nested translate/rotate/translate keep their centre', () => {
    const venue = parseVenue(readReal('chernihiv-shevchenko-theatre-sketch.svg'))
    const i = seatLabels(venue).findIndex((l) => l.key === 'b5-4-16')
    // <g transform="translate(952.37, 1099.02)"> <circle transform="translate(11,11) rotate(-76.43) translate(-11,-11)" cx=11 cy=11>
    // inside groups translated by (-3, 0) and (26, 277) … the circle centre is the rotation centre, so only translations count.
    expect(venue.seats.shape[i]).toBe(SeatShape.Circle)
    expect(venue.seats.w[i]).toBeCloseTo(18, 2)
    expect(venue.seats.h[i]).toBeCloseTo(18, 2)
  })

  it('morelos: per-seat matrix() gives rotated, non-square boxes', () => {
    const venue = parseVenue(readReal('mjsolutions-teatro-morelos-morelia.svg'))
    expect(venue.seats.shape[0]).toBe(SeatShape.Rect)
    expect(Math.abs(venue.seats.rotation[0])).toBeGreaterThan(0.3)
    expect(venue.seats.h[0] / venue.seats.w[0]).toBeGreaterThan(1.1)
  })
})
