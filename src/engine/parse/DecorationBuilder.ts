/**
 * The drawing's decorations, collected while it streams by: the shapes that are not seats (stage,
 * walls, aisles) as polylines with their colours, and its text labels, packed at the end into
 * model.ts's VenueDecorations. VenueBuilder holds one as `decorations`; seats, sectors and zones
 * stay there. Memory while parsing: the growable arrays (≈ the final size, at most twice while
 * doubling); label texts go to the venue's string table.
 */
import type { VenueDecorations } from '../model'
import type { StringTableBuilder } from '../strings/StringTable'
import { Growable } from './growable'
import { MAX_COORDINATE, MAX_DECORATION_POINTS } from './limits'
import { venueWarning, type VenueWarning } from './warnings'

export class DecorationBuilder {
  private readonly decoStart = new Growable(Uint32Array)
  private readonly decoLength = new Growable(Uint32Array)
  private readonly decoPoints = new Growable(Float32Array, 4096)
  private readonly decoFill = new Growable(Uint32Array)
  private readonly decoStroke = new Growable(Uint32Array)
  private readonly decoStrokeWidth = new Growable(Float32Array)
  private readonly decoClosed = new Growable(Uint8Array)
  private readonly labelX = new Growable(Float32Array)
  private readonly labelY = new Growable(Float32Array)
  private readonly labelSize = new Growable(Float32Array)
  private readonly labelText = new Growable(Uint32Array)
  private droppedDecorations = 0

  /** @param warn the venue's warnings (VenueBuilder.warn), for shapes skipped or dropped */
  constructor(
    private readonly strings: StringTableBuilder,
    private readonly warn: (warning: VenueWarning) => void,
  ) {}

  /** Adds a shape that is not a seat: `points` are x, y pairs; colours 0xRRGGBBAA, 0 = none. */
  add(points: ArrayLike<number>, closed: boolean, fill: number, stroke: number, strokeWidth: number): void {
    if (points.length < 4) return
    for (let i = 0; i < points.length; i++) {
      if (!(Math.abs(points[i]) <= MAX_COORDINATE)) {
        this.warn(venueWarning('bad-decoration-coordinates', {}))
        return
      }
    }
    if (this.decoPoints.length + points.length > MAX_DECORATION_POINTS * 2) {
      this.droppedDecorations++
      return
    }
    this.decoStart.push(this.decoPoints.length / 2)
    this.decoLength.push(points.length / 2)
    for (let i = 0; i < points.length; i++) this.decoPoints.push(points[i])
    this.decoFill.push(fill)
    this.decoStroke.push(stroke)
    this.decoStrokeWidth.push(strokeWidth)
    this.decoClosed.push(closed ? 1 : 0)
  }

  /** Adds a decoration label; returns its index, or -1 when it was not kept (empty, out of range). */
  addLabel(x: number, y: number, size: number, text: string): number {
    const t = text.trim()
    if (!t || !(Math.abs(x) <= MAX_COORDINATE && Math.abs(y) <= MAX_COORDINATE)) return -1
    this.labelX.push(x)
    this.labelY.push(y)
    this.labelSize.push(size)
    this.labelText.push(this.strings.add(t))
    return this.labelX.length - 1
  }

  /** Removes labels by index (given by addLabel): texts that turned out to be seats' own numbers. */
  dropLabels(indices: readonly number[]): void {
    if (indices.length === 0) return
    const drop = new Uint8Array(this.labelX.length)
    for (const k of indices) if (k >= 0 && k < drop.length) drop[k] = 1
    let w = 0
    for (let r = 0; r < drop.length; r++) {
      if (drop[r]) continue
      this.labelX.data[w] = this.labelX.data[r]
      this.labelY.data[w] = this.labelY.data[r]
      this.labelSize.data[w] = this.labelSize.data[r]
      this.labelText.data[w] = this.labelText.data[r]
      w++
    }
    this.labelX.length = this.labelY.length = this.labelSize.length = this.labelText.length = w
  }

  /**
   * The decorations, right-sized. Warns of the shapes dropped over MAX_DECORATION_POINTS, so it
   * runs before VenueBuilder sums up its warnings (the warning keeps its place in the list).
   */
  finish(): VenueDecorations {
    if (this.droppedDecorations > 0) this.warn(venueWarning('decorations-dropped', { count: this.droppedDecorations, max: MAX_DECORATION_POINTS }))
    return {
      count: this.decoStart.length,
      start: this.decoStart.finish(), length: this.decoLength.finish(), points: this.decoPoints.finish(),
      fill: this.decoFill.finish(), stroke: this.decoStroke.finish(), strokeWidth: this.decoStrokeWidth.finish(),
      closed: this.decoClosed.finish(),
      labelCount: this.labelX.length,
      labelX: this.labelX.finish(), labelY: this.labelY.finish(), labelSize: this.labelSize.finish(), labelText: this.labelText.finish(),
    }
  }
}
