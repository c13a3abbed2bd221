import type { SeatSelection, StudioOp, StudioPlan } from '../../../contract/admin/studio'
import { NO_ZONE, SeatStatus, type VenueData } from '../../../engine/model'
import type { VenueMetadata } from '../../../engine/parse/metadata'
import type { SeatMapEngine } from '../../../engine/SeatMapEngine'
import { createVenueParser, type VenueParser } from '../../../engine/venueParser/client'
import { offerEngineToTests } from '../../seatmap/testHooks'
import type { SeatAccess } from '../../screens/scheme/seatChoice/access'
import { accessOfPlan, insidePolygon } from './planSeats'
import { addedZones, editedSeats, planIndexOf, seatsOf, type EditedSeats, type PlanIndex, type ZoneRef } from './editedSeats'

/** Zone id the parser gets for seats with no zone (blocked): drawn as not for sale. */
const BLOCKED = 'blocked'
const BLOCKED_COLOR = 0x9e9e9e

/** What the studio screen reads (useSyncExternalStore); a new object on every change. */
export interface StudioState {
  phase: 'parse' | 'ready' | 'error'
  venue: VenueData | null
  /** Engine seat indexes selected. */
  selected: ReadonlySet<number>
  /** How the selection was made: a range goes to the server as sector + rows, anything else as seat keys. */
  range: { sector: number; from_row: string; to_row: string } | null
  ops: readonly StudioOp[]
  /**
   * A paint or block of the selection the paint box previews (not queued): the map draws its
   * result on the selected seats instead of the selection colour; changing the selection drops it.
   */
  preview: StudioOp | null
}

const hexColor = (c: string) => Number.parseInt(c.slice(1), 16)

/**
 * The studio's side of one drawing version, framework-free like the storefront's
 * SchemeMapController: it parses the version's svg in the same worker parser with the version's
 * zones as metadata (blocked seats are drawn not for sale), lets the same SeatMapEngine draw it,
 * and keeps the selection (drawn as Selected) and the edits not saved yet. Seats are matched
 * between the plan and the engine by seat key.
 */
export class StudioController {
  private state: StudioState = { phase: 'parse', venue: null, selected: new Set(), range: null, ops: [], preview: null }
  private readonly listeners = new Set<() => void>()
  private engine: SeatMapEngine | null = null
  private parser: VenueParser | null = null
  /** Engine index → plan index, once the venue is parsed. */
  private planOf: Int32Array = new Int32Array(0)
  private disposed = false
  /** The seats as the queued edits and the preview leave them (what the map draws); see editedSeats.ts. */
  private edited: EditedSeats
  private readonly planLookup: PlanIndex
  /** Zone id → index in the engine's venue, for the venue it was built for. */
  private zoneIndex: { venue: VenueData; byId: Map<string, number> } | null = null
  /** Colours of the added zones last handed to the engine ('' when none), to send them only when they change. */
  private addedColors = ''

  /** The version's typed seats (accessible seating, issue 20) by seat key, as the storefront's map reads them. */
  readonly access: ReadonlyMap<string, SeatAccess>

  constructor(readonly plan: StudioPlan) {
    this.access = accessOfPlan(plan)
    this.planLookup = planIndexOf(plan)
    this.edited = editedSeats(plan, [], this.planLookup)
  }

  readonly subscribe = (l: () => void) => {
    this.listeners.add(l)
    return () => this.listeners.delete(l)
  }
  readonly getSnapshot = (): StudioState => this.state

  /** Zone colours by zone id, for the engine and the legend. */
  zoneColors(): Record<string, number> {
    const out: Record<string, number> = { [BLOCKED]: BLOCKED_COLOR }
    for (const z of this.plan.zones) out[String(z.id)] = hexColor(z.color)
    return out
  }

  async start(): Promise<void> {
    const p = this.plan
    const sectorName = new Map(p.sectors.map((s) => [s.index, s.name]))
    const metadata: VenueMetadata = {
      sectors: p.sectors.map((s) => ({ sector_id: s.name })),
      seat_numbers: p.seats.key.map((key, i) => ({
        seat_id: key,
        sector: sectorName.get(p.seats.sector[i]) ?? '',
        row: p.seats.row[i],
        seat: p.seats.number[i],
        zonelevel_id: p.seats.zone[i] === null ? BLOCKED : String(p.seats.zone[i]),
        status: p.seats.zone[i] === null || p.seats.blocked[i] === 1 ? SeatStatus.Unavailable : SeatStatus.Free,
      })),
      seat_stand: p.standing.filter((s) => s.zone_id !== null).map((s) => ({ seat_id: s.name, cat: String(s.zone_id), quant: s.capacity })),
      zones: [...p.zones.map((z) => ({ id: String(z.id), name: z.name, color: hexColor(z.color) })), { id: BLOCKED, name: BLOCKED, color: BLOCKED_COLOR }],
    }
    const parser = (this.parser = createVenueParser())
    try {
      const result = await parser.parse(p.svg, { metadata })
      if (this.disposed) return
      if (result.errorCode !== '0' || !('venue' in result)) {
        this.update({ phase: 'error' })
        return
      }
      this.update({ phase: 'ready', venue: result.venue })
    } catch (e) {
      console.error('studio parse failed', e)
      if (!this.disposed) this.update({ phase: 'error' })
    } finally {
      parser.dispose()
      this.parser = null
    }
  }

  /** The canvas's engine (SeatMapCanvas onEngine); the plan↔engine index map is built once the venue is on it. */
  readonly attach = (engine: SeatMapEngine | null): void => {
    this.engine = engine
    this.planOf = new Int32Array(0)
    // A new engine has none of the added zones' colours yet.
    this.addedColors = ''
    // The venue's detail threshold (map metadata): seats show at the zoom the storefront's map shows them.
    engine?.setDetailThreshold(this.plan.meta?.detail_threshold ?? null)
    offerEngineToTests(engine)
  }

  private indexMap(): Int32Array {
    const engine = this.engine
    if (!engine || this.planOf.length > 0) return this.planOf
    const count = engine.getVenue()?.seats.count ?? 0
    const out = new Int32Array(count).fill(-1)
    let found = 0
    this.plan.seats.key.forEach((k, i) => {
      const e = engine.indexOfKey(k)
      if (e >= 0) {
        out[e] = i
        found++
      }
    })
    // Kept only once the engine knows the seats (before its venue is loaded every key is unknown).
    if (found > 0) this.planOf = out
    return out
  }

  /** Plan index of an engine seat, or -1 (a seat the drawing shows that the import did not store). */
  planIndex(engineIndex: number): number {
    return this.indexMap()[engineIndex] ?? -1
  }

  /** Engine indexes of plan seats matching `pick`. */
  private enginePicks(pick: (planIndex: number) => boolean): number[] {
    const map = this.indexMap()
    const out: number[] = []
    for (let e = 0; e < map.length; e++) if (map[e] >= 0 && this.edited.deleted[map[e]] === 0 && pick(map[e])) out.push(e)
    return out
  }

  /** Whether an engine seat is deleted by a queued edit (drawn faded, never selected). */
  private isDeleted(engineIndex: number): boolean {
    const p = this.planIndex(engineIndex)
    return p >= 0 && this.edited.deleted[p] === 1
  }

  /**
   * A seat's sector, row and seat labels as the queued edits leave them (the tooltip shows these,
   * SeatMapCanvas seatLabels); null for a seat the plan does not have.
   */
  readonly seatLabels = (seat: { index: number }): { sector: string; row: string; number: string } | null => {
    const p = this.planIndex(seat.index)
    if (p < 0) return null
    return { sector: this.sectorName(this.plan.seats.sector[p]), row: this.edited.row[p], number: this.edited.number[p] }
  }

  /** A sector's name after queued renames. */
  sectorName(index: number): string {
    return this.edited.sectorName.get(index) ?? this.plan.sectors.find((s) => s.index === index)?.name ?? ''
  }

  /** Whether a seat (by key) is deleted by a queued edit. */
  deletedKey(key: string): boolean {
    const p = this.planLookup.keys.get(key)
    return p !== undefined && this.edited.deleted[p] === 1
  }

  /** Flies the map to seats (by seat key), as the storefront's legend does. */
  showSeats(keys: readonly string[]): void {
    const engine = this.engine
    if (!engine) return
    engine.showSeats(keys.map((k) => engine.indexOfKey(k)).filter((i) => i >= 0))
  }

  /** Replaces or extends the selection and draws it; a preview of the old selection is dropped. */
  select(indexes: Iterable<number>, mode: 'replace' | 'toggle' | 'add', range: StudioState['range'] = null): void {
    const next = new Set(mode === 'replace' ? [] : this.state.selected)
    for (const i of indexes) {
      if (this.isDeleted(i)) continue
      if (mode === 'toggle' && next.has(i)) next.delete(i)
      else next.add(i)
    }
    if (this.state.preview) {
      this.update({ selected: next, range: mode === 'replace' ? range : null, preview: null })
      this.redraw()
      return
    }
    this.draw(this.state.selected, next)
    this.update({ selected: next, range: mode === 'replace' ? range : null })
  }

  selectSectorOf(engineIndex: number): void {
    const i = this.planIndex(engineIndex)
    if (i < 0) return
    const sector = this.plan.seats.sector[i]
    this.select(this.enginePicks((p) => this.plan.seats.sector[p] === sector), 'add')
  }

  selectRowOf(engineIndex: number): void {
    const i = this.planIndex(engineIndex)
    if (i < 0) return
    const { sector, row } = { sector: this.plan.seats.sector[i], row: this.edited.row[i] }
    this.select(this.enginePicks((p) => this.plan.seats.sector[p] === sector && this.edited.row[p] === row), 'add')
  }

  /** "Rows 3–10 of Parterre": the seats the server's range rule picks (contract/admin/rowRange.ts, via seatsOf). */
  selectRange(sector: number, fromRow: string, toRow: string): number {
    const range = { sector, from_row: fromRow.trim(), to_row: toRow.trim() }
    const chosen = new Set(seatsOf(this.plan, range, this.planLookup, this.edited))
    const picks = this.enginePicks((p) => chosen.has(p))
    this.select(picks, 'replace', range)
    return picks.length
  }

  /** Seats whose centres lie in a rectangle of the canvas (container CSS pixels). */
  selectBox(x0: number, y0: number, x1: number, y1: number, mode: 'replace' | 'add'): number {
    const engine = this.engine
    const count = engine?.getVenue()?.seats.count ?? 0
    const [l, r, t, b] = [Math.min(x0, x1), Math.max(x0, x1), Math.min(y0, y1), Math.max(y0, y1)]
    const picks: number[] = []
    for (let i = 0; i < count; i++) {
      const p = engine!.seatToScreen(i)
      if (p && p.x >= l && p.x <= r && p.y >= t && p.y <= b && this.planIndex(i) >= 0) picks.push(i)
    }
    this.select(picks, mode)
    return picks.length
  }

  clearSelection(): void {
    this.select([], 'replace')
  }

  /** The selection as the edit call names it. */
  selection(): SeatSelection | null {
    const { selected, range } = this.state
    if (selected.size === 0) return null
    if (range) return range
    const keys: string[] = []
    for (const e of selected) {
      const p = this.planIndex(e)
      if (p >= 0) keys.push(this.plan.seats.key[p])
    }
    return { keys }
  }

  /** Plan indexes of the selected seats (the paint preview counts them). */
  selectedPlanSeats(): number[] {
    const out: number[] = []
    for (const e of this.state.selected) {
      const p = this.planIndex(e)
      if (p >= 0) out.push(p)
    }
    return out
  }

  /**
   * Seats whose centres lie inside a polygon drawn on the canvas (container CSS pixels), by the
   * even-odd ray test; the polygon's bounding box is checked first, so most seats cost four
   * comparisons.
   */
  selectLasso(points: readonly { x: number; y: number }[], mode: 'replace' | 'add'): number {
    const engine = this.engine
    const count = engine?.getVenue()?.seats.count ?? 0
    if (points.length < 3 || !engine) return 0
    let [l, r, t, b] = [Infinity, -Infinity, Infinity, -Infinity]
    for (const p of points) [l, r, t, b] = [Math.min(l, p.x), Math.max(r, p.x), Math.min(t, p.y), Math.max(b, p.y)]
    const picks: number[] = []
    for (let i = 0; i < count; i++) {
      const p = engine.seatToScreen(i)
      if (!p || p.x < l || p.x > r || p.y < t || p.y > b || this.planIndex(i) < 0) continue
      if (insidePolygon(points, p.x, p.y)) picks.push(i)
    }
    this.select(picks, mode)
    return picks.length
  }

  /** Queues an edit (saved together as one new version); the map draws it at once. */
  queue(op: StudioOp): void {
    this.update({ ops: [...this.state.ops, op] })
    this.redraw()
  }

  unqueue(index: number): void {
    this.update({ ops: this.state.ops.filter((_, i) => i !== index) })
    this.redraw()
  }

  /** Shows (or, with null, stops showing) what a paint or block of the selection would look like, without queuing it. */
  preview(op: StudioOp | null): void {
    if (op === null && this.state.preview === null) return
    this.update({ preview: op })
    this.redraw()
  }

  /**
   * Selected seats are drawn Selected (not while a preview shows their result); deselected ones
   * go back to the look the edits give them.
   */
  private draw(before: ReadonlySet<number>, after: ReadonlySet<number>): void {
    const engine = this.engine
    if (!engine) return
    const on: number[] = []
    const back = new Map<SeatStatus, number[]>()
    for (const i of after) if (!before.has(i)) on.push(i)
    for (const i of before) {
      if (after.has(i)) continue
      const look = this.lookOf(this.planIndex(i))
      back.set(look, [...(back.get(look) ?? []), i])
    }
    if (on.length) engine.setStatuses(on, SeatStatus.Selected)
    for (const [look, seats] of back) engine.setStatuses(seats, look)
  }

  /**
   * A plan seat's status when not selected, after the edits: deleted ones faded (FilteredOut: the
   * zone colour, mostly transparent), not for sale when it has no zone or is blocked.
   */
  private lookOf(p: number): SeatStatus {
    if (p < 0) return SeatStatus.Free
    if (this.edited.deleted[p] === 1) return SeatStatus.FilteredOut
    return this.edited.zone[p] === null || this.edited.blocked[p] === 1 ? SeatStatus.Unavailable : SeatStatus.Free
  }

  /**
   * Draws the saved version with the queued edits and the preview over it: recomputes every
   * seat's zone and block from the plan and the whole edit list, then hands the engine only the
   * seats whose zone index or status differs from what it draws (setSeatZones, setStatuses).
   * Zones added in this save get indexes after the venue's own, coloured via setZoneColors.
   */
  private redraw(): void {
    const { ops, preview, selected } = this.state
    const engine = this.engine
    const v = engine?.getVenue()
    const map = this.indexMap()
    // Seats' x by plan index, when split-row or renumber-row order a row's seats by it (as the server).
    const xs = v && ops.some((op) => op.op === 'split-row' || op.op === 'renumber-row') ? new Float64Array(this.plan.seats.key.length) : null
    if (xs) for (let e = 0; e < map.length; e++) if (map[e] >= 0) xs[map[e]] = v!.seats.x[e]
    this.edited = editedSeats(this.plan, preview ? [...ops, preview] : ops, this.planLookup, xs ? (p) => xs[p] : undefined)
    if (!engine || !v) return
    this.registerAddedZones(engine, v, ops)
    const [zoneAt, zoneTo, statusAt, statusTo]: number[][] = [[], [], [], []]
    for (let e = 0; e < map.length; e++) {
      const p = map[e]
      if (p < 0) continue
      const zone = this.zoneIndexOf(this.edited.zone[p], v)
      if (v.seats.zone[e] !== zone) {
        zoneAt.push(e)
        zoneTo.push(zone)
      }
      const status = selected.has(e) && !preview && this.edited.deleted[p] === 0 ? SeatStatus.Selected : this.lookOf(p)
      if (v.seats.status[e] !== status) {
        statusAt.push(e)
        statusTo.push(status)
      }
    }
    if (zoneAt.length) engine.setSeatZones(zoneAt, zoneTo)
    if (statusAt.length) engine.setStatuses(statusAt, statusTo)
  }

  /** Engine zone index of a zone reference: the venue's zone of that id, or past them for `new:<n>`. */
  private zoneIndexOf(ref: ZoneRef, v: VenueData): number {
    if (this.zoneIndex?.venue !== v) this.zoneIndex = { venue: v, byId: new Map(v.zones.map((z, i) => [z.id, i])) }
    if (typeof ref === 'string') return v.zones.length + Number(ref.slice(4))
    return this.zoneIndex.byId.get(ref === null ? BLOCKED : String(ref)) ?? NO_ZONE
  }

  /** Hands the engine the colours of the zones added in this save (after the venue's own), when they changed. */
  private registerAddedZones(engine: SeatMapEngine, v: VenueData, ops: readonly StudioOp[]): void {
    const added = addedZones(ops).map((z) => hexColor(z.color))
    const key = added.join()
    if (key === this.addedColors) return
    this.addedColors = key
    const byId = this.zoneColors()
    engine.setZoneColors([...v.zones.map((z) => byId[z.id] ?? z.color), ...added])
  }

  dispose(): void {
    this.disposed = true
    this.parser?.dispose()
    this.listeners.clear()
  }

  private update(patch: Partial<StudioState>): void {
    this.state = { ...this.state, ...patch }
    for (const l of [...this.listeners]) l()
  }
}
