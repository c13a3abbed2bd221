import type { Browser } from 'playwright-core'

/**
 * Memory of the storefront's scheme page for the browser benchmark (issue 16: "engine memory stays
 * ≤ 64 bytes per seat"): the page's JS heap and ArrayBuffer backing stores and each dedicated
 * worker's (the venue worker, the render worker), read through DevTools after a GC; and, over two
 * venue sizes of one run, the marginal bytes per seat (what one more seat costs) apart from the
 * fixed cost of the app, which a total divided by seats mixes together.
 */

const MB = 1024 * 1024
const mb = (bytes: number) => +(bytes / MB).toFixed(1)

export interface WorkerHeap {
  /** The worker's script, without the build's hash ('render.worker', 'venue.worker'). */
  name: string
  usedMb: number
  backingStoreMb: number
}

export interface HeapRecord {
  pageUsedMb: number
  pageBackingStoreMb: number | null
  workersUsedMb: number | null
  workersBackingStoreMb: number | null
  /** Each worker apart (null when the browser does not say). */
  workers: WorkerHeap[] | null
  /** All of it, MB (what bytesPerSeat divides). */
  totalMb: number
  bytesPerSeat: number
}

/** `…/assets/render.worker-Ab12Cd34.js` → `render.worker`. */
export function workerName(url: string): string {
  const file = url.split('?')[0].split('/').pop() ?? ''
  return file.replace(/-[\w-]{6,}\.js$/, '').replace(/\.[jt]s$/, '') || '?'
}

/**
 * JS heap used by the page's dedicated workers (the parser and render workers), through the
 * browser's DevTools targets, and their ArrayBuffer backing stores (the render worker's seat
 * columns and tiles); null when the browser does not say. Only this bench's one page is open
 * while it asks.
 */
export async function workerHeaps(browser: Browser): Promise<WorkerHeap[] | null> {
  const session = await browser.newBrowserCDPSession()
  try {
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] }
    const out: WorkerHeap[] = []
    for (const t of targetInfos.filter((x) => x.type === 'worker')) {
      const { sessionId } = (await session.send('Target.attachToTarget', { targetId: t.targetId, flatten: false })) as { sessionId: string }
      const answer = new Promise<{ used: number; backing: number }>((resolve) => {
        const onMessage = (e: { sessionId: string; message: string }) => {
          if (e.sessionId !== sessionId) return
          const msg = JSON.parse(e.message) as { id?: number; result?: { usedSize: number; backingStorageSize?: number } }
          if (msg.id !== 2) return
          session.off('Target.receivedMessageFromTarget', onMessage)
          resolve({ used: msg.result?.usedSize ?? 0, backing: msg.result?.backingStorageSize ?? 0 })
        }
        session.on('Target.receivedMessageFromTarget', onMessage)
      })
      const send = (id: number, method: string) => session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
      // The page's GC does not reach its workers' isolates: collect there too, then ask.
      await send(1, 'HeapProfiler.collectGarbage')
      await send(2, 'Runtime.getHeapUsage')
      const one = await Promise.race([answer, new Promise<{ used: number; backing: number }>((r) => setTimeout(() => r({ used: 0, backing: 0 }), 5000))])
      out.push({ name: workerName(t.url), usedMb: mb(one.used), backingStoreMb: mb(one.backing) })
      await session.send('Target.detachFromTarget', { sessionId }).catch(() => {})
    }
    return out
  } catch {
    return null
  } finally {
    await session.detach().catch(() => {})
  }
}

export function heapRecord(page: { usedSize: number; backingStorageSize?: number }, workers: WorkerHeap[] | null, seats: number): HeapRecord {
  const workersUsed = workers && workers.reduce((s, w) => s + w.usedMb, 0)
  const workersBacking = workers && workers.reduce((s, w) => s + w.backingStoreMb, 0)
  const total = page.usedSize + (page.backingStorageSize ?? 0) + ((workersUsed ?? 0) + (workersBacking ?? 0)) * MB
  return {
    pageUsedMb: mb(page.usedSize),
    pageBackingStoreMb: page.backingStorageSize === undefined ? null : mb(page.backingStorageSize),
    workersUsedMb: workersUsed === null ? null : +workersUsed.toFixed(1),
    workersBackingStoreMb: workersBacking === null ? null : +workersBacking.toFixed(1),
    workers,
    totalMb: mb(total),
    bytesPerSeat: Math.round(total / seats),
  }
}

/** The parts a heap record is split into, MB. */
export function heapParts(h: HeapRecord): Record<string, number> {
  const parts: Record<string, number> = { pageHeap: h.pageUsedMb, pageBuffers: h.pageBackingStoreMb ?? 0 }
  for (const w of h.workers ?? []) {
    parts[`${w.name} heap`] = (parts[`${w.name} heap`] ?? 0) + w.usedMb
    parts[`${w.name} buffers`] = (parts[`${w.name} buffers`] ?? 0) + w.backingStoreMb
  }
  return parts
}

export interface MarginalMemory {
  profile: string
  mapSource: string
  seats: [number, number]
  /** (total at the larger − total at the smaller) / (seat difference), bytes. */
  marginalBytesPerSeat: number
  /** What is left at zero seats on that line: the app, its workers and Pixi, MB. */
  fixedMb: number
  /** The same split by part (page heap, page buffers, each worker's heap and buffers), bytes per seat. */
  marginalByPart: Record<string, number>
  fixedByPartMb: Record<string, number>
}

interface MemoryRun {
  ok: boolean
  seats: number
  profile: string
  mapSource: string
  heap?: HeapRecord
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length

/**
 * For each profile and map source with runs at two sizes or more: the line through the smallest
 * and the largest size's mean heaps (repeats averaged), per seat and at zero seats.
 */
export function marginalMemory(runs: readonly MemoryRun[]): MarginalMemory[] {
  const out: MarginalMemory[] = []
  const keys = new Set(runs.filter((r) => r.ok && r.heap).map((r) => `${r.profile}|${r.mapSource}`))
  for (const key of keys) {
    const [profile, mapSource] = key.split('|')
    const mine = runs.filter((r) => r.ok && r.heap && r.profile === profile && r.mapSource === mapSource)
    const sizes = [...new Set(mine.map((r) => r.seats))].sort((a, b) => a - b)
    if (sizes.length < 2) continue
    const lo = sizes[0]
    const hi = sizes[sizes.length - 1]
    const partsAt = (n: number) => {
      const all = mine.filter((r) => r.seats === n).map((r) => heapParts(r.heap!))
      const names = new Set(all.flatMap((p) => Object.keys(p)))
      return Object.fromEntries([...names].map((k) => [k, mean(all.map((p) => p[k] ?? 0))]))
    }
    const a = partsAt(lo)
    const b = partsAt(hi)
    const names = [...new Set([...Object.keys(a), ...Object.keys(b)])]
    const slope = (k: string) => (((b[k] ?? 0) - (a[k] ?? 0)) * MB) / (hi - lo)
    const marginalByPart = Object.fromEntries(names.map((k) => [k, +slope(k).toFixed(1)]))
    const fixedByPartMb = Object.fromEntries(names.map((k) => [k, mb((a[k] ?? 0) * MB - slope(k) * lo)]))
    const total = names.reduce((s, k) => s + slope(k), 0)
    out.push({
      profile,
      mapSource,
      seats: [lo, hi],
      marginalBytesPerSeat: +total.toFixed(1),
      fixedMb: mb(names.reduce((s, k) => s + (a[k] ?? 0) * MB - slope(k) * lo, 0)),
      marginalByPart,
      fixedByPartMb,
    })
  }
  return out
}
