import { describe, expect, it } from 'vitest'
import { ACCESS_TYPES } from '../../../src/contract/entities/access'
import { SEAT_ACCESS_NAMES, type VenueData } from '../../../src/engine/model'
import { recogniseVenue } from '../../../src/engine/parse/parseVenue'
import { inspectVenue } from '../../../src/engine/parse/inspect'
import { accessOfAttributes, accessOfText } from '../../../src/engine/parse/recognise/access'
import { readAllStrings } from '../../../src/engine/strings/StringTable'
import { readReal } from './helpers'
import { seatKeyId } from '../../../src/engine/seatKeys'
import { warningText } from '../../../src/engine/parse/warnings'

/**
 * Seat types read from the drawing (issue 20 item 3): attributes, classes, ids, labels and symbols
 * in several spellings and languages; companion seats linked to the wheelchair space beside them
 * by geometry; the real drawing that types its seats. If the types were dropped anywhere between
 * the markup and the venue's columns, these fail.
 */

/** Type name per seat, keyed "row|number". */
function typesOf(venue: VenueData): Map<string, string> {
  const strings = readAllStrings(venue.strings)
  const out = new Map<string, string>()
  for (let i = 0; i < venue.seats.count; i++) {
    const type = venue.seats.access ? SEAT_ACCESS_NAMES[venue.seats.access[i]] : null
    if (type) out.set(`${strings[venue.seats.row[i]]}|${strings[venue.seats.number[i]]}`, type)
  }
  return out
}

/** "row|number" of each companion's linked space, keyed by the companion's "row|number". */
function linksOf(venue: VenueData): Map<string, string> {
  const strings = readAllStrings(venue.strings)
  const name = (i: number) => `${strings[venue.seats.row[i]]}|${strings[venue.seats.number[i]]}`
  const out = new Map<string, string>()
  const links = venue.seats.companionOf
  if (links) for (let i = 0; i < venue.seats.count; i++) if (links[i] >= 0) out.set(name(i), name(links[i]))
  return out
}

/** 4 rows × 12 seats, labelled by attributes; `extra(row, n)` adds markup to a seat, `wrap` wraps it. */
function hall(extra: (row: number, n: number) => string, wrap: (row: number, n: number, seat: string) => string = (_r, _n, s) => s): string {
  const out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 300"><defs><symbol id="seat-plain"><circle cx="9" cy="9" r="9"/></symbol></defs>']
  for (let r = 1; r <= 4; r++) {
    for (let n = 1; n <= 12; n++) {
      const x = 40 + n * 24
      const y = 40 + r * 30
      out.push(wrap(r, n, `<circle cx="${x}" cy="${y}" r="9" data-row="${r}" data-seat="${n}" ${extra(r, n)}/>`))
    }
  }
  out.push('</svg>')
  return out.join('\n')
}

describe('seat types from attribute names and values', () => {
  const spellings: [string, (r: number, n: number) => string, Record<string, string>][] = [
    ['data-* flags', (r, n) => (r === 2 && n === 1 ? 'data-wheelchair="true"' : r === 2 && n === 2 ? 'data-companion="1"' : r === 3 && n === 5 ? 'data-wheelchair="false"' : ''), { '2|1': 'wheelchair', '2|2': 'companion' }],
    ['a type attribute with underscores', (r, n) => (r === 1 && n === 12 ? 'type="wheelchair_side"' : r === 1 && n === 11 ? 'type="wheelchair_accompaniment"' : 'type="normal"'), { '1|12': 'wheelchair', '1|11': 'companion' }],
    ['class tokens', (r, n) => (r === 4 ? (n === 6 ? 'class="seat seat--accessible"' : n === 7 ? 'class="seat companion-seat"' : 'class="seat"') : 'class="seat"'), { '4|6': 'wheelchair', '4|7': 'companion' }],
    ['camelCase values and German', (r, n) => (r === 3 && n === 1 ? 'data-kind="RestrictedView"' : r === 3 && n === 2 ? 'data-art="Rollstuhlplatz"' : r === 3 && n === 3 ? 'data-art="Begleitperson"' : ''), { '3|1': 'restricted', '3|2': 'wheelchair', '3|3': 'companion' }],
    ['descriptions', (r, n) => (r === 1 && n === 1 ? 'aria-label="Row 1, seat 1: aisle seat with a movable armrest"' : r === 1 && n === 4 ? 'title="Sign language interpreter sight line"' : r === 1 && n === 5 ? 'aria-label="Obstructed view"' : ''), { '1|1': 'transfer', '1|4': 'signlang', '1|5': 'restricted' }],
    ['Russian', (r, n) => (r === 4 && n === 1 ? 'data-type="Место для инвалидной коляски"' : r === 4 && n === 2 ? 'data-type="Сопровождающий"' : ''), { '4|1': 'wheelchair', '4|2': 'companion' }],
  ]
  for (const [name, extra, expected] of spellings) {
    it(name, () => {
      const { venue, report } = recogniseVenue(hall(extra))
      expect(venue.seats.count).toBe(48)
      expect(Object.fromEntries(typesOf(venue))).toEqual(expected)
      const counts = Object.values(expected).reduce<Record<string, number>>((acc, t) => ({ ...acc, [t]: (acc[t] ?? 0) + 1 }), {})
      for (const t of ACCESS_TYPES) expect(report.access[t]).toBe(counts[t] ?? 0)
    })
  }

  it('a plain drawing carries no type column and no false types', () => {
    const { venue, report } = recogniseVenue(hall(() => 'class="seat available" data-status="disabled"'))
    expect(venue.seats.access).toBeUndefined()
    expect(report.access.wheelchair + report.access.companion + report.access.transfer + report.access.restricted + report.access.signlang).toBe(0)
  })

  it('reads words, not fragments, and "no" values', () => {
    expect(accessOfText('inaccessible')).toBe(0)
    expect(accessOfText('design')).toBe(0)
    expect(accessOfText('partial view')).toBe(SEAT_ACCESS_NAMES.indexOf('restricted'))
    expect(accessOfAttributes(['data-accessible', 'no'])).toBe(0)
    expect(accessOfAttributes(['data-accessible', 'yes'])).toBe(SEAT_ACCESS_NAMES.indexOf('wheelchair'))
    expect(accessOfAttributes(['d', 'M0 0 wheelchair'])).toBe(0)
  })
})

describe('seat types from enclosing groups and symbols', () => {
  it('a group, an Inkscape layer and a <use> of a wheelchair symbol type the seats in them', () => {
    const svg = hall(
      () => '',
      (r, n, seat) => {
        if (r === 1 && n <= 2) return `<g inkscape:groupmode="layer" inkscape:label="Rollstuhlplätze">${seat}</g>`
        if (r === 2 && n === 3) return `<g class="wheelchair-space" data-row="2" data-seat="3"><use href="#seat-plain" x="${40 + n * 24 - 9}" y="${40 + r * 30 - 9}"/></g>`
        if (r === 2 && n === 4) return `<use href="#wheelchair" x="${40 + n * 24 - 9}" y="${40 + r * 30 - 9}" data-row="2" data-seat="4"/>`
        return seat
      },
    ).replace('</defs>', '<symbol id="wheelchair"><circle cx="9" cy="9" r="9"/></symbol></defs>')
    const types = typesOf(recogniseVenue(svg).venue)
    expect(Object.fromEntries(types)).toEqual({ '1|1': 'wheelchair', '1|2': 'wheelchair', '2|3': 'wheelchair', '2|4': 'wheelchair' })
  })

  it('a few typed icons drawn over seats type those seats', () => {
    const icon = (x: number, y: number) => `<path class="icon-wheelchair" d="M${x - 3} ${y - 3}h6v6h-6z"/>`
    const svg = hall(() => '').replace('</svg>', `${icon(40 + 24 * 5, 40 + 30 * 3)}${icon(40 + 24 * 9, 40 + 30 * 3)}</svg>`)
    const { venue, report } = recogniseVenue(svg)
    expect(Object.fromEntries(typesOf(venue))).toEqual({ '3|5': 'wheelchair', '3|9': 'wheelchair' })
    expect(report.access.wheelchair).toBe(2)
  })
})

describe('companion seats link to the wheelchair space beside them', () => {
  it('by geometry along the row, never across rows or beyond reach', () => {
    const typed: Record<string, string> = { '2|5': 'data-wheelchair="1"', '2|6': 'data-companion="1"', '2|4': 'data-companion="1"', '3|5': 'data-companion="1"', '2|11': 'data-companion="1"' }
    const { venue, report } = recogniseVenue(hall((r, n) => typed[`${r}|${n}`] ?? ''))
    // 3|5 sits behind the space (next row), 2|11 six seats away: not linked.
    expect(Object.fromEntries(linksOf(venue))).toEqual({ '2|4': '2|5', '2|6': '2|5' })
    expect(report.access.companionsLinked).toBe(2)
    expect(report.warnings.some((w) => warningText(w).includes('2 companion seats have no wheelchair space'))).toBe(true)
  })

  it('rotated rows: along the seats\' own axis', () => {
    const svg = hall((r, n) => (r === 1 && n === 3 ? 'data-wheelchair="1"' : r === 1 && n === 4 ? 'data-companion="1"' : ''), (_r, _n, seat) => seat).replace('viewBox="0 0 600 300">', 'viewBox="-400 -400 1200 1200"><g transform="rotate(35 300 150)">').replace('</svg>', '</g></svg>')
    expect(Object.fromEntries(linksOf(recogniseVenue(svg).venue))).toEqual({ '1|4': '1|3' })
  })
})

describe('the real drawing that types its seats', () => {
  const file = 'stoertebeker-naturbuehne-ralswiek.svg'
  const svg = readReal(file)
  const { venue, report } = recogniseVenue(svg)

  it('reads its wheelchair spaces and companion seats, counted in the report and by inspect', () => {
    // The drawing's own type attribute: 346 "wheelchair" + 11 "wheelchair_side", 11 "wheelchair_accompaniment".
    const expectCount = (t: string) => (svg.match(new RegExp(`type="${t}"`, 'g')) ?? []).length
    expect(report.access.wheelchair).toBe(expectCount('wheelchair') + expectCount('wheelchair_side'))
    expect(report.access.companion).toBe(expectCount('wheelchair_accompaniment'))
    expect(report.access.companion).toBeGreaterThan(0)
    expect(inspectVenue(svg).seatTypes).toEqual(report.access)
  })

  it('links every companion to the space the drawing names for it (linked_seat_number), found by geometry alone', () => {
    const strings = readAllStrings(venue.strings)
    const links = venue.seats.companionOf!
    const named = new Map<string, string>()
    for (const m of svg.matchAll(/<path id="(\d+)"[^>]*type="wheelchair_accompaniment" linked_seat_number="(\d+)"/g)) named.set(m[1], m[2])
    expect(named.size).toBe(report.access.companion)
    let checked = 0
    for (let i = 0; i < venue.seats.count; i++) {
      const key = strings[seatKeyId(venue, i)]
      if (!named.has(key)) continue
      expect(links[i]).toBeGreaterThanOrEqual(0)
      expect(strings[seatKeyId(venue, links[i])]).toBe(named.get(key))
      checked++
    }
    expect(checked).toBe(named.size)
    expect(report.access.companionsLinked).toBe(named.size)
  })
})

it('the engine spells seat types as the contract does', () => {
  expect(SEAT_ACCESS_NAMES.slice(1)).toEqual([...ACCESS_TYPES])
})
