import type { ColumnType, Generated } from 'kysely'
import type { Role } from '../../contract/admin/roles'

/** Row types of the console's tables (migration 2026_11_24_17_01_01_operators). */
type Def<T> = ColumnType<T, T | undefined, T>

export interface OperatorsTable {
  id: Generated<number>
  email: string
  name: Def<string>
  role: Role
  /** argon2id PHC string (salt and parameters inside). */
  password_hash: string
  lang: Def<string>
  active: Def<number>
  failed_attempts: Def<number>
  locked_until: Def<number | null>
  created_at: number
  /** When failed_attempts last counted one (migration 2026_12_03_02_au1_01): an older count starts again. */
  last_failed_at: Def<number | null>
  /** Device cookies issued before it do not pass the lock-out (migration 2026_12_03_08_kd1_01; set when disabled): admin/known-device.ts. */
  devices_from: Def<number | null>
}
export interface OperatorSessionsTable {
  /** SHA-256 of the cookie's session id: a leaked table does not sign anyone in. */
  id_hash: string
  operator_id: number
  csrf_token: string
  created_at: number
  last_seen_at: number
  expires_at: number
}
export interface ApiTokensTable {
  id: Generated<number>
  token_hash: string
  /** The token's first characters, so an operator can tell tokens apart. */
  prefix: string
  name: string
  role: Role
  created_by: number | null
  created_at: number
  last_used_at: Def<number | null>
  revoked_at: Def<number | null>
  /** When the token stops working (chosen at its making); null for tokens made before expiries existed: they never expire. */
  expires_at: Def<number | null>
}
export interface AuditLogTable {
  id: Generated<number>
  operator_id: number | null
  api_token_id: number | null
  /** Who, in words that survive the operator's deletion: e-mail or "token:name". */
  actor: string
  action: string
  entity: string
  entity_id: Def<string>
  before_json: string | null
  after_json: string | null
  ip: Def<string>
  created_at: number
}
/** Failed sign-ins per client address (migration 2026_11_24_17_02_01). */
export interface OperatorSignInAddressesTable {
  ip: string
  failures: Def<number>
  /** Start of the window the failures count in. */
  window_start: number
  locked_until: Def<number | null>
}
/** Wrong passwords for e-mails that are no active account (migration 2026_12_03_02_au1_01, admin/auth.ts). */
export interface OperatorSignInEmailsTable {
  /** SHA-256 of the normalised e-mail. */
  email_hash: string
  failed_attempts: Def<number>
  last_failed_at: number
  locked_until: Def<number | null>
}
