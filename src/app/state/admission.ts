import type { CallName } from '../../contract/calls'

/**
 * Admission tokens of waiting rooms (issue 18.5), one per session of an event (calendar id),
 * kept in sessionStorage so a reload inside the tab does not send the visitor back to the queue
 * (the token is bound to his server session anyway; another tab or browser gains nothing).
 *
 * Not React state: the API client reads the tokens when it sends a buying call, and the waiting
 * gate listens for refusals through `subscribe` (useSyncExternalStore).
 */
const STORAGE_KEY = 'seatwise.admission'

/** The shop's calls the server's waiting room guards (src/server/plugins/waiting-room.ts). */
export const BUYING_CALLS: ReadonlySet<CallName> = new Set<CallName>(['cartUpdate', 'cartBest', 'orderCreateScheme', 'orderCreate'])

interface Held {
  token: string
  expiresAt: number
}

let tokens: Record<string, Held> = load()
/** Refusals seen: every open gate asks for its place again when this grows. */
let refusals = 0
const listeners = new Set<() => void>()

function load(): Record<string, Held> {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY)
    return raw ? (JSON.parse(raw) as Record<string, Held>) : {}
  } catch {
    return {}
  }
}

function save(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tokens))
  } catch {
    // Private mode or full storage: the tokens still live in memory for this page.
  }
}

/** Keeps the token the queue handed out for a session. */
export function keepAdmission(calendarId: number, token: string, expiresAt: number): void {
  tokens = { ...tokens, [calendarId]: { token, expiresAt } }
  save()
}

/**
 * The X-Admission-Token value: every unexpired token held, joined by commas (a general-admission
 * order may name several sessions; the server checks each session against them). Undefined when none.
 */
export function admissionHeader(now = Date.now()): string | undefined {
  const live = Object.values(tokens).filter((h) => h.expiresAt > now).map((h) => h.token)
  return live.length ? live.join(',') : undefined
}

/**
 * A buying call was refused for want of admission: forget the tokens (one expired or the room
 * switched on since) and tell every gate to ask for its place again.
 */
export function admissionRefused(): void {
  tokens = {}
  save()
  refusals++
  for (const l of listeners) l()
}

/** How many refusals were seen (a gate re-checks its room when this changes). */
export function refusalCount(): number {
  return refusals
}

export function subscribeAdmission(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
