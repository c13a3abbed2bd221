/**
 * Drawings are stored (and served to every visitor's map) without anything that can run: the
 * import cleans the SVG text before it is parsed and stored (venues/import.ts), so a hostile or
 * careless drawing cannot carry script into the shop's origin even when opened directly.
 *
 * Removed: `<script>`, `<foreignObject>` (it embeds HTML), `<iframe>`, `<embed>`, `<object>`,
 * `<handler>` and `<listener>` (SVG Tiny's script hooks) with their content; `<set>`/`<animate>`
 * that rewrite a link or a handler; every `on…` attribute; and links (href, xlink:href, action,
 * formaction, from/to/values of animations) whose value, with entities decoded and blanks
 * removed, starts with `javascript:`, `vbscript:` or `data:text/html`. Geometry, classes, ids,
 * styles and text are kept byte for byte, so the parser sees the same seats.
 *
 * The text is scanned tag by tag with quote-aware patterns (attribute values may hold `>`),
 * never rebuilt through a DOM: a 100k-seat drawing costs one pass. Also bounds the longest
 * attribute (MAX_ATTRIBUTE_BYTES): a single multi-megabyte path (a 45 MB one made an import
 * use 1.8 GB) is refused with a clear error before anything is parsed or stored.
 */

/**
 * Longest attribute value accepted (path data, points, an embedded image). Real drawings' longest
 * is about 14 kB; 4 MB leaves room for a detailed outline or a small embedded raster.
 */
export const MAX_ATTRIBUTE_BYTES = 4 * 1024 * 1024

export class DrawingRejectedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DrawingRejectedError'
  }
}

export interface SanitizeResult {
  svg: string
  /** What was removed, one line per kind with its count (reported as import warnings). */
  removed: string[]
}

const DANGEROUS_ELEMENTS = ['script', 'foreignObject', 'iframe', 'embed', 'object', 'handler', 'listener']
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'from', 'to', 'values', 'by'])
const ANIMATIONS = new Set(['set', 'animate', 'animatetransform', 'animatemotion'])
const DANGEROUS_URL = /^(?:javascript|vbscript|data:text\/html|data:application\/(?:x-)?(?:java|ecma)script)/i

// `<name attrs>` with quoted values that may contain `>`; group 1: '/' of an end tag, 2: name,
// 3: attributes, 4: '/' of a self-closing tag.
const TAG = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g
const ATTRIBUTE = /(\s+)([^\s=/>]+)(?:(\s*=\s*)("[^"]*"|'[^']*'|[^\s"'>]+))?/g

/** Anything script-like still present after cleaning (checked on the result, as a second line). */
const LEFTOVER = new RegExp(`<\\s*/?\\s*(?:[\\w.-]+:)?(?:${DANGEROUS_ELEMENTS.join('|')})\\b|\\son[a-z]+\\s*=|javascript\\s*:`, 'i')

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase()

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/&amp;/gi, '&')
}

/** A link value a browser would run, once entities and the blanks browsers skip are removed. */
export function isDangerousUrl(raw: string): boolean {
  // eslint-disable-next-line no-control-regex
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  return DANGEROUS_URL.test(value)
}

const unquote = (v: string) => (v.startsWith('"') || v.startsWith("'") ? v.slice(1, -1) : v)

export function sanitizeDrawing(input: string): SanitizeResult {
  const counts = new Map<string, number>()
  const count = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1)
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
      count(`<${name}> element`)
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
        throw new DrawingRejectedError(
          `drawing refused: the ${attrName} attribute of a <${name}> is ${(value.length / 1024 / 1024).toFixed(1)} MB, over the limit of ${MAX_ATTRIBUTE_BYTES / 1024 / 1024} MB per attribute (MAX_ATTRIBUTE_BYTES); simplify the shape or split it`,
        )
      }
      const lower = attrName.toLowerCase()
      if (localName(lower).startsWith('on')) {
        count(`${attrName} handler`)
        changed = true
        return ''
      }
      if (ANIMATIONS.has(local) && lower === 'attributename' && /^(?:(?:xlink:)?href|on\w*)$/i.test(value.trim())) dropElement = true
      if (LINK_ATTRIBUTES.has(lower) && isDangerousUrl(value)) {
        count(`${attrName}="javascript:…" link`)
        changed = true
        return ''
      }
      return a
    })
    if (dropElement) {
      out.push(input.slice(last, m.index))
      count(`<${name}> rewriting a link or handler`)
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
  const removed = [...counts].map(([what, n]) => `removed ${n} × ${what}`)
  const svg = removed.length ? out.join('') : input
  // Whatever the tag scan could not read (a malformed tag) must not carry script through.
  const left = LEFTOVER.exec(svg)
  if (left) throw new DrawingRejectedError(`drawing refused: it holds script that could not be removed safely (near "${left[0].slice(0, 40)}")`)
  return { svg, removed }
}
