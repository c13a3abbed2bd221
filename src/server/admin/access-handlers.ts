import type { FastifyInstance } from 'fastify'
import type { Operator } from '../../contract/admin/access'
import { cappedRole } from '../../contract/admin/roles'
import { isLang } from '../../contract/lang'
import { ApiFailure } from '../errors'
import { limitAddressOf } from '../security/address-key'
import { writeAudit, listAudit } from './audit'
import { checkCredentials, createApiToken, createOperator, endOperatorSession, OPERATOR_SESSION_TTL_MS, startOperatorSession } from './auth'
import type { Actor, OperatorRow } from './context'
import { setOperatorCookie } from './guard'
import { deviceProofOf, setDeviceCookie } from './known-device'
import { deleteSessionsOf, findApiToken, findOperator, listApiTokens, listOperators, lockActiveOwners, revokeApiToken, revokeApiTokensOf, updateOperator } from './operators.repository'
import { hashPassword } from './passwords'
import type { AdminHandlers } from './routes'
import { tx } from './transaction'
import { venueTimeZone } from '../venue-time'

export function operatorView(op: OperatorRow): Operator {
  return {
    id: op.id,
    email: op.email,
    name: op.name,
    role: op.role,
    lang: isLang(op.lang) ? op.lang : 'ru',
    active: op.active,
    locked_until: op.locked_until,
    created_at: op.created_at,
  }
}

const tokenView = (t: { id: number; name: string; role: Operator['role']; prefix: string; created_at: number; last_used_at: number | null; revoked_at: number | null; expires_at: number | null }) => ({
  id: t.id,
  name: t.name,
  role: t.role,
  prefix: t.prefix,
  created_at: t.created_at,
  last_used_at: t.last_used_at,
  revoked_at: t.revoked_at,
  expires_at: t.expires_at === null ? null : Number(t.expires_at),
})

/** Sign-in, the operator's own session, operators, API tokens and the audit log. */
export function accessHandlers(app: FastifyInstance): AdminHandlers {
  const db = app.db
  return {
    login: async ({ input, request, reply }) => {
      const now = Date.now()
      // The sign-in lockout counts per limit address (an IPv6 /64 as one: security/address-key.ts).
      // A device cookie from an earlier sign-in to this account passes its lock-out (known-device.ts).
      const op = await checkCredentials(db, input.email, input.password, now, limitAddressOf(request), deviceProofOf(app, request))
      const { sessionId, csrf } = await startOperatorSession(db, op.id, now)
      setOperatorCookie(app, reply, sessionId, OPERATOR_SESSION_TTL_MS)
      setDeviceCookie(app, reply, op, now)
      const actor: Actor = { role: op.role, operatorId: op.id, tokenId: null, label: op.email, ip: request.ip, operator: op, csrf, sessionHash: null, gate: request.commitGate }
      // A known device's sign-in through its account's running lock says so: the lock-out row before it is no longer the whole story.
      await writeAudit(db, actor, { action: 'sign-in', entity: 'operator', entityId: op.id, ...(op.passedLock ? { after: { known_device: true, account_locked: true } } : {}) })
      return { operator: operatorView(op), csrf, time_zone: venueTimeZone() }
    },
    me: async ({ actor }) => {
      if (!actor.operator || actor.csrf === null) {
        // An API token has no operator row; it answers as a pseudo-operator of its role.
        return { operator: { id: 0, email: actor.label, name: actor.label, role: actor.role, lang: 'en' as const, active: 1, locked_until: null, created_at: 0 }, csrf: '', time_zone: venueTimeZone() }
      }
      return { operator: operatorView(actor.operator), csrf: actor.csrf, time_zone: venueTimeZone() }
    },
    logout: async ({ actor, reply }) => {
      if (actor.sessionHash) await endOperatorSession(db, actor.sessionHash)
      setOperatorCookie(app, reply, '', 0)
      await writeAudit(db, actor, { action: 'sign-out', entity: 'operator', entityId: actor.operatorId ?? '' })
      return { ok: true as const }
    },

    operators: async () => {
      const rows = await listOperators(db)
      return { operators: rows.map(operatorView) }
    },
    operatorCreate: async ({ input, actor }) => {
      const now = Date.now()
      return tx(db, actor, async (trx) => {
        const id = await createOperator(trx, input, now)
        await writeAudit(trx, actor, { action: 'create', entity: 'operator', entityId: id, after: { email: input.email, name: input.name, role: input.role, lang: input.lang } })
        return { id }
      })
    },
    operatorUpdate: async ({ input, params, actor }) => {
      return tx(db, actor, async (trx) => {
        const takesOwnerAway = (input.role !== undefined && input.role !== 'owner') || input.active === 0
        const owners = takesOwnerAway ? await lockActiveOwners(trx) : []
        // Read after the owners' lock: an owner another operator disabled or demoted meanwhile is
        // no active owner any more, so this change takes no owner away (not "the last owner").
        const before = await findOperator(trx, params.id)
        if (!before) throw new ApiFailure('admin-not-found', { what: 'operator', id: params.id })
        // Locked, not merely counted: two owners disabling each other at once must not both pass (operators.repository.ts).
        if (takesOwnerAway && owners.includes(before.id) && owners.length <= 1) throw new ApiFailure('admin-last-owner')
        const changes = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.role !== undefined ? { role: input.role } : {}),
          ...(input.lang !== undefined ? { lang: input.lang } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          // Disabled: the device cookies issued so far no longer pass a lock-out, should the operator be enabled again (known-device.ts).
          ...(input.active === 0 ? { devices_from: Date.now() } : {}),
          ...(input.password !== undefined ? { password_hash: await hashPassword(input.password) } : {}),
          ...(input.unlock ? { failed_attempts: 0, locked_until: null } : {}),
        }
        if (Object.keys(changes).length) await updateOperator(trx, params.id, changes)
        // A disabled operator, a new role or a new password ends the operator's sessions.
        if (input.active === 0 || input.role !== undefined || input.password !== undefined) {
          await deleteSessionsOf(trx, params.id)
        }
        const after = await findOperator(trx, params.id)
        if (!after) throw new ApiFailure('admin-not-found', { what: 'operator', id: params.id })
        await writeAudit(trx, actor, {
          action: input.password !== undefined ? 'update+password' : 'update',
          entity: 'operator',
          entityId: params.id,
          before: operatorView(before),
          after: operatorView(after),
        })
        // A role that no longer allows all the old one did, or a new password (the old one may be
        // known to someone), revokes the operator's API tokens (those their tokens made too: they
        // record the operator), each with its audit row: a token made while the operator was
        // trusted must not outlive that trust, nor promote them back. Disabling does not revoke:
        // a disabled operator's tokens already stop (findLiveApiToken) and come back with them.
        const roleDrops = input.role !== undefined && cappedRole(before.role, input.role) !== before.role
        if (roleDrops || input.password !== undefined) {
          for (const t of await revokeApiTokensOf(trx, params.id, Date.now())) {
            await writeAudit(trx, actor, { action: 'revoke', entity: 'api_token', entityId: t.id, before: tokenView({ ...t, revoked_at: null }), after: tokenView(t) })
          }
        }
        return { ok: true as const }
      })
    },

    tokens: async () => {
      const rows = await listApiTokens(db)
      return { tokens: rows.map(tokenView) }
    },
    tokenCreate: async ({ input, actor }) => {
      return tx(db, actor, async (trx) => {
        // A token made by a token answers to the operator behind the maker: disabling them stops both.
        const maker = actor.tokenId !== null ? await findApiToken(trx, actor.tokenId) : undefined
        const createdBy = actor.operatorId ?? maker?.created_by ?? null
        // Never a token without a creator: nothing would cap its role, so it would not work (auth.ts actorOfToken).
        if (createdBy === null) throw new ApiFailure('admin-forbidden')
        // Nor one outliving the token that made it: an expiring token could otherwise renew itself for good.
        const notAfter = maker?.expires_at ?? null
        const { token, row } = await createApiToken(trx, { name: input.name, role: input.role, createdBy, expiresInDays: input.expires_in_days, notAfter }, Date.now())
        await writeAudit(trx, actor, { action: 'create', entity: 'api_token', entityId: row.id, after: tokenView(row) })
        return { token, api_token: tokenView(row) }
      })
    },
    tokenRevoke: async ({ params, actor }) => {
      return tx(db, actor, async (trx) => {
        const before = await findApiToken(trx, params.id)
        if (!before) throw new ApiFailure('admin-not-found', { what: 'token', id: params.id })
        const now = Date.now()
        if (before.revoked_at === null) await revokeApiToken(trx, params.id, now)
        await writeAudit(trx, actor, { action: 'revoke', entity: 'api_token', entityId: params.id, before: tokenView(before), after: tokenView({ ...before, revoked_at: before.revoked_at ?? now }) })
        return { ok: true as const }
      })
    },

    audit: async ({ input }) => ({ entries: await listAudit(db, input) }),
  }
}
