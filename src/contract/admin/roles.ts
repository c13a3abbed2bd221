import { z } from 'zod'

/**
 * Operator roles and what each may do (issue 17). The server enforces these on every console
 * call (server/admin/guard.ts); the console only uses them to hide what a role cannot use.
 *
 * - owner: everything, including operators, API tokens, the audit log, the shop's setup and loyalty;
 * - manager: the catalogue, publishing, sales and orders, the audit log;
 * - boxoffice: reads the catalogue, sales and orders, sells at the counter, reseats and refunds;
 * - door: reads the catalogue and checks tickets in at the door (the check-in app).
 */
export const ROLES = ['owner', 'manager', 'boxoffice', 'door'] as const
export type Role = (typeof ROLES)[number]
export const roleSchema = z.enum(ROLES)

export const PERMISSIONS = [
  'catalogue.read',
  'catalogue.write',
  'catalogue.publish',
  'sales.read',
  'audit.read',
  'operators.manage',
  'tokens.manage',
  /** Check tickets in at the door (the check-in app at /door) and see the live counts per gate. */
  'door.scan',
  /** Order care: cancel an unpaid order, send tickets again (issue 19.2). */
  'orders.care',
  /** The shop's shell (logos, colours, header and footer, contacts) and the loyalty programme: venue-wide, so the owner's. */
  'settings.manage',
  /** Sell at the counter on the map or by quantities, and reseat sold tickets (issue 19.1). */
  'boxoffice.sell',
] as const
export type Permission = (typeof PERMISSIONS)[number]

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  manager: ['catalogue.read', 'catalogue.write', 'catalogue.publish', 'sales.read', 'audit.read', 'door.scan', 'orders.care', 'boxoffice.sell'],
  boxoffice: ['catalogue.read', 'sales.read', 'orders.care', 'boxoffice.sell'],
  door: ['catalogue.read', 'door.scan'],
}

/**
 * Whether a stored role is one this version knows. The column is text: a row written by hand, or
 * by a later version with a role this one lacks, would otherwise reach `can` unchecked.
 */
export function isRole(value: string): value is Role {
  return Object.hasOwn(ROLE_PERMISSIONS, value)
}

/** Whether `role` may do `permission`; a role this version does not know may do nothing (fails closed). */
export function can(role: Role, permission: Permission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission)
}

/**
 * The most a `role` may do under a `cap` (an API token's role under its maker's current role):
 * the first role, from owner down (ROLES' order), whose permissions are all both `role`'s and
 * `cap`'s; null when none is (a door token under a box office maker: door's scan is no box
 * office permission, and no role has only the catalogue's reading). `role` itself when `cap`
 * allows all it does.
 */
export function cappedRole(role: Role, cap: Role): Role | null {
  return ROLES.find((r) => ROLE_PERMISSIONS[r].every((p) => can(role, p) && can(cap, p))) ?? null
}

/**
 * Error codes of the console's calls (our design; the storefront's catalogue is
 * contract/errors.ts, whose -1002/-1004 the console uses too).
 */
export const AdminErrorCode = {
  /** Not signed in, the session expired, or the API token is unknown or revoked (HTTP 401). */
  SIGNED_OUT: '-1010',
  /** The role may not do this (HTTP 403). */
  FORBIDDEN: '-1011',
  /** Wrong e-mail or password (HTTP 401). */
  BAD_CREDENTIALS: '-1012',
  /** Too many failed sign-ins: the account is locked for a while (HTTP 423). */
  LOCKED: '-1013',
  /** The change conflicts with what exists (a taken e-mail, a session with orders) (HTTP 409). */
  CONFLICT: '-1014',
  /**
   * The change concerns tickets already sold (a session moved or switched off) and is made only
   * when the request confirms it (`confirm_buyers`); the answer carries `tickets` and `orders`
   * (HTTP 409).
   */
  UNCONFIRMED: '-1015',
} as const

/** Header of API tokens: `Authorization: Bearer sw_…`. */
export const API_TOKEN_PREFIX = 'sw_'
