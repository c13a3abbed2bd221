import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { StringTable, StringTableBuilder, readAllStrings } from '../../../src/engine/strings/StringTable'

describe('string table', () => {
  it('round-trips any strings, deduplicated, with index 0 the empty string', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' })), (list) => {
        const builder = new StringTableBuilder()
        const ids = list.map((s) => builder.add(s))
        const buffers = builder.build()
        const table = new StringTable(buffers)
        expect(table.get(0)).toBe('')
        list.forEach((s, i) => expect(table.get(ids[i])).toBe(s))
        expect(new Set(ids).size).toBe(new Set(list).size + (list.includes('') ? 0 : 0))
        expect(readAllStrings(buffers).length).toBe(builder.size)
      }),
    )
  })

  it('stores UTF-8 and finds strings back by value', () => {
    const builder = new StringTableBuilder()
    builder.add('Партер')
    builder.add('ლოჟა')
    const buffers = builder.build()
    expect(buffers.bytes.length).toBe(Buffer.byteLength('Партер') + Buffer.byteLength('ლოჟა'))
    const table = new StringTable(buffers)
    expect(table.indexOf('ლოჟა')).toBe(2)
    expect(table.indexOf('missing')).toBe(-1)
    expect(table.get(99)).toBe('')
  })
})
