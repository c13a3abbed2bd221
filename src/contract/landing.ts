/**
 * The scheme page's landing answers, as its HTML carries them (server/plugins/scheme-landing.ts
 * writes them, app/boot/earlyAnswers.ts reads them): a JSON data block with this element id,
 * holding the answers of POST /api/scheme and /api/scheme/sessions for `hash`, and of
 * /api/queue/status (room off) and /api/scheme/map/compiled for the session the route resolves
 * to. Raw as each call answers: the API client parses them with the call's schema when it takes
 * them. No zod here: the entry reads this before evaluating zod.
 */
export const LANDING_ELEMENT_ID = 'seatwise-landing'

/** The storefront's seat-map page (app/routes.tsx: scheme/:hash/:date?/:time?), its segments still escaped: the pages that get landing answers. */
export const SCHEME_PAGE_ROUTE = /^\/scheme\/([^/]+)(?:\/([^/]+))?(?:\/([^/]+))?\/?$/

export interface LandingAnswers {
  hash: string
  scheme: unknown
  sessions: unknown
  /** queue is null where the session's waiting room is on (the answer is the visitor's own); compiled null where it failed. */
  session?: { calendar_id: number; queue: unknown; compiled: unknown }
}
