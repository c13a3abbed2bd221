import { ApiCallError } from '../../../../contract/client'
import type { SchemeMapCompiledResponse } from '../../../../contract/entities/compiledVenue'
import type { SchemeMapResponse, SeatStand } from '../../../../contract/entities/scheme'
import { SeatStatus, type VenueData, type VenueZone } from '../../../../engine/model'
import { MAP_INIT_DELAY_MS, SeatMapEngine, type SeatMapEngineOptions } from '../../../../engine/SeatMapEngine'
import { createVenueParser, type VenueParser } from '../../../../engine/venueParser/client'
import type { VenueParseResult } from '../../../../engine/venueParser/workerApi'
import { MAP_SOURCE_PARAM } from '../../../lib/links'
import { offerEngineToTests } from '../../../seatmap/testHooks'
import { blockedSeatIds, cartOverlay, compiledSession, statusBatches, statusesToBatches, venueMetadata, type SeatSet } from './seatStatus'
import { openSeatStream, type EventSourceFactory } from './seatStream'
import { accessOf, type SeatAccess } from '../seatChoice/access'

/** The compiled map's answer when a map has no compiled form (a version edited in the studio). */
const HTTP_NOT_FOUND = 404

export type MapSource = 'compiled' | 'json'
export const MAP_SOURCES: readonly MapSource[] = ['compiled', 'json']

/** The map source a page URL asks for (`?mapSource=json`), 'compiled' by default. */
export function mapSourceOf(search: string): MapSource {
  const asked = new URLSearchParams(search).get(MAP_SOURCE_PARAM)
  return MAP_SOURCES.find((s) => s === asked) ?? 'compiled'
}

/** Where the map of a session is: downloading, parsing in the worker, shown, or failed. */
export type VenuePhase = 'download' | 'parse' | 'ready' | 'no-svg' | 'error'

/** What React reads of the controller (useSyncExternalStore); a new object on every change. */
export interface SchemeMapState {
  phase: VenuePhase
  /** The session's standing places (seat_stand), once loaded. */
  stands: SeatStand[] | null
  /** False while the live stream is down (the page says changes may be missed). */
  live: boolean
  /** The venue is on the engine: statuses and the cart are drawn. */
  shown: boolean
  /** Typed seats of the map (accessible seating, issue 20), by seat id; null until the map answers. */
  access: ReadonlyMap<string, SeatAccess> | null
}

/** The visitor's cart as the map needs it: the seat ids it holds, and when they change. */
export interface CartSource {
  seatIds(): ReadonlySet<string>
  subscribe(listener: () => void): () => void
}

type ServerChanges = Parameters<typeof statusBatches>[0]

export interface SchemeMapControllerOptions {
  hash: string
  calendarId: number
  /** Names and colours of the session's zones, and the zones the visitor can buy in the chosen mode. */
  zones: readonly VenueZone[]
  openZones: ReadonlySet<number>
  zoneColors: Record<string, number>
  zonePrices: Record<string, number>
  cart: CartSource
  /**
   * Where the map comes from: 'compiled' (default) = the compiled venue and the status bytes,
   * fetched and decoded by the venue worker; 'json' = /api/scheme/map's SVG and seat list,
   * parsed in the worker (the spec's shape; the page's ?mapSource=json, the benchmarks' baseline).
   */
  mapSource?: MapSource
  /** /api/scheme/map of the session. */
  loadMap: () => Promise<SchemeMapResponse>
  /** /api/scheme/map/compiled of the session. */
  loadCompiled: () => Promise<SchemeMapCompiledResponse>
  createParser?: () => VenueParser
  /** null where the platform has no EventSource (no live statuses). */
  openStream?: EventSourceFactory | null
  createEngine?: (host: HTMLElement, options: SeatMapEngineOptions) => SeatMapEngine
  /**
   * When the screen that shows the map began showing (performance.now()): the spec's map init
   * delay (001 §9, 200 ms, there so the host's layout settles before the canvas is sized) counts
   * from it (mapInitDelay). Unset: from this controller's start.
   */
  shownAt?: number
  /** fetch of the status bytes re-read after a reconnect (tests give their own). */
  fetch?: typeof fetch
}

/**
 * What is left of the spec's map init delay (MAP_INIT_DELAY_MS) when the map mounts at `now` on a
 * screen shown since `shownAt`. The engine waited the whole delay from its own mount: on the
 * storefront's scheme page that came after the sessions had answered, the layout long settled,
 * and the 200 ms stood on the map's critical path (the 600-seat theatre: engine created at
 * 660-870 ms after navigation, interactive 250 ms later; issue 16's target there is 1 s).
 */
export function mapInitDelay(shownAt: number, now: number): number {
  return Math.max(0, Math.min(MAP_INIT_DELAY_MS, MAP_INIT_DELAY_MS - (now - shownAt)))
}

/**
 * The storefront side of one session's seat map, framework-free (issue 14.4): it owns the
 * parser worker, the engine, the live event stream with its buffer, the cart overlay and every
 * status write, through the one mapping in seatStatus.ts. React creates it in a layout effect,
 * provides it by context and reads `getSnapshot` with useSyncExternalStore.
 *
 * Order: the map downloads; the stream opens from its version (the server replays what changed
 * since), while the map parses (seconds on the stadium); changes heard meanwhile are buffered and
 * applied once the venue is on the engine, so neither the download nor the parse is a blind spot.
 * After a reconnect the server replays exactly what was missed, or its `sync` says the statuses
 * must be re-read from /api/scheme/map.
 */
export class SchemeMapController {
  private state: SchemeMapState = { phase: 'download', stands: null, live: true, shown: false, access: null }
  private readonly listeners = new Set<() => void>()
  private engine: SeatMapEngine | null = null
  private venue: VenueData | null = null
  private parser: VenueParser | null = null
  private pending: ServerChanges[] = []
  private blocked: SeatSet = new Set<string>()
  private statusesUrl: string | null = null
  private cartShown: ReadonlySet<string> = new Set()
  private readonly cleanups: (() => void)[] = []
  private disposed = false
  private startedAt = performance.now()
  /** The zones' names in the page's language now (setZoneNames), by zone id. */
  private zoneNames: Record<string, string>
  /**
   * The map answer's detail threshold in percent (its meta, 001 §9 map metadata; null: the
   * engine's default 500). The engine exists before the answer does, so install() hands it over.
   */
  private detailThreshold: number | null = null

  constructor(private readonly options: SchemeMapControllerOptions) {
    this.zoneNames = namesOf(options.zones)
  }

  /**
   * The zones' names after a language switch: the seats' category in tooltips and announcements
   * follows it without loading the map again (the venue worker got the names it had then).
   */
  setZoneNames(zones: readonly VenueZone[]): void {
    this.zoneNames = namesOf(zones)
    if (this.state.shown) this.engine?.setZoneNames(this.zoneNames)
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = (): SchemeMapState => this.state

  /** Loads and parses the map; the live stream opens as soon as the map's statuses are known. */
  start(): void {
    this.startedAt = performance.now()
    this.cleanups.push(this.options.cart.subscribe(() => this.drawCart()))
    void this.load()
  }

  /**
   * Opens the live stream from the map answer's version: the server replays the changes made
   * since those statuses were read, so nothing between the map and the stream is missed.
   */
  private openStream(version: number | undefined): void {
    const { calendarId, openStream = typeof EventSource === 'undefined' ? null : (url: string) => new EventSource(url) } = this.options
    if (openStream === null || this.disposed) return
    this.cleanups.push(openSeatStream(calendarId, {
      changes: (changes) => this.deliver(changes),
      sync: (event) => {
        if (event.resync) this.resync()
      },
      connected: (up) => this.update({ live: up }),
    }, openStream, version))
  }

  /** Creates the engine on the map's host element (SeatMapCanvas calls this in its layout effect). */
  readonly mount = (host: HTMLElement): SeatMapEngine => {
    const options: SeatMapEngineOptions = { initDelayMs: mapInitDelay(this.options.shownAt ?? this.startedAt, performance.now()) }
    const engine = this.options.createEngine?.(host, options) ?? new SeatMapEngine(host, options)
    this.engine = engine
    offerEngineToTests(engine)
    this.install()
    return engine
  }

  readonly unmount = (engine: SeatMapEngine): void => {
    engine.dispose()
    if (this.engine !== engine) return
    this.engine = null
    offerEngineToTests(null)
    this.update({ shown: false })
  }

  /** A seat of a zone the visitor cannot buy in the chosen mode (drawn as not for sale). */
  readonly isBlocked = (seatId: string): boolean => this.blocked.has(seatId)

  /** The zone id (the price rows' zonelevel_id) of a seat, or null. */
  zoneOf(index: number): number | null {
    const venue = this.engine?.getVenue()
    const zone = venue?.zones[venue.seats.zone[index]]
    return zone === undefined ? null : Number(zone.id)
  }

  /** Flies the map to seats (by seat id) and focuses the first: what best available chose. */
  showSeats(seatIds: readonly string[]): void {
    const engine = this.engine
    if (!engine) return
    engine.showSeats(seatIds.map((id) => engine.indexOfKey(id)).filter((i) => i >= 0))
  }

  /** A seat someone took between the last status heard and the visitor's click: drawn held now. */
  showTaken(index: number): void {
    if (this.engine?.getVenue()?.seats.status[index] === SeatStatus.Free) this.engine.setStatuses([index], SeatStatus.Held)
  }

  dispose(): void {
    this.disposed = true
    for (const c of this.cleanups.splice(0)) c()
    this.parser?.dispose()
    this.parser = null
    this.pending = []
    if (this.engine !== null) this.unmount(this.engine)
    this.listeners.clear()
  }

  private async load(): Promise<void> {
    const parser = (this.parser = (this.options.createParser ?? createVenueParser)())
    try {
      const result = this.options.mapSource === 'json' ? await this.loadJson(parser) : await this.loadCompiledOrJson(parser)
      if (this.disposed || result === null) return
      if (result.errorCode !== '0' || !('venue' in result)) {
        console.error('venue parse failed', result)
        this.update({ phase: 'error' })
        return
      }
      this.venue = result.venue
      this.update({ phase: 'ready' })
      this.install()
    } catch (e) {
      if (this.disposed) return
      console.error('scheme map failed', e)
      this.update({ phase: 'error', stands: null })
    } finally {
      parser.dispose()
      if (this.parser === parser) this.parser = null
    }
  }

  /** The spec's JSON map: SVG text and seat list, parsed in the worker (null: nothing to parse). */
  private async loadJson(parser: VenueParser): Promise<VenueParseResult | null> {
    const { openZones, zones } = this.options
    const map = await this.options.loadMap()
    if (this.disposed) return null
    this.detailThreshold = map.meta?.detail_threshold ?? null
    this.openStream(map.version)
    this.blocked = blockedSeatIds(map, openZones)
    this.update({ access: accessOf(map.seat_numbers) })
    if (map.svg === '') {
      this.update({ phase: 'no-svg', stands: map.seat_stand })
      return null
    }
    this.update({ phase: 'parse', stands: map.seat_stand })
    return parser.parse(map.svg, { metadata: venueMetadata(map, openZones, zones) })
  }

  /** The compiled venue, or the JSON path where the map has no compiled form (a studio-edited version: 404). */
  private async loadCompiledOrJson(parser: VenueParser): Promise<VenueParseResult | null> {
    try {
      return await this.loadCompiledVenue(parser)
    } catch (e) {
      if (!(e instanceof ApiCallError && e.status === HTTP_NOT_FOUND) || this.disposed) throw e
      return this.loadJson(parser)
    }
  }

  /** The compiled venue and the status bytes, both fetched and decoded by the worker. */
  private async loadCompiledVenue(parser: VenueParser): Promise<VenueParseResult | null> {
    const { openZones, zones } = this.options
    const where = await this.options.loadCompiled()
    if (this.disposed) return null
    this.detailThreshold = where.meta?.detail_threshold ?? null
    // The version is read before the status bytes are: the stream replays everything after it.
    this.openStream(where.version)
    this.statusesUrl = where.statuses_url
    this.blocked = { has: (seatId) => this.zoneBlocked(seatId) }
    this.update({ stands: where.seat_stand, access: accessOf(where.access ?? []) })
    return parser.loadCompiled({ venueUrl: where.venue.url, statusesUrl: where.statuses_url, session: compiledSession(where.seat_stand, openZones, zones) })
  }

  /** A seat whose zone the visitor cannot buy in the chosen mode (or that is not priced at all). */
  private zoneBlocked(seatId: string): boolean {
    const engine = this.engine
    const i = engine?.indexOfKey(seatId) ?? -1
    if (engine === null || i < 0) return false
    const zone = this.zoneOf(i)
    return zone === null || !this.options.openZones.has(zone)
  }

  /** Puts the parsed venue on the engine once both exist, then the buffered changes and the cart. */
  private install(): void {
    const engine = this.engine
    if (engine === null || this.venue === null || this.state.shown) return
    // Before the venue: its first frame already draws the tier the map's own threshold calls for.
    engine.setDetailThreshold(this.detailThreshold)
    engine.setVenue(this.venue)
    engine.setZonePrices(this.options.zonePrices)
    engine.setZoneColors(this.options.zoneColors)
    engine.setZoneNames(this.zoneNames)
    const pending = this.pending
    this.pending = []
    for (const changes of pending) this.paint(changes)
    this.cartShown = new Set()
    this.update({ shown: true })
    this.drawCart()
  }

  private deliver(changes: ServerChanges): void {
    if (this.state.shown) this.paint(changes)
    else this.pending.push(changes)
  }

  /** The one writer of server statuses to the engine. */
  private paint(changes: ServerChanges): void {
    const engine = this.engine
    if (engine === null) return
    const batches = statusBatches(changes, (key) => engine.indexOfKey(key), this.options.cart.seatIds(), this.blocked)
    for (const [status, indices] of batches) engine.setStatuses(indices, status)
  }

  private drawCart(): void {
    const engine = this.engine
    if (engine === null || !this.state.shown) return
    const now = this.options.cart.seatIds()
    const { select, release } = cartOverlay(this.cartShown, now, (key) => engine.indexOfKey(key), (i) => engine.getVenue()?.seats.status[i] as SeatStatus | undefined)
    if (select.length) engine.setStatuses(select, SeatStatus.Selected)
    if (release.length) engine.setStatuses(release, SeatStatus.Free)
    this.cartShown = now
  }

  /** Statuses missed while the stream was away and not replayed: re-read from the map call. */
  private resync(): void {
    if (this.statusesUrl !== null) {
      this.resyncStatuses(this.statusesUrl)
      return
    }
    this.options.loadMap().then(
      (map) => {
        if (!this.disposed) this.deliver(map.seat_numbers)
      },
      (error: unknown) => console.error('seat re-sync failed', error),
    )
  }

  /**
   * The compiled map's re-read: the status bytes again (a byte per seat; the loop over them is a
   * few milliseconds at 1M seats), painted through the same mapping as live changes.
   */
  private resyncStatuses(url: string): void {
    ;(this.options.fetch ?? fetch)(url, { credentials: 'same-origin' })
      .then((res) => {
        if (!res.ok) throw new Error(`${url} answered ${res.status}`)
        return res.arrayBuffer()
      })
      .then((buffer) => {
        const engine = this.engine
        if (this.disposed || engine === null || !this.state.shown) return
        const batches = statusesToBatches(new Uint8Array(buffer), (i) => engine.seatKey(i), this.options.cart.seatIds(), (i) => this.zoneOf(i) === null || !this.options.openZones.has(this.zoneOf(i)!))
        for (const [status, indices] of batches) engine.setStatuses(indices, status)
      })
      .catch((error: unknown) => console.error('seat re-sync failed', error))
  }

  private update(patch: Partial<SchemeMapState>): void {
    // A patch that changes nothing (the stream's first `connected` while already live) notifies
    // nobody: each notification is a synchronous React render of every subscriber.
    const keys = Object.keys(patch) as (keyof SchemeMapState)[]
    if (keys.every((k) => Object.is(this.state[k], patch[k]))) return
    this.state = { ...this.state, ...patch }
    for (const l of [...this.listeners]) l()
  }
}

/** Zone names by zone id. */
function namesOf(zones: readonly VenueZone[]): Record<string, string> {
  return Object.fromEntries(zones.map((z) => [z.id, z.name]))
}
