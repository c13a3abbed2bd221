import { afterEach, describe, expect, it, vi } from 'vitest'
import { preloadSchemeChunks, ROUTE_CHUNK_BATCH, ROUTE_CHUNK_HOLD_MAX_MS, SCHEME_CHUNKS_META, type Later } from '../../../src/app/boot/routeChunks'
import { compareIso, sortCalendar } from '../../../src/contract/selection'

/**
 * Work the scheme page's start-up keeps out of long main-thread tasks (issue 16: no task over
 * 50 ms from navigation to an interactive map): each test fails if the piece comes back into the
 * task it was taken out of.
 */

/** The few Document calls preloadSchemeChunks makes, recorded (the unit project runs in Node). */
function documentListing(files: string[]) {
  const added: { rel: string; as?: string; href: string; crossOrigin?: string }[] = []
  const doc = {
    querySelector: (selector: string) => (selector === `meta[name="${SCHEME_CHUNKS_META}"]` ? { getAttribute: () => files.join(' ') } : null),
    createElement: () => ({ rel: '', href: '' }) as { rel: string; as?: string; href: string; crossOrigin?: string },
    head: { appendChild: (link: (typeof added)[number]) => added.push(link) },
  }
  return { doc: doc as unknown as Document, added }
}

describe('the scheme route\'s chunk preloads', () => {
  it('adds none in the caller\'s task, then ROUTE_CHUNK_BATCH links per later task, in the listed order', () => {
    const files = Array.from({ length: 2 * ROUTE_CHUNK_BATCH + 1 }, (_, i) => (i === 3 ? `/assets/c${i}.css` : `/assets/c${i}.js`))
    const { doc, added } = documentListing(files)
    const queued: (() => void)[] = []
    const later: Later = (task) => queued.push(task)
    expect(preloadSchemeChunks(doc, later)).toBe(files.length)
    // The entry's own task (the caller) appends nothing: each link starts a request in appendChild.
    expect(added).toHaveLength(0)
    const counts: number[] = []
    while (queued.length > 0) {
      queued.shift()!()
      counts.push(added.length)
    }
    expect(counts).toEqual([ROUTE_CHUNK_BATCH, 2 * ROUTE_CHUNK_BATCH, files.length])
    expect(added.map((l) => l.href)).toEqual(files)
    expect(added[3]).toMatchObject({ rel: 'preload', as: 'style', crossOrigin: '' })
    expect(added[0]).toMatchObject({ rel: 'modulepreload', crossOrigin: '' })
  })

  it('holds the batches after the first until the early POSTs have left, or ROUTE_CHUNK_HOLD_MAX_MS', async () => {
    const files = Array.from({ length: 2 * ROUTE_CHUNK_BATCH + 1 }, (_, i) => `/assets/c${i}.js`)
    const run = (later: (() => void)[]) => {
      while (later.length > 0) later.shift()!()
    }
    const settle = () => new Promise((resolve) => setImmediate(resolve))
    // Released by the POSTs: nothing past the first batch until then, all of it after.
    let sent!: () => void
    const held = new Promise<void>((resolve) => (sent = resolve))
    const first = documentListing(files)
    const queued: (() => void)[] = []
    preloadSchemeChunks(first.doc, (task) => queued.push(task), held)
    run(queued)
    await settle()
    run(queued)
    expect(first.added).toHaveLength(ROUTE_CHUNK_BATCH)
    sent()
    await settle()
    run(queued)
    expect(first.added.map((l) => l.href)).toEqual(files)
    // Released by the timer when the POSTs never leave.
    vi.useFakeTimers()
    try {
      const second = documentListing(files)
      preloadSchemeChunks(second.doc, (task) => queued.push(task), new Promise<void>(() => {}))
      run(queued)
      vi.advanceTimersByTime(ROUTE_CHUNK_HOLD_MAX_MS - 1)
      run(queued)
      expect(second.added).toHaveLength(ROUTE_CHUNK_BATCH)
      vi.advanceTimersByTime(1)
      run(queued)
      expect(second.added).toHaveLength(files.length)
    } finally {
      vi.useRealTimers()
    }
  })

  it('schedules nothing where the page lists no chunks', () => {
    const { doc } = documentListing([])
    const later = vi.fn<Later>()
    expect(preloadSchemeChunks(doc, later)).toBe(0)
    expect(later).not.toHaveBeenCalled()
  })
})

describe('the calendar\'s order', () => {
  afterEach(() => vi.restoreAllMocks())

  it('sorts days and times without localeCompare (its first call builds ICU\'s collator on the page\'s thread)', () => {
    const localeCompare = vi.spyOn(String.prototype, 'localeCompare')
    const sorted = sortCalendar([
      { day: '2026-12-10', times: [{ time: '19:00', quantity: 1, pricetype_id: 0 }, { time: '09:30', quantity: 0, pricetype_id: 0 }] },
      { day: '2026-02-01', times: [{ time: '12:00', quantity: 3, pricetype_id: 0 }] },
      { day: '2027-01-05', times: [] },
    ])
    expect(sorted.map((d) => d.day)).toEqual(['2026-02-01', '2026-12-10', '2027-01-05'])
    expect(sorted[1].times.map((t) => t.time)).toEqual(['09:30', '19:00'])
    expect(localeCompare).not.toHaveBeenCalled()
  })

  it('orders fixed-width ISO strings as the calendar does', () => {
    expect(compareIso('2026-09-30', '2026-10-01')).toBe(-1)
    expect(compareIso('23:59', '00:00')).toBe(1)
    expect(compareIso('2026-12-01', '2026-12-01')).toBe(0)
  })
})
