/**
 * `npx tsx src/server/crm/sign-cli.ts [--hours N] [--client ID] [--base URL]`: prints CRM sign-in
 * links for the CRM clients in the database (the demo has two), signed with CRM_SECRET, so a
 * developer can open the storefront as an identified client. Uses the same configuration as the
 * server. Links are built on --base, else PUBLIC_URL, else http://localhost:PORT; the path
 * (/?crm=…) is printed too, to open on whatever address the storefront is reached at (the
 * session cookie belongs to that address).
 */
import { parseArgs } from 'node:util'
import pino from 'pino'
import { loadConfig } from '../config'
import { connect } from '../db/connect'
import { listCrmClients } from '../domain/crm/repository'
import { migrateToLatest } from '../migrations'
import { signCrmToken } from './token'

/** Links are valid this long unless --hours says otherwise. */
const DEFAULT_HOURS = 24

export async function runCrmLinks(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { hours: { type: 'string' }, client: { type: 'string' }, base: { type: 'string' } } })
  const hours = values.hours === undefined ? DEFAULT_HOURS : Number(values.hours)
  if (!Number.isFinite(hours) || hours <= 0) throw new Error('--hours must be a positive number')
  const config = loadConfig()
  const base = (values.base ?? config.publicUrl).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/\s]+$/.test(base)) throw new Error('--base must be an origin such as http://127.0.0.1:3000')
  const log = pino({ level: 'warn' })
  // The server would refuse them (config.ts crmSignIn): printing them would only mislead.
  if (!config.crmSignIn) throw new Error('CRM_SECRET is not set in production: the CRM sign-in is off, so no links are signed. Set CRM_SECRET to turn it on.')
  for (const name of config.devSecrets.filter((n) => n === 'CRM_SECRET')) log.warn(`${name} is not set: links are signed with the development default`)
  const db = connect(config.database)
  try {
    await migrateToLatest(db)
    const clients = (await listCrmClients(db)).filter((c) => values.client === undefined || String(c.id) === values.client)
    if (clients.length === 0) throw new Error('no CRM clients found (start the server once to load the demo data)')
    const exp = Math.floor(Date.now() / 1000 + hours * 3600)
    for (const c of clients) {
      const token = signCrmToken(config.crmSecret, { id: c.id, exp })
      console.log(`${c.id}\t${c.first_name} ${c.last_name} <${c.email}>\n\t${base}/?crm=${token}\n\tpath: /?crm=${token}`)
    }
  } finally {
    await db.destroy()
  }
}

runCrmLinks(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
