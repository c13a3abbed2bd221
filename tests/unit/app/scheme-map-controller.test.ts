import { describe, expect, it } from 'vitest'
import { ApiCallError } from '../../../src/contract/client'
import { mapInitDelay, SchemeMapController, type CartSource } from '../../../src/app/screens/scheme/map/SchemeMapController'
import type { EventSourceLike } from '../../../src/app/screens/scheme/map/seatStream'
import { seatStatusEventSchema, seatSyncEventSchema, SEAT_STREAM_EVENTS, type SchemeMapResponse, type SeatStatus as ServerSeatStatus } from '../../../src/contract/entities/scheme'
import { SeatStatus, type VenueData } from '../../../src/engine/model'
import { MAP_INIT_DELAY_MS, type SeatMapEngine, type SeatMapEngineOptions } from '../../../src/engine/SeatMapEngine'
import { StringTable } from '../../../src/engine/strings/StringTable'
import { loadCompiledForTransfer, parseForTransfer } from '../../../src/engine/venueParser/workerApi'
import { SEAT_STATUS_BYTE } from '../../../src/contract/entities/compiledVenue'
import { encodeCompiledVenue } from '../../../src/engine/compiled/encode'
import { recogniseVenue } from '../../../src/engine/parse/index'
import type { MapSource } from '../../../src/app/screens/scheme/map/SchemeMapController'
import { seatKeyId } from '../../../src/engine/seatKeys'

/**
 * The scheme view's controller (issue 14.4) with the real parser on this thread and stand-ins for
 * the browser's parts: an EventSource that tests drive message by message, and the few engine
 * methods the controller calls (a canvas engine needs a browser; e2e/scheme-booking covers that).
 */
const SVG = `<svg><g data-sector="A">${[1, 2, 3, 4].map((n) => `<circle class="seat" id="s${n}" r="2" cx="${n * 6}" data-row="1" data-seat="${n}"/>`).join('')}</g></svg>`

function mapResponse(statuses: Record<string, ServerSeatStatus>, zoneOf: (id: string) => number = () => 1, version = 41): SchemeMapResponse {
  return {
    svg: SVG,
    sectors: [],
    seat_numbers: Object.entries(statuses).map(([seat_id, status]) => ({ seat_id, sector: 'A', row: '1', seat: seat_id.slice(1), zonelevel_id: zoneOf(seat_id), status })),
    seat_stand: [],
    meta: null,
    version,
  }
}

class FakeStream implements EventSourceLike {
  onopen: EventSourceLike['onopen'] = null
  onerror: EventSourceLike['onerror'] = null
  closed = false
  private readonly listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>()
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close(): void {
    this.closed = true
  }
  emit(type: string, data: unknown): void {
    for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data) } as MessageEvent<string>)
  }
  open(): void {
    this.onopen?.call(undefined as never, new Event('open'))
  }
  fail(): void {
    this.onerror?.call(undefined as never, new Event('error'))
  }
}

/** The engine methods the controller uses, over the real venue arrays. */
function fakeEngine() {
  let venue: VenueData | null = null
  let keys = new Map<string, number>()
  const engine = {
    disposed: false,
    setVenue(v: VenueData) {
      venue = v
      const strings = new StringTable(v.strings)
      keys = new Map(Array.from({ length: v.seats.count }, (_, i) => [strings.get(seatKeyId(v, i)), i]))
    },
    setZonePrices() {},
    setZoneColors() {},
    thresholds: [] as (number | null)[],
    setDetailThreshold(percent: number | null) {
      engine.thresholds.push(percent)
    },
    zoneNames: [] as Record<string, string>[],
    setZoneNames(names: Record<string, string>) {
      engine.zoneNames.push({ ...names })
    },
    setStatuses(indices: ArrayLike<number>, status: number) {
      for (const i of Array.from(indices)) venue!.seats.status[i] = status
    },
    indexOfKey: (key: string) => keys.get(key) ?? -1,
    seatKey: (index: number) => [...keys].find(([, i]) => i === index)?.[0] ?? '',
    getVenue: () => venue,
    dispose() {
      engine.disposed = true
    },
    status: (key: string) => venue!.seats.status[keys.get(key)!],
  }
  return engine
}

function cartOf(ids: string[]): CartSource & { set(ids: string[]): void } {
  let now = new Set(ids)
  const listeners = new Set<() => void>()
  return {
    seatIds: () => now,
    subscribe: (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    set(next) {
      now = new Set(next)
      for (const l of listeners) l()
    },
  }
}

// A few milliseconds: the compiled source reads its bytes through Response, which settles in later tasks.
const flush = () => new Promise((r) => setTimeout(r, 20))

/**
 * The same session in compiled form, as the server would serve it: the SVG compiled with zones
 * named by zonelevel_id, and the map's statuses as one byte per seat in the compiled order.
 */
function compiledFetch(maps: SchemeMapResponse[], loads: number[]): typeof fetch {
  const { venue } = recogniseVenue(SVG)
  const strings = new StringTable(venue.strings)
  const keys = Array.from({ length: venue.seats.count }, (_, i) => strings.get(seatKeyId(venue, i)))
  const zoneIds = [...new Set(maps[0].seat_numbers.map((s) => s.zonelevel_id))]
  venue.zones = zoneIds.map((id) => ({ id: String(id), name: `zone ${id}`, color: 0x808080 }))
  keys.forEach((key, i) => (venue.seats.zone[i] = zoneIds.indexOf(maps[0].seat_numbers.find((s) => s.seat_id === key)!.zonelevel_id)))
  const compiled = encodeCompiledVenue(venue)
  return (async (url: string) => {
    if (url === '/venue') return new Response(compiled as BodyInit)
    loads.push(Date.now())
    const map = maps[Math.min(loads.length - 1, maps.length - 1)]
    const status = new Map(map.seat_numbers.map((s) => [s.seat_id, s.status]))
    return new Response(Uint8Array.from(keys, (k) => SEAT_STATUS_BYTE[status.get(k) ?? 'off']) as BodyInit)
  }) as typeof fetch
}

function setup(options: { cart?: string[]; maps?: SchemeMapResponse[]; openZones?: number[]; source?: MapSource; noCompiled?: boolean; shownAt?: number; meta?: SchemeMapResponse['meta'] } = {}) {
  const maps = options.maps ?? [{ ...mapResponse({ s1: 'free', s2: 'free', s3: 'free', s4: 'free' }), meta: options.meta ?? null }]
  const loads: number[] = []
  const streams: FakeStream[] = []
  const engine = fakeEngine()
  const engineOptions: SeatMapEngineOptions[] = []
  const cart = cartOf(options.cart ?? [])
  const compiled = compiledFetch(maps, loads)
  const controller = new SchemeMapController({
    hash: 'h', calendarId: 7, zones: [{ id: '1', name: 'Stalls', color: 0xff0000 }], openZones: new Set(options.openZones ?? [1]),
    zoneColors: {}, zonePrices: {}, cart,
    mapSource: options.source ?? 'json',
    loadMap: () => {
      loads.push(Date.now())
      return Promise.resolve(maps[Math.min(loads.length - 1, maps.length - 1)])
    },
    loadCompiled: () => options.noCompiled ? Promise.reject(new ApiCallError('-1004', 'No seat map', 404)) : Promise.resolve({
      venue: { url: '/venue', content_hash: '0'.repeat(32), format_version: 1, seat_count: 4, bytes: { raw: 0, gzip: 0, brotli: 0 } },
      statuses_url: '/statuses', seat_stand: [], meta: options.meta ?? null, version: 41,
    }),
    fetch: compiled,
    createParser: () => ({
      parse: (svg, o) => Promise.resolve(parseForTransfer(svg, o).result),
      loadCompiled: async (request) => (await loadCompiledForTransfer(request, compiled)).result,
      dispose() {},
    }),
    openStream: (url) => {
      const s = new FakeStream(url)
      streams.push(s)
      return s
    },
    createEngine: (_host, o) => {
      engineOptions.push(o)
      return engine as unknown as SeatMapEngine
    },
    shownAt: options.shownAt,
  })
  return { controller, engine, cart, loads, streams, engineOptions }
}

describe("the map's init delay (001 §9: 200 ms)", () => {
  it('counts from when the screen began showing, not from the map mount', () => {
    expect(MAP_INIT_DELAY_MS).toBe(200)
    expect(mapInitDelay(1000, 1000)).toBe(200)
    expect(mapInitDelay(1000, 1150)).toBe(50)
    expect(mapInitDelay(1000, 1200)).toBe(0)
    expect(mapInitDelay(1000, 5000)).toBe(0)
    // A clock that went back: the whole delay, never more.
    expect(mapInitDelay(1000, 900)).toBe(200)
  })

  it('hands the engine what is left of it: nothing on a page shown long before the map mounts, the whole delay by default', () => {
    const late = setup({ shownAt: performance.now() - 1000 })
    late.controller.start()
    late.controller.mount({} as HTMLElement)
    expect(late.engineOptions).toEqual([{ initDelayMs: 0 }])
    late.controller.dispose()

    const fresh = setup()
    fresh.controller.start()
    fresh.controller.mount({} as HTMLElement)
    expect(fresh.engineOptions[0].initDelayMs).toBeGreaterThan(150)
    expect(fresh.engineOptions[0].initDelayMs).toBeLessThanOrEqual(200)
    fresh.controller.dispose()
  })
})

describe('the seat stream messages (contract)', () => {
  it('defines the sync message the server sends and the seat changes', () => {
    expect(seatSyncEventSchema.parse({ calendar_id: 7, version: 12, resync: true })).toEqual({ calendar_id: 7, version: 12, resync: true })
    expect(seatSyncEventSchema.safeParse({ calendar_id: 7, version: -1, resync: true }).success).toBe(false)
    expect(seatStatusEventSchema.safeParse({ calendar_id: 7, changes: [{ seat_id: 's1', status: 'held' }] }).success).toBe(true)
    expect(SEAT_STREAM_EVENTS).toEqual({ changes: 'message', sync: 'sync' })
  })
})

describe.each<MapSource>(['json', 'compiled'])('SchemeMapController, map source %s', (source) => {
  it('opens the stream from the map answer\'s version, buffers changes heard while the map parses and draws them once shown', async () => {
    const { controller, engine, streams, loads } = setup({ cart: ['s4'], source })
    controller.start()
    expect(streams).toHaveLength(0)
    await Promise.resolve()
    // The map answer is in, the venue not on the engine yet (the SVG parses, or the worker fetches
    // the compiled bytes): the stream resumes from the answer's version.
    expect(streams[0].url).toBe('/api/scheme/events?calendar_id=7&last_event_id=41')
    expect(controller.getSnapshot().phase).toBe(source === 'json' ? 'parse' : 'download')
    streams[0].emit(SEAT_STREAM_EVENTS.changes, { calendar_id: 7, changes: [{ seat_id: 's2', status: 'held' }] })
    streams[0].emit(SEAT_STREAM_EVENTS.changes, { calendar_id: 8, changes: [{ seat_id: 's3', status: 'sold' }] })
    await flush()
    expect(controller.getSnapshot().phase).toBe('ready')
    expect(controller.getSnapshot().shown).toBe(false)
    controller.mount({} as HTMLElement)
    expect(controller.getSnapshot().shown).toBe(true)
    expect(loads).toHaveLength(1)
    expect(['s1', 's2', 's3', 's4'].map(engine.status)).toEqual([SeatStatus.Free, SeatStatus.Held, SeatStatus.Free, SeatStatus.Selected])
    streams[0].emit(SEAT_STREAM_EVENTS.changes, { calendar_id: 7, changes: [{ seat_id: 's1', status: 'sold' }, { seat_id: 'nope', status: 'sold' }] })
    expect(engine.status('s1')).toBe(SeatStatus.Sold)
    controller.dispose()
    expect(streams[0].closed).toBe(true)
    expect(engine.disposed).toBe(true)
  })

  it("hands the map answer's detail threshold (its meta) to the engine made before the answer", async () => {
    const { controller, engine } = setup({ source, meta: { detail_threshold: 150, max_zoom: null } })
    controller.start()
    controller.mount({} as HTMLElement)
    expect(engine.thresholds).toEqual([])
    await flush()
    expect(controller.getSnapshot().shown).toBe(true)
    expect(engine.thresholds).toEqual([150])
    controller.dispose()

    // No meta: the engine's default (null).
    const plain = setup({ source })
    plain.controller.start()
    await flush()
    plain.controller.mount({} as HTMLElement)
    expect(plain.engine.thresholds).toEqual([null])
    plain.controller.dispose()
  })

  it('re-reads the statuses only when sync says resync', async () => {
    const maps = [mapResponse({ s1: 'free', s2: 'free', s3: 'free', s4: 'free' }), mapResponse({ s1: 'sold', s2: 'held', s3: 'free', s4: 'free' })]
    const { controller, engine, streams, loads } = setup({ maps, source })
    const live: boolean[] = []
    controller.subscribe(() => live.push(controller.getSnapshot().live))
    controller.start()
    await flush()
    controller.mount({} as HTMLElement)
    const stream = streams[0]
    // Connected while already live changes nothing, so no subscriber renders again.
    const heard = live.length
    stream.open()
    expect(live).toHaveLength(heard)
    // The first connection resumed from the map's version: nothing to re-read.
    stream.emit(SEAT_STREAM_EVENTS.sync, { calendar_id: 7, version: 41, resync: false })
    await flush()
    expect(loads).toHaveLength(1)

    // Lost and back: the server replayed what was missed.
    stream.fail()
    expect(controller.getSnapshot().live).toBe(false)
    stream.open()
    stream.emit(SEAT_STREAM_EVENTS.changes, { calendar_id: 7, changes: [{ seat_id: 's3', status: 'held' }] })
    stream.emit(SEAT_STREAM_EVENTS.sync, { calendar_id: 7, version: 5, resync: false })
    await flush()
    expect(loads).toHaveLength(1)
    expect(engine.status('s3')).toBe(SeatStatus.Held)

    // Lost for longer than the server keeps changes: the map's statuses are read again.
    stream.fail()
    stream.open()
    stream.emit(SEAT_STREAM_EVENTS.sync, { calendar_id: 7, version: 900, resync: true })
    await flush()
    expect(loads).toHaveLength(2)
    expect(['s1', 's2'].map(engine.status)).toEqual([SeatStatus.Sold, SeatStatus.Held])
    expect(live).toContain(false)
    expect(controller.getSnapshot().live).toBe(true)
    controller.dispose()
  })

  it('draws the cart on the map and leaves seats of zones the visitor cannot buy as not for sale', async () => {
    const maps = [mapResponse({ s1: 'free', s2: 'free', s3: 'free', s4: 'free' }, (id) => (id === 's4' ? 2 : 1))]
    const { controller, engine, streams, cart } = setup({ maps, openZones: [1], source })
    controller.start()
    await flush()
    controller.mount({} as HTMLElement)
    expect(engine.status('s4')).toBe(SeatStatus.Unavailable)
    expect(controller.isBlocked('s4')).toBe(true)
    streams[0].emit(SEAT_STREAM_EVENTS.changes, { calendar_id: 7, changes: [{ seat_id: 's4', status: 'free' }] })
    expect(engine.status('s4')).toBe(SeatStatus.Unavailable)

    cart.set(['s1', 's2'])
    expect(['s1', 's2'].map(engine.status)).toEqual([SeatStatus.Selected, SeatStatus.Selected])
    cart.set(['s2'])
    expect(['s1', 's2'].map(engine.status)).toEqual([SeatStatus.Free, SeatStatus.Selected])
    // A change of a seat in the cart keeps it drawn as ours.
    streams[0].emit(SEAT_STREAM_EVENTS.changes, { calendar_id: 7, changes: [{ seat_id: 's2', status: 'held' }] })
    expect(engine.status('s2')).toBe(SeatStatus.Selected)
    expect(controller.zoneOf(engine.indexOfKey('s1'))).toBe(1)
    controller.showTaken(engine.indexOfKey('s3'))
    expect(engine.status('s3')).toBe(SeatStatus.Held)
    controller.dispose()
  })
})

describe('SchemeMapController after a language switch', () => {
  it("renames the zones on the engine without loading the map again, also when the names change before it is shown", async () => {
    const { controller, engine, loads } = setup({ source: 'compiled' })
    controller.start()
    controller.setZoneNames([{ id: '1', name: 'Партер', color: 0xff0000 }])
    expect(engine.zoneNames).toEqual([])
    await flush()
    controller.mount({} as HTMLElement)
    expect(engine.zoneNames).toEqual([{ 1: 'Партер' }])
    controller.setZoneNames([{ id: '1', name: 'Stalls', color: 0xff0000 }])
    expect(engine.zoneNames).toEqual([{ 1: 'Партер' }, { 1: 'Stalls' }])
    expect(loads).toHaveLength(1)
    controller.dispose()
  })
})

describe('SchemeMapController without a compiled form of the map', () => {
  it('falls back to the JSON map when the compiled one answers 404 (a version edited in the studio)', async () => {
    const { controller, engine, loads, streams } = setup({ source: 'compiled', noCompiled: true, maps: [mapResponse({ s1: 'sold', s2: 'free', s3: 'free', s4: 'free' })] })
    controller.start()
    await flush()
    expect(loads).toHaveLength(1)
    expect(streams[0].url).toBe('/api/scheme/events?calendar_id=7&last_event_id=41')
    expect(controller.getSnapshot().phase).toBe('ready')
    controller.mount({} as HTMLElement)
    expect(engine.status('s1')).toBe(SeatStatus.Sold)
    controller.dispose()
  })
})
