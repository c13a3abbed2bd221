import { z } from 'zod'

/**
 * The session's places as a door device downloads them (issue 19.4), so that offline it can tell
 * the steward where a ticket sold after its last sync sits: the signed QR code names only the
 * seat, standing place or category by id (each byte more would grow the code), and the ticket is
 * not in the device's list yet. Compact (seats as tuples grouped by sector, about 20 bytes a seat
 * before compression) and sent with a whole sync only: places change with the drawing, not with
 * sales.
 */

const id = z.number().int()
const names = z.object({ ru: z.string(), en: z.string(), kz: z.string(), ch: z.string() })

/** A seat: [seat id, row, seat number, price zone id (0: none)]. */
export const placeSeatSchema = z.tuple([id, z.string(), z.string(), id])
/** A standing place: [id, name, price zone id (0: none)]. */
export const placeStandingSchema = z.tuple([id, z.string(), id])

export const syncPlacesSchema = z.object({
  /** The sectors of the session's drawing, each with its seats. */
  sectors: z.array(z.object({ id, name: z.string(), seats: z.array(placeSeatSchema) })),
  standing: z.array(placeStandingSchema),
  /** Price zones and the client categories each is sold in this session (one: a seat's category is known; several: one of them). */
  zones: z.array(z.object({ id, categoryIds: z.array(id) })),
  /** The client categories the session sells, in the four languages. */
  categories: z.array(z.object({ id, name: names })),
})
export type SyncPlaces = z.infer<typeof syncPlacesSchema>

/** Zone id of a place without one (tuples hold numbers only). */
export const NO_ZONE = 0
