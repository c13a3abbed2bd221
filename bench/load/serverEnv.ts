/**
 * The environment of every server bench:load and bench:load:admitted start: the demo data, a
 * per-address session allowance no buyer reaches (the bench's buyers share one address), the
 * request log as production has it (REQUEST_LOG=errors, config.ts; a build without the setting
 * ignores it) and X-Served-By, from which the bench counts each process's calls.
 */
export const LOAD_SERVER_ENV = { DEMO_DATA: '1', SESSIONS_PER_ADDRESS_PER_MINUTE: '1000000', REQUEST_LOG: 'errors', SERVED_BY_HEADER: '1' }
