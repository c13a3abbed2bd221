import { describe, expect, it } from 'vitest'
import { parseVenue } from '../../../src/engine/parse/parseVenue'
import { MAX_DEPTH, MAX_SVG_BYTES, ParseErrorCode, VenueParseError } from '../../../src/engine/parse/limits'
import { seatLabels } from './helpers'
import { warningText } from '../../../src/engine/parse/warnings'

function errorOf(fn: () => unknown): VenueParseError {
  try {
    fn()
  } catch (error) {
    if (error instanceof VenueParseError) return error
    throw error
  }
  throw new Error('expected a VenueParseError')
}

describe('hostile and broken drawings', () => {
  it('refuses entity declarations (billion laughs) before expanding anything', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&lol3;</text></svg>`
    expect(errorOf(() => parseVenue(lol)).errorCode).toBe(ParseErrorCode.EntityDeclaration)
  })

  it('leaves undeclared entities literal instead of expanding them', () => {
    const venue = parseVenue('<svg><circle class="seat" r="2" data-seat="7&lol;" data-row="&#49;&amp;"/></svg>')
    expect(seatLabels(venue)[0]).toMatchObject({ number: '7&lol;', row: '1&' })
  })

  it('refuses 10,000-deep nesting with a clear error', () => {
    const deep = `<svg>${'<g>'.repeat(10_000)}${'</g>'.repeat(10_000)}</svg>`
    const error = errorOf(() => parseVenue(deep))
    expect(error.errorCode).toBe(ParseErrorCode.TooDeep)
    expect(error.errorText).toContain(String(MAX_DEPTH))
  })

  it('refuses input above MAX_SVG_BYTES before reading it', () => {
    // repeat() builds a rope; only its length is looked at before refusing.
    const huge = '<svg>' + ' '.repeat(MAX_SVG_BYTES)
    expect(errorOf(() => parseVenue(huge)).errorCode).toBe(ParseErrorCode.TooLarge)
  })

  it('a claimed huge width, height or viewBox allocates nothing and is ignored when absurd', () => {
    const venue = parseVenue('<svg width="1e12" height="1e12" viewBox="0 0 1e300 1e300"><circle class="seat" cx="5" cy="5" r="2" data-seat="1"/></svg>')
    expect(venue.seats.count).toBe(1)
    expect(venue.viewBox).toEqual([3, 3, 4, 4])
    expect(venue.warnings.map(warningText).join()).toContain('viewBox')
  })

  it('shapes with huge claimed coordinates are skipped, not stored as Infinity', () => {
    const venue = parseVenue(`<svg><rect width="1e300" height="1e300"/><circle r="1e300"/><text x="1e300">far</text>
      <circle class="seat" r="1e300" data-seat="1"/><circle class="seat" cx="5" r="2" data-seat="2"/><path d="M0 0L10 10"/></svg>`)
    expect(venue.seats.count).toBe(1)
    expect(venue.decorations.count).toBe(1)
    expect(venue.decorations.labelCount).toBe(0)
    expect(venue.bbox.every(Number.isFinite)).toBe(true)
    expect(venue.bbox[2]).toBeLessThan(100)
  })

  it('ignores <script> content and on* attributes; nothing runs', () => {
    const g = globalThis as { hacked?: boolean }
    const svg = `<svg onload="globalThis.hacked=true"><script>globalThis.hacked = true; </g></svg></script>
      <circle class="seat" r="3" onclick="globalThis.hacked=true" data-seat="1"/></svg>`
    const venue = parseVenue(svg)
    expect(venue.seats.count).toBe(1)
    expect(g.hacked).toBeUndefined()
  })

  it('refuses a <use> bomb (each symbol using the previous one ten times)', () => {
    const levels = 12
    const parts = ['<svg><defs><symbol id="s0"><circle r="1"/></symbol>']
    for (let l = 1; l < levels; l++) {
      parts.push(`<symbol id="s${l}">`)
      for (let k = 0; k < 10; k++) parts.push(`<use href="#s${l - 1}"/>`)
      parts.push('</symbol>')
    }
    parts.push(`</defs><use href="#s${levels - 1}"/></svg>`)
    expect(() => parseVenue(parts.join(''))).toThrow(VenueParseError)
  })

  it('refuses a non-SVG root and unterminated markup with error codes', () => {
    expect(errorOf(() => parseVenue('<html><body/></html>')).errorCode).toBe(ParseErrorCode.NotSvg)
    expect(errorOf(() => parseVenue('<svg><circle r="1"')).errorCode).toBe(ParseErrorCode.Malformed)
    expect(errorOf(() => parseVenue('')).errorCode).toBe(ParseErrorCode.NotSvg)
  })

  it('tolerates missing xmlns, CDATA styles, DOCTYPE, comments, stray and unclosed tags', () => {
    const svg = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd"><!-- c --><svg viewBox="0 0 100 100">
      <style><![CDATA[ .hide { display: none } ]]></style></b>
      <g class="seat" data-seat="1"><rect width="4" height="4"/></g>
      <g class="hide"><circle class="seat" r="2" data-seat="2"/></g>
      <g><circle class="seat" r="2" data-seat="3"/>`
    const venue = parseVenue(svg)
    expect(seatLabels(venue).map((s) => s.number)).toEqual(['1', '3'])
    expect(venue.warnings.length).toBeGreaterThan(0)
  })

  it('reads React-style attribute names (className, xlinkHref)', () => {
    const svg = `<svg><defs><symbol id="s"><circle r="3"/></symbol></defs>
      <use className="seat" xlinkHref="#s" x="10" y="20" data-seat="4"/></svg>`
    const venue = parseVenue(svg)
    expect(venue.seats.count).toBe(1)
    expect(venue.seats.x[0]).toBeCloseTo(10)
    expect(venue.seats.y[0]).toBeCloseTo(20)
  })
})
