import { z } from 'zod'
import { accessTypeSchema } from '../entities/access'

/**
 * The studio's seat-kind painting (issue 20 items 2-3), kept apart from the studio's other edits:
 * - seat-type: what the selected seats are for (accessible seating), or null for ordinary
 *   seats; a companion seat names its wheelchair space (`companion_of`, a seat key of the map);
 * - quality: the selected seats' ranking for best available, 0 (worst) … 1 (best), or null to
 *   go back to the default (distance from the stage centre and row order).
 * Like every studio edit, a save makes a new version of the map, or changes a draft in place (studio.ts).
 */
export function paintKindOpSchemas<S extends z.ZodTypeAny>(seats: S) {
  return [
    z
      .object({ op: z.literal('seat-type'), type: accessTypeSchema.nullable(), companion_of: z.string().min(1).max(200).optional(), seats })
      .refine((o) => (o.type === 'companion') === (o.companion_of !== undefined), { message: 'a companion seat names its wheelchair space (companion_of), other types none', path: ['companion_of'] }),
    z.object({ op: z.literal('quality'), quality: z.number().min(0).max(1).nullable(), seats }),
  ] as const
}
