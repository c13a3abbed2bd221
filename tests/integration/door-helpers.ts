import path from 'node:path'
import pino from 'pino'
import type { RedeemAnswer } from '../../src/server/domain/redemption/outcome'
import { loadTicketKeys, type TicketKeys } from '../../src/server/domain/tickets/keys'
import type { Db } from '../../src/server/db/connect'
import type { TestServer } from '../support/server'
import type { Visitor } from './order-fixtures'

/** How far ahead bringToDoor puts a session: inside the door's window (door-window.ts), and returns still open. */
const AT_DOOR_AHEAD_MS = 24 * 3600 * 1000

/**
 * Moves sessions to begin tomorrow: the check-in app's calls work only sessions at the door now
 * (door-window.ts), and fixtures' sessions begin days ahead.
 */
export async function bringToDoor(db: Db, calendarIds: readonly number[]): Promise<void> {
  await db.updateTable('calendars').set({ starts_at: Date.now() + AT_DOOR_AHEAD_MS }).where('id', 'in', [...calendarIds]).execute()
}

/** The door token the door tests start their servers with. */
export const DOOR_TOKEN = 'door-token-for-tests-0123456789'

export type DoorAnswer = RedeemAnswer & { errorCode: string; errorText: string }

let nonces = 0
/** A fresh scan nonce, as a device makes one per scan. */
export const nonce = () => `n${Date.now().toString(36)}x${(nonces++).toString(36)}x${Math.random().toString(36).slice(2, 10)}`

/** A door device: posts scans with the bearer token. */
export async function doorPost<T = DoorAnswer>(server: TestServer, pathname: string, body: unknown, token: string | null = DOOR_TOKEN): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token !== null) headers.authorization = `Bearer ${token}`
  const res = await fetch(`${server.url}${pathname}`, { method: 'POST', headers, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as T }
}

export interface ScanInput {
  code: string
  sessionId: number
  gate?: string
  nonce?: string
  direction?: 'in' | 'out'
  scannedAt?: number
  offline?: boolean
  reentry?: boolean
}

/** One online scan; answers the door's answer (throws on an API error). */
export async function scan(server: TestServer, input: ScanInput): Promise<DoorAnswer> {
  const res = await doorPost(server, '/api/door/redeem', { gate: 'A', nonce: nonce(), ...input })
  if (res.status !== 200) throw new Error(`door answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body
}

/** The keys of a test server, read from the key file its first start generated (Ed25519 signatures are deterministic: the same token the server draws). */
export function serverKeys(server: TestServer): Promise<TicketKeys> {
  return loadTicketKeys({ ...server.config.ticketKeys, signingKeyFile: path.join(server.dataDir, 'keys', 'ticket-signing-key.pem') }, pino({ level: 'silent' }))
}

interface ViewLine { id: number; action_group: number; ticketcode: string; _qrcode: string; _barcode: string; tickettype: number; return_status: number }

/** The ticket lines of an order's view. */
export async function viewLines(v: Visitor, hash: string): Promise<ViewLine[]> {
  const res = await v.post<{ errorCode: string; main: ViewLine[] }>('/api/order/view', { hash, lang: 'en' })
  if (res.body.errorCode !== '0') throw new Error(`order view failed: ${JSON.stringify(res.body)}`)
  return res.body.main
}
