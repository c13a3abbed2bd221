import type { StringTableBuffers } from '../model'

/**
 * Reads labels out of the packed string table lazily, with a small cache: the engine needs a
 * few hundred strings at a time (hover, focus, labels in view), never all million.
 */
const decoder = new TextDecoder()

export class VenueText {
  private readonly cache = new Map<number, string>()

  constructor(private readonly table: StringTableBuffers) {}

  get(index: number): string {
    if (index <= 0 || index + 1 >= this.table.offsets.length) return ''
    let s = this.cache.get(index)
    if (s === undefined) {
      s = decoder.decode(this.table.bytes.subarray(this.table.offsets[index], this.table.offsets[index + 1]))
      if (this.cache.size > 50_000) this.cache.clear()
      this.cache.set(index, s)
    }
    return s
  }
}
