/**
 * How a compiled venue keeps a seat key: a prefix string and its trailing number (format.ts).
 * The one home of the split, used by the encoder and by the page's key lookup (seatKeys.ts),
 * which must split a key exactly as the encoder did.
 */

/** Longest trailing number split off a seat key (beyond it the key is kept whole). */
const MAX_SUFFIX_DIGITS = 9

/** Splits a key into its prefix and trailing number + 1 (0 = no number): "A-12-7" → ["A-12-", 8], "seat0101" → ["seat0", 102]. */
export function splitKey(key: string): [string, number] {
  let start = key.length
  while (start > 0 && key.length - start < MAX_SUFFIX_DIGITS) {
    const c = key.charCodeAt(start - 1)
    if (c < 48 || c > 57) break
    start--
  }
  if (start === key.length) return [key, 0]
  // A run longer than MAX_SUFFIX_DIGITS stopped mid-number: keep the key whole.
  if (start > 0) {
    const c = key.charCodeAt(start - 1)
    if (c >= 48 && c <= 57) return [key, 0]
  }
  // Leading zeros would not come back as written: they stay in the prefix ("seat0101" → "seat0", 101).
  while (start < key.length - 1 && key.charCodeAt(start) === 48) start++
  return [key.slice(0, start), Number(key.slice(start)) + 1]
}
