import { z } from 'zod'
import type { CallDef } from '../define'
import { langSchema } from '../lang'
import * as a from './access'
import * as c from './catalogue'
import * as s from './sales'
import * as w from './waiting'
import type { Permission } from './roles'

/**
 * A console call: a contract call plus the permission it needs (null: any signed-in operator;
 * 'public': no sign-in, the sign-in itself). Paths are under /api/admin; the server registers
 * them (server/admin/routes.ts), the console calls them by key (app/admin/api.ts) and OpenAPI
 * documents them with the permission in the description.
 */
export type AdminCallDef = CallDef & { permission: Permission | null | 'public'; bodyLimit?: number }

function call<Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType | undefined = undefined>(
  def: CallDef<Req, Res, Params> & { permission: Permission | null | 'public'; bodyLimit?: number },
) {
  return def
}

const noQuery = z.object({ lang: langSchema.optional() })
const byId = a.adminIdParamsSchema
/** Body of POSTs that carry nothing but the language of the answer. */
const empty = z.object({ lang: langSchema.optional() })

export const adminCalls = {
  login: call({ method: 'POST', path: '/api/admin/login', summary: 'Operator sign-in (e-mail and password)', description: 'Needs X-Requested-With: XMLHttpRequest. Five wrong passwords in a row lock the account for 15 minutes (-1013). Sets the httpOnly operator cookie; answers the operator and the CSRF token console POSTs send.', request: a.loginRequestSchema, response: a.meResponseSchema, permission: 'public' }),
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
  eventUpdate: call({ method: 'POST', path: '/api/admin/events/:id', summary: 'Edit an event', request: c.eventInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  eventCopy: call({ method: 'POST', path: '/api/admin/events/:id/copy', summary: 'Copy an event with its sessions and prices (unpublished)', request: empty, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  eventArchive: call({ method: 'POST', path: '/api/admin/events/:id/archive', summary: 'Archive an event: unpublished and hidden from the lists', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  eventPublish: call({ method: 'POST', path: '/api/admin/events/:id/publish', summary: 'Publish (1) or withdraw (0) an event from the storefront', request: c.publishRequestSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.publish' }),

  sessionCreate: call({ method: 'POST', path: '/api/admin/events/:id/sessions', summary: 'Add a session, or a series with repeat', request: c.sessionInputSchema, params: byId, response: c.idsResponseSchema, permission: 'catalogue.write' }),
  sessionUpdate: call({ method: 'POST', path: '/api/admin/sessions/:id', summary: 'Edit a session (date, time, capacity, active, on-sale and off-sale)', request: c.sessionUpdateSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  sessionWaitingRoom: call({ method: 'POST', path: '/api/admin/sessions/:id/waiting-room', summary: "Switch a session's waiting room on or off (on-sale moment, admissions per minute)", request: w.waitingRoomInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  sessionDelete: call({ method: 'POST', path: '/api/admin/sessions/:id/delete', summary: 'Delete a session nobody ordered', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  priceCreate: call({ method: 'POST', path: '/api/admin/sessions/:id/prices', summary: 'Add a price row to a session', request: c.priceInputSchema, params: byId, response: c.idResponseSchema, permission: 'catalogue.write' }),
  priceUpdate: call({ method: 'POST', path: '/api/admin/prices/:id', summary: 'Edit a price row', request: c.priceInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  priceDelete: call({ method: 'POST', path: '/api/admin/prices/:id/delete', summary: 'Delete a price row nobody ordered', request: empty, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),

  venueCreate: call({ method: 'POST', path: '/api/admin/venues', summary: 'Create a venue', request: c.venueInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  venueUpdate: call({ method: 'POST', path: '/api/admin/venues/:id', summary: 'Edit a venue', request: c.venueInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  venueDrawing: call({ method: 'POST', path: '/api/admin/venues/:id/drawings', summary: 'Import a venue drawing (SVG text); answers the import report', request: c.drawingUploadSchema, params: byId, response: c.drawingReportSchema, permission: 'catalogue.write', bodyLimit: c.MAX_DRAWING_BYTES + 4096 }),
  categoryCreate: call({ method: 'POST', path: '/api/admin/categories', summary: 'Create a price category', request: c.categoryInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  categoryUpdate: call({ method: 'POST', path: '/api/admin/categories/:id', summary: 'Edit a price category', request: c.categoryInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  zoneCreate: call({ method: 'POST', path: '/api/admin/zones', summary: 'Create a general-admission price zone', request: c.zoneInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  zoneUpdate: call({ method: 'POST', path: '/api/admin/zones/:id', summary: 'Edit a price zone', request: c.zoneInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  menuCreate: call({ method: 'POST', path: '/api/admin/menus', summary: 'Create a menu item', request: c.menuInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  menuUpdate: call({ method: 'POST', path: '/api/admin/menus/:id', summary: 'Edit a menu item', request: c.menuInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  tagCreate: call({ method: 'POST', path: '/api/admin/tags', summary: 'Create a tag', request: c.tagInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  tagUpdate: call({ method: 'POST', path: '/api/admin/tags/:id', summary: 'Edit a tag', request: c.tagInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),
  ruleCreate: call({ method: 'POST', path: '/api/admin/rules', summary: 'Create a rules or contacts text', request: c.ruleInputSchema, response: c.idResponseSchema, permission: 'catalogue.write' }),
  ruleUpdate: call({ method: 'POST', path: '/api/admin/rules/:id', summary: 'Edit a rules or contacts text', request: c.ruleInputSchema, params: byId, response: a.okResponseSchema, permission: 'catalogue.write' }),

  sessionSales: call({ method: 'GET', path: '/api/admin/sales/sessions/:id', summary: 'Sales of a session by zone and category, revenue, over time', request: noQuery, params: byId, response: s.sessionSalesSchema, permission: 'sales.read' }),
  eventSales: call({ method: 'GET', path: '/api/admin/sales/events/:id', summary: 'Sales of an event and of each of its sessions', request: noQuery, params: byId, response: s.eventSalesSchema, permission: 'sales.read' }),
  orders: call({ method: 'GET', path: '/api/admin/orders', summary: 'Orders, newest first (of an event or a session)', request: s.ordersQuerySchema, response: s.ordersResponseSchema, permission: 'sales.read' }),
} satisfies Record<string, AdminCallDef>

export type AdminCalls = typeof adminCalls
export type AdminCallName = keyof AdminCalls
