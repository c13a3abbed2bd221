/**
 * Drawings are stored (and served to every visitor's map) without anything that can run: the
 * import cleans the SVG text before it is parsed and stored (venues/import.ts), so a hostile or
 * careless drawing cannot carry script into the shop's origin even when opened directly.
 *
 * Removed: `<script>`, `<foreignObject>` (it embeds HTML), `<iframe>`, `<embed>`, `<object>`,
 * `<handler>` and `<listener>` (SVG Tiny's script hooks) with their content; `<set>`/`<animate>`
 * that rewrite a link or a handler; every `on…` attribute; and links (href, src, action,
 * formaction, from/to/values of animations) whose value, with entities decoded and blanks
 * removed, starts with `javascript:`, `vbscript:` or `data:text/html`. Geometry, classes, ids,
 * styles and text are kept byte for byte, so the parser sees the same seats.
 *
 * Attributes and elements are judged by their local name, whatever their prefix: a drawing may
 * bind any prefix to the XLink namespace (`xmlns:xl=…` then `xl:href`), so a list of prefixed
 * names (`xlink:href`) misses links. A dangerous value is removed under any namespace, which
 * keeps the check free of the namespace bookkeeping and costs no real drawing anything.
 *
 * The text is scanned tag by tag with quote-aware patterns (attribute values may hold `>`),
 * never rebuilt through a DOM: a 100k-seat drawing costs one pass. Also bounds the longest
 * attribute (MAX_ATTRIBUTE_BYTES): a single multi-megabyte path (a 45 MB one made an import
 * use 1.8 GB) is refused with a clear error before anything is parsed or stored.
 */

import { refusalText, venueRefusal, type VenueRefusal } from '../../engine/parse/refusals'
import { venueWarning, type VenueWarning } from '../../engine/parse/warnings'

/**
 * Longest attribute value accepted (path data, points, an embedded image). Real drawings' longest
 * is about 14 kB; 4 MB leaves room for a detailed outline or a small embedded raster.
 */
export const MAX_ATTRIBUTE_BYTES = 4 * 1024 * 1024
/** Characters of leftover script quoted in a refusal: enough to find it in the file, never a whole payload. */
const SCRIPT_QUOTE_CHARS = 40

/** A drawing cleaning refuses: `refusal` the reason with its numbers (worded per language by the server), the message its English. */
export class DrawingRejectedError extends Error {
  constructor(readonly refusal: VenueRefusal) {
    super(refusalText(refusal))
    this.name = 'DrawingRejectedError'
  }
}

export interface SanitizeResult {
  svg: string
  /** What was removed, one warning per kind and name with its count (reported as import warnings). */
  removed: VenueWarning[]
}

const DANGEROUS_ELEMENTS = ['script', 'foreignObject', 'iframe', 'embed', 'object', 'handler', 'listener']
/** Local names (any prefix) of the attributes a browser follows or animates into a link. */
const LINK_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'from', 'to', 'values', 'by'])
const ANIMATIONS = new Set(['set', 'animate', 'animatetransform', 'animatemotion'])
const DANGEROUS_URL = /^(?:javascript|vbscript|data:text\/html|data:application\/(?:x-)?(?:java|ecma)script)/i

// `<name attrs>` with quoted values that may contain `>`; group 1: '/' of an end tag, 2: name,
// 3: attributes, 4: '/' of a self-closing tag.
const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g
const ATTRIBUTE = /(\s+)([^\s=/>]+)(?:(\s*=\s*)("[^"]*"|'[^']*'|[^\s"'>]+))?/g

/** Anything script-like still present after cleaning (checked on the result, as a second line). */
const LEFTOVER = new RegExp(`<\\s*/?\\s*(?:[\\w.-]+:)?(?:${DANGEROUS_ELEMENTS.join('|')})\\b|\\son[a-z]+\\s*=|javascript\\s*:`, 'i')
/**
 * Where an entity could spell a scheme the raw text does not show (`&#106;avascript:`): character
 * references and the named ones decodeEntities knows. Only the runs around them are decoded.
 */
const ENTITY = /&(?:#|colon;|tab;|newline;)/gi
/** What ends the run of text an entity belongs to: a value cannot run past its quote, nor text past a tag. */
const RUN_ENDS = new Set(['<', '>', '"', "'"])
/** A link that would run, somewhere in a decoded run with its blanks removed. */
const DANGEROUS_ANYWHERE = /javascript:|vbscript:|data:text\/html/i

/** A name's local part, lower case: `xl:HREF` → `href` (the last colon: no prefix can hide it). */
const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase()

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/&amp;/gi, '&')
}

// eslint-disable-next-line no-control-regex
const BLANKS = /[\u0000-\u0020\u007f-\u009f]/g

/** A link value a browser would run, once entities and the blanks browsers skip are removed. */
export function isDangerousUrl(raw: string): boolean {
  return DANGEROUS_URL.test(decodeEntities(raw).replace(BLANKS, ''))
}

/**
 * The leftover check on decoded text: each run of text (an attribute value, a text node) that
 * holds an entity, decoded with its blanks removed, must not spell a link that runs. Runs are
 * found by scanning from each entity to the nearest quote or angle bracket, each run once: one
 * pass over the drawing, and only those runs are copied (a 100 MB drawing is never decoded whole).
 */
function entityLeftover(svg: string): string | null {
  let covered = 0
  ENTITY.lastIndex = 0
  for (let m = ENTITY.exec(svg); m !== null; m = ENTITY.exec(svg)) {
    if (m.index < covered) continue
    let start = m.index
    while (start > covered && !RUN_ENDS.has(svg[start - 1])) start--
    let end = m.index + m[0].length
    while (end < svg.length && !RUN_ENDS.has(svg[end])) end++
    covered = end
    ENTITY.lastIndex = end
    const run = svg.slice(start, end)
    if (DANGEROUS_ANYWHERE.test(decodeEntities(run).replace(BLANKS, ''))) return run
  }
  return null
}

type RemovedCode = 'removed-element' | 'removed-handler' | 'removed-link' | 'removed-animation'

const unquote = (v: string) => (v.startsWith('"') || v.startsWith("'") ? v.slice(1, -1) : v)

export function sanitizeDrawing(input: string): SanitizeResult {
  const counts = new Map<string, { code: RemovedCode; name: string; n: number }>()
  const count = (code: RemovedCode, name: string) => {
    const seen = counts.get(`${code} ${name}`)
    if (seen) seen.n++
    else counts.set(`${code} ${name}`, { code, name, n: 1 })
  }
  const out: string[] = []
  let last = 0
  /** Name of the dangerous element being skipped and its nesting depth (0: not skipping). */
  let skipping: string | null = null
  let depth = 0
  TAG.lastIndex = 0
  for (let m = TAG.exec(input); m !== null; m = TAG.exec(input)) {
    const [whole, closing, name, attrs, selfClosing] = m
    const local = localName(name)
    if (skipping !== null) {
      if (local === skipping) {
        if (closing) depth--
        else if (!selfClosing) depth++
        if (depth === 0) {
          skipping = null
          last = m.index + whole.length
        }
      }
      continue
    }
    if (!closing && DANGEROUS_ELEMENTS.some((e) => e.toLowerCase() === local)) {
      out.push(input.slice(last, m.index))
      count('removed-element', name)
      if (selfClosing) {
        last = m.index + whole.length
      } else {
        skipping = local
        depth = 1
      }
      continue
    }
    if (closing || !attrs) continue
    let changed = false
    let dropElement = false
    const cleaned = attrs.replace(ATTRIBUTE, (a: string, _space: string, attrName: string, _eq?: string, rawValue?: string) => {
      const value = rawValue === undefined ? '' : unquote(rawValue)
      if (value.length > MAX_ATTRIBUTE_BYTES) {
        throw new DrawingRejectedError(venueRefusal('attribute-too-large', { attribute: attrName, element: name, bytes: value.length, max: MAX_ATTRIBUTE_BYTES }))
      }
      const attrLocal = localName(attrName)
      if (attrLocal.startsWith('on')) {
        count('removed-handler', attrName)
        changed = true
        return ''
      }
      // An animation of a link or a handler, under whatever prefix it names the attribute.
      if (ANIMATIONS.has(local) && attrLocal === 'attributename' && /^(?:href|on\w*)$/.test(localName(value.trim()))) dropElement = true
      if (LINK_ATTRIBUTES.has(attrLocal) && isDangerousUrl(value)) {
        count('removed-link', attrName)
        changed = true
        return ''
      }
      return a
    })
    if (dropElement) {
      out.push(input.slice(last, m.index))
      count('removed-animation', name)
      if (selfClosing) last = m.index + whole.length
      else {
        skipping = local
        depth = 1
      }
      continue
    }
    if (changed) {
      out.push(input.slice(last, m.index), `<${name}${cleaned}${selfClosing ? '/' : ''}>`)
      last = m.index + whole.length
    }
  }
  // An element left open to the end: everything after its start goes.
  out.push(skipping !== null ? '' : input.slice(last))
  const removed = [...counts.values()].map((c) => venueWarning(c.code, { count: c.n, name: c.name }))
  const svg = removed.length ? out.join('') : input
  // Whatever the tag scan could not read (a malformed tag) must not carry script through, spelled
  // plainly or with entities.
  const left = LEFTOVER.exec(svg)?.[0] ?? entityLeftover(svg)
  if (left !== null) throw new DrawingRejectedError(venueRefusal('script-left', { near: left.slice(0, SCRIPT_QUOTE_CHARS) }))
  return { svg, removed }
}
