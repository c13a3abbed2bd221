import type { Kysely } from 'kysely'
import { fk, id, timestamp, type Table } from './schema-helpers'

/**
 * The operator console's access (issue 17): operator accounts with a role and an argon2id
 * password hash, their own sessions (apart from visitors'), API tokens for integrations (only a
 * SHA-256 of the token is stored) and the audit log of every operator change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let operators = id(db, db.schema.createTable('operators'))
  operators = operators
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('ru'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
  operators = timestamp(operators, 'locked_until', false)
  operators = timestamp(operators, 'created_at')
  await operators.execute()

  let sessions: Table = db.schema.createTable('operator_sessions').addColumn('id_hash', 'text', (c) => c.primaryKey())
  sessions = fk(sessions, 'operator_id', 'operators.id', { notNull: true, onDelete: 'cascade' })
  sessions = sessions.addColumn('csrf_token', 'text', (c) => c.notNull())
  sessions = timestamp(sessions, 'created_at')
  sessions = timestamp(sessions, 'last_seen_at')
  sessions = timestamp(sessions, 'expires_at')
  await sessions.execute()

  let tokens = id(db, db.schema.createTable('api_tokens'))
  tokens = tokens
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
  tokens = fk(tokens, 'created_by', 'operators.id', { onDelete: 'set null' })
  tokens = timestamp(tokens, 'created_at')
  tokens = timestamp(tokens, 'last_used_at', false)
  tokens = timestamp(tokens, 'revoked_at', false)
  await tokens.execute()

  let audit = id(db, db.schema.createTable('audit_log'))
  audit = fk(audit, 'operator_id', 'operators.id', { onDelete: 'set null' })
  audit = fk(audit, 'api_token_id', 'api_tokens.id', { onDelete: 'set null' })
  audit = audit
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
  audit = timestamp(audit, 'created_at')
  await audit.execute()
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id']).execute()
  await db.schema.createIndex('operator_sessions_operator_idx').on('operator_sessions').column('operator_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['audit_log', 'api_tokens', 'operator_sessions', 'operators']) await db.schema.dropTable(t).execute()
}
