/**
 * The label readers recognition uses on markup (src/engine/parse/recognise/labels.ts), case by
 * case: attribute names by the words they hold, values in attributes, data-*, compound keys, JSON,
 * free-text descriptions, ids in the usual encodings, and numbers drawn as <text> — tricky cases
 * included, so that a reader that breaks fails here rather than only on some drawing.
 */
import { describe, expect, it } from 'vitest'
import { attributeLabels, attributeRole, cleanLabel, parseCompound, parseDescription, parseId } from '../../../src/engine/parse/recognise/labels'
import { recogniseVenue } from '../../../src/engine/parse/parseVenue'
import { seatLabels } from './helpers'

const el = (attrs: string[], tag = 'circle') => ({ tag, id: undefined, classes: [] as string[], attrs, layer: undefined })

describe('attribute names, whatever the drawing calls them', () => {
  it.each([
    ['data-row', 'row'], ['seat_row', 'row'], ['fila', 'row'], ['data-ряд', 'row'], ['rowNumber', 'row'], ['row_no', 'row'], ['rownum', 'row'],
    ['data-seat', 'number'], ['seatno', 'number'], ['asiento', 'number'], ['data-место', 'number'], ['number', 'number'], ['place', 'number'],
    ['seat_row_number', 'numberInRow'], ['data-seatRowNumber', 'numberInRow'],
    ['data-sector', 'sector'], ['data-section', 'sector'], ['sec', 'sector'], ['tribune', 'sector'],
    ['data-zone', 'zone'], ['data-price', 'zone'], ['category', 'zone'],
    ['seat-key', 'compound'], ['data-seat-id', 'compound'], ['data-row-id', 'compound'],
    ['cx', 'skip'], ['fill', 'skip'], ['stroke-width', 'skip'], ['font-size', 'skip'], ['transform', 'skip'], ['xmlns:xlink', 'skip'],
    ['data-init', 'text'], ['title', 'text'],
  ])('%s is read as %s', (name, role) => {
    expect(attributeRole(name)).toBe(role)
  })
})

describe('labels in attributes', () => {
  it('data-* row and seat; leading zeros dropped', () => {
    expect(attributeLabels(el(['data-row', 'B', 'data-seat', '07']), false)).toEqual({ row: 'B', number: '7', source: 'attribute' })
  })

  it('a group holding several seats gives its row, never a seat number', () => {
    expect(attributeLabels(el(['data-row', 'B', 'data-seat', '07'], 'g'), true)).toEqual({ row: 'B', source: 'attribute' })
  })

  it("a seat's number in its row wins over a venue-wide seat number", () => {
    expect(attributeLabels(el(['seat_number', '0937', 'seat_row', '12', 'seat_row_number', '5']), false)).toEqual({ row: '12', number: '5', source: 'attribute' })
  })

  it('JSON in a data attribute, keys read by their words; numbers as numbers', () => {
    expect(attributeLabels(el(['data-init', '{"row":"01", "seat":"1"}']), false)).toEqual({ row: '1', number: '1', source: 'json' })
    expect(attributeLabels(el(['data-info', '{"sector":"North","rowNumber":3,"seatNumber":14,"price":"A"}']), false))
      .toEqual({ sector: 'North', row: '3', number: '14', zone: 'A', source: 'json' })
  })

  it('broken JSON, arrays and JSON without labels give nothing', () => {
    expect(attributeLabels(el(['data-info', '{"row":']), false)).toBeNull()
    expect(attributeLabels(el(['data-info', '[1,2]']), false)).toBeNull()
    expect(attributeLabels(el(['data-info', '{"color":"red"}']), false)).toBeNull()
  })

  it('compound keys with any separator, sector before row and seat', () => {
    expect(attributeLabels(el(['seat-key', '12-7']), false)).toEqual({ row: '12', number: '7', source: 'attribute' })
    expect(attributeLabels(el(['data-seat-id', 'A:12']), false)).toEqual({ row: 'A', number: '12', source: 'attribute' })
    expect(attributeLabels(el(['seat-key', 'Lodge 5-L5-4']), false)).toEqual({ sector: 'Lodge 5', row: 'L5', number: '4', source: 'attribute' })
    expect(parseCompound('A-12b')).toEqual({ row: 'A', number: '12b', source: 'attribute' })
    expect(parseCompound('nonsense')).toBeNull()
    expect(parseCompound('12')).toBeNull()
  })

  it('free-text descriptions in any attribute: sector and row, seat when given', () => {
    expect(attributeLabels(el(['data-plase', 'Партер, ряд 1 / места: '], 'g'), true)).toEqual({ sector: 'Партер', row: '1', source: 'description' })
    expect(attributeLabels(el(['title', 'Stalls, Row C, Seat 14']), false)).toEqual({ sector: 'Stalls', row: 'C', number: '14', source: 'description' })
    expect(parseDescription('Ложа (левая), ряд 2 / места:')).toEqual({ sector: 'Ложа (левая)', row: '2', source: 'description' })
    expect(parseDescription('Fila 4 Asiento 9')).toEqual({ row: '4', number: '9', source: 'description' })
    expect(parseDescription('Диваны / места: ')).toEqual({ sector: 'Диваны', source: 'description' })
    expect(parseDescription('Stage')).toBeNull()
  })

  it('zones; seat values that are not numbers are refused', () => {
    expect(attributeLabels(el(['data-zone', 'vip', 'data-price', '1500']), false)).toEqual({ zone: 'vip' })
    expect(attributeLabels(el(['data-seat', 'A']), false)).toBeNull()
    expect(attributeLabels(el(['data-seat', '1234567890123']), false)).toBeNull()
  })

  it('cleanLabel trims and drops leading zeros of plain numbers only', () => {
    expect(cleanLabel('007')).toBe('7')
    expect(cleanLabel('00')).toBe('0')
    expect(cleanLabel(' 12 ')).toBe('12')
    expect(cleanLabel('A01')).toBe('A01')
    expect(cleanLabel('1.5')).toBe('1.5')
    expect(cleanLabel('')).toBeUndefined()
  })
})

describe('ids that encode row and seat', () => {
  it.each([
    ['E3', { row: 'E', number: '3' }],
    ['AA12', { row: 'AA', number: '12' }],
    ['A-12', { row: 'A', number: '12' }],
    ['b5-4-16', { sector: 'b5', row: '4', number: '16' }],
    ['p\\-11-19', { sector: 'p', row: '11', number: '19' }],
    ['p-10--6', { sector: 'p', row: '10', number: '6' }],
    ['row01seat11', { row: '1', number: '11' }],
    ['r12s4', { row: '12', number: '4' }],
    ['Section_101_Row_5_Seat_9', { row: '5', number: '9' }],
    ['Ряд_5_Место_3', { row: '5', number: '3' }],
    ['fila3asiento7', { row: '3', number: '7' }],
    ['suudal8_x5F_11_10_', { sector: 'suudal8', row: '11', number: '10' }],
  ])('%s', (id, labels) => {
    expect(parseId(id, true)).toEqual({ ...labels, source: 'id' })
  })

  it.each(['use3', 'g12', 'path4521', 'rect12', 'circle7', 'Layer_1', 'sector-3', '12', 'g'])('%s (a tool-made or unlabelled id) gives nothing', (id) => {
    expect(parseId(id, true)).toBeNull()
  })

  it('a group id names a row only by keyword', () => {
    expect(parseId('Row_E', false)).toEqual({ row: 'E', source: 'id' })
    expect(parseId('row12', false)).toEqual({ row: '12', source: 'id' })
    expect(parseId('E3', false)).toBeNull()
    expect(parseId('Layer_1', false)).toBeNull()
  })
})

describe('numbers drawn as <text> on or beside seats', () => {
  /** 12 seats in two rows, numbered only by texts: centred on the seat, left-anchored beside it, in a rotated group. */
  function hall(text: (x: number, y: number, n: number) => string, wrap = (s: string) => s): string {
    let body = ''
    for (let r = 0; r < 2; r++) {
      for (let s = 0; s < 6; s++) {
        const x = 20 + s * 20
        const y = 20 + r * 30
        body += `<g><circle cx="${x}" cy="${y}" r="6"/>${text(x, y, 6 - s)}</g>`
      }
    }
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">${wrap(body)}</svg>`
  }
  const numbers = (svg: string) => seatLabels(recogniseVenue(svg).venue).map((l) => l.number)
  const expected = ['6', '5', '4', '3', '2', '1', '6', '5', '4', '3', '2', '1']

  it('centred on the seat (text-anchor middle)', () => {
    const svg = hall((x, y, n) => `<text x="${x}" y="${y + 2}" font-size="6" text-anchor="middle">${n}</text>`)
    expect(numbers(svg)).toEqual(expected)
    expect(recogniseVenue(svg).report.labels.number.text).toBe(12)
  })

  it('left-anchored, its position in a tspan', () => {
    expect(numbers(hall((x, y, n) => `<text font-size="6"><tspan x="${x - 2}" y="${y + 2}">${n}</tspan></text>`))).toEqual(expected)
  })

  it('inside a rotated group, with transform="matrix" on the text', () => {
    const svg = hall((x, y, n) => `<text transform="matrix(1 0 0 1 ${x} ${y + 2})" font-size="6" text-anchor="middle">${n}</text>`, (b) => `<g transform="rotate(30 100 50)">${b}</g>`)
    expect(numbers(svg)).toEqual(expected)
  })

  it('a text that is not a seat number (a word, a long number) numbers nothing', () => {
    const svg = hall((x, y) => `<text x="${x}" y="${y + 2}" font-size="6" text-anchor="middle">${x > 60 ? 'VIP' : '123456'}</text>`)
    expect(recogniseVenue(svg).report.labels.number.text).toBe(0)
  })
})
