import { z } from 'zod'
import type { CallDef } from '../define'
import { langSchema } from '../lang'
import * as a from './access'
import * as c from './catalogue'
import * as bo from './boxoffice'
import * as care from './care'
import * as d from './door'
import * as s from './sales'
import { SALES_EXPORT_PATH } from './sales-export'
import * as m from './studio'
import { offerCalls } from './offers-calls'
import { orderDataResponseSchema } from '../entities/nominal'
import * as w from './waiting'
import * as st from './seating'
import type { Permission } from './roles'

/**
 * A console call: a contract call plus the permission it needs (null: any signed-in operator;
 * 'public': no sign-in, the sign-in itself). Paths are under /api/admin; the server registers
 * them (server/admin/routes.ts), the console calls them by key (app/admin/api.ts) and OpenAPI
 * documents them with the permission in the description.
 */
export type AdminCallDef = CallDef & { permission: Permission | null | 'public'; bodyLimit?: number; uploadLimit?: number; deadlineMs?: number }

/**
 * The request deadline of a console call that may legitimately run long: a drawing's import
 * (recognising a 1,000,000-seat drawing takes seconds to a minute before its transaction, and
 * storing it as long again: 94 s in all on a loaded 2-core box, README "How the map is served") and a studio
 * save (trying the edits on a big version, then copying it). Under the server's
 * REQUEST_DEADLINE_MS (20 s) such an operator would be answered "busy" with nothing saved, and
 * his retry would do the same. What it costs: a console call that does hang keeps its operator
 * waiting up to this long before "busy" (its database work is still bounded by the statement
 * timeouts, and it still commits through the request's gate, so "busy" still means nothing
 * changed); a proxy in front must allow as long (README). A call's deadline never shortens the
 * server's: the longer of the two applies (plugins/request-deadline.ts).
 */
export const LONG_CONSOLE_CALL_DEADLINE_MS = 10 * 60_000

function call<Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType | undefined = undefined>(
  /**
   * `deadlineMs`: the call's own request deadline (LONG_CONSOLE_CALL_DEADLINE_MS), else
   * REQUEST_DEADLINE_MS. `uploadLimit`: the size rule of the file the call uploads (in its bytes),
   * which a 413 "too large" names instead of `bodyLimit`, the transport's bound, padded above it.
   */
  def: CallDef<Req, Res, Params> & { permission: Permission | null | 'public'; bodyLimit?: number; uploadLimit?: number; deadlineMs?: number },
) {
  return def
}

const noQuery = z.object({ lang: langSchema.optional() })
const byId = a.adminIdParamsSchema
/** Body of POSTs that carry nothing but the language of the answer. */
const empty = z.object({ lang: langSchema.optional() })

export const adminCalls = {
  login: call({ method: 'POST', path: '/api/admin/login', summary: 'Operator sign-in (e-mail and password)', description: 'Needs X-Requested-With: XMLHttpRequest. Five wrong passwords in a row lock the account for 15 minutes (423, -1013), except to a browser that signed in to it before (its sw_dev cookie, sent only here); twenty failures from one address within 15 minutes, over any accounts, refuse that address for 15 minutes (429, -1013). Sets the httpOnly operator cookie and the device cookie; answers the operator and the CSRF token console POSTs send.', request: a.loginRequestSchema, response: a.meResponseSchema, permission: 'public' }),
  me: call({ method: 'GET', path: '/api/admin/me', summary: 'The signed-in operator and the CSRF token', request: noQuery, response: a.meResponseSchema, permission: null }),
  logout: call({ method: 'POST', path: '/api/admin/logout', summary: 'Sign out (ends the operator session)', request: empty, response: a.okResponseSchema, permission: null }),

  operators: call({ method: 'GET', path: '/api/admin/operators', summary: 'Operator accounts', request: noQuery, response: a.operatorListResponseSchema, permission: 'operators.manage' }),
  operatorCreate: call({ method: 'POST', path: '/api/admin/operators', summary: 'Create an operator', request: a.operatorCreateRequestSchema, response: c.idResponseSchema, permission: 'operators.manage' }),
  operatorUpdate: call({ method: 'POST', path: '/api/admin/operators/:id', summary: 'Change an operator (role, name, language, active, password, unlock)', request: a.operatorUpdateRequestSchema, params: byId, response: a.okResponseSchema, permission: 'operators.manage' }),

  tokens: call({ method: 'GET', path: '/api/admin/tokens', summary: 'API tokens', request: noQuery, response: a.tokenListResponseSchema, permission: 'tokens.manage' }),
  tokenCreate: call({ method: 'POST', path: '/api/admin/tokens', summary: 'Create an API token scoped by a role', description: 'Integrations send it as `Authorization: Bearer sw_…` (no cookie, no CSRF token); it may do what its role may. Shown once.', request: a.tokenCreateRequestSchema, response: a.tokenCreateResponseSchema, permission: 'tokens.manage' }),
  tokenRevoke: call({ method: 'POST', path: '/api/admin/tokens/:id/revoke', summary: 'Revoke an API token', request: empty, params: byId, response: a.okResponseSchema, permission: 'tokens.manage' }),

  audit: call({ method: 'GET', path: '/api/admin/audit', summary: 'The audit log: who changed what, when, before and after', request: a.auditQuerySchema, response: a.auditResponseSchema, permission: 'audit.read' }),

  refs: call({ method: 'GET', path: '/api/admin/refs', summary: 'Kinds, menus, tags, venues, drawings, price categories, zones and rules the forms choose from', request: noQuery, response: c.refsResponseSchema, permission: 'catalogue.read' }),
  events: call({ method: 'GET', path: '/api/admin/events', summary: 'Events (archived with archived=1)', request: c.listQuerySchema, response: c.eventListResponseSchema, permission: 'catalogue.read' }),
  event: call({ method: 'GET', path: '/api/admin/events/:id', summary: 'An event with its menus, tags, sessions and price rows', request: noQuery, params: byId, response: c.eventDetailSchema, permission: 'catalogue.read' }),
  eventCreate: call({ method: 'POST', path: '/api/admin/events', summary: 'Create an event (unpublished)', request: c.eventInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  eventUpdate: call({ method: 'POST', path: '/api/admin/events/:id', summary: 'Edit an event', description: 'Send the `version` the event was loaded with: a save another one has overtaken is refused (409, with `stale: true`). Answers the new version.', request: c.eventInputSchema, params: byId, response: c.eventSavedSchema, permission: 'catalogue.write' }),
  eventCopy: call({ method: 'POST', path: '/api/admin/events/:id/copy', summary: 'Copy an event with its sessions and prices (unpublished)', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  eventArchive: call({ method: 'POST', path: '/api/admin/events/:id/archive', summary: 'Archive an event: unpublished and hidden from the lists', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  eventUnarchive: call({ method: 'POST', path: '/api/admin/events/:id/unarchive', summary: 'Restore an archived event to the console lists (unpublished)', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  eventPublish: call({ method: 'POST', path: '/api/admin/events/:id/publish', summary: 'Publish (1) or withdraw (0) an event from the storefront', request: c.publishRequestSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.publish' }),

  sessionCreate: call({ method: 'POST', path: '/api/admin/events/:id/sessions', summary: 'Add a session, or a series with repeat', request: c.sessionInputSchema, params: byId, response: c.idsResponseSchema, permission: 'catalogue.write' }),
  sessionUpdate: call({ method: 'POST', path: '/api/admin/sessions/:id', summary: 'Edit a session (date, time, capacity, active, on-sale and off-sale)', request: c.sessionUpdateSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  sessionWaitingRoomGet: call({ method: 'GET', path: '/api/admin/sessions/:id/waiting-room', summary: "A session's waiting room: settings and queue", request: noQuery, params: byId, response: w.waitingRoomViewSchema, permission: 'catalogue.read' }),
  sessionWaitingRoom: call({ method: 'POST', path: '/api/admin/sessions/:id/waiting-room', summary: "Switch a session's waiting room on or off (on-sale moment, admissions per minute)", request: w.waitingRoomInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  eventSeating: call({ method: 'POST', path: '/api/admin/events/:id/seating', summary: "Set an event's single-seat rule: warn, or enforce (the server refuses a hand-picked choice leaving a single seat)", request: st.eventSeatingSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  sessionSeating: call({ method: 'POST', path: '/api/admin/sessions/:id/seating', summary: "Set a session's seat-choice rules: hold back wheelchair spaces and when they release (all / area / level sold out), its own single-seat rule", request: st.sessionSeatingSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  sessionSeatingView: call({ method: 'GET', path: '/api/admin/sessions/:id/seating', summary: "A session's seat-choice rules and the releases of held-back wheelchair spaces", request: noQuery, params: byId, response: st.sessionSeatingViewSchema, permission: 'catalogue.read' }),
  sessionCopy: call({ method: 'POST', path: '/api/admin/sessions/:id/copy', summary: 'Copy a session: same event, map version, price rows, settings and blocked seats; the copy starts off sale (active 0) for its date to be set', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  sessionCancel: call({ method: 'POST', path: '/api/admin/sessions/:id/cancel', summary: 'Cancel a session and refund all its buyers', description: 'Without confirm: refused (409, UNCONFIRMED) with the orders and tickets it would refund, nothing changed. With it: the session is switched off for good (switching it on again is refused) and every ticket the door admits there is refunded through the refund outbox, each buyer with an e-mail sent one cancellation notice; a big session is refunded by the background leader in batches. A second call is a harmless repeat.', request: c.sessionCancelSchema, params: byId, response: c.sessionCancelResponseSchema, permission: 'catalogue.write' }),
  sessionDelete: call({ method: 'POST', path: '/api/admin/sessions/:id/delete', summary: 'Delete a session nobody ordered', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  priceCreate: call({ method: 'POST', path: '/api/admin/sessions/:id/prices', summary: 'Add a price row to a session', request: c.priceInputSchema, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  priceUpdate: call({ method: 'POST', path: '/api/admin/prices/:id', summary: 'Edit a price row', request: c.priceInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  priceCopy: call({ method: 'POST', path: '/api/admin/prices/:id/copy', summary: 'Copy a price row: same session, zone and values, under the first category that zone has no row of yet (a copy under the same category could never sell)', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  priceDelete: call({ method: 'POST', path: '/api/admin/prices/:id/delete', summary: 'Delete a price row nobody ordered', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),

  venueCreate: call({ method: 'POST', path: '/api/admin/venues', summary: 'Create a venue', request: c.venueInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  venueUpdate: call({ method: 'POST', path: '/api/admin/venues/:id', summary: 'Edit a venue', request: c.venueInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  venueCopy: call({ method: 'POST', path: '/api/admin/venues/:id/copy', summary: 'Copy a venue (address, map link; no drawings)', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  venueArchive: call({ method: 'POST', path: '/api/admin/venues/:id/archive', summary: 'Archive a venue (not offered for new events; its events and sessions keep working)', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  venueUnarchive: call({ method: 'POST', path: '/api/admin/venues/:id/unarchive', summary: 'Restore an archived venue', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  venueMapMeta: call({ method: 'POST', path: '/api/admin/venues/:id/map-meta', summary: "Set a venue's map metadata: the seat map's detail switch threshold in percent (null = the default 500)", description: 'Every version of the venue\'s map answers it in the storefront\'s map meta from the next map request on.', request: c.venueMapMetaSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  venueDrawing: call({ method: 'POST', path: '/api/admin/venues/:id/drawings', summary: 'Import a venue drawing (SVG text); answers the import report', description: `The drawing (svg) may be at most ${c.MAX_DRAWING_BYTES} bytes (48 MB) in UTF-8, as in the file; a larger one is refused 413 (too large, naming that limit) and nothing is stored.`, request: c.drawingUploadSchema, params: byId, response: c.drawingReportSchema, permission: 'catalogue.write', bodyLimit: c.DRAWING_BODY_LIMIT, uploadLimit: c.MAX_DRAWING_BYTES, deadlineMs: LONG_CONSOLE_CALL_DEADLINE_MS }),
  drawingPlan: call({ method: 'GET', path: '/api/admin/drawings/:id', summary: 'A venue map version as the studio shows it: svg, sectors, zones, seats, standing areas, the venue\'s versions', request: noQuery, params: byId, response: m.studioPlanSchema, permission: 'catalogue.read' }),
  drawingEdit: call({ method: 'POST', path: '/api/admin/drawings/:id/edit', summary: 'Edit a venue map: paint zones, block seats, set standing capacity, fix recognition; answers the new version', description: 'Never changes the drawing in place: the edits make a new version (drawing id) of the venue map; sessions keep the version they were created with, new sessions take it by id.', request: m.studioEditRequestSchema, params: byId, response: m.studioEditResponseSchema, permission: 'catalogue.write', bodyLimit: 8 * 1024 * 1024, deadlineMs: LONG_CONSOLE_CALL_DEADLINE_MS }),
  sessionMap: call({ method: 'POST', path: '/api/admin/sessions/:id/map', summary: 'Move a seat-map session onto another version of its venue map (e.g. one with seats blocked for it only)', description: 'Its price rows follow their zones by zone key. Refused (409) while the session has any hold, cart or order.', request: m.sessionMapRequestSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  sessionBlocks: call({ method: 'POST', path: '/api/admin/sessions/:id/blocks', summary: 'Block or unblock seats of one session (also while it sells)', description: 'Blocked seats are off sale at once: the listing, the seat map and its live stream show them taken. Refused (409, nothing changed) when a seat is held or sold.', request: m.sessionBlocksRequestSchema, params: byId, response: m.sessionBlocksResponseSchema, permission: 'catalogue.write', bodyLimit: 8 * 1024 * 1024 }),
  sessionBlocked: call({ method: 'GET', path: '/api/admin/sessions/:id/blocks', summary: 'Seats blocked in a session now', request: noQuery, params: byId, response: m.sessionBlockedSchema, permission: 'catalogue.read' }),
  categoryCreate: call({ method: 'POST', path: '/api/admin/categories', summary: 'Create a price category', request: c.categoryInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  categoryUpdate: call({ method: 'POST', path: '/api/admin/categories/:id', summary: 'Edit a price category', request: c.categoryInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  categoryCopy: call({ method: 'POST', path: '/api/admin/categories/:id/copy', summary: 'Copy a price category', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  categoryArchive: call({ method: 'POST', path: '/api/admin/categories/:id/archive', summary: 'Archive a price category (not offered for new price rows; existing rows keep selling)', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  categoryUnarchive: call({ method: 'POST', path: '/api/admin/categories/:id/unarchive', summary: 'Restore an archived price category', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  zoneCreate: call({ method: 'POST', path: '/api/admin/zones', summary: 'Create a general-admission price zone', request: c.zoneInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  zoneUpdate: call({ method: 'POST', path: '/api/admin/zones/:id', summary: 'Edit a price zone', request: c.zoneInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  zoneCopy: call({ method: 'POST', path: '/api/admin/zones/:id/copy', summary: 'Copy a general-admission zone (a key of its own)', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  zoneArchive: call({ method: 'POST', path: '/api/admin/zones/:id/archive', summary: 'Archive a general-admission zone (not offered for new price rows; existing rows keep selling)', description: 'Seat-map zones belong to a drawing version and are changed in the map studio: archiving one is refused (409, admin-zone-in-drawing).', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  zoneUnarchive: call({ method: 'POST', path: '/api/admin/zones/:id/unarchive', summary: 'Restore an archived general-admission zone', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  menuCreate: call({ method: 'POST', path: '/api/admin/menus', summary: 'Create a menu item', request: c.menuInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  menuUpdate: call({ method: 'POST', path: '/api/admin/menus/:id', summary: 'Edit a menu item', request: c.menuInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  menuArchive: call({ method: 'POST', path: '/api/admin/menus/:id/archive', summary: 'Archive a menu item (leaves the storefront menus; its events stay listed)', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  menuUnarchive: call({ method: 'POST', path: '/api/admin/menus/:id/unarchive', summary: 'Restore an archived menu item', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  menuCopy: call({ method: 'POST', path: '/api/admin/menus/:id/copy', summary: 'Copy a menu item', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  kindCreate: call({ method: 'POST', path: '/api/admin/kinds', summary: "Create a section of the shop's top menu (menu kind)", request: c.kindInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  kindUpdate: call({ method: 'POST', path: '/api/admin/kinds/:id', summary: 'Rename or reorder a section', request: c.kindInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  kindCopy: call({ method: 'POST', path: '/api/admin/kinds/:id/copy', summary: 'Copy a section (menu kind)', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  kindArchive: call({ method: 'POST', path: '/api/admin/kinds/:id/archive', summary: "Archive a section: it leaves the shop's top menu with its menu items (an event found only under them leaves the listing until it is restored)", request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  kindUnarchive: call({ method: 'POST', path: '/api/admin/kinds/:id/unarchive', summary: 'Restore an archived section', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  tagCreate: call({ method: 'POST', path: '/api/admin/tags', summary: 'Create a tag', request: c.tagInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  tagUpdate: call({ method: 'POST', path: '/api/admin/tags/:id', summary: 'Edit a tag', request: c.tagInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  tagArchive: call({ method: 'POST', path: '/api/admin/tags/:id/archive', summary: 'Archive a tag (leaves the storefront filters; its events stay listed)', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  tagUnarchive: call({ method: 'POST', path: '/api/admin/tags/:id/unarchive', summary: 'Restore an archived tag', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  tagCopy: call({ method: 'POST', path: '/api/admin/tags/:id/copy', summary: 'Copy a tag', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  ruleCreate: call({ method: 'POST', path: '/api/admin/rules', summary: 'Create a rules or contacts text', request: c.ruleInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  ruleUpdate: call({ method: 'POST', path: '/api/admin/rules/:id', summary: 'Edit a rules or contacts text', request: c.ruleInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  ruleCopy: call({ method: 'POST', path: '/api/admin/rules/:id/copy', summary: 'Copy a rules or contacts text (slug "<slug>-copy")', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  ruleArchive: call({ method: 'POST', path: '/api/admin/rules/:id/archive', summary: 'Archive a rules or contacts text (leaves the storefront setup)', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  ruleUnarchive: call({ method: 'POST', path: '/api/admin/rules/:id/unarchive', summary: 'Restore an archived rules or contacts text', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),

  sessionSales: call({ method: 'GET', path: '/api/admin/sales/sessions/:id', summary: 'Sales of a session by zone and category, revenue, over time', request: noQuery, params: byId, response: s.sessionSalesSchema, permission: 'sales.read' }),
  salesExport: call({ method: 'GET', path: SALES_EXPORT_PATH, summary: "A session's tickets as a spreadsheet (CSV): order, state, channel, times, place, category, price, fee, amount paid, holder, buyer, check-in", description: 'text/csv in UTF-8 with a byte-order mark, an attachment; headers and words in `lang` (";" and a decimal comma for ru and kz, "," and a point for en and ch). Lines of paid orders and of reservations still held; amounts in major units, times in the venue time zone.', request: noQuery, params: byId, response: z.string().meta({ format: 'binary' }), permission: 'sales.read' }),
  eventSales: call({ method: 'GET', path: '/api/admin/sales/events/:id', summary: 'Sales of an event and of each of its sessions', request: noQuery, params: byId, response: s.eventSalesSchema, permission: 'sales.read' }),
  checkinLists: call({ method: 'GET', path: '/api/admin/checkin/lists', summary: "A session's check-in lists (gates) and the categories and sectors a list may admit", request: d.sessionQuerySchema, response: d.checkinListsResponseSchema, permission: 'catalogue.read' }),
  checkinListCreate: call({ method: 'POST', path: '/api/admin/checkin/lists', summary: 'Create a check-in list (gate): all tickets, or some categories/sectors; exits and re-entry', request: d.checkinListCreateSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  checkinListUpdate: call({ method: 'POST', path: '/api/admin/checkin/lists/:id', summary: 'Change or archive a check-in list', request: d.checkinListUpdateSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  checkinCounts: call({ method: 'GET', path: '/api/admin/checkin/counts', summary: "Live counts of a session's doors per gate", request: d.sessionQuerySchema, response: d.checkinCountsSchema, permission: 'door.scan' }),
  doorSessions: call({ method: 'GET', path: '/api/admin/door/sessions', summary: 'Sessions the door works now (from 12 hours ago to 2 days ahead) with their check-in lists', request: noQuery, response: d.doorSessionsResponseSchema, permission: 'door.scan' }),
  doorSync: call({ method: 'GET', path: '/api/admin/door/sync', summary: "A session's ticket list, public keys and scans for offline check-in; incremental with the previous answer's cursor", request: d.doorSyncQuerySchema, response: d.doorSyncResponseSchema, permission: 'door.scan' }),
  doorRedeem: call({ method: 'POST', path: '/api/admin/door/redeem', summary: 'Check one ticket in (or out) at a check-in list', description: 'Answers valid, already_used (when, which gate), not_inside, wrong_session, not_on_list, refunded, replaced, unknown, forged or unnamed (a named ticket whose holders are not entered yet). The nonce makes a re-send answer the stored scan, never count twice.', request: d.doorScanRequestSchema, response: d.doorRedeemResponseSchema, permission: 'door.scan' }),
  doorRedeemBatch: call({ method: 'POST', path: '/api/admin/door/redeem-batch', summary: 'Upload scans made offline (first scan wins; later admissions flagged)', request: d.doorBatchRequestSchema, response: d.doorBatchResponseSchema, permission: 'door.scan' }),
  orderSearch: call({ method: 'GET', path: '/api/admin/orders/search', summary: "Find orders by number, buyer's e-mail, phone or name, or a ticket code", request: care.orderSearchQuerySchema, response: care.orderSearchResponseSchema, permission: 'sales.read' }),
  orderCare: call({ method: 'GET', path: '/api/admin/orders/:id', summary: 'An order with its tickets and history (created, paid, returned, checked in, operator actions)', request: noQuery, params: byId, response: care.orderCareSchema, permission: 'sales.read' }),
  orderCancel: call({ method: 'POST', path: '/api/admin/orders/:id/cancel', summary: 'Cancel an unpaid order (its places go back on sale)', request: empty, params: byId, response: a.okResponseSchema, permission: 'orders.care' }),
  orderNames: call({ method: 'GET', path: '/api/admin/orders/:id/names', summary: "An order's named tickets with what each asks (the shop's order-data rows and reference lists)", request: noQuery, params: byId, response: orderDataResponseSchema, permission: 'sales.read' }),
  orderName: call({ method: 'POST', path: '/api/admin/orders/:id/names', summary: "Enter the holders of an order's named tickets (the shop's rules and confirmation); a paid order's tickets are then e-mailed", request: care.careNameRequestSchema, params: byId, response: care.careNameResponseSchema, permission: 'orders.care' }),
  orderResend: call({ method: 'POST', path: '/api/admin/orders/:id/resend', summary: "Send a paid order's tickets e-mail again", request: empty, params: byId, response: a.okResponseSchema, permission: 'orders.care' }),
  ...offerCalls,
  orderRefund: call({ method: 'POST', path: '/api/admin/orders/:id/refund', summary: 'Refund all or some tickets of a paid order through its payment provider, exactly once; the seats go back on sale', request: bo.refundRequestSchema, params: byId, response: bo.refundResponseSchema, permission: 'orders.care' }),
  orderPrint: call({ method: 'GET', path: '/api/admin/orders/:id/print', summary: "A paid order's tickets with their codes, for the console's print page", request: noQuery, params: byId, response: bo.printResponseSchema, permission: 'sales.read' }),
  boxOfficeSell: call({ method: 'POST', path: '/api/admin/boxoffice/sell', summary: 'Sell at the counter (seat map or general admission) through the shop order path, paid in cash, by card at the desk or complimentary', request: bo.boxOfficeSellRequestSchema, response: bo.boxOfficeSellResponseSchema, permission: 'boxoffice.sell' }),
  ticketReseat: call({ method: 'POST', path: '/api/admin/tickets/reseat', summary: 'Move a sold ticket to another free seat of the same price; the order stays', request: bo.reseatRequestSchema, response: bo.reseatResponseSchema, permission: 'boxoffice.sell' }),
  orders: call({ method: 'GET', path: '/api/admin/orders', summary: 'Orders, newest first (of an event or a session)', request: s.ordersQuerySchema, response: s.ordersResponseSchema, permission: 'sales.read' }),
} satisfies Record<string, AdminCallDef>

export type AdminCalls = typeof adminCalls
export type AdminCallName = keyof AdminCalls
