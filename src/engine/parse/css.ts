/**
 * The little CSS a seat-map drawing needs: rules from <style> whose selector is one simple
 * selector (`.cls`, `#id`, `tag`, `tag.cls`), and inline `style` attributes. Only properties the
 * engine uses are kept (display, visibility, fill, stroke, stroke-width, font-size, and the geometry
 * properties r, rx, ry, cx, cy, x, y, width, height of SVG 2). Selectors
 * with combinators or pseudo-classes (`.seat text`, `:hover`) are skipped: they style app states,
 * not geometry. Cost: one regex pass per style block.
 */

export type Declarations = Record<string, string>

/** SVG 2 geometry properties: a drawing may size its seats in CSS (`.seat { r: 6px }`) instead of attributes. */
export const GEOMETRY_PROPERTIES = ['r', 'rx', 'ry', 'cx', 'cy', 'x', 'y', 'width', 'height'] as const

const KEPT = new Set(['display', 'visibility', 'fill', 'stroke', 'stroke-width', 'font-size', 'opacity', 'fill-opacity', ...GEOMETRY_PROPERTIES])

/**
 * The attributes with the geometry properties `decls` sets put in (CSS wins over the attribute in
 * SVG 2), or `attrs` itself when it sets none. A new list: `attrs` may be a <defs> node's.
 */
export function withGeometry(attrs: string[], decls: Declarations): string[] {
  let out: string[] | null = null
  for (const name of GEOMETRY_PROPERTIES) {
    const value = decls[name]
    if (value === undefined) continue
    out ??= attrs.slice()
    const at = out.indexOf(name)
    if (at >= 0 && at % 2 === 0) out[at + 1] = value
    else out.push(name, value)
  }
  return out ?? attrs
}

export function parseDeclarations(text: string, out: Declarations = {}): Declarations {
  for (const part of text.split(';')) {
    const colon = part.indexOf(':')
    if (colon < 0) continue
    const name = part.slice(0, colon).trim().toLowerCase()
    if (!KEPT.has(name)) continue
    out[name] = part.slice(colon + 1).replace(/!important/i, '').trim()
  }
  return out
}

export class StyleSheet {
  readonly byClass = new Map<string, Declarations>()
  readonly byId = new Map<string, Declarations>()
  readonly byTag = new Map<string, Declarations>()
  readonly byTagClass = new Map<string, Declarations>()

  get empty(): boolean {
    return this.byClass.size + this.byId.size + this.byTag.size + this.byTagClass.size === 0
  }

  addText(css: string): void {
    const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@[a-z-]+[^;{]*;/gi, '')
    const re = /([^{}]+)\{([^{}]*)\}/g
    let m: RegExpExecArray | null
    while ((m = re.exec(text))) {
      const decls = parseDeclarations(m[2])
      if (Object.keys(decls).length === 0) continue
      for (const raw of m[1].split(',')) {
        const sel = raw.trim()
        let target: Map<string, Declarations> | null = null
        let key = sel
        if (/^\.[\w-]+$/.test(sel)) {
          target = this.byClass
          key = sel.slice(1)
        } else if (/^#[\w-]+$/.test(sel)) {
          target = this.byId
          key = sel.slice(1)
        } else if (/^[a-zA-Z][\w-]*$/.test(sel)) target = this.byTag
        else if (/^[a-zA-Z][\w-]*\.[\w-]+$/.test(sel)) target = this.byTagClass
        if (!target) continue
        target.set(key, { ...(target.get(key) ?? {}), ...decls })
      }
    }
  }

  /**
   * Adds declarations matching an element, in cascade order (tag < class < tag.class < id), to
   * `out`; creates `out` only when something matches (most elements allocate nothing).
   */
  resolve(tag: string, classes: readonly string[], id: string | undefined, out: Declarations | null): Declarations | null {
    if (this.empty) return out
    // Maps with no rules are skipped: each lookup hashes a fresh string (tag, id) per element.
    const t = this.byTag.size ? this.byTag.get(tag) : undefined
    if (t) out = Object.assign(out ?? {}, t)
    if (this.byClass.size || this.byTagClass.size) {
      for (const c of classes) {
        const d = this.byClass.size ? this.byClass.get(c) : undefined
        if (d) out = Object.assign(out ?? {}, d)
        const tc = this.byTagClass.size ? this.byTagClass.get(`${tag}.${c}`) : undefined
        if (tc) out = Object.assign(out ?? {}, tc)
      }
    }
    if (id && this.byId.size) {
      const d = this.byId.get(id)
      if (d) out = Object.assign(out ?? {}, d)
    }
    return out
  }
}

const NAMED_COLORS: Record<string, number> = {
  black: 0x000000, white: 0xffffff, red: 0xff0000, green: 0x008000, blue: 0x0000ff, gray: 0x808080,
  grey: 0x808080, silver: 0xc0c0c0, yellow: 0xffff00, orange: 0xffa500, purple: 0x800080,
  lightgray: 0xd3d3d3, lightgrey: 0xd3d3d3, darkgray: 0xa9a9a9, darkgrey: 0xa9a9a9, navy: 0x000080,
  maroon: 0x800000, teal: 0x008080, lime: 0x00ff00, aqua: 0x00ffff, fuchsia: 0xff00ff,
}

/** A CSS colour as 0xRRGGBBAA; 0 for none/transparent; undefined for unknown (url(), currentColor). */
export function parseColor(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const v = value.trim().toLowerCase()
  if (v === 'none' || v === 'transparent') return 0
  if (v[0] === '#') {
    let hex = v.slice(1)
    if (hex.length === 3) hex = hex.split('').map((c) => c + c).join('')
    if (/^[0-9a-f]{6}$/.test(hex)) return ((parseInt(hex, 16) << 8) | 0xff) >>> 0
    return undefined
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?\s*\)$/.exec(v)
  if (rgb) {
    const a = rgb[4] === undefined ? 255 : Math.round(Math.min(1, Number(rgb[4])) * 255)
    return (((Number(rgb[1]) & 255) << 24) | ((Number(rgb[2]) & 255) << 16) | ((Number(rgb[3]) & 255) << 8) | a) >>> 0
  }
  const named = NAMED_COLORS[v]
  return named === undefined ? undefined : ((named << 8) | 0xff) >>> 0
}
