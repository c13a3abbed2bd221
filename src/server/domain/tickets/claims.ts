import type { TicketClaims } from '../../../contract/tickets/token'

/** The order-line fields a ticket token is made of. */
export interface ClaimSource {
  id: number
  calendar_id: number
  seat_id: number | null
  standing_place_id: number | null
  client_category_id: number
}

/**
 * What a ticket's token says (issue 19.3): the ticket (order line), its session, and its seat,
 * else its standing place, else its category (general admission). The door compares these with
 * the ticket as it is now, so a reseated ticket's old code no longer admits.
 */
export function ticketClaims(line: ClaimSource): TicketClaims {
  const place: TicketClaims['place'] =
    line.seat_id !== null ? { kind: 'seat', id: line.seat_id } : line.standing_place_id !== null ? { kind: 'standing', id: line.standing_place_id } : { kind: 'category', id: line.client_category_id }
  return { ticketId: line.id, sessionId: line.calendar_id, place }
}
