import type { CallName } from './calls'

/**
 * The storefront's read calls: the listing and settings, the scheme page's header, sessions, map
 * and statuses, the compiled drawing, the cart's read and the token (which inserts a session row
 * at most). Sending one again changes nothing, so:
 * - the client sends it again when the server answers busy (503, Retry-After; client.ts), where a
 *   buying call's busy answer goes to the visitor, who decides;
 * - the server reads them through its page pool (server/plugins/page-pool.ts), which no buying
 *   call, payment or background job takes.
 */
export const READ_CALLS: ReadonlySet<CallName> = new Set<CallName>([
  'token', 'setup', 'afisha',
  'scheme', 'schemeSessions', 'schemeMap', 'schemeMapCompiled', 'compiledVenue', 'schemeMapStatuses',
  'cartList',
])
