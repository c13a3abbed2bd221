import { z } from 'zod'
import { defineCall, noQuery } from './define'
import { placedOrderCalls } from './placed-order-calls'
import { tokenResponseSchema } from './entities/token'
import { setupSchema } from './entities/setup'
import { afishaResponseSchema } from './entities/afisha'
import { noSchemeRequestSchema, noSchemeResponseSchema } from './entities/event'
import { orderCreatedSchema, orderCreateRequestSchema, orderCreateSchemeRequestSchema } from './entities/order'
import { confirmNominalRequestSchema, confirmNominalResponseSchema, orderDataRequestSchema, orderDataResponseSchema } from './entities/nominal'
import { captchaCheckRequestSchema, captchaCheckResponseSchema, captchaRequestSchema, captchaSchema } from './entities/captcha'
import { crmClientInfoRequestSchema, crmClientInfoResponseSchema, crmLogoutResponseSchema } from './entities/crm'
import { cartListRequestSchema, cartResponseSchema, cartUpdateRequestSchema } from './entities/cart'
import { bestSeatsRequestSchema, bestSeatsResponseSchema } from './entities/best'
import { binaryAnswerSchema, COMPILED_VENUE_PATH, compiledVenueParamsSchema, SCHEME_MAP_STATUSES_PATH, schemeMapCompiledResponseSchema, schemeMapStatusesQuerySchema } from './entities/compiledVenue'
import { queueStatusRequestSchema, queueStatusResponseSchema } from './entities/queue'
import {
  schemeMapRequestSchema,
  schemeMapResponseSchema,
  schemeRequestSchema,
  schemeResponseSchema,
  schemeSessionsRequestSchema,
  schemeSessionsResponseSchema,
} from './entities/scheme'

/**
 * Every call of §7 of both spec documents, at the spec's paths (Fastify syntax). The server
 * registers one route per entry; the client calls by key; OpenAPI is generated from them.
 * Calls whose payload or answer the spec does not show carry our design in `description` and
 * in the schema's doc comment. The calls about a placed order are in placed-order-calls.ts.
 */
export const calls = {
  queueStatus: defineCall({
    method: 'POST',
    path: '/api/queue/status',
    summary: "A visitor's place in a session's waiting room",
    description:
      'Our design (issue 18.5): joins the room on the first call. Before the on-sale moment every visitor waits; at it they are drawn in random order, later ones queue behind; they are admitted at the set rate with a signed token bound to their session, sent as X-Admission-Token with cart and seat-map order calls. state off: no room.',
    request: queueStatusRequestSchema,
    response: queueStatusResponseSchema,
  }),
  token: defineCall({
    method: 'GET',
    path: '/api/token',
    summary: 'A fresh CSRF token',
    description: 'Answers {response: token} and sets the session cookie. Every POST sends the token as X-CSRF-TOKEN; a wrong token answers -1000.',
    request: noQuery,
    response: tokenResponseSchema,
  }),
  setup: defineCall({
    method: 'GET',
    path: '/api/setup',
    summary: 'Storefront settings: app, db, const, captcha, crm_client, date, titles',
    description: 'Fields of both documents. Our design: logo/logo_mobile/logo_{lang}, footer_links [{url, text_{lang}}], footer_text_{lang}, recaptcha.sitekey, date = server now.',
    request: noQuery,
    response: setupSchema,
  }),
  afisha: defineCall({
    method: 'GET',
    path: '/api/afisha',
    summary: 'The event listing with menus, calendar, venues, tags, images and composition',
    description: 'setup, kind_menu, main_menu, sub_menu, calendar, venues, action, list_tags, event_tags, images, composition. Each event carries its menu ids, tags (comma list of attr_id), scheme and subscription flags (our additions).',
    request: noQuery,
    response: afishaResponseSchema,
  }),
  noScheme: defineCall({
    method: 'POST',
    path: '/api/no-scheme',
    summary: 'General-admission event data for the event page',
    description: 'Payload {hash} (the event hash). Unknown hash answers -1004.',
    request: noSchemeRequestSchema,
    response: noSchemeResponseSchema,
  }),
  orderCreate: defineCall({
    method: 'POST',
    path: '/api/order/create',
    summary: 'Create a general-admission order',
    description: 'The spec\'s "JSON text" is the JSON body. The server re-prices every line and checks limits and availability; -1001 asks for the captcha again.',
    request: orderCreateRequestSchema,
    response: orderCreatedSchema,
  }),
  orderData: defineCall({
    method: 'POST',
    path: '/api/order-data',
    summary: 'Order rows and reference lists for the named-ticket form',
    description: 'Payload {hash, lang}. Answers rows, text, checkboxList, docTypes, countries, regions; -1004 for an unknown order ("order deleted").',
    request: orderDataRequestSchema,
    response: orderDataResponseSchema,
  }),
  confirmNominal: defineCall({
    method: 'POST',
    path: '/api/confirm-nominal',
    summary: 'Confirm the visitor data of named tickets',
    description: 'Parallel arrays, one entry per ticket in the order of id. Answers the order hash to open.',
    request: confirmNominalRequestSchema,
    response: confirmNominalResponseSchema,
  }),
  captcha: defineCall({
    method: 'GET',
    path: '/api/captcha',
    summary: 'A new captcha image (SVG markup) and its sid',
    description: 'No payload needed. code is SVG markup to show as an image; sid identifies it for /api/captcha/check and order calls. Our addition: ?kind=question&lang=xx answers the accessible alternative, a question in words in that language (code empty, question its text) answered in digits.',
    request: captchaRequestSchema,
    response: captchaSchema,
  }),
  captchaCheck: defineCall({
    method: 'POST',
    path: '/api/captcha/check',
    summary: 'Check a captcha answer',
    description: 'Our design: answers {result, sid, text}; result false is not an error (load a new image).',
    request: captchaCheckRequestSchema,
    response: captchaCheckResponseSchema,
  }),
  crmClientInfo: defineCall({
    method: 'POST',
    path: '/api/crm/client-info',
    summary: 'The identified CRM client of the session',
    description: 'Our design: {token?} is the signed sign-in token from the URL query `crm` (HMAC with expiry). A valid token puts the client in the session; without a token the session\'s client (or null) is answered.',
    request: crmClientInfoRequestSchema,
    response: crmClientInfoResponseSchema,
  }),
  crmLogout: defineCall({
    method: 'POST',
    path: '/api/crm/logout',
    summary: 'Forget the CRM client of the session',
    description: 'Our design: empty body; answers {crm_client: null}.',
    request: z.object({}),
    response: crmLogoutResponseSchema,
  }),
  cartList: defineCall({
    method: 'POST',
    path: '/api/cart/list',
    summary: 'The seat-map cart of a session',
    description: 'Our design: {calendar_id, USE_PUSHKIN_CARD?}; answers the held items, seconds of hold left and the tickets the cart may still take by the payment method (USE_PUSHKIN_CARD = 1: the gift card\'s limit of 1; -9996 where the event does not take it).',
    request: cartListRequestSchema,
    response: cartResponseSchema,
  }),
  cartUpdate: defineCall({
    method: 'POST',
    path: '/api/cart/update',
    summary: 'Add, change or remove seats in the cart',
    description: 'Our design: {calendar_id, changes: [{seat_id, clientcategory_id, quantity}]}, quantity 0 removes. Holds seats for CART_HOLD_SECONDS; -9998 over the limit, -1005 when a seat is taken.',
    request: cartUpdateRequestSchema,
    response: cartResponseSchema,
  }),
  cartExtend: defineCall({
    method: 'POST',
    path: '/api/cart/extend',
    summary: 'Extend the hold of the cart (before it runs out)',
    description:
      'Our design (issue 20, WCAG 2.2.1): {calendar_id, USE_PUSHKIN_CARD?} (the flag as for /api/cart/list). Moves the end of every hold of the cart by CART_HOLD_SECONDS, at most CART_HOLD_EXTENSIONS times per countdown and never past the session\'s off-sale time or start; answers the cart with extensions_left. -1005 when nothing is held any more, sales end sooner, or the session\'s waiting room is admitting others (no extension while people queue); -9998 when the extensions are used up or the server is busy (nothing changed).',
    request: cartListRequestSchema,
    response: cartResponseSchema,
  }),
  cartBest: defineCall({
    method: 'POST',
    path: '/api/cart/best',
    summary: 'Hold the best N seats together (best available)',
    description:
      'Our design (issue 20): {calendar_id, quantity, clientcategory_id, zonelevel_id?, exclude?}. The server picks N adjacent seats in one row (else the tightest block over consecutive rows) by the venue ranking, leaving no single empty seat when it can, and holds them in the cart all or nothing; exclude = seats already offered ("show me others"). -1002 when no such seats are left, -9998 over the limit.',
    request: bestSeatsRequestSchema,
    response: bestSeatsResponseSchema,
  }),
  scheme: defineCall({
    method: 'POST',
    path: '/api/scheme',
    summary: 'Seat-map event header: action, composition, agreements',
    description: 'Our design: {hash, lang?}; answers {action, actionStr, checkboxList}.',
    request: schemeRequestSchema,
    response: schemeResponseSchema,
  }),
  schemeSessions: defineCall({
    method: 'POST',
    path: '/api/scheme/sessions',
    summary: 'Sessions, prices and action of a seat-map event',
    description: 'Payload {hash}. Answers calendar [{calendar_id, event_day, event_time, quant}], prices (price rows with calendar_id), action.',
    request: schemeSessionsRequestSchema,
    response: schemeSessionsResponseSchema,
  }),
  schemeMap: defineCall({
    method: 'POST',
    path: '/api/scheme/map',
    summary: 'The venue drawing and seat states of a session',
    description: 'Seat changes afterwards stream as server-sent events from GET /api/scheme/events?calendar_id= (seatStatusEventSchema).',
    request: schemeMapRequestSchema,
    response: schemeMapResponseSchema,
  }),
  schemeMapCompiled: defineCall({
    method: 'POST',
    path: '/api/scheme/map/compiled',
    summary: 'Where the compiled seat map of a session lies (the storefront\'s map)',
    description: 'Our design (issue 16): {hash, calendar_id} as /api/scheme/map. Answers the compiled drawing\'s immutable URL with its content hash and format version, the URL of the session\'s status bytes, seat_stand and meta. Errors as /api/scheme/map.',
    request: schemeMapRequestSchema,
    response: schemeMapCompiledResponseSchema,
  }),
  compiledVenue: defineCall({
    method: 'GET',
    path: COMPILED_VENUE_PATH,
    summary: 'A compiled venue drawing (binary, immutable)',
    description: 'Our design (issue 16): application/octet-stream in the engine\'s format (src/engine/compiled/format.ts), brotli or gzip by Accept-Encoding; Cache-Control public, max-age=31536000, immutable; ETag = the hash (If-None-Match answers 304). An unknown hash answers 404 -1004, a malformed one 400 -1002.',
    request: noQuery,
    params: compiledVenueParamsSchema,
    response: binaryAnswerSchema,
  }),
  schemeMapStatuses: defineCall({
    method: 'GET',
    path: SCHEME_MAP_STATUSES_PATH,
    summary: 'Seat statuses of a session: one byte per seat of its compiled venue',
    description: 'Our design (issue 16): application/octet-stream, gzip by Accept-Encoding, no-store; byte i is seat i of the compiled venue: 0 free, 1 held, 2 sold, 3 not for sale in this session (SEAT_STATUS_BYTE). Query {hash, calendar_id}; errors as /api/scheme/map.',
    request: schemeMapStatusesQuerySchema,
    response: binaryAnswerSchema,
  }),
  orderCreateScheme: defineCall({
    method: 'POST',
    path: '/api/order/create-scheme',
    summary: 'Create a seat-map order from the held cart',
    description: 'The spec\'s JSON string is the JSON body. The server orders what the session cart holds for calendarId; -1005 when tickets and the held cart disagree, -1001 asks for the captcha again.',
    request: orderCreateSchemeRequestSchema,
    response: orderCreatedSchema,
  }),
  ...placedOrderCalls,
} as const

/**
 * GET static location-point image (001 §7: "image for the map"): the map pin shown beside every
 * venue address. Not JSON, so it is a plain route beside the contract's calls (server:
 * routes/media.ts): the operator's own image when one is stored under LOCATION_POINT_FILE,
 * otherwise our built-in pin (SVG).
 */
export const LOCATION_POINT_PATH = '/api/static/location-point'
/** File name under which an operator's own location-point image is stored in the images table. */
export const LOCATION_POINT_FILE = 'location-point.svg'

export type Calls = typeof calls
export type CallName = keyof Calls

/** Every call, for route registration and OpenAPI. */
export const callList = Object.values(calls)

/** Key of each call, in registry order. */
export const callNames = Object.keys(calls) as CallName[]

/**
 * The shop's buying calls. A session's waiting room guards them (server plugins/waiting-room.ts;
 * the client sends its admission token with them, app/state/admission.ts), and on PostgreSQL
 * they share a bounded lane of each process's connections (server plugins/buying-lane.ts).
 */
const BUYING_CALL_NAMES = ['cartUpdate', 'cartBest', 'orderCreateScheme', 'orderCreate'] as const satisfies readonly CallName[]
export type BuyingCall = (typeof BUYING_CALL_NAMES)[number]
export const BUYING_CALLS: ReadonlySet<CallName> = new Set<CallName>(BUYING_CALL_NAMES)
/** Their paths, as the server routes them. */
export const BUYING_PATHS: ReadonlySet<string> = new Set([...BUYING_CALLS].map((name) => calls[name].path))

export type RequestOf<N extends CallName> = z.input<Calls[N]['request']>
export type ResponseOf<N extends CallName> = z.output<Calls[N]['response']>
/** Path parameters of a call, as values (numbers or strings). */
export type ParamsOf<N extends CallName> = [NonNullable<Calls[N]['params']>] extends [never]
  ? undefined
  : z.output<NonNullable<Calls[N]['params']>>

/**
 * Fills a Fastify-style path with its parameters: `/api/order/return/:hash` + {hash:'ab'} →
 * `/api/order/return/ab`. Values are URI-encoded. Throws when a parameter is missing.
 */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, key: string) => {
    const v = params?.[key]
    if (v === undefined || v === '') throw new Error(`Missing path parameter "${key}" for ${path}`)
    return encodeURIComponent(String(v))
  })
}
