/**
 * Server configuration: every setting comes from an environment variable with a default, and is
 * validated once at start so a typo fails loudly instead of running with a surprise value.
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `PORT` | `8080` | HTTP port (0 = any free port). |
 * | `HOST` | `0.0.0.0` | Interface to listen on. |
 * | `DATA_DIR` | `./data` | Folder for the SQLite database, the mail outbox and other runtime files. |
 * | `DATABASE_URL` | unset | `postgres://user@host:5432/db` runs on PostgreSQL; unset = SQLite at `DATA_DIR/storefront.sqlite`. |
 * | `ORDER_RESERVE_SECONDS` | `900` | How long an unpaid order keeps its tickets. |
 * | `ORDER_RESERVE_EXTENSIONS` | `10` | How many times a buyer may extend an unpaid order's reserve, each by `ORDER_RESERVE_SECONDS` (WCAG 2.2.1). |
 * | `CART_HOLD_SECONDS` | `600` | How long a seat in a cart stays held for the visitor. |
 * | `CART_HOLD_EXTENSIONS` | `10` | How many times a visitor may extend one cart countdown, each by `CART_HOLD_SECONDS` (WCAG 2.2.1). |
 * | `SMTP_URL` | unset | `smtp://user:pass@host:587` sends mail; unset = `.eml` files under `DATA_DIR/outbox`. |
 * | `MAIL_FROM` | `Seatwise <no-reply@seatwise.local>` | Sender (From) of every e-mail: `Name <address>` or a bare address. A relay checking SPF/DMARC wants an address of a domain it may send for. |
 * | `MAIL_REPLY_TO` | unset | Where a buyer's reply to any e-mail goes (Reply-To), same shape as MAIL_FROM: the box office's mailbox, when MAIL_FROM is a no-reply address. Unset: replies go to MAIL_FROM. |
 * | `LOG_LEVEL` | `info` | pino level: fatal, error, warn, info, debug, trace, silent. |
 * | `REQUEST_LOG` | `all` (`errors` in production) | `all`: one line per answered request (method, URL, status, ms); `errors`: only answers of status 500 and above and requests slower than 1 s; `off`: none. Each line is a synchronous write to stdout, about a tenth of a small request's CPU (plugins/request-log.ts); a reverse proxy's access log usually has them already. |
 * | `CRM_SECRET` | dev value (warns; in production the CRM sign-in is off) | HMAC key of the `?crm=` sign-in tokens issued by the account system. With NODE_ENV=production and no CRM_SECRET (or its public development value) every such token is refused and a warning at start says so (crmSignIn): the server still starts, a venue without a CRM needs none. |
 * | `SESSION_SECRET` | dev value (refused in production) | Key that signs the session cookie, the waiting room's admission tokens and operators' device cookies. |
 * | `PUBLIC_URL` | `http://localhost:PORT` | Address visitors use; e-mail links are built on it. Unset, bank redirects follow the request's own origin (routes/origin.ts). An `https` URL makes cookies `Secure`. |
 * | `DEMO_DATA` | `1` (`0` in production) | `1` loads the demo events, venues and clients into an empty database; `0` skips. |
 * | `CLIENT_DIR` | `dist/client` | Built web client served at `/` (SPA fallback to its index.html). |
 * | `SANDBOX_BANK` | `1` (`0` in production) | `1` offers the built-in sandbox bank (every payment branch, no real money) for the payment types it serves; `0` turns it off. |
 * | `SANDBOX_BANK_SECRET` | dev value (warns) | HMAC key the sandbox bank signs its payment callbacks and form fields with. Warned about only in production with the sandbox on (then SANDBOX_BANK itself is warned about too: anyone may press Approve). |
 * | `TRUST_PROXY` | `0` | Comma list of the reverse proxies' addresses/CIDRs (or `loopback`, `linklocal`, `uniquelocal`) whose X-Forwarded-For counts; the client is the right-most hop not in it. `0` uses the socket address. A bare `1`/`true` and a range of every address (`0.0.0.0/0`, `::/0`) are refused at start, a range wider than /8 (IPv4) or /32 (public IPv6) is warned about (security/trust-proxy.ts). |
 * | `NODE_ENV` | unset | `production` turns DEMO_DATA and SANDBOX_BANK off unless set explicitly, hides source maps, refuses to start with the default SESSION_SECRET (refuseUnsafeProductionStart), turns the CRM sign-in off without CRM_SECRET (with a warning) and warns about every other default secret. |
 * | `DB_LOCK_TIMEOUT_MS` | `2000` | PostgreSQL `lock_timeout` of every session: a claim waiting longer for a lock answers "busy, try again". |
 * | `DB_STATEMENT_TIMEOUT_MS` | `10000` | PostgreSQL `statement_timeout` of every session. |
 * | `DB_IDLE_IN_TRANSACTION_TIMEOUT_MS` | `15000` | PostgreSQL `idle_in_transaction_session_timeout`: a frozen process's open transaction (and its locks) is ended after this. |
 * | `REQUEST_DEADLINE_MS` | `20000` | Server-side deadline of every request (not the live seat stream): past it the visitor gets "busy, try again". A console drawing import or studio save has the longer LONG_CONSOLE_CALL_DEADLINE_MS (contract/admin/calls.ts). |
 * | `BUYING_LANE_WAIT_MS` | `10000` | Longest wait of a buying call (cart, best seats, orders, payment start) for its place in the process's buying lane (plugins/buying-lane.ts), and of a bank callback for its place in the settle lane (payments/settle-lane.ts); past it "busy, try again" (REQUEST_DEADLINE_MS, when shorter, answers first). |
 * | `STUDIO_COPY_INLINE_MS` | `5000` | How long a map studio save that copies a version (one a session was put on) copies in the request; the rest of the copy goes on in the background and the studio shows its progress. `0` = all in the background. |
 * | `SESSIONS_PER_ADDRESS_PER_MINUTE` | `60` | New visitor sessions (GET /api/token without a cookie) one address may start per minute. |
 * | `STREAMS_PER_ADDRESS` | `8` | Live seat-map streams one address may hold open at once. |
 * | `QUEUE_JOINS_PER_ADDRESS` | `100` | Visitors (sessions) one address may put in one session's waiting room a day; beyond, a join answers 429 (domain/waiting/room.ts). |
 * | `IPV6_LIMIT_PREFIX` | `64` | Bits of an IPv6 client's address that make its "address" for every per-address limit (security/address-key.ts): one /64 counts as one address. 32-128; IPv4 counts by its address. |
 * | `TICKET_SIGNING_KEY` | unset | PKCS#8 PEM of the Ed25519 key that signs ticket QR codes (takes precedence over the file). |
 * | `TICKET_SIGNING_KEY_FILE` | `DATA_DIR/keys/ticket-signing-key.pem` | File of that key. The default file is generated on first start when missing; a file named here must exist. |
 * | `TICKET_PUBLIC_KEYS` | unset | Older public keys (base64url, comma separated) whose codes stay valid after a rotation. |
 * | `DOOR_TOKEN` | unset | Bearer token of the door check-in API (/api/door/…); unset = that API is off. |
 * | `WORKERS` | `1` | Server processes on this machine (Node's cluster, one port). Above 1 needs `DATABASE_URL` (PostgreSQL): SQLite runs one process. |
 * | `DB_POOL_MAX` | `10` | PostgreSQL connections of each process's main pool: buying calls, payments, the console, the door, background jobs. |
 * | `DB_PAGE_POOL_MAX` | `4` | PostgreSQL connections of each process's page pool: the storefront's reads (listing, settings, the scheme page's calls; plugins/page-pool.ts), which buying calls and payments never take, so a rush does not queue a page behind them. `0` = one pool for all. Keep WORKERS × (DB_POOL_MAX + DB_PAGE_POOL_MAX + 1 for the live feed) of every machine together below the server's max_connections. |
 * | `DB_NAMED_STATEMENTS` | `1` | `1` runs the prepared queries' SQL (db/prepared.ts) as PostgreSQL named statements, parsed once per connection (db/connect.ts Lease); `0` sends every statement unnamed: behind PgBouncer in transaction pooling older than 1.21 or without `max_prepared_statements`. |
 * | `REDIS_URL` | unset | `redis://127.0.0.1:6379` keeps the per-address limits and captcha triggers in Redis; unset = in PostgreSQL (or in memory on SQLite). |
 * | `REDIS_PREFIX` | `seatwise:` | Prefix of every Redis key (several installations or tests on one Redis). |
 * | `WARM_START` | `1` | `1` builds the seating of the sessions to come (places per zone; seat rows of the largest drawings) before listening, so the first buyer of a big venue does not wait for it (about 5 s a million seats, once per process), then asks the setup, the listing and the first seat-map event's page once (warm-answers.ts), so the first visitors do not pay each answer's first-run cost; `0` does both on first use. |
 * | `EMAIL_DOMAIN_CHECK` | `0` (`1` in production) | `1` asks DNS whether a buyer e-mail's domain takes mail when an order is placed, and refuses one that clearly does not ("The entered email does not work", 001 §5: no such domain, no mail exchanger nor address, or a null MX); a DNS timeout or failure lets the order through (domain/buyer/email-domain.ts). |
 * | `EMAIL_DNS_SERVERS` | unset | Comma list of DNS servers (`host` or `host:port`) for that check; unset = the system's resolvers. |
 * | `VENUE_TIME_ZONE` | `Europe/Moscow` | IANA time zone of the venues (`Asia/Almaty`, `Europe/Berlin`): sessions' days and times are its wall clock, and "now" of the shop (setup.date), the days sales count for and the times of the return page and the sales CSV are written in it (venue-time.ts). An unknown zone refuses to start. Changing it on a database that has sessions: README, Configuration. |
 * | `LEADER_LEASE_MS` | `15000` | How long the cluster's background lease lasts (background/leader.ts): a killed or frozen leader's background work (expiry sweeps, mail retries, pruning) is taken over within this plus a third of it; every process tries to take or renew the lease every third of it. 2000-600000. Below 8000 the leader's clock margin shrinks to a quarter of the lease, so machines' clocks must agree that closely. Keep the default in production; tests of a takeover set it short. |
 * | `SERVED_BY_HEADER` | `0` | `1` adds `X-Served-By: <pid>` to every answer, so a load test can tell which process of a cluster answered (bench:load's frozen-process check). Off by default: process ids are nobody else's business. |
 */
import { DEFAULT_BUYING_LANE_WAIT_MS, DEFAULT_DB_PAGE_POOL_MAX, DEFAULT_DB_POOL_MAX, DEFAULT_DB_TIMEOUTS, DEFAULT_LEADER_LEASE_MS, DEFAULT_MAIL_FROM, DEFAULT_QUEUE_JOINS_PER_ADDRESS, DEFAULT_REQUEST_DEADLINE_MS, DEFAULT_SESSIONS_PER_ADDRESS_PER_MINUTE, DEFAULT_STREAMS_PER_ADDRESS, DEFAULT_STUDIO_COPY_INLINE_MS, MAX_LEADER_LEASE_MS, MAX_WORKERS, MIN_LEADER_LEASE_MS, REQUEST_LOG_MODES, type DbTimeouts } from './config-defaults'
import { productionMailWarnings } from './config-mail-warnings'
import { parseTrustProxy, TrustProxyError, wideTrustProxyRanges } from './security/trust-proxy'
import { canonicalTimeZone, DEFAULT_VENUE_TIME_ZONE } from './venue-time'
import { DEFAULT_IPV6_LIMIT_PREFIX, MAX_IPV6_LIMIT_PREFIX, MIN_IPV6_LIMIT_PREFIX } from './security/address-key'
import path from 'node:path'
import { z } from 'zod'

/** Development-only secrets: fine on a laptop, never in production (a warning says so at start). */
const DEV_CRM_SECRET = 'dev-crm-secret-change-me'
const DEV_SESSION_SECRET = 'dev-session-secret-change-me'
const DEV_SANDBOX_BANK_SECRET = 'dev-sandbox-bank-secret-change-me'

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')

const seconds = z.coerce.number().int().positive()
const millis = z.coerce.number().int().positive()

/**
 * MAIL_FROM: `Display Name <local@domain.tld>` or `local@domain.tld`, on one line (a line break
 * would let the value add headers of its own).
 */
const MAIL_FROM_SHAPE = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// (leave it unset for SQLite)')
    .optional(),
  ORDER_RESERVE_SECONDS: seconds.default(900),
  ORDER_RESERVE_EXTENSIONS: z.coerce.number().int().min(0).max(1000).default(10),
  CART_HOLD_SECONDS: seconds.default(600),
  CART_HOLD_EXTENSIONS: z.coerce.number().int().min(0).max(1000).default(10),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().trim().regex(MAIL_FROM_SHAPE, 'MAIL_FROM must be an e-mail address, e.g. `Seatwise <tickets@example.org>` or `tickets@example.org`').default(DEFAULT_MAIL_FROM),
  MAIL_REPLY_TO: z.string().trim().regex(MAIL_FROM_SHAPE, 'MAIL_REPLY_TO must be an e-mail address, e.g. `Box office <boxoffice@example.org>` or `boxoffice@example.org`').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_LOG: z.enum(REQUEST_LOG_MODES).optional(),
  CRM_SECRET: z.string().min(8, 'CRM_SECRET must be at least 8 characters').optional(),
  SESSION_SECRET: z.string().min(8, 'SESSION_SECRET must be at least 8 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  DEMO_DATA: flag.optional(),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  TRUST_PROXY: z.string().min(1).default('0'),
  SANDBOX_BANK: flag.optional(),
  SANDBOX_BANK_SECRET: z.string().min(8, 'SANDBOX_BANK_SECRET must be at least 8 characters').optional(),
  TICKET_SIGNING_KEY: z.string().includes('PRIVATE KEY', { message: 'TICKET_SIGNING_KEY must be a PKCS#8 PEM private key' }).optional(),
  TICKET_SIGNING_KEY_FILE: z.string().min(1).optional(),
  TICKET_PUBLIC_KEYS: z.string().optional(),
  DOOR_TOKEN: z.string().min(16, 'DOOR_TOKEN must be at least 16 characters').optional(),
  NODE_ENV: z.string().optional(),
  DB_LOCK_TIMEOUT_MS: millis.default(DEFAULT_DB_TIMEOUTS.lockTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: millis.default(DEFAULT_DB_TIMEOUTS.statementTimeoutMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis.default(DEFAULT_DB_TIMEOUTS.idleInTransactionTimeoutMs),
  REQUEST_DEADLINE_MS: millis.default(DEFAULT_REQUEST_DEADLINE_MS),
  BUYING_LANE_WAIT_MS: millis.default(DEFAULT_BUYING_LANE_WAIT_MS),
  STUDIO_COPY_INLINE_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_STUDIO_COPY_INLINE_MS),
  SESSIONS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(DEFAULT_SESSIONS_PER_ADDRESS_PER_MINUTE),
  STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(DEFAULT_STREAMS_PER_ADDRESS),
  QUEUE_JOINS_PER_ADDRESS: z.coerce.number().int().positive().default(DEFAULT_QUEUE_JOINS_PER_ADDRESS),
  IPV6_LIMIT_PREFIX: z.coerce.number().int().min(MIN_IPV6_LIMIT_PREFIX).max(MAX_IPV6_LIMIT_PREFIX).default(DEFAULT_IPV6_LIMIT_PREFIX),
  WORKERS: z.coerce.number().int().min(1).max(MAX_WORKERS).default(1),
  LEADER_LEASE_MS: z.coerce.number().int().min(MIN_LEADER_LEASE_MS).max(MAX_LEADER_LEASE_MS).default(DEFAULT_LEADER_LEASE_MS),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_DB_POOL_MAX),
  DB_PAGE_POOL_MAX: z.coerce.number().int().min(0).max(1000).default(DEFAULT_DB_PAGE_POOL_MAX),
  DB_NAMED_STATEMENTS: flag.optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://').optional(),
  REDIS_PREFIX: z.string().min(1).default('seatwise:'),
  SERVED_BY_HEADER: flag.optional(),
  EMAIL_DOMAIN_CHECK: flag.optional(),
  EMAIL_DNS_SERVERS: z.string().regex(/^[\w.:[\]-]+(,[\w.:[\]-]+)*$/, 'EMAIL_DNS_SERVERS must be a comma list of host or host:port').optional(),
  WARM_START: flag.optional(),
  VENUE_TIME_ZONE: z.string().trim().default(DEFAULT_VENUE_TIME_ZONE)
    .refine((zone) => canonicalTimeZone(zone) !== null, { error: (i) => `unknown time zone "${String(i.input)}": give an IANA zone name such as Europe/Moscow or Asia/Almaty` })
    .transform((zone) => canonicalTimeZone(zone)!),
})

export type RequestLogMode = (typeof REQUEST_LOG_MODES)[number]

export type Database =
  | { kind: 'sqlite'; file: string }
  /** namedStatements: the prepared queries run as named statements (DB_NAMED_STATEMENTS; db/connect.ts Lease); unset = yes. */
  | { kind: 'postgres'; url: string; namedStatements?: boolean }

export interface Config {
  port: number
  host: string
  dataDir: string
  database: Database
  orderReserveSeconds: number
  /** How many times a buyer may extend an unpaid order's reserve, each by orderReserveSeconds (WCAG 2.2.1). */
  orderReserveExtensions: number
  cartHoldSeconds: number
  /** How many times a visitor may extend one cart countdown (WCAG 2.2.1 asks for at least 10). */
  cartHoldExtensions: number
  /** undefined: mail is written as .eml files to `outboxDir`. */
  smtpUrl: string | undefined
  /** Sender (From) of every e-mail (MAIL_FROM). */
  mailFrom: string
  /** Reply-To of every e-mail (MAIL_REPLY_TO); undefined: none, replies go to mailFrom. */
  mailReplyTo: string | undefined
  outboxDir: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  /** Which requests get a log line (REQUEST_LOG; plugins/request-log.ts). */
  requestLog: RequestLogMode
  crmSecret: string
  /**
   * The `?crm=` sign-in takes tokens. False in production (NODE_ENV=production) while CRM_SECRET is
   * unset or its public development value: anyone could sign such a token and sign in as any CRM
   * client. Not a refusal to start (as SESSION_SECRET's): a venue without a CRM has no key to set.
   */
  crmSignIn: boolean
  sessionSecret: string
  /**
   * Address visitors use. Without PUBLIC_URL it is http://localhost:PORT; with PORT=0 the server
   * fills in the port it got once it listens (see startServer), so links in e-mails work on a
   * random port too. Bank redirects then follow the request's own origin instead
   * (routes/origin.ts).
   */
  publicUrl: string
  /** True when PUBLIC_URL was given (then it is never rewritten). */
  publicUrlGiven: boolean
  demoData: boolean
  clientDir: string
  /** Fastify's trustProxy: false (the socket address) or the trusted proxies (security/trust-proxy.ts). */
  trustProxy: false | string[]
  /** NODE_ENV=production: demo data and the sandbox bank off unless asked for, no public source maps. */
  production: boolean
  /** PostgreSQL session timeouts (DB_*_TIMEOUT_MS). */
  dbTimeouts: DbTimeouts
  /** How long a studio save copies in its request before the background goes on (STUDIO_COPY_INLINE_MS). */
  studioCopyInlineMs: number
  /** Server-side deadline of a request (REQUEST_DEADLINE_MS). */
  requestDeadlineMs: number
  /** Longest wait of a buying call for the buying lane (BUYING_LANE_WAIT_MS). */
  buyingLaneWaitMs: number
  sessionsPerAddressPerMinute: number
  streamsPerAddress: number
  /** Joins of one session's waiting room per address a day (QUEUE_JOINS_PER_ADDRESS; domain/waiting/room.ts). */
  queueJoinsPerAddress: number
  /** IPv6 prefix bits of a client's limit address (IPV6_LIMIT_PREFIX; security/address-key.ts). */
  ipv6LimitPrefix: number
  /** SERVED_BY_HEADER: X-Served-By with this process's pid on every answer (app.ts). */
  servedByHeader: boolean
  /** WARM_START: the seating caches of the sessions to come are built, and the first answers asked, before listening (server.ts). */
  warmStart: boolean
  /** Buyer e-mail domains are asked of DNS when an order is placed (EMAIL_DOMAIN_CHECK, EMAIL_DNS_SERVERS); undefined: off. */
  emailDomainCheck: { servers: string[] } | undefined
  /** Start-up warnings about risky settings (the server logs each). */
  warnings: string[]
  /** The built-in sandbox bank serves its payment types (SANDBOX_BANK). */
  sandboxBank: boolean
  /** HMAC key of the sandbox bank's callbacks and form fields (SANDBOX_BANK_SECRET). */
  sandboxBankSecret: string
  /** Secrets that fell back to their development value; the server warns about each at start. */
  devSecrets: string[]
  /** Server processes on this machine (WORKERS; cluster/primary.ts). */
  workers: number
  /** How long the cluster's background lease lasts (LEADER_LEASE_MS; background/leader.ts leaderTimings). */
  leaderLeaseMs: number
  /** Connections of each process's PostgreSQL main pool (DB_POOL_MAX). */
  dbPoolMax: number
  /** Connections of each process's PostgreSQL page pool (DB_PAGE_POOL_MAX); 0 = none. */
  dbPagePoolMax: number
  /** Redis of the shared per-address counters (REDIS_URL, REDIS_PREFIX); unset = the database. */
  redis: { url: string; prefix: string } | undefined
  /** Keys of the signed ticket codes (domain/tickets/keys.ts). */
  ticketKeys: {
    /** PEM text of the signing key, when given in the environment. */
    signingKeyPem: string | undefined
    /** File of the signing key. */
    signingKeyFile: string
    /** True when the file is the default one, which is generated when missing (development). */
    generateWhenMissing: boolean
    /** Older public keys still accepted (base64url raw). */
    extraPublicKeys: string[]
  }
  /** Bearer token of the door check-in API; undefined = the API is off. */
  doorToken: string | undefined
  /** IANA time zone of the venues' wall clock (VENUE_TIME_ZONE, canonical name; venue-time.ts). */
  venueTimeZone: string
}

export class ConfigError extends Error {}

/**
 * Refuses a production start (NODE_ENV=production) whose SESSION_SECRET is the development
 * default: that value is public (it is in this file), and it signs the session cookie and the
 * waiting room's admission tokens, so anyone could forge an admission and skip the queue. Only a
 * warning would leave such a server running, so it does not start. Not part of loadConfig: the
 * command-line tools (venue import, admin, keys) read the configuration but sign nothing.
 * Called before anything is started (cli/start.ts) and by startServer.
 */
export function refuseUnsafeProductionStart(config: Config): void {
  if (!config.production || config.sessionSecret !== DEV_SESSION_SECRET) return
  throw new ConfigError(
    'Invalid configuration:\n  SESSION_SECRET: must be set in production (NODE_ENV=production). Its development default is public and signs ' +
      'session cookies and waiting-room admission tokens, so anyone could forge them. Set SESSION_SECRET to a long random value ' +
      '(e.g. `openssl rand -hex 32`), the same on every machine.',
  )
}

/**
 * Reads the configuration from `env` (process.env by default; tests pass their own object).
 * Empty strings count as unset so `FOO= npm start` behaves like leaving FOO out.
 * Relative paths resolve against `cwd`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const cleaned: Record<string, string> = {}
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key]
    if (value !== undefined && value !== '') cleaned[key] = value
  }
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  let trustProxy: false | string[]
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY)
  } catch (err) {
    if (err instanceof TrustProxyError) throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${err.message}`)
    throw err
  }
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  WORKERS: several processes need DATABASE_URL (PostgreSQL); SQLite runs one process (WORKERS=1)')
  }
  const production = e.NODE_ENV === 'production'
  // In production the sandbox bank (anyone may press Approve) and the demo data are off unless
  // asked for by name; in development both are on, as before.
  const demoData = e.DEMO_DATA ?? !production
  const sandboxBank = e.SANDBOX_BANK ?? !production
  const warnings: string[] = []
  if (production && sandboxBank) warnings.push('SANDBOX_BANK=1 in production: anyone can pay any order by pressing Approve on the sandbox page.')
  if (production && demoData) warnings.push('DEMO_DATA=1 in production: an empty database gets the demo events.')
  if (production) warnings.push(...productionMailWarnings({ publicUrl: e.PUBLIC_URL, smtpUrl: e.SMTP_URL, mailFrom: e.MAIL_FROM, defaultMailFrom: DEFAULT_MAIL_FROM, port: e.PORT }))
  for (const range of trustProxy ? wideTrustProxyRanges(trustProxy) : []) {
    warnings.push(`TRUST_PROXY lists ${range}, a range far wider than a proxy network: a client in it can choose its own address (and dodge per-address limits). List your proxies' own addresses or network.`)
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR)
  const crmSignIn = !production || (e.CRM_SECRET !== undefined && e.CRM_SECRET !== DEV_CRM_SECRET)
  if (!crmSignIn) {
    warnings.push(
      'CRM_SECRET is not set in production (or is its public development value): the CRM sign-in (`?crm=` links from the account system) is off, ' +
        'since anyone could sign such a link with the default. To turn it on, set CRM_SECRET to the key your account system signs its links with.',
    )
  }
  const devSecrets: string[] = []
  // In production an unset CRM_SECRET signs nothing (the sign-in is off, warned above).
  if (!e.CRM_SECRET && crmSignIn) devSecrets.push('CRM_SECRET')
  if (!e.SESSION_SECRET) devSecrets.push('SESSION_SECRET')
  // The sandbox's own key matters only where the sandbox is a risk worth naming: in production.
  if (production && sandboxBank && !e.SANDBOX_BANK_SECRET) devSecrets.push('SANDBOX_BANK_SECRET')
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, namedStatements: e.DB_NAMED_STATEMENTS ?? true }
      : { kind: 'sqlite', file: path.join(dataDir, 'storefront.sqlite') },
    orderReserveSeconds: e.ORDER_RESERVE_SECONDS,
    orderReserveExtensions: e.ORDER_RESERVE_EXTENSIONS,
    cartHoldSeconds: e.CART_HOLD_SECONDS,
    cartHoldExtensions: e.CART_HOLD_EXTENSIONS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailReplyTo: e.MAIL_REPLY_TO,
    outboxDir: path.join(dataDir, 'outbox'),
    logLevel: e.LOG_LEVEL,
    requestLog: e.REQUEST_LOG ?? (production ? 'errors' : 'all'),
    crmSecret: e.CRM_SECRET ?? DEV_CRM_SECRET,
    crmSignIn,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlGiven: e.PUBLIC_URL !== undefined,
    demoData,
    clientDir: path.resolve(cwd, e.CLIENT_DIR),
    trustProxy,
    production,
    dbTimeouts: { lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS, idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS },
    requestDeadlineMs: e.REQUEST_DEADLINE_MS,
    buyingLaneWaitMs: e.BUYING_LANE_WAIT_MS,
    studioCopyInlineMs: e.STUDIO_COPY_INLINE_MS,
    sessionsPerAddressPerMinute: e.SESSIONS_PER_ADDRESS_PER_MINUTE,
    streamsPerAddress: e.STREAMS_PER_ADDRESS,
    queueJoinsPerAddress: e.QUEUE_JOINS_PER_ADDRESS,
    ipv6LimitPrefix: e.IPV6_LIMIT_PREFIX,
    servedByHeader: e.SERVED_BY_HEADER ?? false,
    warmStart: e.WARM_START ?? true,
    // Off outside production: tests and a laptop's demo use made-up domains and may have no DNS.
    emailDomainCheck: (e.EMAIL_DOMAIN_CHECK ?? production) ? { servers: (e.EMAIL_DNS_SERVERS ?? '').split(',').filter((s) => s !== '') } : undefined,
    warnings,
    sandboxBank,
    sandboxBankSecret: e.SANDBOX_BANK_SECRET ?? DEV_SANDBOX_BANK_SECRET,
    devSecrets,
    ticketKeys: {
      signingKeyPem: e.TICKET_SIGNING_KEY,
      signingKeyFile: e.TICKET_SIGNING_KEY_FILE ? path.resolve(cwd, e.TICKET_SIGNING_KEY_FILE) : path.join(dataDir, 'keys', 'ticket-signing-key.pem'),
      generateWhenMissing: !e.TICKET_SIGNING_KEY_FILE,
      extraPublicKeys: (e.TICKET_PUBLIC_KEYS ?? '').split(/[\s,]+/).filter((k) => k !== ''),
    },
    doorToken: e.DOOR_TOKEN,
    workers: e.WORKERS,
    leaderLeaseMs: e.LEADER_LEASE_MS,
    dbPoolMax: e.DB_POOL_MAX,
    dbPagePoolMax: e.DB_PAGE_POOL_MAX,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    venueTimeZone: e.VENUE_TIME_ZONE,
  }
}
