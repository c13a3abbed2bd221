import { ApiFailure } from '../../errors'
import { LANGS } from '../../../contract/lang'
import { seatPlaceText } from '../../../contract/rules/seat-place'
import { joinLocalized, localize, type LocalizedText, type MessageParam } from '../../messages'
import { KEY_CHUNK, TAKEN_NAMED_MAX } from './constants'

/**
 * The places a visitor names by key (seat_id of /api/scheme/map and seat_stand): numbered seats
 * and standing places share one key space per drawing (places.repository.ts reads them), and
 * how a refusal names them.
 */
export interface SeatPlace {
  kind: 'seat'
  key: string
  id: number
  zoneId: number | null
  sector: string
  row: string
  seat: string
}
export interface StandPlace {
  kind: 'stand'
  key: string
  id: number
  zoneId: number | null
  name: string
  capacity: number
}
export type Place = SeatPlace | StandPlace

function chunks<T>(list: readonly T[], size = KEY_CHUNK): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** Unknown place keys named in a refusal; the rest are not listed. */
export const UNKNOWN_NAMED_MAX = 20

/**
 * A place as a visitor reads it in a refusal, in every language: a seat by the one seat wording
 * (contract/rules/seat-place.ts: "Stalls centre, row 1, seat 1" / "Партер, ряд 1, место 1", a
 * part the drawing left empty left out), a standing place by its name. A seat the drawing names
 * no sector, row or number of is named by its key.
 */
export function placeText(p: Place): LocalizedText {
  if (p.kind === 'stand') return localize('phrase.stand', { name: p.name || p.key })
  if (!p.sector && !p.row && !p.seat) return joinLocalized([p.key])
  return Object.fromEntries(LANGS.map((lang) => [lang, seatPlaceText(p, lang)])) as LocalizedText
}

/** The answer when places are taken: -1005 naming them (the first TAKEN_NAMED_MAX). */
export function takenFailure(places: readonly Place[]): ApiFailure {
  const named: MessageParam[] = places.slice(0, TAKEN_NAMED_MAX).map(placeText)
  if (places.length > TAKEN_NAMED_MAX) named.push(localize('phrase.more', { n: places.length - TAKEN_NAMED_MAX }))
  return new ApiFailure('places-taken', { places: joinLocalized(named, '; ') })
}

export { chunks }
