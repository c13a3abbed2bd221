/**
 * Admission tokens of waiting rooms (issue 18.5), one per session of an event (calendar id),
 * kept in sessionStorage so a reload inside the tab does not send the visitor back to the queue
 * (the token is bound to his server session anyway; another tab or browser gains nothing).
 *
 * Not React state: the API client reads the tokens when it sends a buying call, and the waiting
 * gate listens for refusals through `subscribe` (useSyncExternalStore).
 */
const STORAGE_KEY = 'seatwise.admission'

export interface Held {
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
 * The X-Admission-Token value of a buying call: the unexpired token held for `calendarId` when the
 * call names its session (the seat-map calls), else every unexpired token held (a
 * general-admission order names sessions by day and time; the server picks each session's own
 * by its calendar id), joined by commas. Undefined when none. Only the call's own: a visitor who
 * went through many rooms holds many tokens, and the server reads a bounded number per session.
 */
export function admissionHeader(now = Date.now(), calendarId?: number): string | undefined {
  const held = calendarId === undefined ? Object.values(tokens) : [tokens[calendarId]].filter((h): h is Held => h !== undefined)
  const live = held.filter((h) => h.expiresAt > now).map((h) => h.token)
  return live.length ? live.join(',') : undefined
}

/** The session a buying call names by id (calendar_id of the cart calls, calendarId of a seat-map order), if any. */
export function calendarOfCall(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const b = body as { calendar_id?: unknown; calendarId?: unknown }
  const id = b.calendar_id ?? b.calendarId
  return typeof id === 'number' ? id : undefined
}

/** What the queue answers about one session (the queueStatus call's fields that matter here). */
export interface AdmissionAnswer {
  state: 'off' | 'waiting' | 'admitted'
  token: string | null
  token_expires_at: number | null
}

/** The token an answer of the queue hands out: only when it admits the visitor. */
export function admittedToken(a: AdmissionAnswer): Held | null {
  return a.state === 'admitted' && a.token !== null && a.token_expires_at !== null ? { token: a.token, expiresAt: a.token_expires_at } : null
}

/**
 * The visitor signed in (or out): the server moved him to a new session id, and the tokens held
 * were signed for the old one (src/server/plugins/session.ts rotateSession), so his next buying
 * call would be refused and the page sent back to the queue for a moment. His places moved with
 * him: ask the queue again for every session a token is held for, now, and keep what it hands out.
 * A session whose room is off or no longer admits him loses its token; one that could not be
 * asked keeps the old one (its refusal then goes the usual way, admissionRefused).
 */
export async function renewAdmissions(ask: (calendarId: number) => Promise<AdmissionAnswer>, now = Date.now()): Promise<void> {
  const held = Object.entries(tokens).filter(([, h]) => h.expiresAt > now).map(([id]) => Number(id))
  const answers = await Promise.allSettled(held.map(async (id) => [id, await ask(id)] as const))
  const next = { ...tokens }
  for (const result of answers) {
    if (result.status !== 'fulfilled') continue
    const [id, a] = result.value
    const held = admittedToken(a)
    if (held !== null) next[id] = held
    else delete next[id]
  }
  tokens = next
  save()
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
