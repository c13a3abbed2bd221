/**
 * An element's attribute list as the parser reads it: names normalised once, and the attributes
 * every element needs (class, id, transform, style, the presentation attributes) picked out in
 * one pass. Before, each was a separate scan plus a Set lookup per attribute name (hashing a
 * fresh string each time): ~8% of a 1M-seat parse. Names are told apart by length first, so most
 * comparisons end without reading a character.
 */
import type { Declarations } from './css'

/** The attributes `pickAttributes` looks for; undefined when absent (first occurrence wins). */
export interface PickedAttributes {
  class: string | undefined
  id: string | undefined
  transform: string | undefined
  style: string | undefined
  groupmode: string | undefined
  /** Presentation attributes the engine reads (fill, stroke, stroke-width, display, visibility, font-size; last wins), or null. */
  presentation: Declarations | null
}

/**
 * Copies the scanner's reused pair list into the element's own, dropping on* handlers and
 * renaming className → class, xlink:href / xlinkHref → href.
 */
export function normaliseAttrs(raw: string[], count: number): string[] {
  let plain = true
  for (let i = 0; i < count && plain; i += 2) plain = !needsNormalising(raw[i])
  // Almost every element: one native copy of the pairs.
  if (plain) return raw.slice(0, count)
  const out: string[] = []
  for (let i = 0; i < count; i += 2) {
    let name = raw[i]
    if (isHandler(name)) continue // on* handlers: dropped
    if (name === 'className') name = 'class'
    else if (name === 'xlink:href' || name === 'xlinkHref') name = 'href'
    out.push(name, raw[i + 1])
  }
  return out
}

function isHandler(name: string): boolean {
  return name.length > 2 && (name.charCodeAt(0) | 32) === 111 && (name.charCodeAt(1) | 32) === 110
}

function needsNormalising(name: string): boolean {
  return isHandler(name) || name === 'className' || name === 'xlink:href' || name === 'xlinkHref'
}

/** Value of the first attribute called `name`. */
export function getAttrList(attrs: readonly string[], name: string): string | undefined {
  for (let i = 0; i < attrs.length; i += 2) if (attrs[i] === name) return attrs[i + 1]
  return undefined
}

/** Reads the attributes of PickedAttributes into `out` (reused by the caller) in one pass. */
export function pickAttributes(attrs: readonly string[], out: PickedAttributes): PickedAttributes {
  out.class = out.id = out.transform = out.style = out.groupmode = undefined
  let presentation: Declarations | null = null
  for (let i = 0; i < attrs.length; i += 2) {
    const name = attrs[i]
    switch (name.length) {
      case 2:
        if (name === 'id' && out.id === undefined) out.id = attrs[i + 1]
        break
      case 4:
        if (name === 'fill') (presentation ??= {}).fill = attrs[i + 1]
        break
      case 5:
        if (name === 'class') {
          if (out.class === undefined) out.class = attrs[i + 1]
        } else if (name === 'style' && out.style === undefined) out.style = attrs[i + 1]
        break
      case 6:
        if (name === 'stroke') (presentation ??= {}).stroke = attrs[i + 1]
        break
      case 7:
        if (name === 'display') (presentation ??= {}).display = attrs[i + 1]
        break
      case 9:
        if (name === 'transform') {
          if (out.transform === undefined) out.transform = attrs[i + 1]
        } else if (name === 'font-size') (presentation ??= {})['font-size'] = attrs[i + 1]
        break
      case 10:
        if (name === 'visibility') (presentation ??= {}).visibility = attrs[i + 1]
        break
      case 12:
        if (name === 'stroke-width') (presentation ??= {})['stroke-width'] = attrs[i + 1]
        break
      case 18:
        if (name === 'inkscape:groupmode' && out.groupmode === undefined) out.groupmode = attrs[i + 1]
        break
    }
  }
  out.presentation = presentation
  return out
}
