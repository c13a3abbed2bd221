import { useEffect, useRef, useState } from 'react'
import { SEAT_EVENTS_PATH, seatStatusEventSchema, type SeatStatusEvent } from '../../../contract/entities/scheme'
import type { SeatMapEngine } from '../../../engine/SeatMapEngine'
import { api } from '../../api/client'
import { cartSeatIds, useCart } from '../../state/cart'
import { applyServerStatuses } from './liveStatus'

type Changes = SeatStatusEvent['changes']

/**
 * Live seat statuses (issue "Seat-scheme booking"): subscribes to the server-sent event stream
 * of the session and applies every change to the engine, so others' holds and sales turn taken
 * without a reload. The stream opens on mount, before the map has downloaded and parsed (seconds
 * on the stadium): changes heard meanwhile are buffered and applied once the map is shown, so
 * the parse time is not a blind spot. EventSource reconnects by itself; changes sent while it
 * was away are lost, so after a reconnect the map's statuses are re-read from /api/scheme/map.
 * Returns false while the stream is down. Seats in `blocked` (not for sale in the chosen mode)
 * are left as the map draws them.
 */
export function useSeatEvents(engine: SeatMapEngine | null, hash: string, calendarId: number, ready: boolean, blocked: ReadonlySet<string>): boolean {
  const [connected, setConnected] = useState(true)
  const target = useRef<SeatMapEngine | null>(null)
  const pending = useRef<Changes[]>([])
  const blockedRef = useRef(blocked)
  blockedRef.current = blocked

  // The engine receives changes only while its venue is shown; buffered ones are flushed then.
  useEffect(() => {
    target.current = ready ? engine : null
    if (target.current === null) return
    const mine = cartSeatIds(useCart.getState().items)
    for (const changes of pending.current) applyServerStatuses(target.current, changes, mine, blockedRef.current)
    pending.current = []
  }, [engine, ready])

  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(`${SEAT_EVENTS_PATH}?calendar_id=${calendarId}`)
    let lost = false
    let cancelled = false
    const deliver = (changes: Changes) => {
      if (target.current === null) pending.current.push(changes)
      else applyServerStatuses(target.current, changes, cartSeatIds(useCart.getState().items), blockedRef.current)
    }
    source.onmessage = (e: MessageEvent<string>) => {
      let parsed
      try {
        parsed = seatStatusEventSchema.safeParse(JSON.parse(e.data))
      } catch {
        return
      }
      if (parsed.success && parsed.data.calendar_id === calendarId) deliver(parsed.data.changes)
    }
    source.onerror = () => {
      lost = true
      setConnected(false)
    }
    source.onopen = () => {
      setConnected(true)
      if (!lost) return
      lost = false
      api.call('schemeMap', { hash, calendar_id: calendarId }).then(
        (map) => {
          if (!cancelled) deliver(map.seat_numbers)
        },
        (error: unknown) => console.error('seat re-sync failed', error),
      )
    }
    return () => {
      cancelled = true
      source.close()
      pending.current = []
    }
  }, [hash, calendarId])
  return connected
}
