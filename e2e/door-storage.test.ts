import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIST_KEPT_MS } from '../src/app/door/model/store'
import { startApp, type AppHarness } from './support/app'
import { doorRig, type DoorRig } from './support/door'

type StoreName = 'sessions' | 'seen' | 'queue'

/** The keys of one store of the phone's door database, in key order. */
const keysOf = (page: Page, name: StoreName) =>
  page.evaluate(
    (store) =>
      new Promise<IDBValidKey[]>((resolve, reject) => {
        const open = indexedDB.open('seatwise-door')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const keys = open.result.transaction(store).objectStore(store).getAllKeys()
          keys.onsuccess = () => resolve(keys.result)
          keys.onerror = () => reject(keys.error)
        }
      }),
    name,
  )

/** Puts rows into one store of the phone's door database (opened by the app by then, at its version). */
const put = (page: Page, name: StoreName, rows: object[]) =>
  page.evaluate(
    ([store, values]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('seatwise-door')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const tx = open.result.transaction(store, 'readwrite')
          for (const v of values) tx.objectStore(store).put(v)
          tx.oncomplete = () => resolve()
          tx.onerror = () => reject(tx.error)
        }
      }),
    [name, rows] as const,
  )

/** What the door app keeps on the phone (IndexedDB) and for how long, on a 390 × 844 phone typing the printed codes. */
describe('door app: what the phone keeps', () => {
  let app: AppHarness
  let rig: DoorRig

  beforeAll(async () => {
    app = await startApp({ DEMO_DATA: '0' })
    rig = await doorRig(app, 'door-storage@example.org')
  })
  afterAll(async () => {
    await rig?.close()
    await app?.close()
  })

  it("a sync drops the lists of sessions whose door has closed, with their scans seen online; the chosen session's and one with scans queued stay", async () => {
    const basic = rig.fx.basic.calendarId
    const gate = await rig.list(basic, 'Prune gate')
    // The queue's upload finds no network, so the old session's queued scan stays queued.
    const { context, page, errors } = await rig.phone((p) => p.route('**/api/admin/door/redeem-batch?*', (route) => route.abort()))
    await page.getByLabel('Session').selectOption(String(basic))
    await rig.startAt(page, 'Prune gate')

    // Lists a phone synced days ago (sessions long over) and one an hour ago.
    const [gone, queuedOld, recent] = [990_001, 990_002, 990_003]
    const longAgo = Date.now() - LIST_KEPT_MS - 60_000
    const list = (calendarId: number, syncedAt: number) => ({ calendarId, cursor: String(syncedAt), syncedAt, keys: [], lists: [], tickets: [], scans: [], places: null })
    // The queue first: a sync (every 20 s) may come between the writes.
    await put(page, 'queue', [{ nonce: 'prunetestqueued01', sessionId: queuedOld, gate: 'Old gate', code: '123456789012', list_id: gate, direction: 'in', scannedAt: longAgo, offline: true, admitted: false, shown: 'unknown', ticketId: null }])
    await put(page, 'seen', [{ id: 99_000_101, calendarId: gone, ticketId: 1, direction: 'in', result: 'valid', gate: 'Old gate', scannedAt: longAgo }])
    await put(page, 'sessions', [list(gone, longAgo), list(queuedOld, longAgo), list(recent, Date.now() - 3_600_000)])

    // The next sync (here: the network coming back) prunes.
    const synced = page.waitForResponse((r) => r.url().includes('/api/admin/door/sync?') && r.status() === 200)
    await context.setOffline(true)
    await context.setOffline(false)
    await synced
    await expect.poll(() => keysOf(page, 'sessions')).toEqual([basic, queuedOld, recent])
    expect(await keysOf(page, 'seen')).toEqual([])
    expect(await keysOf(page, 'queue')).toEqual(['prunetestqueued01'])
    expect(errors).toEqual([])
  })
})
