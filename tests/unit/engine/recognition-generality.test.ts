/**
 * Issue 15, Deliver 1 item by item: each encoding a drawing tool or ticketing platform uses for
 * seats, written here as a small synthetic drawing (no real drawing's classes or ids), must give
 * the same seats and labels as the plain hall, or the labels geometry implies, marked inferred.
 */
import { describe, expect, it } from 'vitest'
import { recogniseVenue } from '../../../src/engine/parse/parseVenue'
import { seatLabels } from './helpers'
import { warningText } from '../../../src/engine/parse/warnings'

const ROWS = 6
const PER_ROW = 12
const SEATS = ROWS * PER_ROW

/** A hall of ROWS × PER_ROW seats drawn by `seat(row, n, x, y)`, with a stage and a wall. */
function hall(seat: (row: number, n: number, x: number, y: number) => string, head = ''): string {
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 800 600">${head}`,
    '<rect x="200" y="10" width="400" height="50" fill="#ccc"/><text x="400" y="40">STAGE</text><path d="M20 20L780 20L780 580L20 580Z" fill="none" stroke="#000"/>']
  for (let r = 1; r <= ROWS; r++) for (let n = 1; n <= PER_ROW; n++) out.push(seat(r, n, 100 + n * 40, 120 + r * 50))
  out.push('</svg>')
  return out.join('\n')
}

function labels(svg: string): string[] {
  return seatLabels(recogniseVenue(svg).venue).map((l) => `${l.sector}|${l.row}|${l.number}`).sort()
}

const plain = labels(hall((r, n, x, y) => `<circle cx="${x}" cy="${y}" r="12" data-row="${r}" data-seat="${n}"/>`))

describe('seat candidates of every kind', () => {
  it('the plain hall: every seat with its row and number', () => {
    expect(plain).toHaveLength(SEATS)
    expect(plain).toContain('|3|7')
  })

  it.each([
    ['ellipse', (r: number, n: number, x: number, y: number) => `<ellipse cx="${x}" cy="${y}" rx="12" ry="10" data-row="${r}" data-seat="${n}"/>`],
    ['rect with rounded corners', (r: number, n: number, x: number, y: number) => `<rect x="${x - 12}" y="${y - 12}" width="24" height="24" rx="4" data-row="${r}" data-seat="${n}"/>`],
    ['polygon', (r: number, n: number, x: number, y: number) => `<polygon points="${x - 12},${y + 10} ${x + 12},${y + 10} ${x + 10},${y - 10} ${x - 10},${y - 10}" data-row="${r}" data-seat="${n}"/>`],
    ['short closed path with curves', (r: number, n: number, x: number, y: number) => `<path d="M${x - 12} ${y}C${x - 12} ${y - 16} ${x + 12} ${y - 16} ${x + 12} ${y}L${x + 12} ${y + 10}L${x - 12} ${y + 10}Z" data-row="${r}" data-seat="${n}"/>`],
    ['group of a seat and its backrest', (r: number, n: number, x: number, y: number) => `<g data-row="${r}" data-seat="${n}"><rect x="${x - 12}" y="${y - 8}" width="24" height="18"/><rect x="${x - 12}" y="${y - 12}" width="24" height="4"/></g>`],
    ['matrix() per seat, rotated', (r: number, n: number, x: number, y: number) => `<rect transform="matrix(0.866 0.5 -0.5 0.866 ${x} ${y})" x="-12" y="-10" width="24" height="20" data-row="${r}" data-seat="${n}"/>`],
  ])('%s', (_name, seat) => {
    expect(labels(hall(seat))).toEqual(plain)
  })

  it('circles sized by CSS (no r attribute): a class rule or an inline style', () => {
    expect(labels(hall((r, n, x, y) => `<circle class="c" cx="${x}" cy="${y}" data-row="${r}" data-seat="${n}"/>`, '<style>.c{r:12px;fill:#39f}</style>'))).toEqual(plain)
    expect(labels(hall((r, n, x, y) => `<circle style="r:12" cx="${x}" cy="${y}" data-row="${r}" data-seat="${n}"/>`))).toEqual(plain)
  })

  it('<use> of a symbol with x/y, with and without a per-seat rotation', () => {
    const defs = '<defs><symbol id="chair" viewBox="0 0 24 24"><path d="M0 6Q12 -4 24 6L24 24L0 24Z"/></symbol></defs>'
    expect(labels(hall((r, n, x, y) => `<use href="#chair" x="${x - 12}" y="${y - 12}" data-row="${r}" data-seat="${n}"/>`, defs))).toEqual(plain)
    expect(labels(hall((r, n, x, y) => `<use xlink:href="#chair" transform="rotate(${(n - 6) * 3} ${x} ${y}) translate(${x - 12} ${y - 12})" data-row="${r}" data-seat="${n}"/>`, defs))).toEqual(plain)
  })

  it('<use width height> of symbols with a viewBox: each icon fitted to the seat box, whatever its own units', () => {
    // A saved Tessitura SYOS map (docs/recognition-unseen.md): seats are 60×60 <use>s of a
    // circle symbol (viewBox 50) and a star symbol (viewBox 500) by price zone; measured in the
    // symbols' own units the stars were ten times too large and dropped.
    const defs = '<symbol id="dot" viewBox="0 0 50 50"><circle cx="25" cy="25" r="24"/></symbol>' +
      '<symbol id="star" viewBox="0 0 500 500"><path d="M250 21L324 172L490 196L370 313L398 479L250 401L101 479L130 313L9 196L176 172Z"/></symbol>'
    const svg = hall((r, n, x, y) => `<g><use xlink:href="#${r > 3 ? 'star' : 'dot'}" x="${x - 12}" y="${y - 12}" width="24" height="24" data-row="${r}" data-seat="${n}"/></g>`, defs)
    expect(labels(svg)).toEqual(plain)
    const { venue } = recogniseVenue(svg)
    // Unlabelled, as saved from the platform: every seat still counts.
    expect(recogniseVenue(hall((r, _n, x, y) => `<g><use xlink:href="#${r > 3 ? 'star' : 'dot'}" x="${x - 12}" y="${y - 12}" width="24" height="24"/></g>`, defs)).venue.seats.count).toBe(SEATS)
    // Seat boxes are the <use>'s 24 × 24 (the icon fitted inside), not the symbols' 48 or 470.
    for (let i = 0; i < venue.seats.count; i++) {
      expect(venue.seats.w[i]).toBeGreaterThan(20)
      expect(venue.seats.w[i]).toBeLessThanOrEqual(24.5)
      expect(venue.seats.h[i]).toBeLessThanOrEqual(24.5)
    }
  })

  it('nested <svg> viewports with their own viewBox: each block scaled to its box', () => {
    // Generators that draw each block as its own <svg x y width height viewBox>: read unscaled,
    // a block drawn at 10× lands on top of the other and its seats overlap as "duplicates".
    const block = (x: number, scale: number, rows: number[]) => {
      const out = [`<svg x="${x}" y="100" width="320" height="320" viewBox="0 0 ${320 * scale} ${320 * scale}">`]
      for (const r of rows) for (let n = 1; n <= 8; n++) out.push(`<circle cx="${n * 36 * scale}" cy="${(r - rows[0] + 1) * 50 * scale}" r="${12 * scale}" data-row="${r}" data-seat="${n}"/>`)
      return [...out, '</svg>'].join('')
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600">${block(40, 10, [1, 2, 3])}${block(400, 0.5, [4, 5, 6])}</svg>`
    const { venue } = recogniseVenue(svg)
    expect(venue.seats.count).toBe(48)
    for (let i = 0; i < venue.seats.count; i++) {
      expect(venue.seats.w[i]).toBeCloseTo(24, 0)
      expect(venue.seats.x[i]).toBeLessThan(800)
    }
  })

  it('stacked duplicates and hidden copies (attribute, inline style, CSS class) are not extra seats', () => {
    const svg = hall((r, n, x, y) => {
      const seat = `<circle cx="${x}" cy="${y}" r="12" data-row="${r}" data-seat="${n}"/>`
      return `${seat}${n % 3 === 0 ? seat : ''}<circle display="none" cx="${x + 3}" cy="${y}" r="12"/><circle class="gone" cx="${x}" cy="${y + 5}" r="12"/><circle style="visibility:hidden" cx="${x}" cy="${y - 4}" r="12"/>`
    }, '<style>.gone{display:none}</style>')
    const { venue, report } = recogniseVenue(svg)
    expect(venue.seats.count).toBe(SEATS)
    expect(report.duplicatesDropped).toBe(SEATS / 3)
    expect(report.warnings.map(warningText).join(' ')).toMatch(/overlap exactly: kept one of each/)
    expect(labels(svg)).toEqual(plain)
  })

  it('a legend, icons and a logo drawn a few times are decoration, not seats', () => {
    // Legend swatches smaller than a seat, an icon, a logo of several shapes, a stage of seat-like rects.
    const legend = '<circle cx="700" cy="550" r="6"/><circle cx="740" cy="550" r="6" fill="red"/><circle cx="780" cy="550" r="6" fill="#999"/>' +
      '<rect x="30" y="30" width="24" height="24"/><g><circle cx="60" cy="560" r="18"/><path d="M50 560L70 560L60 545Z"/></g>' +
      '<rect x="250" y="15" width="30" height="30"/><rect x="290" y="15" width="30" height="30"/><rect x="330" y="15" width="30" height="30"/>'
    const svg = hall((r, n, x, y) => `<circle cx="${x}" cy="${y}" r="12"/>`).replace('</svg>', `${legend}</svg>`)
    const { venue, report } = recogniseVenue(svg)
    expect(venue.seats.count).toBe(SEATS)
    expect(report.clusters.filter((k) => k.verdict === 'seats')).toHaveLength(1)
  })
})

describe('labels from the markup, whatever they are called', () => {
  it.each([
    ['abbreviated attribute names', (r: number, n: number, x: number, y: number) => `<circle cx="${x}" cy="${y}" r="12" rw="${r}" nr="${n}"/>`],
    ['camelCase names', (r: number, n: number, x: number, y: number) => `<circle cx="${x}" cy="${y}" r="12" rowNumber="${r}" seatNumber="${n}"/>`],
    ['a compound key', (r: number, n: number, x: number, y: number) => `<circle cx="${x}" cy="${y}" r="12" data-seat-key="${r}-${n}"/>`],
    ['JSON in a data attribute, numbers as numbers', (r: number, n: number, x: number, y: number) => `<circle cx="${x}" cy="${y}" r="12" data-seat='{"rowName":"${r}","seatNumber":${n},"price":40}'/>`],
    ['ids: a row letter-less number pair', (r: number, n: number, x: number, y: number) => `<circle cx="${x}" cy="${y}" r="12" id="r${r}-s${n}"/>`],
    ['ids: row and seat words with underscores', (r: number, n: number, x: number, y: number) => `<circle cx="${x}" cy="${y}" r="12" id="Row_${r}_Seat_${n}"/>`],
    ['ids: Illustrator-escaped', (r: number, n: number, x: number, y: number) => `<circle cx="${x}" cy="${y}" r="12" id="row${r}_x5F_seat${n}"/>`],
    ['the row on the enclosing group, the number in a <text> on the seat', (r: number, n: number, x: number, y: number) => `${n === 1 ? `<g data-row="${r}">` : ''}<g><circle cx="${x}" cy="${y}" r="12"/><text x="${x}" y="${y + 4}" text-anchor="middle" font-size="10">${n}</text></g>${n === PER_ROW ? '</g>' : ''}`],
    ['the row in the id of the enclosing group', (r: number, n: number, x: number, y: number) => `${n === 1 ? `<g id="Row_${r}">` : ''}<circle cx="${x}" cy="${y}" r="12" data-seat="${n}"/>${n === PER_ROW ? '</g>' : ''}`],
  ])('%s', (_name, seat) => {
    expect(labels(hall(seat))).toEqual(plain)
  })

  it('a row letter and a number in the id ("C7"), and sector-row-seat joined ("balcony-3-7")', () => {
    const letters = 'ABCDEF'
    const byLetter = labels(hall((r, n, x, y) => `<circle cx="${x}" cy="${y}" r="12" id="${letters[r - 1]}${n}"/>`))
    expect(byLetter).toHaveLength(SEATS)
    expect(byLetter).toContain('|C|7')
    const joined = labels(hall((r, n, x, y) => `<circle cx="${x}" cy="${y}" r="12" id="balcony-${r}-${n}"/>`))
    expect(joined).toEqual(plain.map((l) => `balcony${l}`))
  })

  it('Inkscape layers name sectors; the report says where each label came from', () => {
    const svg = hall((r, n, x, y) => {
      const open = n === 1 && (r === 1 || r === 4) ? `<g inkscape:groupmode="layer" inkscape:label="${r === 1 ? 'Stalls' : 'Circle'}">` : ''
      const close = n === PER_ROW && (r === 3 || r === 6) ? '</g>' : ''
      return `${open}<circle cx="${x}" cy="${y}" r="12" data-row="${r}" data-seat="${n}"/>${close}`
    })
    const { venue, report } = recogniseVenue(svg)
    const sectors = new Set(seatLabels(venue).map((l) => l.sector))
    expect([...sectors].sort()).toEqual(['Circle', 'Stalls'])
    expect(report.labels.row.attribute).toBe(SEATS)
    expect(report.labels.number.attribute).toBe(SEATS)
    expect(report.labels.sector.inferred).toBe(0)
  })

  it('ids that put the seat number first ("seat-12-F-3") are read in that order when it is the one the rows follow', () => {
    // A Tessitura demo venue (docs/recognition-unseen.md) names seats seat-<number>-<row>-<section>;
    // read sector-row-number, its rows contradicted the drawing and every label was inferred.
    const parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 500">']
    for (const section of [1, 2]) {
      for (const [k, row] of ['A', 'B', 'C', 'D'].entries()) {
        for (let n = 1; n <= 8; n++) parts.push(`<ellipse id="seat-${n}-${row}-${section}" cx="${section * 450 - 350 + n * 25}" cy="${100 + k * 30}" rx="6" ry="6"/>`)
      }
    }
    parts.push('</svg>')
    const { venue, report } = recogniseVenue(parts.join(''))
    expect(venue.seats.count).toBe(64)
    expect(report.labels.row.id).toBe(64)
    expect(report.labels.number.id).toBe(64)
    const keys = seatLabels(venue).map((l) => `${l.sector}|${l.row}|${l.number}`)
    expect(keys).toContain('2|C|7')
    expect(new Set(keys).size).toBe(64)
  })

  it('ids whose rows run down the page (side balconies on a square grid) are kept, not taken for copied ids', () => {
    // A gorbilet hall (docs/recognition-unseen.md): `beltaj_left_1_30` rows are columns beside a
    // stalls block whose rows run across; on a square grid the chained rows read the columns
    // across, so the ids looked wrong and all of them (stalls too) were replaced by inferred rows.
    const parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 700">']
    for (let r = 1; r <= 6; r++) for (let n = 1; n <= 12; n++) parts.push(`<rect id="stalls_${r}_${n}" x="${300 + n * 28}" y="${100 + r * 28}" width="16" height="16" rx="6"/>`)
    for (const [side, x0] of [['left', 60], ['right', 800]] as const) {
      for (let r = 1; r <= 5; r++) for (let n = 1; n <= 8; n++) parts.push(`<rect id="balcony_${side}_${r}_${n}" x="${x0 + r * 28}" y="${100 + n * 28}" width="16" height="16" rx="6"/>`)
    }
    parts.push('</svg>')
    const { venue, report } = recogniseVenue(parts.join(''))
    expect(venue.seats.count).toBe(72 + 80)
    expect(report.labels.row.id).toBe(152)
    expect(report.labels.number.id).toBe(152)
    const keys = seatLabels(venue).map((l) => `${l.sector}|${l.row}|${l.number}`)
    expect(keys).toContain('balcony-left|3|7')
    expect(keys).toContain('stalls|6|12')
    expect(new Set(keys).size).toBe(152)
  })
})

describe('where the drawing carries no labels', () => {
  it('rows along arcs, numbered in order along each arc, every label marked inferred', () => {
    const rows = 5
    const perRow = 15
    const parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="-500 -100 1000 700"><rect x="-100" y="-60" width="200" height="40"/>']
    for (let r = 1; r <= rows; r++) {
      const radius = 150 + r * 45
      for (let n = 0; n < perRow; n++) {
        const a = Math.PI / 4 + ((Math.PI / 2) * n) / (perRow - 1)
        const x = -radius * Math.cos(a)
        const y = radius * Math.sin(a)
        parts.push(`<circle cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" r="13"/>`)
      }
    }
    parts.push('</svg>')
    const { venue, report } = recogniseVenue(parts.join(''))
    expect(venue.seats.count).toBe(rows * perRow)
    const seats = seatLabels(venue)
    const byRow = new Map<string, number[]>()
    seats.forEach((l, i) => byRow.set(l.row, [...(byRow.get(l.row) ?? []), i]))
    expect(byRow.size).toBe(rows)
    for (const members of byRow.values()) {
      expect(members).toHaveLength(perRow)
      // Numbered 1..perRow from the left end of the arc.
      const ordered = [...members].sort((a, b) => venue.seats.x[a] - venue.seats.x[b])
      expect(ordered.map((i) => seats[i].number)).toEqual(Array.from({ length: perRow }, (_, k) => String(k + 1)))
    }
    expect(report.labels.row.inferred).toBe(rows * perRow)
    expect(report.labels.number.inferred).toBe(rows * perRow)
  })

  it('blocks separated by aisles become sectors, marked inferred; rows stop at the aisle', () => {
    const parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600">']
    for (const left of [100, 700]) for (let r = 0; r < 5; r++) for (let n = 0; n < 10; n++) parts.push(`<rect x="${left + n * 40}" y="${100 + r * 50}" width="26" height="26"/>`)
    parts.push('</svg>')
    const { venue, report } = recogniseVenue(parts.join(''))
    expect(venue.seats.count).toBe(100)
    expect(report.sectors).toBe(2)
    expect(report.rows).toBe(10)
    expect(report.labels.sector.inferred).toBe(100)
    expect(report.warnings.map(warningText).join(' ')).toMatch(/sectors inferred from aisles/)
    const keys = new Set(seatLabels(venue).map((l) => `${l.sector}|${l.row}|${l.number}`))
    expect(keys.size).toBe(100)
  })

  it('the same hall with classes renamed, ids stripped and every seat a path gives the same seats', () => {
    const a = labels(hall((_r, _n, x, y) => `<circle class="seat free" id="s${x}-${y}" cx="${x}" cy="${y}" r="12"/>`))
    const b = labels(hall((_r, _n, x, y) => `<path class="q" d="M${x - 12} ${y}a12 12 0 1 0 24 0a12 12 0 1 0 -24 0z"/>`))
    expect(a).toHaveLength(SEATS)
    expect(b).toEqual(a)
  })

  it('cabaret tables: repeated round tables ringed by chairs are not seats, their chairs are', () => {
    // Found in a real Illustrator export (docs/recognition-unseen.md): rows of seats, then 16
    // tables of r=50 with 8 chairs each; the tables repeat and are of one size like seats.
    const parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1400 1400"><path d="M100 20H1300V120H100Z"/>']
    for (let r = 0; r < 6; r++) for (let n = 0; n < 20; n++) parts.push(`<circle cx="${200 + n * 40}" cy="${900 + r * 40}" r="15"/>`)
    for (let t = 0; t < 12; t++) {
      const cx = 200 + (t % 4) * 260
      const cy = 250 + Math.floor(t / 4) * 200
      parts.push(`<g><circle cx="${cx}" cy="${cy}" r="50"/>`)
      for (let k = 0; k < 8; k++) {
        const a = (Math.PI * k) / 7
        parts.push(`<circle cx="${(cx + 80 * Math.cos(a)).toFixed(1)}" cy="${(cy + 80 * Math.sin(a)).toFixed(1)}" r="15"/>`)
      }
      parts.push('</g>')
    }
    parts.push('</svg>')
    const { venue, report } = recogniseVenue(parts.join(''))
    expect(venue.seats.count).toBe(6 * 20 + 12 * 8)
    expect(report.clusters.find((c) => c.verdict === 'tables')?.shapes).toBe(12)
  })

  it('a repeated larger shape inside a row (a wheelchair space) stays a seat: it has neighbours on one line only', () => {
    const parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1400 900">']
    for (let r = 0; r < 12; r++) {
      let x = 100
      for (let n = 0; n < 20; n++) {
        const wide = n === 10
        parts.push(wide ? `<rect x="${x}" y="${100 + r * 60}" width="80" height="80"/>` : `<rect x="${x}" y="${120 + r * 60}" width="26" height="26"/>`)
        x += wide ? 90 : 32
      }
    }
    parts.push('</svg>')
    expect(recogniseVenue(parts.join('')).venue.seats.count).toBe(12 * 20)
  })
})
