import type { StringTableBuffers } from '../model'

/**
 * Reading one string of a packed table (model.ts StringTableBuffers), bytes or parts: the one
 * home of the layout for StringTable and the page's VenueText, which each cache what they read.
 */

const decoder = new TextDecoder()

/** Strings in the table, those kept as parts included. */
export function stringCount(t: StringTableBuffers): number {
  return Math.max(0, t.offsets.length - 1) + (t.keyPrefix?.length ?? 0)
}

/** String `index`, '' when out of range. */
export function stringAt(t: StringTableBuffers, index: number): string {
  const packed = t.offsets.length - 1
  if (index <= 0) return ''
  if (index < packed) return decoder.decode(t.bytes.subarray(t.offsets[index], t.offsets[index + 1]))
  const k = index - packed
  if (!t.keyPrefix || !t.keySuffix || k >= t.keyPrefix.length) return ''
  const prefix = t.keyPrefix[k]
  const head = prefix > 0 && prefix < packed ? decoder.decode(t.bytes.subarray(t.offsets[prefix], t.offsets[prefix + 1])) : ''
  const suffix = t.keySuffix[k]
  return suffix === 0 ? head : head + String(suffix - 1)
}
