/**
 * Sizes of text in UTF-8, the encoding of an uploaded file and of a JSON body on the wire: the one
 * count of an upload's size (the drawing's MAX_DRAWING_BYTES) for the console, in the browser, and
 * the server, in Node. No Buffer (not in the browser) and no TextEncoder copy (counting a 48 MB
 * drawing needs no second 48 MB).
 */

/** The first and last code units of a UTF-16 surrogate pair. */
const HIGH_SURROGATE_FIRST = 0xd800
const HIGH_SURROGATE_LAST = 0xdbff
const LOW_SURROGATE_FIRST = 0xdc00
const LOW_SURROGATE_LAST = 0xdfff
/** Most UTF-8 bytes one UTF-16 code unit takes (a pair takes 4 for its two). */
const MOST_BYTES_PER_CODE_UNIT = 3
/** A code unit of more than one byte: the ASCII before the first is counted by its length. */
const NON_ASCII = /[\u0080-\uffff]/

/**
 * The bytes `text` takes in UTF-8: 1 for U+0000-U+007F, 2 up to U+07FF, 4 for a surrogate pair
 * (a character beyond U+FFFF), 3 for every other code unit, a lone surrogate included (written as
 * U+FFFD, as TextEncoder and Node's Buffer.byteLength count it). O(length), no allocation: the
 * ASCII start by a regular expression's search (about 20 ms for 48 MB, where the loop takes
 * 300 ms), the rest code unit by code unit.
 */
export function utf8ByteLength(text: string): number {
  const firstWide = text.search(NON_ASCII)
  if (firstWide < 0) return text.length
  let bytes = firstWide
  for (let i = firstWide; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    else if (unit >= HIGH_SURROGATE_FIRST && unit <= HIGH_SURROGATE_LAST && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

function isLowSurrogate(unit: number): boolean {
  return unit >= LOW_SURROGATE_FIRST && unit <= LOW_SURROGATE_LAST
}

/**
 * Whether `text` takes at most `max` bytes in UTF-8 (utf8ByteLength), counted only where its
 * length leaves it open: every code unit takes at least 1 byte and at most 3.
 */
export function utf8FitsIn(text: string, max: number): boolean {
  if (text.length > max) return false
  if (text.length * MOST_BYTES_PER_CODE_UNIT <= max) return true
  return utf8ByteLength(text) <= max
}
