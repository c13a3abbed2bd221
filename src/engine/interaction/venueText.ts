import type { StringTableBuffers } from '../model'
import { stringAt, stringCount } from '../strings/stringAt'

/**
 * Reads labels out of the packed string table lazily, with a small cache: the engine needs a
 * few hundred strings at a time (hover, focus, labels in view), never all million.
 */
export class VenueText {
  private readonly cache = new Map<number, string>()
  private readonly size: number

  constructor(private readonly table: StringTableBuffers) {
    this.size = stringCount(table)
  }

  get(index: number): string {
    if (index <= 0 || index >= this.size) return ''
    let s = this.cache.get(index)
    if (s === undefined) {
      s = stringAt(this.table, index)
      if (this.cache.size > 50_000) this.cache.clear()
      this.cache.set(index, s)
    }
    return s
  }
}
