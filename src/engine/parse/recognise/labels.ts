/**
 * Seat labels read from the markup, whatever the drawing calls them: attribute names are split
 * into words (`data-seat-row`, `seat_row_number`, `rowNumber`) and classified by the words they
 * hold, in the languages venue drawings are made in; JSON in an attribute is read key by key;
 * free-text descriptions ("Партер, ряд 1 / места") give a sector and a row; ids are read by
 * keyword ("row01seat11", "Row_E") or by position ("b5-4-16", "E3", "A-12").
 * Names are classified once per distinct attribute name (cached), so a million seats cost a Map
 * lookup per attribute.
 */
import type { ElementInfo } from '../rules'

export interface Labels {
  sector?: string
  row?: string
  number?: string
  zone?: string
  /** Where the row and number came from (for the report): "attribute", "json", "description", "id". */
  source?: LabelSource
}

export type LabelSource = 'attribute' | 'json' | 'description' | 'id' | 'layer' | 'text' | 'inferred'

const ROW_WORDS = new Set(['row', 'rw', 'ryad', 'riad', 'ряд', 'рад', 'fila', 'reihe', 'rang', 'rangee', 'rzad', 'rząd', 'rij', 'riga', 'linha', 'sira', 'eilė'])
const SEAT_WORDS = new Set(['seat', 'seats', 'place', 'number', 'num', 'no', 'nr', 'nb', 'n', 'mesto', 'место', 'місце', 'plaza', 'asiento', 'butaca', 'platz', 'sitz', 'sitzplatz', 'chair', 'posto', 'miejsce', 'stoel', 'siege', 'koltuk', 'pos', 'position', 'index', 'idx'])
const SECTOR_WORDS = new Set(['sector', 'sektor', 'сектор', 'section', 'sec', 'sect', 'block', 'blok', 'blk', 'stand', 'tribune', 'tribuna', 'area', 'level', 'tier', 'part', 'partition', 'balcony', 'gallery', 'loge', 'lodge', 'box', 'hall', 'floor'])
const ZONE_WORDS = new Set(['zone', 'price', 'category', 'cat', 'tariff', 'class'])
const KEY_WORDS = new Set(['key', 'code', 'ref', 'uid', 'identifier', 'label'])
/** Attributes that draw or style, never label: skipped without classification. */
const DRAWING_ATTRS = new Set([
  'id', 'class', 'style', 'd', 'x', 'y', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'transform', 'fill', 'stroke',
  'points', 'href', 'viewbox', 'opacity', 'clip-path', 'mask', 'filter', 'xml:space', 'version', 'x1', 'y1', 'x2', 'y2',
  'fill-rule', 'clip-rule', 'enable-background', 'display', 'visibility', 'overflow', 'preserveaspectratio', 'offset',
  'text-anchor', 'dx', 'dy', 'rotate', 'pathlength', 'marker-end', 'marker-start', 'vector-effect', 'type', 'role',
])

type Role = 'row' | 'number' | 'numberInRow' | 'sector' | 'zone' | 'compound' | 'text' | 'skip'

const roleCache = new Map<string, Role>()
const MAX_ROLE_CACHE = 4096

/** "data-seatRowNumber" → ["seat", "row", "number"]. */
function nameWords(name: string): string[] {
  let n = name.replace(/^(data|aria|inkscape|sodipodi|xlink)[-:]/i, '')
  n = n.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return n.split(/[^\p{L}\p{N}]+/u).filter(Boolean).flatMap((w) => {
    // "seatrow", "rownum": run-together words split on known ones.
    const m = /^(row|seat|place|sector|section)(num|number|no|nr|row|seat|id|key)$/.exec(w)
    return m ? [m[1], m[2]] : [w]
  })
}

export function attributeRole(name: string): Role {
  let role = roleCache.get(name)
  if (role !== undefined) return role
  const lower = name.toLowerCase()
  if (DRAWING_ATTRS.has(lower) || lower.startsWith('xmlns') || lower.startsWith('stroke') || lower.startsWith('font') || lower.startsWith('sodipodi:') || (lower.startsWith('inkscape:') && lower !== 'inkscape:label')) role = 'skip'
  else {
    const words = nameWords(name)
    const last = words[words.length - 1] ?? ''
    const has = (set: Set<string>) => words.some((w) => set.has(w))
    // The last word says what the value is: seat_row is a row, seat_row_number a number in a row.
    if (has(KEY_WORDS) || (last === 'id' && words.length > 1 && (has(ROW_WORDS) || has(SEAT_WORDS) || has(SECTOR_WORDS)))) role = 'compound'
    else if (ROW_WORDS.has(last)) role = 'row'
    // "seat_row_number" is a seat's number in its row; "rowNumber" / "row_no" is the row's own.
    else if (SEAT_WORDS.has(last)) role = has(ROW_WORDS) ? (words.some((w) => w !== last && SEAT_WORDS.has(w)) ? 'numberInRow' : 'row') : 'number'
    else if (SECTOR_WORDS.has(last)) role = 'sector'
    else if (ZONE_WORDS.has(last)) role = 'zone'
    else if (has(ROW_WORDS)) role = 'row'
    else if (has(SEAT_WORDS)) role = 'number'
    else if (has(SECTOR_WORDS)) role = 'sector'
    else role = 'text'
  }
  if (roleCache.size < MAX_ROLE_CACHE) roleCache.set(name, role)
  return role
}

/** "007" → "7"; trimmed; undefined when empty. */
export function cleanLabel(v: string | number | undefined): string | undefined {
  if (v === undefined) return undefined
  const s = String(v).trim()
  if (s === '') return undefined
  return /^0+\d+$/.test(s) ? String(Number(s)) : s
}

/** A seat number: short, and holds a digit. */
function numberValue(v: string): string | undefined {
  const s = v.trim()
  if (s.length === 0 || s.length > 12 || !/\d/.test(s)) return undefined
  return cleanLabel(s)
}

function rowValue(v: string): string | undefined {
  const s = v.trim()
  if (s.length === 0 || s.length > 24) return undefined
  return cleanLabel(s)
}

/** Element names drawing tools make ids of (lowercase, then a counter). */
const TOOL_ID_WORDS = new Set(['g', 'use', 'svg', 'path', 'rect', 'circle', 'ellipse', 'line', 'text', 'tspan', 'image', 'polygon', 'polyline', 'symbol', 'defs', 'layer', 'group', 'shape', 'obj', 'id'])

const SEPARATORS = /[\s\-_.:|/\\,;#]+/

const ROW_WORD_RE = 'row|ряд|рад|fila|reihe|rang|rangée|rząd|rij|riga|linha|sıra'
const SEAT_WORD_RE = 'seat|place|место|места|місце|місця|plaza|asiento|butaca|platz|sitz|posto|miejsce|no\\.?|nr\\.?|№'
const DESCRIPTION = new RegExp(`^(.*?)[\\s,;:/|(-]*(?<![\\p{L}])(?:${ROW_WORD_RE})(?![\\p{L}])\\s*[:.#№]?\\s*([\\p{L}\\p{N}]{1,6})(?:.*?(?:${SEAT_WORD_RE})\\s*[:.#№]?\\s*(\\d{1,5}))?`, 'iu')

const PLACE_ONLY = new RegExp(`^\\s*([^/|]*?\\p{L}[^/|]*?)\\s*[/|]\\s*(?:${SEAT_WORD_RE})\\s*:?\\s*$`, 'iu')

/** "Партер, ряд 1 / места: " → sector Партер, row 1; "Row 3 seat 12" → row 3, number 12. */
export function parseDescription(text: string): Labels | null {
  if (text.length > 200) return null
  const m = DESCRIPTION.exec(text)
  if (!m) {
    // "Диваны / места: " — a place name, then an empty list of seats.
    const place = PLACE_ONLY.exec(text)
    return place ? { sector: place[1].trim(), source: 'description' } : null
  }
  const sector = m[1].replace(/[\s,;:/|(-]+$/u, '').trim()
  const out: Labels = { row: cleanLabel(m[2]), source: 'description' }
  if (sector) out.sector = sector
  if (m[3]) out.number = cleanLabel(m[3])
  return out
}

/** "I იარ\Lodge 5 -L5-4" → sector, row L5, number 4; "1-1" → row 1, number 1. */
export function parseCompound(value: string): Labels | null {
  const v = value.trim()
  const m = /^(.*?)[\s\-_.:|/\\,;#]+([\p{L}\p{N}]{1,6})[\s\-_.:|/\\,;#]+(\d{1,5}[a-zA-Z]?)$/u.exec(v)
  if (m) {
    const out: Labels = { row: cleanLabel(m[2]), number: cleanLabel(m[3]), source: 'attribute' }
    const sector = m[1].trim()
    if (sector) out.sector = sector
    return out
  }
  const two = /^([\p{L}\p{N}]{1,6})[\s\-_.:|/\\,;#]+(\d{1,5}[a-zA-Z]?)$/u.exec(v)
  if (two) return { row: cleanLabel(two[1]), number: cleanLabel(two[2]), source: 'attribute' }
  return null
}

function fill(into: Labels, from: Labels | null, source?: LabelSource): void {
  if (!from) return
  if (from.sector !== undefined && into.sector === undefined) into.sector = from.sector
  if (from.zone !== undefined && into.zone === undefined) into.zone = from.zone
  let took = false
  if (from.row !== undefined && into.row === undefined) {
    into.row = from.row
    took = true
  }
  if (from.number !== undefined && into.number === undefined) {
    into.number = from.number
    took = true
  }
  if (took && into.source === undefined) into.source = source ?? from.source
}

function readJson(value: string): Labels | null {
  if (value.length > 2000) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    return null
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null
  const out: Labels = {}
  let inRow: string | undefined
  for (const [key, raw] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof raw !== 'string' && typeof raw !== 'number') continue
    const v = String(raw)
    switch (attributeRole(key)) {
      case 'row': out.row ??= rowValue(v); break
      case 'numberInRow': inRow ??= numberValue(v); break
      case 'number': out.number ??= numberValue(v); break
      case 'sector': out.sector ??= cleanLabel(v); break
      case 'zone': out.zone ??= cleanLabel(v); break
    }
  }
  if (inRow !== undefined) out.number = inRow
  return out.row !== undefined || out.number !== undefined || out.sector !== undefined || out.zone !== undefined ? out : null
}

/**
 * Labels an element's attributes give (not its id: see parseId). `group`: the element holds more
 * than one seat, so a plain "number" attribute on it is not a seat number.
 */
export function attributeLabels(el: ElementInfo, group: boolean): Labels | null {
  const a = el.attrs
  let out: Labels | null = null
  let inRow: string | undefined
  let plainNumber: string | undefined
  let descriptions: string[] | null = null
  for (let i = 0; i < a.length; i += 2) {
    const role = attributeRole(a[i])
    if (role === 'skip') continue
    const v = a[i + 1]
    switch (role) {
      case 'row': {
        const r = rowValue(v)
        if (r !== undefined) (out ??= {}).row ??= r
        break
      }
      case 'numberInRow':
        if (!group) inRow ??= numberValue(v)
        break
      case 'number':
        if (!group) plainNumber ??= numberValue(v)
        break
      case 'sector': {
        const s = cleanLabel(v)
        if (s !== undefined && s.length <= 80) (out ??= {}).sector ??= s
        break
      }
      case 'zone': {
        const z = cleanLabel(v)
        if (z !== undefined && z.length <= 40) (out ??= {}).zone ??= z
        break
      }
      case 'compound':
        if (!group) fill((out ??= {}), parseCompound(v), 'attribute')
        break
      case 'text':
        if (v.charCodeAt(0) === 123 /* { */) fill((out ??= {}), readJson(v), 'json')
        else if (v.length > 2 && /\p{L}/u.test(v)) (descriptions ??= []).push(v)
        break
    }
  }
  const number = inRow ?? plainNumber
  if (number !== undefined) {
    out ??= {}
    if (out.number === undefined) out.number = number
  }
  if (out && out.source === undefined && (out.row !== undefined || out.number !== undefined)) out.source = 'attribute'
  if (descriptions) for (const d of descriptions) fill((out ??= {}), parseDescription(d), 'description')
  if (el.layer !== undefined && out?.sector === undefined) {
    const d = parseDescription(el.layer)
    if (d) fill((out ??= {}), d, 'description')
    else (out ??= {}).sector = el.layer.trim() || undefined
  }
  return out && (out.row !== undefined || out.number !== undefined || out.sector !== undefined || out.zone !== undefined) ? out : null
}

/** Illustrator writes "_x5F_" for "_" and "_x0020_" for a space; trailing "_" marks a renamed copy. */
function decodeId(id: string): string {
  return id.replace(/_x([0-9A-Fa-f]{2,4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/_+$/, '')
}

const KEYWORD_ROW = new RegExp(`(?:^|[^\\p{L}])(?:${ROW_WORD_RE}|r)[\\s_\\-:.]*([A-Za-z]{1,2}(?![\\p{L}])|\\d{1,3}(?:[A-Za-z](?![\\p{L}]))?)(?!\\d)`, 'iu')
const KEYWORD_SEAT = new RegExp(`(?:${SEAT_WORD_RE}|s|n|num|m|p)[\\s_\\-:.]*(\\d{1,3})(?!\\d)`, 'iu')

/**
 * Row and number (and sector) an id encodes: keywords first ("row01seat11", "Row_E"), then
 * position: "E3" / "AA12" (row letters + number), "A-12", "b5-4-16" (sector-row-seat).
 * `seat`: the id names one seat (not a row or sector group): positional forms are read only then.
 */
export function parseId(rawId: string, seat: boolean): Labels | null {
  if (rawId.length > 120) return null
  const id = decodeId(rawId)
  const row = KEYWORD_ROW.exec(id)
  if (row) {
    const out: Labels = { row: cleanLabel(row[1]), source: 'id' }
    if (seat) {
      const rest = id.slice(row.index + row[0].length)
      const n = KEYWORD_SEAT.exec(rest)
      if (n) out.number = cleanLabel(n[1])
    }
    return out
  }
  if (!seat) return null
  const single = /^([A-Za-z]{1,3})[\s\-_.:]?(\d{1,4})$/.exec(id)
  // "use3", "g12", "path7": ids drawing tools number their elements with, not a row and a seat.
  if (single && !TOOL_ID_WORDS.has(single[1])) return { row: single[1], number: cleanLabel(single[2]), source: 'id' }
  const tokens = id.split(SEPARATORS).filter(Boolean)
  if (tokens.length >= 3) {
    const number = tokens[tokens.length - 1]
    const rowToken = tokens[tokens.length - 2]
    if (/^\d{1,4}[A-Za-z]?$/.test(number) && /^[\p{L}\p{N}]{1,4}$/u.test(rowToken)) {
      const sector = tokens.slice(0, -2).join('-')
      const out: Labels = { row: cleanLabel(rowToken), number: cleanLabel(number), source: 'id' }
      if (sector.length <= 24) out.sector = sector
      return out
    }
  }
  return null
}

/**
 * The other order some tools write ids in, seat number first: "seat-12-F-3" is seat 12 of row F
 * in sector 3. Read only when the usual sector-row-number reading of a drawing's ids does not
 * follow its rows (Recogniser.checkIds), since both orders parse the same ids.
 */
export function parseIdNumberFirst(rawId: string): Labels | null {
  if (rawId.length > 120) return null
  const tokens = decodeId(rawId).split(SEPARATORS).filter(Boolean)
  if (tokens.length < 3) return null
  const [number, row, sector] = tokens.slice(-3)
  if (!/^\d{1,4}[A-Za-z]?$/.test(number) || !/^[\p{L}\p{N}]{1,4}$/u.test(row) || sector.length > 24) return null
  return { sector, row: cleanLabel(row), number: cleanLabel(number), source: 'id' }
}
