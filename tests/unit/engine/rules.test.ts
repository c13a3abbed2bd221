import { describe, expect, it } from 'vitest'
import { parseVenue } from '../../../src/engine/parse/parseVenue'
import { inspectVenue } from '../../../src/engine/parse/inspect'
import { ParseErrorCode, VenueParseError } from '../../../src/engine/parse/limits'
import { SeatStatus, NO_ZONE } from '../../../src/engine/model'
import type { VenueRules } from '../../../src/engine/parse/rules'
import { seatLabels } from './helpers'
import { warningText } from '../../../src/engine/parse/warnings'

const CUSTOM = `<svg viewBox="0 0 100 100" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape">
  <g inkscape:groupmode="layer" inkscape:label="Loge A">
    <g id="r-07"><ellipse class="place" cx="10" cy="10" rx="3" ry="2" id="p-07-001"/><ellipse class="place" cx="20" cy="10" rx="3" ry="2" id="p-07-002"/></g>
  </g>
  <rect class="place-legend" width="5" height="5"/>
</svg>`

describe('rule sets', () => {
  it('custom JSON rules: matchers, id regex, ancestor id, Inkscape layer', () => {
    const rules: VenueRules = {
      extendDefaults: false,
      seats: [{
        match: { tag: 'ellipse', class: 'place' },
        sector: [{ layer: true }],
        row: [{ scope: 'ancestors', pattern: '^r-(\\d+)$' }],
        number: [{ pattern: '(\\d+)$' }],
      }],
    }
    const venue = parseVenue(CUSTOM, { rules: JSON.parse(JSON.stringify(rules)) as VenueRules })
    expect(seatLabels(venue)).toEqual([
      { key: 'p-07-001', sector: 'Loge A', row: '7', number: '1' },
      { key: 'p-07-002', sector: 'Loge A', row: '7', number: '2' },
    ])
    // keepZeros keeps the drawing's padding.
    const padded = parseVenue(CUSTOM, { rules: { ...rules, seats: [{ ...rules.seats[0], number: [{ pattern: '(\\d+)$', keepZeros: true }] }] } })
    expect(seatLabels(padded)[0].number).toBe('001')
  })

  it('without rules nothing in that drawing is a seat; everything is decoration', () => {
    const venue = parseVenue(CUSTOM)
    expect(venue.seats.count).toBe(0)
    expect(venue.decorations.count).toBe(3)
  })

  it('bad rules are refused with a clear error', () => {
    const bad = { seats: [{ match: { id: '(' } }] } as VenueRules
    expect(() => parseVenue(CUSTOM, { rules: bad })).toThrow(VenueParseError)
    try {
      parseVenue(CUSTOM, { rules: { seats: 'x' } as unknown as VenueRules })
    } catch (error) {
      expect((error as VenueParseError).errorCode).toBe(ParseErrorCode.BadRules)
    }
  })

  it('JSON data attributes, ancestor attributes and transforms down the tree', () => {
    const svg = `<svg><g transform="translate(100 0)"><g data-plase="Балкон, ряд 3 / места: " transform="scale(2)">
      <g class="seat" id="seat0305" data-init='{"row":"03", "seat":"5"}'><path d="M0 0h10v10h-10z"/><text>5</text></g></g></g></svg>`
    const venue = parseVenue(svg)
    expect(seatLabels(venue)[0]).toEqual({ key: 'seat0305', sector: 'Балкон', row: '3', number: '5' })
    expect(venue.seats.x[0]).toBeCloseTo(110)
    expect(venue.seats.w[0]).toBeCloseTo(20)
  })
})

describe('metadata', () => {
  const svg = `<svg><g data-sector="A"><circle class="seat" id="a1" r="2" data-row="1" data-seat="1"/><circle class="seat" r="2" cx="5" data-row="1" data-seat="2"/><circle class="seat" r="2" cx="10" data-row="1" data-seat="3"/></g></svg>`

  it('sets zone and status by key, else by sector/row/seat; unlisted seats are unavailable', () => {
    const venue = parseVenue(svg, {
      metadata: {
        seat_numbers: [
          { seat_id: 'a1', sector: 'A', row: '1', seat: '1', zonelevel_id: 7, status: SeatStatus.Sold },
          { seat_id: 'other', sector: 'A', row: '1', seat: '2', zonelevel_id: 8, status: SeatStatus.Held },
          { seat_id: 'ghost', sector: 'Z', row: '9', seat: '9', zonelevel_id: 8, status: SeatStatus.Free },
        ],
        zones: [{ id: '7', name: 'Stalls', color: 0xff0000 }],
      },
    })
    expect(Array.from(venue.seats.status)).toEqual([SeatStatus.Sold, SeatStatus.Held, SeatStatus.Unavailable])
    expect(venue.zones[venue.seats.zone[0]]).toEqual({ id: '7', name: 'Stalls', color: 0xff0000 })
    expect(venue.zones[venue.seats.zone[1]].id).toBe('8')
    expect(venue.seats.zone[2]).toBe(NO_ZONE)
    expect(venue.warnings.map(warningText).join()).toContain('1 seat_numbers entry matches no seat')
  })

  it('inspect summarises counts', () => {
    const summary = inspectVenue(svg)
    expect(summary).toMatchObject({ seats: 3, sectors: 1, rows: 1, standing: 0, warnings: [] })
  })
})

describe('sector outlines', () => {
  it('take the drawing outline when there is one, else the band the seats sweep', () => {
    const svg = `<svg><g data-sector="A"><path class="sector-outline" d="M0 0H100V50H0Z"/><circle class="seat" cx="10" cy="10" r="2" data-row="1" data-seat="1"/></g>
      <g data-sector="B"><circle class="seat" cx="200" cy="10" r="2" data-row="1" data-seat="1"/><circle class="seat" cx="220" cy="10" r="2" data-row="1" data-seat="2"/><circle class="seat" cx="210" cy="30" r="2" data-row="2" data-seat="1"/></g></svg>`
    const venue = parseVenue(svg)
    const outline = (s: number) => Array.from(venue.sectors.outlinePoints.slice(2 * venue.sectors.outlineStart[s], 2 * (venue.sectors.outlineStart[s] + venue.sectors.outlineLength[s])))
    expect(outline(0)).toEqual([0, 0, 100, 0, 100, 50, 0, 50])
    const band = outline(1)
    const xs = band.filter((_, k) => k % 2 === 0)
    const ys = band.filter((_, k) => k % 2 === 1)
    expect(Math.min(...xs)).toBeCloseTo(198)
    expect(Math.max(...xs)).toBeCloseTo(222)
    expect(Math.max(...ys)).toBeCloseTo(32)
    expect(Array.from(venue.sectors.bbox.slice(0, 4))).toEqual([0, 0, 100, 50])
    // The outline path is not also drawn as a decoration.
    expect(venue.decorations.count).toBe(0)
  })
})
