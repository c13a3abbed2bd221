import { z } from 'zod'
import { langSchema } from '../lang'

/** The operator's switch of a session's waiting room (issue 18.5). */
export const waitingRoomInputSchema = z.object({
  enabled: z.boolean(),
  /** On-sale moment (epoch ms): who arrives before waits and is drawn in random order then. */
  opens_at: z.number().int().min(0).max(8_640_000_000_000_000),
  /** Visitors admitted per minute from the on-sale moment. */
  admit_per_minute: z.number().int().min(1).max(1_000_000),
  lang: langSchema.optional(),
})
export type WaitingRoomInput = z.infer<typeof waitingRoomInputSchema>
