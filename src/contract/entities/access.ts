import { z } from 'zod'

/**
 * Accessible seating (issue 20 item 3): what a seat is for, per seat of a map version.
 * - wheelchair: a wheelchair space;
 * - companion: a seat for a wheelchair user's companion, linked to its space (`companion_of`);
 * - transfer: an aisle seat with a movable armrest one can transfer to from a wheelchair;
 * - restricted: a seat with a restricted view;
 * - signlang: a seat with a clear sight line to the sign-language interpreter.
 */
export const ACCESS_TYPES = ['wheelchair', 'companion', 'transfer', 'restricted', 'signlang'] as const
export const accessTypeSchema = z.enum(ACCESS_TYPES)
export type AccessType = z.infer<typeof accessTypeSchema>

/** Most companion seats an accessible best-available request holds with one wheelchair space. */
export const ACCESSIBLE_COMPANIONS_MAX = 3

/** When held-back accessible spaces go on general sale: every other seat of the session, of the space's sector, or of its price level is taken. */
export const ACCESSIBLE_RELEASE_RULES = ['all', 'area', 'level'] as const
export const accessibleReleaseSchema = z.enum(ACCESSIBLE_RELEASE_RULES)
export type AccessibleRelease = z.infer<typeof accessibleReleaseSchema>
