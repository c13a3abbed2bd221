import type { DoorScan, DoorSync, RedeemResult, SyncScan, SyncTicket } from '../../../contract/admin/door'

/**
 * The door device's storage (IndexedDB, so a reload or a dead battery loses nothing):
 * - `sessions`: per session the synced ticket list, public keys, lists, scans and the cursor;
 * - `queue`: scans made offline, by nonce, until the server has them (a re-upload of a nonce
 *   the server has answers the stored scan, so sending twice is harmless).
 */
const DB_NAME = 'seatwise-door'
const DB_VERSION = 1

export interface SessionData {
  calendarId: number
  cursor: string
  syncedAt: number
  keys: DoorSync['keys']
  lists: DoorSync['lists']
  tickets: SyncTicket[]
  scans: SyncScan[]
}

/** A scan waiting for upload, with what the device answered. */
export interface QueuedScan extends DoorScan {
  nonce: string
  sessionId: number
  gate: string
  /** The result the device showed (the server may decide otherwise: first scan wins); uploaded, so a refusal is logged as shown. */
  shown: RedeemResult
  ticketId: number | null
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'))
  })
}

let opened: Promise<IDBDatabase> | null = null
function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB_NAME, DB_VERSION)
    r.onupgradeneeded = () => {
      r.result.createObjectStore('sessions', { keyPath: 'calendarId' })
      r.result.createObjectStore('queue', { keyPath: 'nonce' })
    }
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error('IndexedDB cannot be opened'))
  })
  return opened
}

async function store(name: 'sessions' | 'queue', mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await open()).transaction(name, mode).objectStore(name)
}

export async function loadSession(calendarId: number): Promise<SessionData | null> {
  return ((await request((await store('sessions', 'readonly')).get(calendarId))) as SessionData | undefined) ?? null
}

export async function saveSession(data: SessionData): Promise<void> {
  await request((await store('sessions', 'readwrite')).put(data))
}

/** Merges a sync answer into what the device holds: tickets by id; the scan history of every ticket it names is replaced. */
export function mergeSync(held: SessionData | null, sync: DoorSync): SessionData {
  const tickets = new Map((sync.full || !held ? [] : held.tickets).map((t) => [t.id, t]))
  for (const t of sync.tickets) tickets.set(t.id, t)
  const renewed = new Set(sync.scans.map((s) => s.ticketId))
  const scans = (sync.full || !held ? [] : held.scans).filter((s) => !renewed.has(s.ticketId)).concat(sync.scans)
  return { calendarId: sync.calendar_id, cursor: sync.cursor, syncedAt: sync.serverTime, keys: sync.keys, lists: sync.lists, tickets: [...tickets.values()], scans }
}

export async function enqueue(scan: QueuedScan): Promise<void> {
  await request((await store('queue', 'readwrite')).put(scan))
}

export async function queued(): Promise<QueuedScan[]> {
  return (await request((await store('queue', 'readonly')).getAll())) as QueuedScan[]
}

export async function dequeue(nonces: readonly string[]): Promise<void> {
  const s = await store('queue', 'readwrite')
  await Promise.all(nonces.map((n) => request(s.delete(n))))
}
