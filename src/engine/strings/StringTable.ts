/**
 * The UTF-8 string table of model.ts: build it while parsing (deduplicated), read it anywhere.
 * Index 0 is always the empty string.
 *
 * Cost: each distinct string is stored once as UTF-8 plus a 4-byte offset. Reading decodes on
 * demand and caches the decoded string, so a label shown many times is decoded once.
 */
import type { StringTableBuffers } from '../model'
import { StringIds } from './StringIds'
import { stringAt, stringCount } from './stringAt'

export class StringTableBuilder {
  /** Distinct strings as UTF-8, with a hash table of their own (~1M seat keys per large venue). */
  private readonly ids = new StringIds()

  constructor() {
    this.ids.add('')
  }

  /** Index of `text`, adding it when new. */
  add(text: string): number {
    return this.ids.add(text)
  }

  /** Index of a + sep + b + sep + c, adding it when new, without building the string when it is new. */
  addJoined(a: string, b: string, c: string, sep: string): number {
    return this.ids.addJoined(a, b, c, sep)
  }

  get size(): number {
    return this.ids.size
  }

  /** The table's buffers (the strings are kept as UTF-8 all along: no encoding pass here). */
  build(): StringTableBuffers {
    return this.ids.finishBuffers()
  }
}

export class StringTable {
  private readonly cache: (string | undefined)[]
  private lookup: Map<string, number> | null = null

  constructor(private readonly buffers: StringTableBuffers) {
    this.cache = new Array<string | undefined>(stringCount(buffers))
  }

  get size(): number {
    return this.cache.length
  }

  get(index: number): string {
    if (index <= 0 || index >= this.cache.length) return ''
    let s = this.cache[index]
    if (s === undefined) {
      s = stringAt(this.buffers, index)
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
