/**
 * Number(text.slice(start, end)) for a number already delimited by a reader (SVG path data,
 * transform lists), without the substring when it can: short decimals (≤ FAST_DIGITS digits, no
 * exponent) are mantissa / 10^fraction, one correctly rounded division of two exact doubles and
 * so bit-for-bit Number()'s answer. Saves a string allocation per number (a 1M-seat drawing
 * holds ~10M of them).
 */
import { C_0, C_9, C_DOT, C_MINUS, C_PLUS } from './charCodes'

/** Digits for which the integer mantissa stays below 2^53 (exact). */
const FAST_DIGITS = 15
/** 10^k for k ≤ 22: each exactly representable as a double. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k)

/** Value of the number text[start, end) written as [sign] digits [. digits] [exponent]. */
export function decimalValue(text: string, start: number, end: number): number {
  let i = start
  let c = text.charCodeAt(i)
  const negative = c === C_MINUS
  if (negative || c === C_PLUS) i++
  let mantissa = 0
  let digits = 0
  let fraction = -1
  for (; i < end; i++) {
    c = text.charCodeAt(i)
    if (c >= C_0 && c <= C_9) {
      mantissa = mantissa * 10 + (c - C_0)
      digits++
      if (fraction >= 0) fraction++
    } else if (c === C_DOT && fraction < 0) fraction = 0
    else break
  }
  if (i < end || digits === 0 || digits > FAST_DIGITS) return Number(text.slice(start, end))
  const value = fraction > 0 ? mantissa / POW10[fraction] : mantissa
  return negative ? -value : value
}
