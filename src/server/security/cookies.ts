/**
 * The visitor's session cookie name. Here, not in plugins/session.ts, because the console's box
 * office reads it too (admin/boxoffice-handlers.ts) and the console must not import the plugins,
 * which run the console's background work (plugins/services/map-copies.ts).
 */
export const SESSION_COOKIE = 'sw_sid'
