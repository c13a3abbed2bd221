import { describe, expect, it } from 'vitest'
import { csvLine } from '../../../src/server/admin/csv'

/** One text cell as the export writes it (comma-separated, line break dropped). */
const cell = (text: string) => csvLine([text], ',').slice(0, -2)

describe('CSV formula-injection escaping', () => {
  it.each(['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx'])('escapes a cell starting with a formula character: %j', (text) => {
    expect(cell(text).replace(/^"/, '')).toMatch(/^'/)
  })

  it.each([' =HYPERLINK("http://x")', '  +cmd', '\u00a0@SUM(A1)', ' \t-1+2', '\u3000=1'])('escapes one after leading whitespace: %j', (text) => {
    expect(cell(text).replace(/^"/, '')).toMatch(/^'/)
  })

  it.each(['＝1+1', '＋cmd', '－2', '＠SUM(A1)', ' ＝1'])('escapes one starting with a full-width formula character: %j', (text) => {
    expect(cell(text).replace(/^"/, '')).toMatch(/^'/)
  })

  it.each(['Anna', 'a=b', ' Anna', '+7 (916) 123-45-67', '-12.5', { number: '-3' }])('leaves plain text, phone numbers and numbers alone: %j', (c) => {
    expect(csvLine([c], ';')).toBe(`${typeof c === 'string' ? c : c.number}\r\n`)
  })
})
