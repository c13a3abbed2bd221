/**
 * The UTF-8 string table of model.ts: build it while parsing (deduplicated), read it anywhere.
 * Index 0 is always the empty string.
 *
 * Cost: each distinct string is stored once as UTF-8 plus a 4-byte offset. Reading decodes on
 * demand and caches the decoded string, so a label shown many times is decoded once.
 */
import type { StringTableBuffers } from '../model'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export class StringTableBuilder {
  private readonly ids = new Map<string, number>([['', 0]])
  private readonly list: string[] = ['']

  /** Index of `text`, adding it when new. */
  add(text: string): number {
    let id = this.ids.get(text)
    if (id === undefined) {
      id = this.list.length
      this.ids.set(text, id)
      this.list.push(text)
    }
    return id
  }

  get size(): number {
    return this.list.length
  }

  build(): StringTableBuffers {
    const offsets = new Uint32Array(this.list.length + 1)
    // Encode into one growing buffer: worst case 3 bytes per UTF-16 unit.
    let capacity = 0
    for (const s of this.list) capacity += s.length * 3
    let bytes = new Uint8Array(Math.max(capacity, 1))
    let pos = 0
    for (let i = 0; i < this.list.length; i++) {
      offsets[i] = pos
      const s = this.list[i]
      if (s.length === 0) continue
      pos += encoder.encodeInto(s, bytes.subarray(pos)).written
    }
    offsets[this.list.length] = pos
    bytes = bytes.slice(0, pos)
    return { bytes, offsets }
  }
}

export class StringTable {
  private readonly cache: (string | undefined)[]
  private lookup: Map<string, number> | null = null

  constructor(private readonly buffers: StringTableBuffers) {
    this.cache = new Array<string | undefined>(Math.max(0, buffers.offsets.length - 1))
  }

  get size(): number {
    return this.cache.length
  }

  get(index: number): string {
    if (index <= 0 || index >= this.cache.length) return ''
    let s = this.cache[index]
    if (s === undefined) {
      const { bytes, offsets } = this.buffers
      s = decoder.decode(bytes.subarray(offsets[index], offsets[index + 1]))
      this.cache[index] = s
    }
    return s
  }

  /** Index of `text`, or -1. Builds a lookup map on first use (O(strings)). */
  indexOf(text: string): number {
    if (!this.lookup) {
      this.lookup = new Map()
      for (let i = this.cache.length - 1; i >= 0; i--) this.lookup.set(this.get(i), i)
    }
    return this.lookup.get(text) ?? -1
  }
}

/** All strings of a table, in order (tests and debugging). */
export function readAllStrings(buffers: StringTableBuffers): string[] {
  const table = new StringTable(buffers)
  return Array.from({ length: table.size }, (_, i) => table.get(i))
}
