import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'
import { claimBytes, formatToken, type TicketClaims } from '../../../contract/tickets/token'
import { base64UrlDecode, keyIdOf, TicketVerifier, type PublishedKey } from '../../../contract/tickets/verify'
import type { Config } from '../../config'

/**
 * The keys of signed ticket codes (issue 19.3). One Ed25519 private key signs every QR code the
 * server draws (Node's built-in crypto: no package does it better); its public key and any
 * older public keys still listed verify them, here and in a check-in app offline.
 *
 * Where the signing key comes from (config.ts): TICKET_SIGNING_KEY (PEM in the environment),
 * else TICKET_SIGNING_KEY_FILE, else DATA_DIR/keys/ticket-signing-key.pem, which the first start
 * generates when missing (development; every process sharing DATA_DIR then reads the same
 * file). A file named in TICKET_SIGNING_KEY_FILE must exist: a production server never mints a
 * key of its own by mistake, which would leave the other processes' codes unverifiable.
 */
export interface TicketKeys {
  /** Key id of the signing key (8 hex digits, in every token it signs). */
  readonly kid: string
  /** Every accepted public key, the signing one first. */
  readonly published: readonly PublishedKey[]
  /** Verifies tokens with the published keys (the same code a check-in app runs). */
  readonly verifier: TicketVerifier
  /** The QR text of a ticket: a signed token. */
  sign(claims: TicketClaims): string
}

/** Private key files are readable by their owner only. */
const KEY_FILE_MODE = 0o600

export class TicketKeyError extends Error {}

function rawPublicKey(key: KeyObject): string {
  const jwk = createPublicKey(key).export({ format: 'jwk' })
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') throw new TicketKeyError('the ticket signing key is not an Ed25519 key')
  return jwk.x
}

/** A new Ed25519 private key as PKCS#8 PEM. */
export function generateSigningKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
}

/** Writes a new key file unless one exists; answers whether this call wrote it (two processes starting at once make one key). */
export function writeNewKeyFile(file: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  try {
    fs.writeFileSync(file, generateSigningKeyPem(), { flag: 'wx', mode: KEY_FILE_MODE })
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  }
}

function readSigningKeyPem(config: Config['ticketKeys'], log: Pick<Logger, 'warn'>): string {
  if (config.signingKeyPem) return config.signingKeyPem
  if (!fs.existsSync(config.signingKeyFile)) {
    if (!config.generateWhenMissing) throw new TicketKeyError(`TICKET_SIGNING_KEY_FILE ${config.signingKeyFile} does not exist (generate one with npm run ticket-keys -- new FILE)`)
    if (writeNewKeyFile(config.signingKeyFile)) {
      log.warn({ file: config.signingKeyFile }, 'generated a ticket signing key: keep and back up this file (codes it signed stop verifying without it); production sets TICKET_SIGNING_KEY_FILE or TICKET_SIGNING_KEY')
    }
  }
  return fs.readFileSync(config.signingKeyFile, 'utf8')
}

/** Loads (or, in development, makes) the signing key and the accepted public keys. */
export async function loadTicketKeys(config: Config['ticketKeys'], log: Pick<Logger, 'warn'>): Promise<TicketKeys> {
  // Everything is checked before anything is written: a mistake in TICKET_PUBLIC_KEYS must not
  // leave a newly generated signing key file behind in DATA_DIR.
  const extras = config.extraPublicKeys.map((extra) => {
    const raw = base64UrlDecode(extra)
    if (!raw || raw.length !== 32) throw new TicketKeyError(`TICKET_PUBLIC_KEYS: not a base64url Ed25519 public key: ${extra}`)
    return { raw, publicKey: extra }
  })
  let privateKey: KeyObject
  try {
    privateKey = createPrivateKey(readSigningKeyPem(config, log))
  } catch (err) {
    if (err instanceof TicketKeyError) throw err
    throw new TicketKeyError(`the ticket signing key cannot be read: ${(err as Error).message}`)
  }
  const own = rawPublicKey(privateKey)
  const kid = await keyIdOf(base64UrlDecode(own)!)
  const published: PublishedKey[] = [{ kid, publicKey: own }]
  for (const extra of extras) {
    const extraKid = await keyIdOf(extra.raw)
    if (!published.some((p) => p.kid === extraKid)) published.push({ kid: extraKid, publicKey: extra.publicKey })
  }
  const verifier = await TicketVerifier.create(published.map((p) => p.publicKey))
  return {
    kid,
    published,
    verifier,
    sign: (claims) => {
      const signed = claimBytes(kid, claims)
      return formatToken(signed, new Uint8Array(sign(null, signed, privateKey)))
    },
  }
}
