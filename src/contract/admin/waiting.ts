import { z } from 'zod'
import { langSchema } from '../lang'

const perMinute = z.number().int().min(1).max(1_000_000)

/** The operator's switch of a session's waiting room (issue 18.5). */
export const waitingRoomInputSchema = z.object({
  enabled: z.boolean(),
  /** On-sale moment (epoch ms): who arrives before waits and is drawn in random order then. */
  opens_at: z.number().int().min(0).max(8_640_000_000_000_000),
  /** Visitors admitted per minute from the on-sale moment. */
  admit_per_minute: perMinute,
  /**
   * Client addresses making buying calls of the session in a minute above which a room that is
   * off switches itself on, its draw a few seconds later (null or absent: only the operator
   * switches it). Addresses, not calls: one client cannot trip it alone.
   */
  auto_per_minute: perMinute.nullable().optional(),
  lang: langSchema.optional(),
})
export type WaitingRoomInput = z.infer<typeof waitingRoomInputSchema>

/** GET /api/admin/sessions/:id/waiting-room: the room's settings (defaults when none was set) and its queue. */
export const waitingRoomViewSchema = z.object({
  calendar_id: z.number().int(),
  /** The session as the screen names it: its event, day and time. */
  session: z.object({ event_id: z.number().int(), day: z.string(), time: z.string(), name_ru: z.string(), name_en: z.string(), name_kz: z.string(), name_ch: z.string() }),
  /** Whether the session's event is archived: the room is read-only until the event is restored (the server refuses a change). */
  event_archived: z.boolean(),
  /** False when the session never had a room (the settings below are the form's defaults). */
  exists: z.boolean(),
  enabled: z.boolean(),
  opens_at: z.number().int(),
  admit_per_minute: z.number().int(),
  auto_per_minute: z.number().int().nullable(),
  /** Visitors who joined (every one who asked for his place while the room was on). */
  visitors: z.number().int().min(0),
  /** Places admitted so far (the room's admission watermark at the rate, at most the placed visitors). */
  admitted: z.number().int().min(0),
  /** Visitors with a place (after the draw). */
  placed: z.number().int().min(0),
})
export type WaitingRoomView = z.infer<typeof waitingRoomViewSchema>
