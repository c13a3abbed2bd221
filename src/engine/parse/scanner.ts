/**
 * A purpose-built streaming XML scanner for SVG drawings: one pass over the text with
 * indexOf/charCodeAt, no DOM, no per-node objects (attributes go into one reused array). It runs
 * in workers, where there is no DOMParser. Chosen over saxes, htmlparser2 and txml by the numbers
 * in bench/parse-candidates.bench.ts.
 *
 * Safety: DOCTYPE internal subsets that declare entities are refused (no billion laughs); only the
 * five XML entities and numeric references are decoded, others stay literal; nesting is capped;
 * <script> content is skipped unread. Tolerant like browsers where harmless: mismatched end tags
 * close up to their match, attributes without values are empty, unclosed elements are closed at
 * the end (each reported once through `warn`).
 */
import { MAX_DEPTH, ParseErrorCode, VenueParseError } from './limits'
import { venueWarning, type VenueWarning } from './warnings'
import { markupPlace, venueRefusal, type MarkupRefusalCode } from './refusals'

export interface ScanHandler {
  /** attrs holds name, value pairs in [0, attrCount); values are entity-decoded. */
  openTag(name: string, attrs: string[], attrCount: number, selfClosing: boolean): void
  closeTag(name: string): void
  /** Character data (decoded) or CDATA content; only called while `wantsText` is true. */
  text(text: string): void
  wantsText: boolean
  warn(warning: VenueWarning): void
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** Decodes the XML entities and numeric references; leaves unknown ones as written. */
export function decodeEntities(text: string): string {
  if (text.indexOf('&') < 0) return text
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED[ref] ?? whole
  })
}

/** Slots of the element and attribute name cache (a power of two). */
const NAME_CACHE_SLOTS = 256

/**
 * Whether src holds `word` at `start`. A loop of inlined charCodeAt: for the short names
 * compared here it beats startsWith, which V8 runs as a call into the runtime.
 */
function holdsAt(src: string, start: number, word: string): boolean {
  if (start + word.length > src.length) return false
  for (let k = 0; k < word.length; k++) if (src.charCodeAt(start + k) !== word.charCodeAt(k)) return false
  return true
}

/**
 * The engine's single copy of `text` (V8 keeps one string per property name): comparisons with
 * the parser's literal names ("class", "data-seat") are then pointer checks. Only a speed-up:
 * the result always equals `text`.
 */
function internalize(text: string): string {
  const holder = Object.create(null) as Record<string, true>
  holder[text] = true
  return Object.keys(holder)[0] ?? text
}

/**
 * XML white space. Callers in the per-character loops test `c <= 32 &&` first: name and value
 * characters then never reach the call (the scanner is too large for V8 to inline it everywhere).
 */
function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9
}

export function scanXml(src: string, handler: ScanHandler, maxDepth = MAX_DEPTH): void {
  const n = src.length
  const stack: string[] = []
  const attrs: string[] = []
  let i = 0
  // Position of the next '&' at or after the scan (n when none): an attribute value needs
  // decoding only when it lies before it. Found again only once passed, so O(text) in all,
  // instead of an indexOf over every value (~2.5M values in a 1M-seat drawing).
  let nextAmp = -1
  // Element and attribute names repeat endlessly ("circle", "cx", "data-seat"): each is looked
  // up in a small direct-mapped cache (slot by length and first and last character) and compared
  // in place, so a repeated name costs no new string, and its hash, once computed for a Set or
  // Map lookup downstream, stays with the one string object.
  const names: string[] = new Array<string>(NAME_CACHE_SLOTS).fill('')
  const nameAt = (start: number, end: number): string => {
    const length = end - start
    if (length === 0) return ''
    const slot = (length * 31 + src.charCodeAt(start) * 7 + src.charCodeAt(end - 1)) & (NAME_CACHE_SLOTS - 1)
    const cached = names[slot]
    if (cached.length === length && holdsAt(src, start, cached)) return cached
    const name = internalize(src.slice(start, end))
    names[slot] = name
    return name
  }

  // The refusal names where: line and column for the operator's editor, the offset for programs.
  const fail = (code: MarkupRefusalCode): never => {
    throw new VenueParseError(ParseErrorCode.Malformed, venueRefusal(code, markupPlace(src, i)))
  }
  const failIn = (code: 'unclosed-start-tag' | 'unclosed-attribute', tag: string): never => {
    throw new VenueParseError(ParseErrorCode.Malformed, venueRefusal(code, { ...markupPlace(src, i), tag }))
  }

  while (i < n) {
    const lt = src.indexOf('<', i)
    if (lt < 0) {
      if (handler.wantsText) handler.text(decodeEntities(src.slice(i)))
      break
    }
    if (lt > i && handler.wantsText) handler.text(decodeEntities(src.slice(i, lt)))
    i = lt
    const c = src.charCodeAt(lt + 1)
    if (c === 47 /* / */) {
      const end = src.indexOf('>', lt)
      if (end < 0) fail('unclosed-end-tag')
      i = end + 1
      // Nearly always the innermost open element, written exactly: closed without a substring.
      const top = stack.length > 0 ? stack[stack.length - 1] : ''
      if (top !== '' && end === lt + 2 + top.length && holdsAt(src, lt + 2, top)) {
        stack.pop()
        handler.closeTag(top)
        continue
      }
      const name = src.slice(lt + 2, end).trim()
      let k = stack.length - 1
      while (k >= 0 && stack[k] !== name) k--
      if (k < 0) {
        handler.warn(venueWarning('stray-end-tag', { tag: name }))
        continue
      }
      if (k < stack.length - 1) handler.warn(venueWarning('unclosed-closed', { tag: name, count: stack.length - 1 - k }))
      while (stack.length > k) handler.closeTag(stack.pop() as string)
      continue
    }
    if (c === 33 /* ! */) {
      if (src.startsWith('<!--', lt)) {
        const end = src.indexOf('-->', lt + 4)
        if (end < 0) fail('unclosed-comment')
        i = end + 3
      } else if (src.startsWith('<![CDATA[', lt)) {
        const end = src.indexOf(']]>', lt + 9)
        if (end < 0) fail('unclosed-cdata')
        if (handler.wantsText) handler.text(src.slice(lt + 9, end))
        i = end + 3
      } else {
        // DOCTYPE or another declaration; an internal subset sits in [ ].
        const bracket = src.indexOf('[', lt)
        const close = src.indexOf('>', lt)
        if (close < 0) fail('unclosed-declaration')
        if (bracket >= 0 && bracket < close) {
          const end = src.indexOf(']', bracket)
          if (end < 0) fail('unclosed-doctype-subset')
          const subset = src.slice(bracket, end)
          if (/<!ENTITY/i.test(subset))
            throw new VenueParseError(ParseErrorCode.EntityDeclaration, venueRefusal('entity-declaration', {}))
          const after = src.indexOf('>', end)
          if (after < 0) fail('unclosed-doctype')
          i = after + 1
        } else i = close + 1
      }
      continue
    }
    if (c === 63 /* ? */) {
      const end = src.indexOf('?>', lt + 2)
      if (end < 0) fail('unclosed-instruction')
      i = end + 2
      continue
    }
    // Start tag: name, attributes, then > or />.
    let p = lt + 1
    while (p < n) {
      const ch = src.charCodeAt(p)
      if ((ch <= 32 && isSpace(ch)) || ch === 62 || ch === 47) break
      p++
    }
    const name = nameAt(lt + 1, p)
    if (name.length === 0) fail('no-tag-name')
    let count = 0
    let selfClosing = false
    for (;;) {
      while (p < n && isSpace(src.charCodeAt(p))) p++
      if (p >= n) failIn('unclosed-start-tag', name)
      const ch = src.charCodeAt(p)
      if (ch === 62) {
        p++
        break
      }
      if (ch === 47) {
        if (src.charCodeAt(p + 1) === 62) {
          selfClosing = true
          p += 2
          break
        }
        p++
        continue
      }
      const nameStart = p
      while (p < n) {
        const cc = src.charCodeAt(p)
        if (cc === 61 || (cc <= 32 && isSpace(cc)) || cc === 62 || cc === 47) break
        p++
      }
      const attrName = nameAt(nameStart, p)
      while (p < n && src.charCodeAt(p) <= 32 && isSpace(src.charCodeAt(p))) p++
      let value = ''
      if (src.charCodeAt(p) === 61) {
        p++
        while (p < n && src.charCodeAt(p) <= 32 && isSpace(src.charCodeAt(p))) p++
        const q = src.charCodeAt(p)
        let valueStart = p
        let valueEnd: number
        if (q === 34 || q === 39) {
          const end = src.indexOf(q === 34 ? '"' : "'", p + 1)
          if (end < 0) failIn('unclosed-attribute', name)
          valueStart = p + 1
          valueEnd = end
          p = end + 1
        } else {
          while (p < n && !isSpace(src.charCodeAt(p)) && src.charCodeAt(p) !== 62) p++
          valueEnd = p
        }
        value = src.slice(valueStart, valueEnd)
        if (nextAmp < valueStart) {
          nextAmp = src.indexOf('&', valueStart)
          if (nextAmp < 0) nextAmp = n
        }
        if (nextAmp < valueEnd) value = decodeEntities(value)
      }
      attrs[count++] = attrName
      attrs[count++] = value
    }
    i = p
    if (!selfClosing) {
      if (stack.length >= maxDepth)
        throw new VenueParseError(ParseErrorCode.TooDeep, venueRefusal('too-deep', { max: maxDepth }))
      stack.push(name)
    }
    handler.openTag(name, attrs, count, selfClosing)
    if (selfClosing) handler.closeTag(name)
    else if (name === 'script') {
      // Skipped unread: nothing in a drawing is ever executed.
      const end = src.indexOf('</script', i)
      i = end < 0 ? n : end
    }
  }
  if (stack.length > 0) {
    handler.warn(venueWarning('left-open', { count: stack.length }))
    while (stack.length > 0) handler.closeTag(stack.pop() as string)
  }
}
