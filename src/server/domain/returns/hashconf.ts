import { createHash, randomBytes } from 'node:crypto'
import { HASH_CONF_BYTES } from './constants'

/** A new hash_conf for an e-mailed link: HASH_CONF_BYTES random bytes, base64url. */
export function newHashConf(): string {
  return randomBytes(HASH_CONF_BYTES).toString('base64url')
}

/**
 * What the database keeps of a hash_conf: its SHA-256, so a leaked database or backup holds no
 * usable confirmation links. The link carries the only copy of the secret.
 */
export function storedHashConf(hashConf: string): string {
  return createHash('sha256').update(hashConf).digest('base64url')
}
