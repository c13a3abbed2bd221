import { z } from 'zod'
import { accessibleReleaseSchema } from '../entities/access'
import { langSchema } from '../lang'

/** The single-seat rule of hand-picked seats (issue 20 item 2): 'warn' in the cart, or 'enforce' (the server refuses). */
export const orphanRuleSchema = z.enum(['warn', 'enforce'])

/** An event's seat-choice rules (issue 20): the single-seat rule of all its sessions. */
export const eventSeatingSchema = z.object({ orphan_rule: orphanRuleSchema, lang: langSchema.optional() })
export type EventSeatingInput = z.infer<typeof eventSeatingSchema>

/**
 * A session's seat-choice rules (issue 20 items 2-3): whether wheelchair spaces and their
 * companion seats are held back for accessible requests, the rule that releases them to general
 * sale ('all' / 'area' / 'level' sold out), and the session's own single-seat rule (null = the
 * event's).
 */
export const sessionSeatingSchema = z.object({
  accessible_hold: z.boolean(),
  accessible_release: accessibleReleaseSchema,
  orphan_rule: orphanRuleSchema.nullable().default(null),
  lang: langSchema.optional(),
})
export type SessionSeatingInput = z.infer<typeof sessionSeatingSchema>

/** What the console shows of a session's seat-choice rules, with the releases that happened. */
export const sessionSeatingViewSchema = z.object({
  accessible_hold: z.boolean(),
  accessible_release: accessibleReleaseSchema,
  orphan_rule: orphanRuleSchema.nullable(),
  event_orphan_rule: orphanRuleSchema,
  releases: z.array(z.object({ scope: z.enum(['all', 'sector', 'zone']), scope_id: z.number().int(), released_at: z.number() })),
})
export type SessionSeatingView = z.infer<typeof sessionSeatingViewSchema>
