import { parseArgs } from 'node:util'
import { operatorCreateRequestSchema } from '../../contract/admin/access'
import { loadConfig } from '../config'
import { connect } from '../db/connect'
import { clockGate } from '../domain/orders/commit-gate'
import { ApiFailure } from '../errors'
import { migrateToLatest } from '../migrations'
import { writeAudit } from './audit'
import { createOperator } from './auth'
import type { Actor } from './context'
import { tx } from './transaction'

const USAGE = 'usage: npm run admin -- create-owner --email EMAIL (--password PASSWORD | --password-stdin) [--name NAME] [--lang ru|en|kz|ch]'

/**
 * `npm run admin -- create-owner …`: creates an owner account in the configured database
 * (DATABASE_URL or DATA_DIR's SQLite), migrating it first. The only way the first owner comes to
 * be: there is no default password. Answers one line; errors print one line and exit 1.
 * `--password-stdin` reads the password from standard input (its one trailing newline dropped),
 * so it shows in neither `ps` nor the shell's history as `--password` does.
 */
export async function runAdminCli(argv: string[], stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, 'password-stdin': { type: 'boolean' }, name: { type: 'string' }, lang: { type: 'string' } },
  })
  if (positionals[0] !== 'create-owner') throw new Error(USAGE)
  if (values.password !== undefined && values['password-stdin']) throw new Error(`give --password or --password-stdin, not both\n${USAGE}`)
  const password = values['password-stdin'] ? (await readAll(stdin)).replace(/\r?\n$/, '') : values.password
  const parsed = operatorCreateRequestSchema.safeParse({ email: values.email, password, name: values.name ?? '', lang: values.lang ?? 'ru', role: 'owner' })
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`${fields}\n${USAGE}`)
  }
  const db = connect(loadConfig().database)
  try {
    await migrateToLatest(db)
    // No request, so no request deadline: the clock's bound, as a job's writes have.
    const actor: Actor = { role: 'owner', operatorId: null, tokenId: null, label: 'cli', ip: '', operator: null, csrf: null, sessionHash: null, gate: clockGate(Date.now()) }
    const id = await tx(db, actor, async (trx) => {
      const id = await createOperator(trx, parsed.data, Date.now())
      await writeAudit(trx, actor, {
        action: 'create',
        entity: 'operator',
        entityId: id,
        after: { email: parsed.data.email, name: parsed.data.name, role: 'owner', lang: parsed.data.lang },
      })
      return id
    })
    return `owner ${parsed.data.email} created (operator ${id}); sign in at /admin`
  } catch (err) {
    if (err instanceof ApiFailure) throw new Error(err.message, { cause: err })
    throw err
  } finally {
    await db.destroy()
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = ''
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8')
  return text
}
