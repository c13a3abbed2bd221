import { admittedTickets, DOOR_AHEAD_MS, DOOR_PAST_MS, type DoorScan, type DoorSync, type RedeemResult, type SyncScan, type SyncTicket } from '../../../contract/admin/door'
import type { DeviceClock } from '../../../contract/admin/door-clock'
import type { SyncPlaces } from '../../../contract/admin/door-places'
import { listAdmits, type ListFilters } from './decide'

/**
 * The door device's storage (IndexedDB, so a reload or a dead battery loses nothing):
 * - `sessions`: per session the synced ticket list, public keys, lists, scans and the cursor;
 * - `queue`: scans made offline, by nonce, until the server has them (a re-upload of a nonce
 *   the server has answers the stored scan, so sending twice is harmless);
 * - `seen`: valid scans answered online since the last sync, one small row each, so this
 *   device's offline answers know them after a reload. Writing the whole session instead (as
 *   version 1 did) cloned every ticket of the list on each scan: for a 60,000-ticket stadium
 *   list several megabytes, tens of milliseconds of the page's thread on a phone, per person
 *   at the gate. A sync brings those scans in its own history, and its save drops them here;
 * - `tallies`: per session, how many of its uploaded scans the server flagged or refused (the
 *   steward's counts), changed in the one transaction that takes the scans off the queue.
 */
const DB_NAME = 'seatwise-door'
const DB_VERSION = 5
const SEEN_BY_SESSION = 'calendarId'
/** The `sessions` index by last sync (version 3), so pruning finds old lists without reading them (each may be megabytes). */
const SESSIONS_BY_SYNC = 'syncedAt'
/** The `sessions` index by the server clock kept with each (version 5), so the phone reckons the server's time on start without reading a list. */
const SESSIONS_BY_CLOCK = 'clock'

/**
 * A synced list is kept this long after its last sync, then dropped (pruneSessions): the server
 * syncs a session only while its door works, from DOOR_AHEAD_MS before its start to DOOR_PAST_MS
 * after, so a list synced longer ago than both is of a session whose door has closed. Kept for
 * good before, every session a phone ever looked at stayed on it (a stadium's list: megabytes).
 */
export const LIST_KEPT_MS = DOOR_AHEAD_MS + DOOR_PAST_MS

/** A scan answered online, kept until a sync brings it (`seen`). */
interface SeenScan extends SyncScan {
  calendarId: number
}

export interface SessionData {
  calendarId: number
  cursor: string
  syncedAt: number
  keys: DoorSync['keys']
  lists: DoorSync['lists']
  tickets: SyncTicket[]
  scans: SyncScan[]
  /** The newest server time this device heard, with its own clock then: offline scans are timed from it (door-clock.ts). Absent in data of older versions. */
  clock?: DeviceClock
  /** The session's places from the last whole sync (door-places.ts); absent in data of older versions (the next sync is then a whole one). */
  places?: SyncPlaces | null
}

/** A session's uploaded scans the server flagged (let in here, yet another scan came first) or refused on their own (they left the queue). */
export interface Tally {
  flagged: number
  refused: number
}
interface TallyRow extends Tally {
  calendarId: number
}

/** A scan waiting for upload, with what the device answered. */
export interface QueuedScan extends DoorScan {
  nonce: string
  sessionId: number
  gate: string
  /** The result the device showed (the server may decide otherwise: first scan wins); uploaded, so a refusal is logged as shown. */
  shown: RedeemResult
  ticketId: number | null
  /** The scan's time on the server's clock as this device reckons it (door-clock.ts judgedScanTime), for its own offline answers; absent in older queues. */
  judgedAt?: number
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'))
  })
}

/**
 * Why the phone's door database cannot be opened, for the steward's words (texts.ts `unchecked`):
 * a newer version of the app holds it in another tab (reload this one), or an older one keeps
 * this tab's open waiting (close that one).
 */
export class StoreRefused extends Error {
  constructor(
    readonly reason: 'newerTab' | 'olderTab',
    message: string,
  ) {
    super(message)
  }
}

/** A transaction rolled back (`why`: its error, e.g. QuotaExceededError on a full phone): nothing of it was kept. */
export class NotCommitted extends Error {
  constructor(readonly why: DOMException | null) {
    super(why?.message ?? 'IndexedDB transaction aborted')
  }
}

let opened: Promise<IDBDatabase> | null = null
function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB_NAME, DB_VERSION)
    let blocked = false
    r.onupgradeneeded = () => {
      // From any older version: only the stores it lacks are made, what it holds stays.
      const names = r.result.objectStoreNames
      const sessions = names.contains('sessions') ? r.transaction!.objectStore('sessions') : r.result.createObjectStore('sessions', { keyPath: 'calendarId' })
      if (!sessions.indexNames.contains(SESSIONS_BY_SYNC)) sessions.createIndex(SESSIONS_BY_SYNC, 'syncedAt')
      // Rows without a clock (older versions' data) are left out of it.
      if (!sessions.indexNames.contains(SESSIONS_BY_CLOCK)) sessions.createIndex(SESSIONS_BY_CLOCK, ['clock.at', 'clock.deviceAt'])
      if (!names.contains('queue')) r.result.createObjectStore('queue', { keyPath: 'nonce' })
      if (!names.contains('seen')) r.result.createObjectStore('seen', { keyPath: 'id' }).createIndex(SEEN_BY_SESSION, SEEN_BY_SESSION)
      if (!names.contains('tallies')) r.result.createObjectStore('tallies', { keyPath: 'calendarId' })
    }
    r.onsuccess = () => {
      const db = r.result
      // A newer version opened in another tab must not wait for this one: let go. This tab's next
      // call then fails (its version is older than the database's: VersionError) and says to reload.
      db.onversionchange = () => {
        db.close()
        opened = null
      }
      // Opened at last after being blocked: the calls refused meanwhile were told to close the other
      // tab; from now on they get this connection (no second request is ever queued behind one).
      if (blocked) opened = Promise.resolve(db)
      else resolve(db)
    }
    r.onerror = () => {
      opened = null
      reject(r.error?.name === 'VersionError' ? new StoreRefused('newerTab', 'A newer version of the door app is open: reload this page') : (r.error ?? new Error('IndexedDB cannot be opened')))
    }
    // An older version held open elsewhere (a tab of a version without onversionchange) keeps this
    // request waiting until it closes: every call fails at once meanwhile, saying why, instead of
    // hanging with the scan; the request stays the one pending (onsuccess above adopts it).
    r.onblocked = () => {
      blocked = true
      reject(new StoreRefused('olderTab', 'The door app is open in another tab of an older version: close that tab'))
    }
  })
  return opened
}

async function store(name: 'sessions' | 'queue' | 'seen' | 'tallies', mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await open()).transaction(name, mode).objectStore(name)
}

/** A session's data with the scans seen online since its last save counted in. */
export async function loadSession(calendarId: number): Promise<SessionData | null> {
  const tx = (await open()).transaction(['sessions', 'seen'], 'readonly')
  const [data, seen] = await Promise.all([
    request(tx.objectStore('sessions').get(calendarId)) as Promise<SessionData | undefined>,
    request(tx.objectStore('seen').index(SEEN_BY_SESSION).getAll(calendarId)) as Promise<SeenScan[]>,
  ])
  return data ? withSeen(data, seen) : null
}

/** Counts in the seen scans a session's data does not hold yet (by scan id). */
export function withSeen(data: SessionData, seen: readonly SeenScan[]): SessionData {
  const held = new Set(data.scans.map((s) => s.id))
  const extra = seen.filter((s) => !held.has(s.id)).map(({ calendarId: _, ...scan }) => scan)
  return extra.length === 0 ? data : { ...data, scans: data.scans.concat(extra) }
}

/**
 * Saves a session's data (after a sync) and drops the seen scans it now holds; resolves once
 * committed (as enqueue: on a full phone the put succeeds and the commit fails), so a sync
 * the phone did not keep is not shown as synced.
 */
export async function saveSession(data: SessionData): Promise<void> {
  const tx = (await open()).transaction(['sessions', 'seen'], 'readwrite')
  await whenCommitted(tx, async () => {
    const seen = tx.objectStore('seen')
    const held = (await request(seen.index(SEEN_BY_SESSION).getAllKeys(data.calendarId))) as number[]
    const ids = new Set(data.scans.map((s) => s.id))
    await Promise.all([request(tx.objectStore('sessions').put(data)), ...held.filter((id) => ids.has(id)).map((id) => request(seen.delete(id)))])
  })
}

/**
 * Drops the synced lists last synced before `before` (on the server's clock, as `syncedAt`), with
 * their seen scans and tallies, except the sessions in `keep` (the one chosen) and any with scans still
 * queued: a list is what the phone's offline answers of that session rest on until the server
 * has them. Answers the sessions dropped.
 */
export async function pruneSessions(before: number, keep: readonly number[]): Promise<number[]> {
  const tx = (await open()).transaction(['sessions', 'seen', 'queue', 'tallies'], 'readwrite')
  const [sessions, seen, tallies] = [tx.objectStore('sessions'), tx.objectStore('seen'), tx.objectStore('tallies')]
  const [old, queue] = await Promise.all([
    request(sessions.index(SESSIONS_BY_SYNC).getAllKeys(IDBKeyRange.upperBound(before, true))) as Promise<number[]>,
    request(tx.objectStore('queue').getAll()) as Promise<QueuedScan[]>,
  ])
  const queued = new Set(queue.map((q) => q.sessionId))
  const dropped = old.filter((id) => !keep.includes(id) && !queued.has(id))
  await Promise.all(
    dropped.map(async (id) => {
      const scans = (await request(seen.index(SEEN_BY_SESSION).getAllKeys(id))) as number[]
      await Promise.all([request(sessions.delete(id)), request(tallies.delete(id)), ...scans.map((s) => request(seen.delete(s)))])
    }),
  )
  return dropped
}

/**
 * The newest server clock kept with any session (its time and this phone's clock then), read
 * from the index alone; null when none holds one (nothing synced yet, or only by older versions).
 */
export async function heldClock(): Promise<Pick<DeviceClock, 'at' | 'deviceAt'> | null> {
  const cursor = (await store('sessions', 'readonly')).index(SESSIONS_BY_CLOCK).openKeyCursor(null, 'prev')
  const at = await request(cursor)
  if (!at) return null
  const [serverAt, deviceAt] = at.key as [number, number]
  return { at: serverAt, deviceAt }
}

/**
 * Keeps one scan answered online (valid) for the device's offline answers, without rewriting the
 * session's list. Resolves once committed, as saveSession: on a full phone the put succeeds and
 * the commit fails, and a scan the phone did not keep must not pass for kept (engine.ts remember).
 */
export async function rememberScan(calendarId: number, scan: SyncScan): Promise<void> {
  const tx = (await open()).transaction('seen', 'readwrite')
  await whenCommitted(tx, () => request(tx.objectStore('seen').put({ ...scan, calendarId } satisfies SeenScan)))
}

/**
 * Merges a sync answer into what the device holds: tickets by id; the scan history of every
 * ticket it names is replaced; the places of a whole sync, else those held. The clock is the
 * engine's to set (it knows when the call went out).
 */
export function mergeSync(held: SessionData | null, sync: DoorSync): SessionData {
  const tickets = new Map((sync.full || !held ? [] : held.tickets).map((t) => [t.id, t]))
  for (const t of sync.tickets) tickets.set(t.id, t)
  const renewed = new Set(sync.scans.map((s) => s.ticketId))
  const scans = (sync.full || !held ? [] : held.scans).filter((s) => !renewed.has(s.ticketId)).concat(sync.scans)
  const places = sync.places ?? held?.places ?? null
  return { calendarId: sync.calendar_id, cursor: sync.cursor, syncedAt: sync.serverTime, keys: sync.keys, lists: sync.lists, tickets: [...tickets.values()], scans, clock: held?.clock, places }
}

/**
 * Tickets the door admits in the data held (the server's rule: admittedTickets), null before the
 * session's first sync; with a gate, those of them its list lets in (its categories and sectors):
 * the steward at a gate of some tickets reads the gate's list, not the whole session's.
 */
export const heldTickets = (data: SessionData | null, gate: ListFilters | null = null): number | null => (data ? admittedTickets(gate ? data.tickets.filter((t) => listAdmits(gate, t)) : data.tickets) : null)

/**
 * The cursor to sync from: the one held, unless the data predates the places (an older version's):
 * then a whole sync, which brings them.
 */
export const cursorOf = (held: SessionData | null): string | undefined => (held?.places ? held.cursor : undefined)

/**
 * A ticket of a session other than `calendarId` whose list this device holds (synced ahead in the
 * gate chooser, or a gate worked earlier), by its printed code; null when none. Reads every such
 * list: only for a printed code the chosen session's list lacks (a holder at the wrong session's
 * door, a mistyped code), so a sold session's scans never pay for it.
 */
export async function ticketElsewhere(printed: string, calendarId: number): Promise<SyncTicket | null> {
  const cursor = (await store('sessions', 'readonly')).openCursor()
  return new Promise((resolve, reject) => {
    cursor.onerror = () => reject(cursor.error ?? new Error('IndexedDB request failed'))
    cursor.onsuccess = () => {
      const at = cursor.result
      if (!at) return resolve(null)
      const data = at.value as SessionData
      const found = data.calendarId === calendarId ? undefined : data.tickets.find((t) => t.code === printed)
      if (found) resolve(found)
      else at.continue()
    }
  })
}

/**
 * Queues an offline scan; resolves once its transaction has committed, and rejects when it was
 * rolled back. A put's own success is not enough: Chromium checks the origin's quota at commit, so
 * on a phone whose storage is full the put succeeds, the transaction then aborts, and the steward
 * was told *Valid* for a scan that was never kept (not uploaded, and the phone's own answers did
 * not know it: the same ticket let in again). `strict`: on disk, not only handed to the system,
 * before the steward is told: an admission record, one small row per person at the gate.
 */
export async function enqueue(scan: QueuedScan): Promise<void> {
  const tx = (await open()).transaction('queue', 'readwrite', { durability: 'strict' })
  const done = committed(tx)
  tx.objectStore('queue').put(scan)
  await done
}

/**
 * Runs `work`'s requests in `tx`, then waits for its commit: rejects with work's error, or
 * NotCommitted when the transaction rolls back after its requests succeeded (a full phone).
 */
async function whenCommitted(tx: IDBTransaction, work: () => Promise<unknown>): Promise<void> {
  // Both awaited together: a failed request aborts the transaction too, and that rejection is then handled.
  await Promise.all([committed(tx), work()])
}

/** Resolves when `tx` commits; rejects (NotCommitted) when it aborts (a failed request aborts it too). */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(new NotCommitted(tx.error))
  })
}

export async function queued(): Promise<QueuedScan[]> {
  return (await request((await store('queue', 'readonly')).getAll())) as QueuedScan[]
}

/**
 * Takes uploaded scans off the queue and adds what the server said of them to their sessions'
 * tallies, in one transaction: a reload between the two can neither lose a count nor count an
 * upload twice (the scans would be sent again, and a re-upload's flag is not counted: upload.ts).
 * Resolves once committed: the counts shown after it are read from what the phone kept.
 */
export async function dequeue(nonces: readonly string[], added: ReadonlyMap<number, Tally> = new Map()): Promise<void> {
  const tx = (await open()).transaction(['queue', 'tallies'], 'readwrite')
  const [queue, tallies] = [tx.objectStore('queue'), tx.objectStore('tallies')]
  await whenCommitted(tx, () =>
    Promise.all([
      ...nonces.map((n) => request(queue.delete(n))),
      ...[...added].map(async ([calendarId, add]) => {
        const held = await tallyIn(tallies, calendarId)
        await request(tallies.put({ calendarId, flagged: held.flagged + add.flagged, refused: held.refused + add.refused } satisfies TallyRow))
      }),
    ]),
  )
}

/** A session's tally (none yet: zeros). */
export async function tallyOf(calendarId: number): Promise<Tally> {
  return tallyIn(await store('tallies', 'readonly'), calendarId)
}

async function tallyIn(tallies: IDBObjectStore, calendarId: number): Promise<Tally> {
  const row = (await request(tallies.get(calendarId))) as TallyRow | undefined
  return { flagged: row?.flagged ?? 0, refused: row?.refused ?? 0 }
}
