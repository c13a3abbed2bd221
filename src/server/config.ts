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
 * | `CART_HOLD_SECONDS` | `600` | How long a seat in a cart stays held for the visitor. |
 * | `SMTP_URL` | unset | `smtp://user:pass@host:587` sends mail; unset = `.eml` files under `DATA_DIR/outbox`. |
 * | `LOG_LEVEL` | `info` | pino level: fatal, error, warn, info, debug, trace, silent. |
 * | `CRM_SECRET` | dev value (warns) | HMAC key of the `?crm=` sign-in tokens issued by the account system. |
 * | `SESSION_SECRET` | dev value (warns) | Key that signs the session cookie. |
 * | `PUBLIC_URL` | `http://localhost:PORT` | Address visitors use; e-mail links are built on it. Unset, bank redirects follow the request's own origin (routes/origin.ts). An `https` URL makes cookies `Secure`. |
 * | `DEMO_DATA` | `1` | `1` loads the demo events, venues and clients into an empty database; `0` skips. |
 * | `CLIENT_DIR` | `dist/client` | Built web client served at `/` (SPA fallback to its index.html). |
 * | `SANDBOX_BANK` | `1` | `1` offers the built-in sandbox bank (every payment branch, no real money) for the payment types it serves; `0` turns it off. |
 * | `SANDBOX_BANK_SECRET` | dev value (warns) | HMAC key the sandbox bank signs its payment callbacks and form fields with. Not listed among the dev-secret warnings: with the sandbox on, anyone may press Approve anyway, so production runs SANDBOX_BANK=0. |
 * | `TRUST_PROXY` | `0` | `1` trusts X-Forwarded-For from any proxy (behind a reverse proxy); or a comma list of proxy addresses/CIDRs. `0` uses the socket address (clients cannot fake their address to dodge rate limits). |
 */
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

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// (leave it unset for SQLite)')
    .optional(),
  ORDER_RESERVE_SECONDS: seconds.default(900),
  CART_HOLD_SECONDS: seconds.default(600),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CRM_SECRET: z.string().min(8, 'CRM_SECRET must be at least 8 characters').optional(),
  SESSION_SECRET: z.string().min(8, 'SESSION_SECRET must be at least 8 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  DEMO_DATA: flag.default(true),
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  TRUST_PROXY: z.string().min(1).default('0'),
  SANDBOX_BANK: flag.default(true),
  SANDBOX_BANK_SECRET: z.string().min(8, 'SANDBOX_BANK_SECRET must be at least 8 characters').optional(),
})

export type Database =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string }

export interface Config {
  port: number
  host: string
  dataDir: string
  database: Database
  orderReserveSeconds: number
  cartHoldSeconds: number
  /** undefined: mail is written as .eml files to `outboxDir`. */
  smtpUrl: string | undefined
  outboxDir: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  crmSecret: string
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
  /** Fastify's trustProxy: false, true, or the trusted proxy addresses. */
  trustProxy: boolean | string
  /** The built-in sandbox bank serves its payment types (SANDBOX_BANK). */
  sandboxBank: boolean
  /** HMAC key of the sandbox bank's callbacks and form fields (SANDBOX_BANK_SECRET). */
  sandboxBankSecret: string
  /** Secrets that fell back to their development value; the server warns about each at start. */
  devSecrets: string[]
}

export class ConfigError extends Error {}

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
  const dataDir = path.resolve(cwd, e.DATA_DIR)
  const devSecrets: string[] = []
  if (!e.CRM_SECRET) devSecrets.push('CRM_SECRET')
  if (!e.SESSION_SECRET) devSecrets.push('SESSION_SECRET')
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'storefront.sqlite') },
    orderReserveSeconds: e.ORDER_RESERVE_SECONDS,
    cartHoldSeconds: e.CART_HOLD_SECONDS,
    smtpUrl: e.SMTP_URL,
    outboxDir: path.join(dataDir, 'outbox'),
    logLevel: e.LOG_LEVEL,
    crmSecret: e.CRM_SECRET ?? DEV_CRM_SECRET,
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlGiven: e.PUBLIC_URL !== undefined,
    demoData: e.DEMO_DATA,
    clientDir: path.resolve(cwd, e.CLIENT_DIR),
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === '0' || e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    sandboxBank: e.SANDBOX_BANK,
    sandboxBankSecret: e.SANDBOX_BANK_SECRET ?? DEV_SANDBOX_BANK_SECRET,
    devSecrets,
  }
}
