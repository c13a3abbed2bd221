import type { CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIST_KEPT_MS } from '../src/app/door/model/store'
import { DOOR_TEXTS } from '../src/app/door/texts'
import { MAX_CODE_CHARS } from '../src/contract/admin/door'
import { bringToDoor } from '../tests/integration/door-helpers'
import { runAxe, seriousViolations, startApp, type AppHarness } from './support/app'
import { doorRig, newerDoorDatabase, type DoorRig } from './support/door'

type StoreName = 'sessions' | 'seen' | 'queue'

/**
 * The origin's storage quota while the "full phone" loads (bytes): room for the app's own writes
 * before the scan (the gate's list and the session chosen, a few kilobytes). Chromium's IndexedDB
 * trusts the room it last heard the quota allow until it is used up or 30 s old
 * (kBucketSpaceCacheTimeLimit); a phone that heard of a megabyte, not gigabytes, has it used up
 * by a filler at once, where a quota cut alone would need that wait.
 */
const SMALL_PHONE_QUOTA_BYTES = 1024 * 1024
/** The first value the filler writes (bytes); it halves on each refusal, down to one. */
const FILLER_FIRST_CHUNK_BYTES = 256 * 1024

/**
 * Fills the origin's storage until the quota refuses every write, with a database of its own
 * (the same origin's quota as the app's), as other data fills a phone: values of
 * FILLER_FIRST_CHUNK_BYTES, halved after each refusal down to one byte. Answers the bytes kept
 * and the refusals' error names.
 */
const fillStorage = (page: Page) =>
  page.evaluate(
    (first) =>
      new Promise<{ kept: number; refusals: string[] }>((resolve, reject) => {
        const open = indexedDB.open('quota-filler')
        open.onupgradeneeded = () => open.result.createObjectStore('fill', { autoIncrement: true })
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          let chunk = first
          let kept = 0
          const refusals: string[] = []
          const next = (): void => {
            if (chunk < 1) {
              db.close()
              resolve({ kept, refusals })
              return
            }
            const tx = db.transaction('fill', 'readwrite')
            tx.objectStore('fill').put('x'.repeat(chunk))
            tx.oncomplete = () => {
              kept += chunk
              next()
            }
            tx.onabort = () => {
              refusals.push(tx.error?.name ?? 'unknown')
              chunk = Math.floor(chunk / 2)
              next()
            }
          }
          next()
        }
      }),
    FILLER_FIRST_CHUNK_BYTES,
  )

/** The keys of one store of the phone's door database, in key order. */
const keysOf = (page: Page, name: StoreName) =>
  page.evaluate(
    (store) =>
      new Promise<IDBValidKey[]>((resolve, reject) => {
        const open = indexedDB.open('seatwise-door')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const keys = open.result.transaction(store).objectStore(store).getAllKeys()
          // Closed (once the read is done): a connection left open holds up a newer version's open or a delete.
          open.result.close()
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

  it("a phone that stays offline drops the lists of sessions whose door has closed when the app starts, by the server's time it reckons; the chosen session's and one with scans queued stay", async () => {
    const basic = rig.fx.basic.calendarId
    const gate = await rig.list(basic, 'Offline prune gate')
    const { page, errors } = await rig.phone()
    await page.getByLabel('Session').selectOption(String(basic))
    await rig.startAt(page, 'Offline prune gate')
    await page.getByText(/Tickets in the list: \d+,/).waitFor()

    // From now on no call reaches the server: the phone never syncs again.
    await page.route('**/api/**', (route) => route.abort())
    // This phone's clock runs 3 days ahead of the server's: the clocks kept with its lists say so.
    const ahead = 3 * 24 * 3_600_000
    const serverNow = Date.now() - ahead
    const clockThen = (at: number) => ({ at, stamp: 'not-checked-here', deviceAt: at + ahead })
    const list = (calendarId: number, syncedAt: number, clock?: object) => ({ calendarId, cursor: String(syncedAt), syncedAt, keys: [], lists: [], tickets: [], scans: [], places: null, ...(clock ? { clock } : {}) })
    const [gone, queuedOld, young, recent] = [990_011, 990_012, 990_013, 990_014]
    const closed = serverNow - LIST_KEPT_MS - 60_000
    await put(page, 'queue', [{ nonce: 'prunestartqueued1', sessionId: queuedOld, gate: 'Old gate', code: '123456789012', list_id: gate, direction: 'in', scannedAt: closed, offline: true, admitted: false, shown: 'unknown', ticketId: null }])
    await put(page, 'seen', [{ id: 99_000_111, calendarId: gone, ticketId: 1, direction: 'in', result: 'valid', gate: 'Old gate', scannedAt: closed }])
    // The chosen session's own list, last synced as long ago; one whose door may still work by the
    // server's time (by the phone's clock it closed days ago); the newest, an hour ago.
    const chosen = await page.evaluate(
      (id) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const open = indexedDB.open('seatwise-door')
          open.onsuccess = () => {
            const get = open.result.transaction('sessions').objectStore('sessions').get(id)
            get.onsuccess = () => resolve(get.result as Record<string, unknown>)
            get.onerror = () => reject(get.error)
          }
          open.onerror = () => reject(open.error)
        }),
      basic,
    )
    await put(page, 'sessions', [
      { ...chosen, syncedAt: closed, clock: clockThen(closed) },
      list(gone, closed, clockThen(closed)),
      list(queuedOld, closed),
      list(young, serverNow - LIST_KEPT_MS + 3_600_000),
      list(recent, serverNow - 3_600_000, clockThen(serverNow - 3_600_000)),
    ])
    expect(await keysOf(page, 'sessions')).toEqual([basic, gone, queuedOld, young, recent])

    // The app starts again with no network.
    await page.reload()
    await page.getByRole('heading', { name: /Offline prune gate/ }).waitFor()
    await expect.poll(() => keysOf(page, 'sessions')).toEqual([basic, queuedOld, young, recent])
    expect(await keysOf(page, 'seen')).toEqual([])
    expect(await keysOf(page, 'queue')).toEqual(['prunestartqueued1'])
    // The chosen gate still answers offline from its list.
    expect(await page.getByText(/Tickets in the list: \d+,/).count()).toBe(1)
    expect(errors).toEqual([])
  })

  it('an offline scan the phone cannot keep (its storage full) is not answered: the steward is told, nothing is queued; with room again it is', async () => {
    const gate = 'Full phone gate'
    await rig.list(rig.fx.basic.calendarId, gate)
    const ticket = await rig.paidTicket(rig.fx.basic)
    // A phone of little storage (SMALL_PHONE_QUOTA_BYTES from before the app loads: its own writes
    // hear of that room, not of gigabytes)...
    let cdp: CDPSession | undefined
    const { page, errors } = await rig.phone(async (p) => {
      cdp = await p.context().newCDPSession(p)
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: app.baseUrl, quotaSize: SMALL_PHONE_QUOTA_BYTES })
    })
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, gate)
    await page.route('**/api/**', (route) => route.abort())
    // ...its quota cut to a byte, and the room Chromium last heard of used up by other data, as on
    // a phone whose storage is full: Chromium lets the queue's put succeed and rolls its
    // transaction back at commit (QuotaExceededError).
    await cdp!.send('Storage.overrideQuotaForOrigin', { origin: app.baseUrl, quotaSize: 1 })
    const filled = await fillStorage(page)
    expect(filled.refusals).toContain('QuotaExceededError')
    expect(filled.kept).toBeLessThan(SMALL_PHONE_QUOTA_BYTES)
    expect(await rig.typed(page, ticket.code)).toBe(`error: ${DOOR_TEXTS.en.unchecked.notKept}`)
    expect(seriousViolations(await runAxe(page))).toEqual([])
    expect(await keysOf(page, 'queue')).toEqual([])
    expect(await page.getByText(/Waiting to upload/).count()).toBe(0)
    // Room again (the quota back to the browser's own): the same ticket is checked, kept, and the note goes.
    await cdp!.send('Storage.overrideQuotaForOrigin', { origin: app.baseUrl })
    // (Typed by hand: rig.typed would read the note still up before the answer comes.)
    await page.getByLabel('Ticket code').fill(ticket.code)
    await page.getByLabel('Ticket code').press('Enter')
    await expect.poll(() => page.getByRole('alertdialog').getAttribute('data-result')).toBe('valid')
    expect(await keysOf(page, 'queue')).toHaveLength(1)
    await page.getByText('Waiting to upload: 1').waitFor()
    expect(await page.getByText(DOOR_TEXTS.en.unchecked.notKept).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('an offline scan the phone cannot check (its door database taken by a newer version in another tab) is not answered: the steward is told why, nothing is queued; with the database back it is', async () => {
    const gate = 'Newer tab gate'
    await rig.list(rig.fx.basic.calendarId, gate)
    const ticket = await rig.paidTicket(rig.fx.basic)
    const { context, page, errors } = await rig.phone()
    await page.getByLabel('Session').selectOption(String(rig.fx.basic.calendarId))
    await rig.startAt(page, gate)
    await page.route('**/api/**', (route) => route.abort())
    // Another tab of the origin (a newer app) opens the door database at a newer version: this tab
    // lets go of it (onversionchange), and its next open fails (VersionError) while reading the queue.
    const other = await context.newPage()
    await other.goto(`${app.baseUrl}/`)
    await newerDoorDatabase(page, other)
    await page.getByLabel('Ticket code').fill(ticket.code)
    await page.getByLabel('Ticket code').press('Enter')
    await page.getByRole('alert').filter({ hasText: DOOR_TEXTS.en.unchecked.newerTab }).waitFor()
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    expect(seriousViolations(await runAxe(page))).toEqual([])
    expect(await keysOf(page, 'queue')).toEqual([])
    expect(await page.getByText(/Waiting to upload/).count()).toBe(0)
    // The newer tab gone with its database: the same ticket is checked and kept, and the note goes.
    await other.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          ;(window as unknown as { newerDoor: IDBDatabase }).newerDoor.close()
          const r = indexedDB.deleteDatabase('seatwise-door')
          r.onsuccess = () => resolve()
          r.onerror = () => reject(r.error)
        }),
    )
    await other.close()
    await page.getByLabel('Ticket code').fill(ticket.code)
    await page.getByLabel('Ticket code').press('Enter')
    await expect.poll(() => page.getByRole('alertdialog').getAttribute('data-result')).toBe('valid')
    expect(await keysOf(page, 'queue')).toHaveLength(1)
    expect(await page.getByText(DOOR_TEXTS.en.unchecked.newerTab).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it("the counts of scans flagged and refused on upload are their session's own, and stay after a reload", async () => {
    const [basic, race] = [rig.fx.basic.calendarId, rig.fx.race.calendarId]
    await bringToDoor(app.server.db, [race])
    const gate = await rig.list(basic, 'Tally gate')
    await rig.list(race, 'Other session gate')
    const ticket = await rig.paidTicket(rig.fx.basic)
    const { context, page, errors } = await rig.phone()
    await page.getByLabel('Session').selectOption(String(basic))
    await rig.startAt(page, 'Tally gate')
    const counts = () => page.getByText(/^(Flagged on reconciling|Refused by the server on upload): \d+$/).allInnerTexts()

    await context.setOffline(true)
    await page.getByText('Offline: checking against the synced list').waitFor()
    // Meanwhile the ticket is let in at the gate by another device, online: this phone does not know.
    expect((await rig.owner.post('/api/admin/door/redeem', { code: ticket.code, list_id: gate, nonce: 'tallyotherdevice01' })).status).toBe(200)
    expect(await rig.typed(page, ticket.code)).toBe('valid')
    await page.getByRole('button', { name: 'Next' }).click()
    // A code longer than the server takes: Unknown here, refused on upload.
    expect(await rig.typed(page, '1'.repeat(MAX_CODE_CHARS + 1))).toBe('unknown')
    await page.getByRole('button', { name: 'Next' }).click()
    await page.getByText('Waiting to upload: 2').waitFor()
    await context.setOffline(false)
    await expect.poll(counts, { timeout: 30_000 }).toEqual(['Flagged on reconciling: 1', 'Refused by the server on upload: 1'])

    // Another session's gate shows its own counts: none.
    await page.getByRole('button', { name: 'Change gate' }).click()
    await page.getByLabel('Session').selectOption(String(race))
    await rig.startAt(page, 'Other session gate')
    await page.getByText(/Tickets in the list: \d+,/).waitFor()
    expect(await counts()).toEqual([])

    // Back at the first session's gate, and after a reload of the app: its counts again.
    await page.getByRole('button', { name: 'Change gate' }).click()
    await page.getByLabel('Session').selectOption(String(basic))
    await rig.startAt(page, 'Tally gate')
    await expect.poll(counts).toEqual(['Flagged on reconciling: 1', 'Refused by the server on upload: 1'])
    await page.reload()
    await page.getByRole('heading', { name: /Tally gate/ }).waitFor()
    await expect.poll(counts).toEqual(['Flagged on reconciling: 1', 'Refused by the server on upload: 1'])
    expect(errors).toEqual([])
  })
})
