import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { StringIds, hashString } from '../../../src/engine/strings/StringIds'

const encoder = new TextEncoder()

/** Adds every string (joined ones through addJoined) to a table and to a Map model; checks them equal. */
function checkAgainstMap(ops: (string | [string, string, string])[]): void {
  const ids = new StringIds()
  const model = new Map<string, number>()
  for (const op of ops) {
    const text = typeof op === 'string' ? op : op.join('|')
    if (!model.has(text)) model.set(text, model.size)
    const id = typeof op === 'string' ? ids.add(text) : ids.addJoined(op[0], op[1], op[2], '|')
    expect(id).toBe(model.get(text))
  }
  expect(ids.size).toBe(model.size)
  const { bytes, offsets } = ids.finishBuffers()
  expect(offsets.length).toBe(model.size + 1)
  for (const [text, id] of model) {
    expect(ids.find(text)).toBe(id)
    expect(ids.get(id)).toBe(text)
    expect(bytes.subarray(offsets[id], offsets[id + 1])).toEqual(encoder.encode(text))
  }
  expect(ids.find('\u0000not added\u0000')).toBe(-1)
}

describe('StringIds (string → dense id hash table over UTF-8 bytes)', () => {
  it('numbers distinct strings in first-seen order, like a Map, and stores their UTF-8', () => {
    const piece = fc.oneof(fc.constantFrom('', '1', '12', 'A', '|', 'Партер', '\ud83c\udfdf'), fc.string({ maxLength: 4 }))
    const op = fc.oneof(piece, fc.tuple(piece, piece, piece))
    fc.assert(fc.property(fc.array(op, { maxLength: 400 }), checkAgainstMap), { numRuns: 200 })
  })

  it('tells strings apart that encode to the same UTF-8 (lone surrogates), as a Map does', () => {
    checkAgainstMap(['\ud800', '\ufffd', '\ud800', 'a\udc00', ['a\udc00', 'b', 'c'], 'a\udc00|b|c', '\ufffd'])
  })

  it('keeps strings with the same slot apart and survives many doublings', () => {
    // Strings whose hashes share the low 10 bits (the same first slot).
    const bucket = new Map<number, string[]>()
    let largest: string[] = []
    for (let i = 0; largest.length < 5; i++) {
      const s = `k${i}`
      const slot = hashString(s) & 1023
      const list = [...(bucket.get(slot) ?? []), s]
      bucket.set(slot, list)
      if (list.length > largest.length) largest = list
    }
    const many = Array.from({ length: 5_000 }, (_, i) => [`${i % 7}`, `${i}`, 'x'] as [string, string, string])
    checkAgainstMap([...largest, ...many, ...largest, many[1_234], 'k0'])
  })

  it('hashes by content, so a joined key finds the same string added whole', () => {
    const ids = new StringIds()
    const whole = ids.add('101|7|3')
    expect(ids.addJoined('101', '7', '3', '|')).toBe(whole)
    expect(ids.addJoined('10', '17', '3', '|')).not.toBe(whole)
    expect(hashString('ab')).not.toBe(hashString('ba'))
  })
})
