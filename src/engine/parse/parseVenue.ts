/**
 * Reads a venue drawing (SVG text) into VenueData in one streaming pass: no DOM, so it runs in a
 * worker and in Node alike. Transforms compose down the tree; CSS display:none (attribute, inline
 * style or a simple <style> rule) hides a subtree; <use> replays a recorded <defs>/<symbol>
 * subtree. Seats are recognised by structure and geometry (recognise/) once the drawing is read,
 * unless a rule set is given (rules.ts, ruleShapes.ts: seats, standing areas, sector outlines);
 * every other visible shape becomes a flattened decoration and every visible <text> a label.
 *
 * Cost: O(text length) time; memory ≈ the output plus the element stack (depth-bounded).
 * Limitations: CSS is limited to simple selectors, and <style> applies to elements after it;
 * <use> may reference only elements inside <defs> or <symbol> that came earlier; a <symbol>'s
 * viewBox is fitted to the <use>'s width × height, a nested <svg>'s to its own.
 */
import type { VenueData } from '../model'
import { IDENTITY, decompose, multiply, parseTransform, applyX, applyY, type Matrix } from '../geometry/matrix'
import { parseDeclarations, parseColor, StyleSheet, withGeometry, type Declarations } from './css'
import { MAX_COORDINATE, MAX_SVG_BYTES, MAX_USE_DEPTH, MAX_USE_EXPANSION, ParseErrorCode, VenueParseError } from './limits'
import { compileRules, firstLabel, firstMatch, getAttr, type ElementInfo, type VenueRules } from './rules'
import { scanXml, type ScanHandler } from './scanner'
import { SHAPE_TAGS, num, shapeGeometry, shapePolylines } from './shapes'
import { VenueBuilder } from './VenueBuilder'
import { getAttrList, normaliseAttrs, pickAttributes, type PickedAttributes } from './elementAttributes'
import { applyMetadata, type VenueMetadata } from './metadata'
import { Recogniser, type RecognitionReport } from './recognise/recogniser'
import type { RetainedShape, ShapeStyle } from './recognise/candidates'
import { rulesReport, summarise, textAnchorOf } from './recognise/report'
import { accessOfAttributes } from './recognise/access'
import { parseViewBox, symbolViewport, textLocal, textPosition, type DefNode, type Frame } from './frame'
import { addSeatShape, collectStanding, finishSeat } from './ruleShapes'
import { venueWarning, type VenueWarning } from './warnings'
import { venueRefusal } from './refusals'

export interface ParseOptions {
  rules?: VenueRules
  metadata?: VenueMetadata
}

/** Decorations are flattened to this fraction of the drawing's larger side (1/4000 ≈ a pixel at 4k). */
const FLATTEN_TOLERANCE_RATIO = 1 / 4000
/** Font size when a text gives none (SVG's initial value, in user units). */
const DEFAULT_FONT_SIZE = 16
const NO_CLASSES: readonly string[] = []
/** Shared by every element without presentation attributes or matching CSS; never written. */
const NO_DECLARATIONS: Declarations = Object.freeze({}) as Declarations
/** Distinct class strings whose split form is cached, and element names whose tag is (bounded against hostile input). */
const MAX_CACHED_CLASS_LISTS = 4096
/** Shapes that may be seats (closed outlines); lines and polylines are always drawing. */
const CANDIDATE_TAGS = new Set(['circle', 'ellipse', 'rect', 'path', 'polygon'])
/** Elements whose geometry CSS may set (SVG 2 geometry properties). */
const GEOMETRY_TAGS = new Set(['circle', 'ellipse', 'rect'])
/** Elements whose content is never drawn directly. */
const NON_RENDERED = new Set([
  'defs', 'symbol', 'clippath', 'mask', 'pattern', 'marker', 'lineargradient', 'radialgradient', 'filter',
  'metadata', 'title', 'desc', 'style', 'script', 'foreignobject', 'sodipodi:namedview', 'image',
])

export function parseVenue(text: string, options: ParseOptions = {}): VenueData {
  return recogniseVenue(text, options).venue
}

/**
 * Parses a drawing and says how its seats were recognised. Without a rule set, seats are found
 * by structure and geometry (recognise/); a rule set (RULES.md) overrides recognition entirely.
 */
export function recogniseVenue(text: string, options: ParseOptions = {}): { venue: VenueData; report: RecognitionReport } {
  const startedAt = performance.now()
  if (typeof text !== 'string') throw new VenueParseError(ParseErrorCode.NotSvg, venueRefusal('not-text', {}))
  if (text.length > MAX_SVG_BYTES)
    throw new VenueParseError(ParseErrorCode.TooLarge, venueRefusal('too-large', { bytes: text.length, max: MAX_SVG_BYTES }))
  const rules = compileRules(options.rules)
  // No seat rules: general recognition decides which shapes are seats once the drawing is read.
  const recog = rules.seats.length === 0 ? new Recogniser() : null
  const builder = new VenueBuilder()
  const css = new StyleSheet()
  const defs = new Map<string, DefNode>()
  const stack: Frame[] = []
  let viewBox: [number, number, number, number] | null = null
  let tolerance = 0.05
  let sawRoot = false
  let useDepth = 0
  let useExpanded = 0
  let hiddenSkipped = 0
  /** Open frames collecting text (<style>, <text>): the scanner skips text otherwise. */
  let textFrames = 0

  const warn = (warning: VenueWarning) => builder.warn(warning)

  const scratch: PickedAttributes = { class: undefined, id: undefined, transform: undefined, style: undefined, groupmode: undefined, presentation: null }

  /** Split class lists, cached: drawings repeat a handful of class strings thousands of times. */
  const classCache = new Map<string, readonly string[]>()
  let lastClassValue = ''
  let lastClassList: readonly string[] = NO_CLASSES
  function classList(value: string): readonly string[] {
    // Neighbours mostly share their class (a row of "seat"): compared before hashing the value.
    if (value === lastClassValue) return lastClassList
    let list = classCache.get(value)
    if (!list) {
      list = value.split(/\s+/).filter(Boolean)
      if (classCache.size < MAX_CACHED_CLASS_LISTS) classCache.set(value, list)
    }
    lastClassValue = value
    lastClassList = list
    return list
  }

  /** Presentation attributes, then matching CSS rules, then the inline style (the cascade's order). */
  function styleOf(tag: string, picked: PickedAttributes, classes: readonly string[]): Declarations {
    let decls = css.resolve(tag, classes, picked.id, picked.presentation)
    if (picked.style) decls = parseDeclarations(picked.style, decls ?? {})
    return decls ?? NO_DECLARATIONS
  }

  function worldPolylines(el: ElementInfo, matrix: Matrix): { points: number[]; closed: boolean }[] {
    const scale = Math.max(decompose(matrix).sx, 1e-9)
    const lines = shapePolylines(el, tolerance / scale)
    for (const line of lines) {
      const p = line.points
      for (let k = 0; k < p.length; k += 2) {
        const x = p[k]
        const y = p[k + 1]
        p[k] = applyX(matrix, x, y)
        p[k + 1] = applyY(matrix, x, y)
      }
    }
    return lines
  }

  /** Lowercase local names by element name: names repeat (the scanner hands out one string per name). */
  const tagNames = new Map<string, string>()
  function tagOf(name: string): string {
    let tag = tagNames.get(name)
    if (tag === undefined) {
      tag = (name.startsWith('svg:') ? name.slice(4) : name).toLowerCase()
      if (tagNames.size < MAX_CACHED_CLASS_LISTS) tagNames.set(name, tag)
    }
    return tag
  }
  const onBadTransform = (part: string) => warn(venueWarning('bad-transform', { part }))
  /** Neighbouring shapes mostly share their style: one object for a run of alike shapes. */
  let lastStyle: ShapeStyle = { fill: undefined, stroke: undefined, strokeWidth: 1 }
  function styleOfFrame(f: Frame): ShapeStyle {
    if (f.fill !== lastStyle.fill || f.stroke !== lastStyle.stroke || f.strokeWidth !== lastStyle.strokeWidth) lastStyle = { fill: f.fill, stroke: f.stroke, strokeWidth: f.strokeWidth }
    return lastStyle
  }

  function open(name: string, attrs: string[]): void {
    const tag = tagOf(name)
    const parent = stack.length ? stack[stack.length - 1] : null
    // picked is shared scratch: read it before anything below can call open() again (<use>).
    const picked = pickAttributes(attrs, scratch)
    const id = picked.id
    const classes = picked.class ? classList(picked.class) : NO_CLASSES
    if (!parent) {
      if (tag !== 'svg') throw new VenueParseError(ParseErrorCode.NotSvg, venueRefusal('root-not-svg', { name: name.startsWith('svg:') ? name.slice(4) : name }))
      sawRoot = true
      const viewBoxAttr = getAttrList(attrs, 'viewBox')
      viewBox = parseViewBox(viewBoxAttr)
      if (viewBoxAttr !== undefined && !viewBox) warn(venueWarning('bad-viewbox', {}))
      const size = viewBox ? Math.max(viewBox[2], viewBox[3]) : Math.max(num(getAttrList(attrs, 'width'), 0), num(getAttrList(attrs, 'height'), 0))
      if (size > 0 && size <= MAX_COORDINATE) tolerance = size * FLATTEN_TOLERANCE_RATIO
    }
    const decls = styleOf(tag, picked, classes)
    // Seats sized in CSS (`r: 6px`) get their geometry as if from attributes.
    if (decls !== NO_DECLARATIONS && GEOMETRY_TAGS.has(tag)) attrs = withGeometry(attrs, decls)
    let matrix: Matrix = parent ? parent.matrix : [...IDENTITY]
    const transform = picked.transform
    if (transform) matrix = multiply(matrix, parseTransform(transform, onBadTransform))
    if (tag === 'use' || (tag === 'svg' && parent)) {
      const tx = num(getAttrList(attrs, 'x'), 0)
      const ty = num(getAttrList(attrs, 'y'), 0)
      if (tx || ty) matrix = multiply(matrix, [1, 0, 0, 1, tx, ty])
      if (tag === 'svg') matrix = nestedViewport(matrix, attrs)
    }
    const nonRendered = (parent?.nonRendered ?? false) || NON_RENDERED.has(tag)
    const hidden = (parent?.hidden ?? false) || decls.display === 'none' || decls.visibility === 'hidden'
    const fill = decls.fill !== undefined ? (parseColor(decls.fill) ?? parent?.fill) : parent?.fill
    const stroke = decls.stroke !== undefined ? (parseColor(decls.stroke) ?? parent?.stroke) : parent?.stroke
    // The frame is also the element as rule matchers see it (ElementInfo): one object per element.
    const frame: Frame = {
      tag, id, classes, attrs,
      layer: picked.groupmode === 'layer' ? getAttrList(attrs, 'inkscape:label') : undefined,
      matrix, hidden, nonRendered, fill, stroke,
      strokeWidth: decls['stroke-width'] !== undefined ? num(decls['stroke-width'], 1) : (parent?.strokeWidth ?? 1),
      fontSize: decls['font-size'] !== undefined ? num(decls['font-size'], DEFAULT_FONT_SIZE) : (parent?.fontSize ?? DEFAULT_FONT_SIZE),
      seat: parent?.seat ?? null,
      standing: parent?.standing ?? null,
      record: null,
      text: null,
      labelAt: null,
      textLocal: null,
      candStart: recog ? recog.candidates.length : 0,
    }
    const el: ElementInfo = frame
    // Record <defs>/<symbol> content for <use>.
    if (nonRendered && tag !== 'style' && tag !== 'script') {
      const node: DefNode = { name, attrs, children: [] }
      if (parent?.record) parent.record.children.push(node)
      frame.record = node
      if (el.id !== undefined && !defs.has(el.id)) defs.set(el.id, node)
    }
    if (tag === 'style') frame.text = []
    const ancestors = stack
    const parentIndex = stack.length - 1
    if (!nonRendered && hidden && !(parent?.hidden ?? false)) hiddenSkipped++
    if (!nonRendered && !hidden) {
      if (frame.seat) {
        if (SHAPE_TAGS.has(tag)) {
          const g = shapeGeometry(el)
          if (g) addSeatShape(frame.seat, g, matrix)
        }
      } else if (frame.standing) {
        if (SHAPE_TAGS.has(tag)) collectStanding(frame.standing, worldPolylines(el, matrix))
      } else {
        const rule = firstMatch(rules.seats, el, ancestors, parentIndex)
        if (rule) {
          const labels = rule.labels
          frame.seat = {
            rule, root: frame, shapes: 0, first: null, union: [Infinity, Infinity, -Infinity, -Infinity], inverse: null,
            sector: firstLabel(labels.sector, el, ancestors, parentIndex) ?? '',
            row: firstLabel(labels.row, el, ancestors, parentIndex) ?? '',
            number: firstLabel(labels.number, el, ancestors, parentIndex) ?? '',
            zone: firstLabel(labels.zone, el, ancestors, parentIndex),
            access: accessOfAttributes(el.attrs),
          }
          if (SHAPE_TAGS.has(tag)) {
            const g = shapeGeometry(el)
            if (g) addSeatShape(frame.seat, g, matrix)
          }
        } else {
          const standing = firstMatch(rules.standing, el, ancestors, parentIndex)
          const outline = standing ? undefined : firstMatch(rules.outlines, el, ancestors, parentIndex)
          if (standing) {
            const capacity = Number(firstLabel(standing.capacity, el, ancestors, parentIndex) ?? 0)
            frame.standing = {
              name: firstLabel(standing.name, el, ancestors, parentIndex) ?? `standing ${builder.seatCount}`,
              capacity: Number.isFinite(capacity) && capacity > 0 ? Math.floor(capacity) : 0,
              zone: firstLabel(standing.zone, el, ancestors, parentIndex),
              box: [Infinity, Infinity, -Infinity, -Infinity], outline: [],
            }
            if (SHAPE_TAGS.has(tag)) collectStanding(frame.standing, worldPolylines(el, matrix))
          } else if (outline && SHAPE_TAGS.has(tag)) {
            const sector = firstLabel(outline.sector, el, ancestors, parentIndex) ?? ''
            const lines = worldPolylines(el, matrix)
            if (lines[0]) builder.addOutline(sector, lines[0].points)
          } else if (SHAPE_TAGS.has(tag)) {
            const g = recog && CANDIDATE_TAGS.has(tag) ? shapeGeometry(el) : null
            if (!(recog && g && recog.shape(el, g, matrix, styleOfFrame(frame)))) addDecoration({ el, matrix, fill, stroke, strokeWidth: frame.strokeWidth })
          } else if (tag === 'text') {
            frame.text = []
            frame.labelAt = textPosition(el, matrix)
            frame.textLocal = textLocal(el, matrix)
          }
        }
      }
    }
    if (tag === 'tspan' && parent?.text && parent.tag === 'text' && !parent.labelAt) {
      parent.labelAt = textPosition(el, matrix)
      parent.textLocal = textLocal(el, matrix)
    }
    stack.push(frame)
    if (frame.text) textFrames++
    handler.wantsText = textFrames > 0
    if (tag === 'use' && !nonRendered && !hidden) replayUse(frame)
  }

  function addDecoration(d: RetainedShape): void {
    const fillColor = d.fill ?? 0x000000ff
    const strokeColor = d.stroke ?? 0
    const width = d.strokeWidth * decompose(d.matrix).sx
    for (const line of worldPolylines(d.el, d.matrix)) builder.decorations.add(line.points, line.closed, line.closed ? fillColor : 0, strokeColor || (line.closed ? 0 : fillColor), width)
  }

  function replayUse(frame: Frame): void {
    const href = getAttr(frame, 'href')
    if (!href || href[0] !== '#') return
    const node = defs.get(href.slice(1))
    if (!node) {
      warn(venueWarning('use-missing', { href }))
      return
    }
    if (useDepth >= MAX_USE_DEPTH) throw new VenueParseError(ParseErrorCode.TooDeep, venueRefusal('use-too-deep', { max: MAX_USE_DEPTH }))
    useDepth++
    const replay = (n: DefNode) => {
      if (++useExpanded > MAX_USE_EXPANSION)
        throw new VenueParseError(ParseErrorCode.TooLarge, venueRefusal('use-too-many', { max: MAX_USE_EXPANSION }))
      open(n.name, n.attrs)
      for (const child of n.children) replay(child)
      close()
    }
    // A symbol's children are drawn in place of the <use>, its viewBox fitted to the <use>'s
    // width × height; any other element is drawn itself.
    if (node.name.toLowerCase() === 'symbol') {
      const viewport = symbolViewport(getAttrList(node.attrs, 'viewBox'), getAttrList(node.attrs, 'preserveAspectRatio'),
        num(getAttr(frame, 'width') ?? getAttrList(node.attrs, 'width'), 0), num(getAttr(frame, 'height') ?? getAttrList(node.attrs, 'height'), 0))
      if (viewport) frame.matrix = multiply(frame.matrix, viewport)
      for (const child of node.children) replay(child)
    } else replay(node)
    useDepth--
  }

  function close(): void {
    const frame = stack.pop()
    if (!frame) return
    if (frame.text) textFrames--
    handler.wantsText = textFrames > 0
    if (frame.seat && frame.seat.root === frame) finishSeat(frame.seat, builder)
    if (recog && !frame.nonRendered) recog.close(frame, frame.candStart)
    if (frame.standing && (stack.length === 0 || stack[stack.length - 1].standing !== frame.standing)) {
      const s = frame.standing
      if (s.box[0] <= s.box[2]) builder.addStanding(s.name, s.capacity, s.zone, s.box, s.outline)
      else warn(venueWarning('standing-without-shape', { name: s.name }))
    }
    if (frame.text) {
      const content = frame.text.join('')
      if (frame.tag === 'style') css.addText(content)
      else if (frame.tag === 'text') {
        const [x, y] = frame.labelAt ?? [applyX(frame.matrix, 0, 0), applyY(frame.matrix, 0, 0)]
        const label = builder.decorations.addLabel(x, y, frame.fontSize * decompose(frame.matrix).sx, content.replace(/\s+/g, ' '))
        if (recog) {
          const [lx, ly, m] = frame.textLocal ?? [0, 0, frame.matrix]
          recog.text(m, lx, ly, frame.fontSize, getAttr(frame, 'text-anchor') ?? textAnchorOf(getAttr(frame, 'style')), content, label)
        }
      }
    }
  }

  const handler: ScanHandler = {
    wantsText: false,
    openTag(name, attrs, count) {
      open(name, normaliseAttrs(attrs, count))
    },
    closeTag() {
      close()
    },
    text(t) {
      for (let k = stack.length - 1; k >= 0; k--) {
        const buf = stack[k].text
        if (buf) {
          buf.push(t)
          return
        }
      }
    },
    warn,
  }

  scanXml(text, handler)
  if (!sawRoot) throw new VenueParseError(ParseErrorCode.NotSvg, venueRefusal('no-svg', {}))
  if (hiddenSkipped > 0) warn(venueWarning('hidden-skipped', { count: hiddenSkipped }))
  const report = recog
    ? recog.finish(builder, viewBox ? Math.max(viewBox[2], viewBox[3]) : 0, addDecoration, hiddenSkipped)
    : rulesReport(builder.seatCount, hiddenSkipped)
  for (const w of report.warnings) warn(w)
  const venue = builder.finish(viewBox, startedAt)
  if (options.metadata) applyMetadata(venue, options.metadata)
  venue.parseMs = performance.now() - startedAt
  summarise(report, venue)
  return { venue, report }
}

/** A nested <svg>'s viewBox fitted to its own width × height, like a <symbol>'s (percentages: not scaled). */
function nestedViewport(matrix: Matrix, attrs: string[]): Matrix {
  const width = getAttrList(attrs, 'width')
  const height = getAttrList(attrs, 'height')
  if (!width || !height || width.includes('%') || height.includes('%')) return matrix
  const viewport = symbolViewport(getAttrList(attrs, 'viewBox'), getAttrList(attrs, 'preserveAspectRatio'), num(width, 0), num(height, 0))
  return viewport ? multiply(matrix, viewport) : matrix
}
