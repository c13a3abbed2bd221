/**
 * `npm run ticket-keys [-- new FILE]`: the keys of signed ticket codes (README, "Signed tickets").
 * Without arguments it prints the signing key's id and public key and every public key the
 * server accepts, from the same configuration as the server (generating the development key on
 * first use, as the server would). `new FILE` writes a new Ed25519 private key (PKCS#8 PEM,
 * mode 600) and prints its id and public key: the first step of a rotation.
 */
import { createPrivateKey, createPublicKey } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pino from 'pino'
import { loadConfig } from '../../config'
import { base64UrlDecode, keyIdOf } from '../../../contract/tickets/verify'
import { loadTicketKeys, writeNewKeyFile } from './keys'

export async function runTicketKeys(argv: string[]): Promise<void> {
  if (argv[0] === 'new') {
    const file = argv[1]
    if (!file) throw new Error('usage: npm run ticket-keys -- new FILE')
    const target = path.resolve(file)
    if (!writeNewKeyFile(target)) throw new Error(`${target} exists: choose a new file name (a key file is never overwritten)`)
    const publicKey = createPublicKey(createPrivateKey(fs.readFileSync(target, 'utf8'))).export({ format: 'jwk' }).x!
    console.log(`new signing key ${await keyIdOf(base64UrlDecode(publicKey)!)} written to ${target}\npublic key: ${publicKey}`)
    console.log('next: add the current public key to TICKET_PUBLIC_KEYS, then point TICKET_SIGNING_KEY_FILE at the new file and restart every process')
    return
  }
  if (argv.length > 0) throw new Error('usage: npm run ticket-keys [-- new FILE]')
  const config = loadConfig()
  const keys = await loadTicketKeys(config.ticketKeys, pino({ level: 'warn' }))
  const source = config.ticketKeys.signingKeyPem ? 'TICKET_SIGNING_KEY' : config.ticketKeys.signingKeyFile
  console.log(`signing key ${keys.kid} (${source})`)
  for (const k of keys.published) console.log(`${k.kid === keys.kid ? 'signs  ' : 'accepts'} ${k.kid} ${k.publicKey}`)
}

runTicketKeys(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
