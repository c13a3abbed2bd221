import { useEffect, useState } from 'react'
import type { SchemeMapResponse } from '../../../contract/entities/scheme'
import type { VenueData, VenueZone } from '../../../engine/model'
import { createVenueParser } from '../../../workers/venueParserClient'
import { api } from '../../api/client'

/** Where the map of a session is: downloading, parsing in the worker, shown, or failed. */
export type VenuePhase = 'download' | 'parse' | 'ready' | 'no-svg' | 'error'

export interface VenueState {
  phase: VenuePhase
  map: SchemeMapResponse | null
  venue: VenueData | null
}

/**
 * Loads /api/scheme/map for a session and parses the drawing with its metadata in the venue
 * worker (the main thread stays responsive on the 60,000-seat stadium). A map without svg
 * ends in 'no-svg' (messages.scheme-not-loaded). The parser's worker is released afterwards.
 * Seats and standing places outside `openZones` (zones the visitor cannot buy in the chosen
 * mode) are left out of the metadata, so the engine draws them as not for sale.
 */
export function useVenue(hash: string, calendarId: number, zones: readonly VenueZone[], openZones: ReadonlySet<number>): VenueState {
  const [state, setState] = useState<VenueState>({ phase: 'download', map: null, venue: null })
  useEffect(() => {
    let cancelled = false
    const parser = createVenueParser()
    setState({ phase: 'download', map: null, venue: null })
    void (async () => {
      try {
        const map = await api.call('schemeMap', { hash, calendar_id: calendarId })
        if (cancelled) return
        if (map.svg === '') {
          setState({ phase: 'no-svg', map, venue: null })
          return
        }
        setState({ phase: 'parse', map, venue: null })
        const result = await parser.parse(map.svg, {
          metadata: {
            sectors: map.sectors,
            seat_numbers: map.seat_numbers.filter((x) => openZones.has(x.zonelevel_id)),
            seat_stand: map.seat_stand.filter((x) => openZones.has(x.cat)),
            zones: [...zones],
          },
        })
        if (cancelled) return
        if (result.errorCode !== '0' || !('venue' in result)) {
          console.error('venue parse failed', result)
          setState({ phase: 'error', map, venue: null })
          return
        }
        setState({ phase: 'ready', map, venue: result.venue })
      } catch (e) {
        if (cancelled) return
        console.error('scheme map failed', e)
        setState({ phase: 'error', map: null, venue: null })
      } finally {
        parser.dispose()
      }
    })()
    return () => {
      cancelled = true
      parser.dispose()
    }
    // zones and openZones are derived from the session's prices and mode, which only change with
    // calendarId or a remount (the page keys a session by its mode).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, calendarId])
  return state
}
