import type { Selectable } from 'kysely'
import type { Role } from '../../contract/admin/roles'
import type { OperatorsTable } from '../db/admin.table'
import type { CommitGate } from '../domain/orders/commit-gate'

export type OperatorRow = Selectable<OperatorsTable>

/** Who is calling a console call: a signed-in operator (cookie) or an integration (API token). */
export interface Actor {
  role: Role
  operatorId: number | null
  tokenId: number | null
  /** For the audit log: the operator's e-mail or `token:<name>`. */
  label: string
  ip: string
  /** The operator row (null for API tokens). */
  operator: OperatorRow | null
  /**
   * The caller's stored language (the operator's; an API token's, its maker's): the console's
   * answers are in it when the request names no `lang` (request-lang.ts requestLang). Absent for
   * the CLI and background jobs.
   */
  lang?: string
  /** CSRF token of the cookie session (null for API tokens, which need none). */
  csrf: string | null
  /** Hash of the cookie session id (null for API tokens). */
  sessionHash: string | null
  /**
   * The cookie session's new end when this request moved it (actorOfSession): the guard sends
   * the cookie again to end then too, so the browser keeps it exactly as long as the server does.
   */
  sessionRenewedUntil?: number
  /**
   * The commit gate every write of this caller commits through (transaction.ts tx): the request's
   * own (request.commitGate) for a console call, so a call answered "busy" by the request deadline
   * has changed nothing; clockGate for the CLI and a background job, which have no request.
   */
  gate: CommitGate
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The console caller, set by the admin guard for /api/admin calls. */
    actor: Actor | null
  }
}
