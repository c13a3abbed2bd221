/**
 * Allow-list HTML sanitizer for the html bodies setup sends (rules, contacts, footer texts).
 *
 * Why our own: the page renders these strings with innerHTML, the texts come from a database an
 * operator edits, and no DOM exists in unit tests. The input is tokenized by hand and the output
 * is re-serialized from scratch, so nothing passes through verbatim: text is escaped, only
 * allow-listed tags and attributes are written, attribute values are escaped and URL attributes
 * must use a safe scheme. Anything the tokenizer cannot read as a tag is escaped as text.
 * Content of script/style/iframe/object/… is dropped with the element.
 *
 * Cost: one linear pass over the input; fine for the few KB of a rules page.
 */

/** Elements kept (their attributes still filtered). */
const ALLOWED_TAGS = new Set([
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'h1',
  'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span',
  'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
])

/** Elements without a closing tag. */
const VOID_TAGS = new Set(['br', 'hr', 'img'])

/** Elements removed together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math',
  'frame', 'frameset', 'applet', 'textarea', 'select', 'title', 'head', 'xmp', 'noembed',
])

/** Attributes allowed on any kept element. */
const GLOBAL_ATTRS = new Set(['title', 'class', 'lang', 'dir'])

/** Attributes allowed per element. */
const TAG_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  ol: new Set(['start']),
}

/** Attributes holding a URL. */
const URL_ATTRS = new Set(['href', 'src'])

/** Schemes a URL may use; relative URLs and fragments are fine too. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t',
  newline: '\n',
}

/** Decodes the entities an attacker could use to hide `javascript:` in an attribute. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole
  })
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** True when a (decoded) URL is relative or uses an allowed scheme. */
export function isSafeUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)
  if (scheme === null) return true
  return SAFE_SCHEMES.has(scheme[1].toLowerCase())
}

interface Attr {
  name: string
  value: string
}

/** Reads `name="v" name='v' name=v name` pairs from the inside of a tag. */
function parseAttrs(source: string): Attr[] {
  const attrs: Attr[] = []
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
  for (let m = re.exec(source); m !== null; m = re.exec(source)) {
    attrs.push({ name: m[1].toLowerCase(), value: decodeEntities(m[2] ?? m[3] ?? m[4] ?? '') })
  }
  return attrs
}

function keepAttr(tag: string, attr: Attr): boolean {
  if (attr.name.startsWith('on')) return false
  if (!GLOBAL_ATTRS.has(attr.name) && !TAG_ATTRS[tag]?.has(attr.name)) return false
  if (URL_ATTRS.has(attr.name) && !isSafeUrl(attr.value)) return false
  return true
}

function writeOpenTag(tag: string, attrs: Attr[]): string {
  let out = `<${tag}`
  let blankTarget = false
  for (const attr of attrs) {
    if (!keepAttr(tag, attr)) continue
    if (attr.name === 'rel') continue // rewritten below so new tabs never get window.opener
    if (attr.name === 'target') blankTarget = attr.value === '_blank'
    out += ` ${attr.name}="${escapeHtml(attr.value)}"`
  }
  if (tag === 'a' && blankTarget) out += ' rel="noopener noreferrer"'
  return `${out}>`
}

const TAG_RE = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/

/** Returns html holding only allow-listed tags and attributes; all text escaped. */
export function sanitizeHtml(input: string): string {
  let out = ''
  let i = 0
  const open: string[] = []
  while (i < input.length) {
    const lt = input.indexOf('<', i)
    if (lt === -1) {
      out += escapeHtml(decodeEntities(input.slice(i)))
      break
    }
    out += escapeHtml(decodeEntities(input.slice(i, lt)))
    const rest = input.slice(lt)
    if (rest.startsWith('<!--')) {
      const end = input.indexOf('-->', lt + 4)
      i = end === -1 ? input.length : end + 3
      continue
    }
    if (rest.startsWith('<!') || rest.startsWith('<?')) {
      const end = input.indexOf('>', lt)
      i = end === -1 ? input.length : end + 1
      continue
    }
    const m = TAG_RE.exec(rest)
    if (m === null) {
      out += '&lt;'
      i = lt + 1
      continue
    }
    i = lt + m[0].length
    const closing = m[1] === '/'
    const tag = m[2].toLowerCase()
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!closing) {
        const close = new RegExp(`</${tag}\\s*>`, 'i').exec(input.slice(i))
        i = close === null ? input.length : i + close.index + close[0].length
      }
      continue
    }
    if (!ALLOWED_TAGS.has(tag)) continue
    if (closing) {
      const at = open.lastIndexOf(tag)
      if (at === -1) continue
      // Close whatever was left open inside, so the output is always well nested.
      while (open.length > at) out += `</${open.pop()}>`
      continue
    }
    out += writeOpenTag(tag, parseAttrs(m[3]))
    if (VOID_TAGS.has(tag)) continue
    if (m[3].trimEnd().endsWith('/')) out += `</${tag}>`
    else open.push(tag)
  }
  while (open.length > 0) out += `</${open.pop()}>`
  return out
}
