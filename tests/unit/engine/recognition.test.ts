import { describe, expect, it } from 'vitest'
import { recogniseVenue } from '../../../src/engine/parse/parseVenue'
import { inspectVenue } from '../../../src/engine/parse/inspect'
import { generateVenue, VENUE_KINDS } from '../../../src/engine/generate/index'
import { readReal, seatLabels } from './helpers'
import { warningText } from '../../../src/engine/parse/warnings'

/** Labels without the key (variations change ids), sorted, for comparing seat sets. */
function labelSet(svg: string): string[] {
  return seatLabels(recogniseVenue(svg).venue).map((l) => `${l.sector}|${l.row}|${l.number}`).sort()
}

/** Seat positions in order of labels, to compare geometry under a transform. */
function count(svg: string): number {
  return recogniseVenue(svg).venue.seats.count
}

/** A hall of `rows` × `perRow` seats drawn by `seat(row, n, x, y)`. */
function hall(rows: number, perRow: number, seat: (row: number, n: number, x: number, y: number) => string): string {
  const out: string[] = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 800"><rect x="300" y="10" width="400" height="60"/><text x="500" y="50">Stage</text>']
  for (let r = 1; r <= rows; r++) for (let n = 1; n <= perRow; n++) out.push(seat(r, n, 100 + n * 24, 100 + r * 30))
  out.push('</svg>')
  return out.join('\n')
}

describe('general recognition: variations of one hall give the same seats', () => {
  const base = hall(8, 20, (r, n, x, y) => `<circle cx="${x}" cy="${y}" r="9" data-row="${r}" data-seat="${n}"/>`)
  const expected = labelSet(base)

  it('labels in attributes of any name, in JSON, in ids, or as <text> beside the seat', () => {
    expect(expected).toHaveLength(160)
    const variants = [
      hall(8, 20, (r, n, x, y) => `<circle cx="${x}" cy="${y}" r="9" seat_row="${r}" seat_row_number="${n}"/>`),
      hall(8, 20, (r, n, x, y) => `<circle cx="${x}" cy="${y}" r="9" data-info='{"row":"${r}","place":${n}}'/>`),
      hall(8, 20, (r, n, x, y) => `<circle cx="${x}" cy="${y}" r="9" id="row${r}seat${n}"/>`),
      hall(8, 20, (r, n, x, y) => `<g><circle cx="${x}" cy="${y}" r="9" data-row="${r}"/><text x="${x}" y="${y + 3}" text-anchor="middle" font-size="8">${n}</text></g>`),
      hall(8, 20, (r, n, x, y) => `<circle cx="${x}" cy="${y}" r="9" data-row="${r}"/><text x="${x - 4}" y="${y + 3}" font-size="8">${n}</text>`),
    ]
    for (const v of variants) expect(labelSet(v)).toEqual(expected)
  })

  it('no labels at all: rows along the lines from the stage, numbers left to right, every label inferred', () => {
    const bare = hall(8, 20, (_r, _n, x, y) => `<circle cx="${x}" cy="${y}" r="9"/>`)
    expect(labelSet(bare)).toEqual(expected)
    const { report } = recogniseVenue(bare)
    expect(report.labels.row.inferred).toBe(160)
    expect(report.labels.number.inferred).toBe(160)
    expect(report.warnings.map(warningText).join(' ')).toMatch(/160 seats have no number in the drawing: numbered left to right within each row/)
  })

  it('drawn as rects, paths, <use> of a symbol, rotated, wrapped in groups, with stacked and hidden copies', () => {
    const variants = [
      hall(8, 20, (r, n, x, y) => `<rect x="${x - 8}" y="${y - 8}" width="16" height="16" data-row="${r}" data-seat="${n}"/>`),
      hall(8, 20, (r, n, x, y) => `<path d="M${x - 9} ${y}a9 9 0 1 0 18 0a9 9 0 1 0 -18 0z" data-row="${r}" data-seat="${n}"/>`),
      hall(8, 20, (r, n, x, y) => `${r === 1 && n === 1 ? '<defs><symbol id="s"><ellipse rx="9" ry="8"/></symbol></defs>' : ''}<use href="#s" x="${x}" y="${y}" data-row="${r}" data-seat="${n}"/>`),
      hall(8, 20, (r, n, x, y) => `<g><g class="whatever${n}"><circle transform="rotate(${n * 7} ${x} ${y})" cx="${x}" cy="${y}" r="9" data-row="${r}" data-seat="${n}"/></g></g>`),
      hall(8, 20, (r, n, x, y) => `<circle cx="${x}" cy="${y}" r="9" data-row="${r}" data-seat="${n}"/><circle cx="${x}" cy="${y}" r="9" data-row="${r}" data-seat="${n}"/><circle style="display:none" cx="${x}" cy="${y}" r="9"/>`),
    ]
    for (const v of variants) expect(labelSet(v)).toEqual(expected)
    expect(recogniseVenue(variants[4]).report.duplicatesDropped).toBe(160)
  })
})

/** Applies one edit to every real drawing: the seats must not change. */
const REAL = [
  'hochu-bilet-odk-mykolaiv.svg', 'hochu-bilet-kulish-theatre-kherson.svg', 'albert-hall-llandrindod-wells.svg',
  'chernihiv-shevchenko-theatre-sketch.svg', 'stoertebeker-naturbuehne-ralswiek.svg', 'biletebi-ge-griboedov-theatre-tbilisi.svg',
  'mjsolutions-teatro-morelos-morelia.svg',
]

function rotateAll(svg: string): string {
  const open = svg.indexOf('>', svg.search(/<svg[\s>]/)) + 1
  const close = svg.lastIndexOf('</svg>')
  return `${svg.slice(0, open)}<g transform="rotate(17 400 300)">${svg.slice(open, close)}</g>${svg.slice(close)}`
}

describe('synthetic variations of the real encodings', () => {
  it.each(REAL)('%s: classes renamed, wrapped in extra groups, rotated: the same seats and labels', (file) => {
    const text = readReal(file)
    const expected = labelSet(text)
    const renamed = text.replace(/\b(class|className)="([^"]*)"/g, (_m, a: string, v: string) => `${a}="${v.split(/\s+/).map((c) => (c ? `x-${c}-y` : c)).join(' ')}"`)
      .replace(/\.([A-Za-z_][\w-]*)(?=[\s,{:.])/g, '.x-$1-y')
    expect(labelSet(renamed)).toEqual(expected)
    const wrapped = text.replace(/<g(\s|>)/g, '<g><g$1').replace(/<\/g>/g, '</g></g>')
    expect(labelSet(wrapped)).toEqual(expected)
    // Labels the drawing lacks are inferred from the drawing's orientation: compare the count.
    if (recogniseVenue(text).report.labels.row.inferred > 0) expect(count(rotateAll(text))).toBe(expected.length)
    else expect(labelSet(rotateAll(text))).toEqual(expected)
  }, 120_000)

  it('chernihiv: circles converted to paths and ids stripped: the same seat count; numbers from the <text> on each seat', () => {
    const text = readReal('chernihiv-shevchenko-theatre-sketch.svg')
    const asPaths = text.replace(/<circle([^>]*?)\scx="([\d.]+)"\s+cy="([\d.]+)"\s+r="([\d.]+)"([^>]*)>/g, (_m, a: string, cx: string, cy: string, r: string, rest: string) => {
      const [x, y, rr] = [Number(cx), Number(cy), Number(r)]
      return `<path${a} d="M${x - rr} ${y}a${rr} ${rr} 0 1 0 ${2 * rr} 0a${rr} ${rr} 0 1 0 ${-2 * rr} 0z"${rest}>`
    }).replace(/<\/circle>/g, '</path>')
    expect(asPaths).not.toContain('<circle')
    expect(labelSet(asPaths)).toEqual(labelSet(text))
    const noIds = text.replace(/\sid="[^"]*"/g, '')
    const { report } = recogniseVenue(noIds)
    expect(report.seats).toBe(809)
    expect(report.labels.number.text).toBeGreaterThan(780)
  }, 120_000)

  it('odk: ids stripped: the same labels (they are in the data attributes)', () => {
    const text = readReal('hochu-bilet-odk-mykolaiv.svg')
    expect(labelSet(text.replace(/\sid="[^"]*"/g, ''))).toEqual(labelSet(text))
  }, 60_000)
})

describe('generated venues of every kind', () => {
  it.each(VENUE_KINDS.flatMap((kind) => [1_000, 20_000].map((seats) => ({ kind, seats }))))('$kind, $seats seats: all recognised and labelled', ({ kind, seats }) => {
    const { venue, report } = recogniseVenue(generateVenue({ kind, seats, seed: 3 }))
    expect(venue.seats.count).toBe(seats)
    expect(report.labels.number.inferred + report.labels.number.none).toBe(0)
    expect(report.labels.row.inferred + report.labels.row.none).toBe(0)
  }, 120_000)

  it('a 100,000-seat stadium', () => {
    expect(count(generateVenue({ kind: 'stadium', seats: 100_000, seed: 2 }))).toBe(100_000)
  }, 300_000)
})

describe('nothing seat-like', () => {
  it('says so clearly and imports nothing', () => {
    const junk = '<svg viewBox="0 0 100 100"><rect width="100" height="100"/><circle cx="50" cy="50" r="20"/><path d="M0 0L100 100"/><text x="5" y="5">Plan</text></svg>'
    const summary = inspectVenue(junk)
    expect(summary.seats).toBe(0)
    expect(warningText(summary.report.warnings[0])).toMatch(/^no seats: no shape is repeated 10 or more times/)
  })
})

describe('numbers drawn on seats are the seats\' labels, not decoration text', () => {
  /** The decoration labels' texts (the engine draws seat numbers itself, at the zoom they fit). */
  function decorationTexts(svg: string): string[] {
    const { venue } = recogniseVenue(svg)
    const d = venue.decorations
    const bytes = venue.strings.bytes
    const dec = new TextDecoder()
    const out: string[] = []
    for (let k = 0; k < d.labelCount; k++) {
      const s = d.labelText[k]
      out.push(dec.decode(bytes.subarray(venue.strings.offsets[s], venue.strings.offsets[s + 1])))
    }
    return out
  }

  it('drops a number drawn on its seat (inside the seat group or beside it) and keeps the stage and sector names', () => {
    const inGroup = hall(8, 20, (r, n, x, y) => `<g data-row="${r}" data-seat="${n}"><circle cx="${x}" cy="${y}" r="9"/><text x="${x}" y="${y + 3}" text-anchor="middle" font-size="8">${n}</text></g>`)
    const beside = hall(8, 20, (r, n, x, y) => `<circle cx="${x}" cy="${y}" r="9" data-row="${r}"/><text x="${x - 4}" y="${y + 3}" font-size="8">${n}</text>`)
    for (const svg of [inGroup, beside]) {
      expect(labelSet(svg)).toEqual(expected160())
      expect(decorationTexts(svg)).toEqual(['Stage'])
    }
  })

  it('the generated venues keep only their hall, stage and sector texts', () => {
    const svg = generateVenue({ kind: 'theatre', seats: 2000 })
    const texts = decorationTexts(svg)
    expect(texts.length).toBeLessThan(40)
    expect(texts.every((t) => !/^\d+$/.test(t))).toBe(true)
  })
})

function expected160(): string[] {
  return labelSet(hall(8, 20, (r, n, x, y) => `<circle cx="${x}" cy="${y}" r="9" data-row="${r}" data-seat="${n}"/>`))
}

describe('stacked duplicates a little apart', () => {
  it('a copy within a quarter of a seat in any direction is dropped; one further away is a seat', () => {
    // Offsets of 0–0.24 seat sizes at angles all round, so copies land in every neighbouring cell.
    const near = hall(8, 20, (r, n, x, y) => {
      const a = (r * 20 + n) * 0.7
      const d = 18 * 0.24 * ((r * 7 + n) % 10) / 9
      return `<circle cx="${x}" cy="${y}" r="9" data-row="${r}" data-seat="${n}"/><circle cx="${x + d * Math.cos(a)}" cy="${y + d * Math.sin(a)}" r="9" data-row="${r}" data-seat="${n}"/>`
    })
    const { venue, report } = recogniseVenue(near)
    expect(venue.seats.count).toBe(160)
    expect(report.duplicatesDropped).toBe(160)
    const apart = hall(8, 20, (r, n, x, y) => `<circle cx="${x}" cy="${y}" r="4" data-row="${r}" data-seat="${n}"/><circle cx="${x + 8 * 0.3}" cy="${y}" r="4" data-row="${r}" data-seat="${n}b"/>`)
    expect(recogniseVenue(apart).report.duplicatesDropped).toBe(0)
  })
})
