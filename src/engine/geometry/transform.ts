/**
 * SVG transform attributes ("translate(10 20) rotate(-90 431 247)") read into one matrix. A
 * hand-written reader: the regex version (a match array and a substring per number, an array per
 * part) was among the parser's hottest lines, at ~1M transforms per 1M-seat drawing. It reads
 * exactly what the regex did: a part is a run of letters, optional \s, "(" up to the next ")";
 * numbers are /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/ with anything else between them.
 */
import { C_DOT, C_E, C_MINUS, C_OPEN_PAREN, C_PLUS, isDigit } from './charCodes'
import { decimalValue } from './decimal'

/** [a, b, c, d, e, f]: (x, y) → (a·x + c·y + e, b·x + d·y + f); defined here so matrix.ts (the maths) imports this file and not the reverse. */
export type Matrix = [number, number, number, number, number, number]

const DEG = Math.PI / 180

function isLetter(c: number): boolean {
  return (c | 32) >= 97 && (c | 32) <= 122
}

/** JavaScript's \s (what the transform grammar allowed before the hand-written reader). */
function isRegexSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true
  return c > 127 && /\s/.test(String.fromCharCode(c))
}

/**
 * End of the number starting at `p` (sign, digits with an optional fraction or a fraction alone,
 * optional exponent), or -1 when none starts there: /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.
 */
function numberEnd(text: string, p: number, end: number): number {
  let q = p
  let c = text.charCodeAt(q)
  if (c === C_PLUS || c === C_MINUS) c = text.charCodeAt(++q)
  if (q >= end) return -1
  if (isDigit(c)) {
    while (q < end && isDigit(text.charCodeAt(q))) q++
    if (q < end && text.charCodeAt(q) === C_DOT) {
      q++
      while (q < end && isDigit(text.charCodeAt(q))) q++
    }
  } else if (c === C_DOT && q + 1 < end && isDigit(text.charCodeAt(q + 1))) {
    q += 2
    while (q < end && isDigit(text.charCodeAt(q))) q++
  } else return -1
  if (q < end && (text.charCodeAt(q) | 32) === C_E) {
    let r = q + 1
    const s = text.charCodeAt(r)
    if (r < end && (s === C_PLUS || s === C_MINUS)) r++
    if (r < end && isDigit(text.charCodeAt(r))) {
      while (r < end && isDigit(text.charCodeAt(r))) r++
      q = r
    }
  }
  return q
}

/** Arguments kept per transform part (matrix has the most); further ones are only counted. */
const MAX_ARGS = 6
/** The current part's first MAX_ARGS arguments (parts are read one at a time). */
const args = new Float64Array(MAX_ARGS)

/**
 * Reads the numbers of a transform argument list in text[start, end) into `args`, returns how
 * many there are: anything that is not a number separates them. Hand-written, without arrays:
 * a regex exec and a match array per number were the parser's third-hottest line (a 1M-seat
 * drawing has ~2M transform arguments).
 */
function readArgs(text: string, start: number, end: number): number {
  let count = 0
  let i = start
  while (i < end) {
    const q = numberEnd(text, i, end)
    if (q < 0) i++
    else {
      if (count < MAX_ARGS) args[count] = decimalValue(text, i, q)
      count++
      i = q
    }
  }
  return count
}

/** Transform functions, as partAt tells them apart. */
const Part = { Unknown: 0, Matrix: 1, Translate: 2, Scale: 3, Rotate: 4, SkewX: 5, SkewY: 6 } as const
type Part = (typeof Part)[keyof typeof Part]

/** Which transform function text[start, end) names (compared in place: no substring). */
function partAt(text: string, start: number, end: number): Part {
  const at = (name: string) => {
    if (end - start !== name.length) return false
    // charCodeAt in a loop, not startsWith (a runtime call in V8): ~2M parts per 1M seats.
    for (let k = 0; k < name.length; k++) if (text.charCodeAt(start + k) !== name.charCodeAt(k)) return false
    return true
  }
  if (at('translate')) return Part.Translate
  if (at('rotate')) return Part.Rotate
  if (at('scale')) return Part.Scale
  if (at('matrix')) return Part.Matrix
  if (at('skewX')) return Part.SkewX
  if (at('skewY')) return Part.SkewY
  return Part.Unknown
}

/** Characters of a skipped part reported: enough to find it in the drawing, never a whole path. */
const MAX_REPORTED_PART = 60

/**
 * Parses an SVG transform attribute (matrix, translate, scale, rotate with optional centre,
 * skewX, skewY) into one matrix. Unknown or malformed parts are skipped and reported through
 * `onError` (the part as written, its first MAX_REPORTED_PART characters), so one bad transform
 * never stops a drawing from loading. A part is a run of letters, optional whitespace, then "("
 * up to the next ")"; anything between parts is ignored.
 *
 * The product is kept in six numbers, each step written out as multiply() computes it (same
 * operations in the same order, so bit for bit the same matrix), without an array per part.
 */
export function parseTransform(text: string, onError?: (part: string) => void): Matrix {
  let r0 = 1
  let r1 = 0
  let r2 = 0
  let r3 = 1
  let r4 = 0
  let r5 = 0
  const n = text.length
  let i = 0
  while (i < n) {
    if (!isLetter(text.charCodeAt(i))) {
      i++
      continue
    }
    const nameStart = i
    while (i < n && isLetter(text.charCodeAt(i))) i++
    const nameEnd = i
    let p = i
    while (p < n && isRegexSpace(text.charCodeAt(p))) p++
    if (text.charCodeAt(p) !== C_OPEN_PAREN) continue
    const close = text.indexOf(')', p + 1)
    if (close < 0) break
    i = close + 1
    const count = readArgs(text, p + 1, close)
    const a0 = args[0]
    let known = count >= 1
    let t0 = 1
    let t1 = 0
    let t2 = 0
    let t3 = 1
    let t4 = 0
    let t5 = 0
    switch (partAt(text, nameStart, nameEnd)) {
      case Part.Matrix:
        known = count === MAX_ARGS
        t0 = a0
        t1 = args[1]
        t2 = args[2]
        t3 = args[3]
        t4 = args[4]
        t5 = args[5]
        break
      case Part.Translate:
        t4 = a0
        t5 = count >= 2 ? args[1] : 0
        break
      case Part.Scale:
        t0 = a0
        t3 = count >= 2 ? args[1] : a0
        break
      case Part.Rotate: {
        const c = Math.cos(a0 * DEG)
        const s = Math.sin(a0 * DEG)
        if (count >= 3) {
          // multiply(multiply([1, 0, 0, 1, cx, cy], rotation), [1, 0, 0, 1, -cx, -cy]), written out.
          const cx = args[1]
          const cy = args[2]
          const f0 = 1 * c + 0 * s
          const f1 = 0 * c + 1 * s
          const f2 = 1 * -s + 0 * c
          const f3 = 0 * -s + 1 * c
          const f4 = 1 * 0 + 0 * 0 + cx
          const f5 = 0 * 0 + 1 * 0 + cy
          t0 = f0 * 1 + f2 * 0
          t1 = f1 * 1 + f3 * 0
          t2 = f0 * 0 + f2 * 1
          t3 = f1 * 0 + f3 * 1
          t4 = f0 * -cx + f2 * -cy + f4
          t5 = f1 * -cx + f3 * -cy + f5
        } else {
          t0 = c
          t1 = s
          t2 = -s
          t3 = c
        }
        break
      }
      case Part.SkewX:
        t2 = Math.tan(a0 * DEG)
        break
      case Part.SkewY:
        t1 = Math.tan(a0 * DEG)
        break
      default:
        known = false
    }
    if (!known || !(Number.isFinite(t0) && Number.isFinite(t1) && Number.isFinite(t2) && Number.isFinite(t3) && Number.isFinite(t4) && Number.isFinite(t5))) {
      onError?.(text.slice(nameStart, close + 1).slice(0, MAX_REPORTED_PART))
      continue
    }
    // result = multiply(result, t)
    const m0 = r0 * t0 + r2 * t1
    const m1 = r1 * t0 + r3 * t1
    const m2 = r0 * t2 + r2 * t3
    const m3 = r1 * t2 + r3 * t3
    const m4 = r0 * t4 + r2 * t5 + r4
    const m5 = r1 * t4 + r3 * t5 + r5
    r0 = m0
    r1 = m1
    r2 = m2
    r3 = m3
    r4 = m4
    r5 = m5
  }
  return [r0, r1, r2, r3, r4, r5]
}

