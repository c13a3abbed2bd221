import {
  SEAT_EVENTS_PATH,
  SEAT_STREAM_EVENTS,
  seatStatusEventSchema,
  seatSyncEventSchema,
  type SeatStatusEvent,
  type SeatSyncEvent,
} from '../../../../contract/entities/scheme'

/** The part of EventSource the stream uses (tests hand in their own). */
export interface EventSourceLike {
  onopen: ((this: never, ev: Event) => unknown) | null
  onerror: ((this: never, ev: Event) => unknown) | null
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void): void
  close(): void
}
export type EventSourceFactory = (url: string) => EventSourceLike

export interface SeatStreamHandlers {
  /** Seat changes of this session (a `data:` message). */
  changes(changes: SeatStatusEvent['changes']): void
  /**
   * The `sync` message of each connection (`reconnect`: the connection had been lost before):
   * with `resync` the changes missed are not kept (or the resume point was refused) and the
   * statuses must be re-read; without it every change after the resume point has been replayed.
   */
  sync(event: SeatSyncEvent, reconnect: boolean): void
  /** The connection went down (false) or came back (true). */
  connected(up: boolean): void
}

function parseData<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, data: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The stream's URL: `since` is the statuses' position in the change log (the map answer's version). */
export function seatStreamUrl(calendarId: number, since?: number): string {
  return `${SEAT_EVENTS_PATH}?calendar_id=${calendarId}${since === undefined ? '' : `&last_event_id=${since}`}`
}

/**
 * The session's live seat stream (GET /api/scheme/events, messages defined in the contract):
 * every message kind is parsed with its contract schema and handed on; messages of another
 * session or that do not parse are dropped.
 *
 * `since` is the version of the statuses the page drew (the map answer's `version`): the server
 * first replays every change after it, so a change made between loading the map and opening the
 * stream is not missed. EventSource reconnects by itself and sends the last `id:` it saw
 * (Last-Event-ID, which the server prefers to the URL's last_event_id), so the server replays
 * exactly what was missed, or says `resync` in its `sync` message. Returns the closer.
 */
export function openSeatStream(calendarId: number, handlers: SeatStreamHandlers, create: EventSourceFactory, since?: number): () => void {
  const source = create(seatStreamUrl(calendarId, since))
  let lost = false
  let reconnect = false
  source.addEventListener(SEAT_STREAM_EVENTS.changes, (e) => {
    const event = parseData(seatStatusEventSchema, e.data)
    if (event !== null && event.calendar_id === calendarId) handlers.changes(event.changes)
  })
  source.addEventListener(SEAT_STREAM_EVENTS.sync, (e) => {
    const event = parseData(seatSyncEventSchema, e.data)
    if (event === null || event.calendar_id !== calendarId) return
    handlers.sync(event, reconnect)
    reconnect = false
  })
  source.onerror = () => {
    lost = true
    handlers.connected(false)
  }
  source.onopen = () => {
    handlers.connected(true)
    if (lost) reconnect = true
    lost = false
  }
  return () => source.close()
}
