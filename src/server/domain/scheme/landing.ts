import type { z } from 'zod'
import { hashSchema } from '../../../contract/entities/common'
import type { SchemeMapCompiledResponse } from '../../../contract/entities/compiledVenue'
import type { QueueStatus } from '../../../contract/entities/queue'
import type { SchemeSessionsResponse, schemeResponseSchema } from '../../../contract/entities/scheme'
import { SCHEME_PAGE_ROUTE } from '../../../contract/landing'
import { routeSession } from '../../../contract/selection'
import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { queueStatusIfOff } from '../waiting/room'
import { schemeMapCompiledAnswer } from './compiled-map'
import { buildSchemeHeader, sharedSchemeSessions } from './views'

/**
 * The scheme page's landing answers (issue 16: the map's critical path). A visitor opening
 * /scheme/<hash>[/<date>[/<time>]] made, one after another, GET /api/token, then POST
 * /api/scheme and /api/scheme/sessions, then /api/queue/status and /api/scheme/map/compiled, and
 * only then could the venue worker ask for the map: three round trips after the entry ran (it sends them
 * before the app has loaded, app/boot/earlyAnswers.ts). The page's HTML now carries the answers
 * of those POSTs that are the same for every visitor, computed by the calls' own functions:
 * the event's header and sessions, and for the session the route resolves to (the shared rule,
 * contract/selection.ts) the compiled map's location and, when its waiting room is off, the
 * room's answer. The venue download then starts as soon as the entry runs.
 *
 * Left to the page's own calls: the CSRF token (the visitor's session), a room that is on (the
 * visitor's place), and any call that fails (its error text is in the visitor's language).
 */
export interface SchemeLanding {
  hash: string
  scheme: z.output<typeof schemeResponseSchema>
  sessions: SchemeSessionsResponse
  /** The session the route resolves to, with its answers; absent where none is chosen (several times on the day) or its answers failed. */
  session?: { calendar_id: number; queue: QueueStatus | null; compiled: SchemeMapCompiledResponse | null }
}

/**
 * The route's hash, date and time of a scheme page's path, or null for any other path, a
 * malformed escape, or a hash the calls would refuse (the contract's hashSchema: nothing the
 * database could choke on, such as a NUL, reaches it).
 */
export function schemeRouteOf(pathname: string): { hash: string; date?: string; time?: string } | null {
  const m = SCHEME_PAGE_ROUTE.exec(pathname)
  if (m === null) return null
  try {
    const [hash, date, time] = [m[1], m[2], m[3]].map((s) => (s === undefined ? undefined : decodeURIComponent(s)))
    return hashSchema.safeParse(hash).success ? { hash: hash!, date, time } : null
  } catch {
    return null
  }
}

/** A call's refusal leaves its part out (the page asks and shows the error); anything else is the caller's. */
async function unlessRefused<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer
  } catch (e) {
    if (e instanceof ApiFailure) return null
    throw e
  }
}

/** The landing answers of a scheme page, or null where its event does not answer (unknown hash, not a seat-map event). */
export async function schemeLanding(db: Db, route: { hash: string; date?: string; time?: string }, now = Date.now()): Promise<SchemeLanding | null> {
  const [scheme, sessions] = await Promise.all([unlessRefused(buildSchemeHeader(db, route.hash)), unlessRefused(sharedSchemeSessions(db, route.hash, now))])
  if (scheme === null || sessions === null) return null
  const landing: SchemeLanding = { hash: route.hash, scheme, sessions }
  const chosen = routeSession(sessions.calendar, route.date, route.time)
  if (chosen === null) return landing
  const [queue, compiled] = await Promise.all([queueStatusIfOff(db, chosen.calendar_id), unlessRefused(schemeMapCompiledAnswer(db, route.hash, chosen.calendar_id, now))])
  landing.session = { calendar_id: chosen.calendar_id, queue, compiled }
  return landing
}
