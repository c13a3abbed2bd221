import { hex, KEY_ID_BYTES, parseToken, PUBLIC_KEY_BYTES, type TicketClaims } from './token'

/**
 * Offline verification of signed ticket tokens with public keys only (issue 19.3): no server,
 * no framework, so the check-in app runs it in the browser against the keys it synced ahead.
 * It uses WebCrypto's Ed25519 (Chrome 137+, Safari 17+, Firefox 129+, Node 20 — where the
 * tests run it), so nothing of ours does the cryptography.
 *
 * Each key's id is derived from the key (first 4 bytes of SHA-256 of its raw bytes), never
 * taken from a list, so a token names the key that made it and no list can mislabel one.
 */

const ED25519 = { name: 'Ed25519' } as const

/** A public key as GET /api/tickets/keys lists it: raw 32 bytes in base64url. */
export interface PublishedKey {
  kid: string
  /** Raw Ed25519 public key, base64url without padding. */
  publicKey: string
}

export type VerifyFailure = 'malformed' | 'unknown-key' | 'bad-signature'
export type Verification = { ok: true; kid: string; claims: TicketClaims } | { ok: false; reason: VerifyFailure; kid?: string }

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle
  if (!s) throw new Error('WebCrypto is not available here (a secure context — https or localhost — is needed)')
  return s
}

export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  try {
    return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

/** The key id of a raw public key: 8 hex digits. */
export async function keyIdOf(rawPublicKey: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', rawPublicKey))
  return hex(digest.subarray(0, KEY_ID_BYTES))
}

/** Verifies tokens against a fixed set of public keys, imported once. */
export class TicketVerifier {
  private constructor(private readonly keys: ReadonlyMap<string, CryptoKey>) {}

  /** Imports base64url raw public keys; a key that is not 32 bytes is an error (a typo in a key list must not pass silently). */
  static async create(publicKeys: readonly string[]): Promise<TicketVerifier> {
    const keys = new Map<string, CryptoKey>()
    for (const text of publicKeys) {
      const raw = base64UrlDecode(text.trim())
      if (!raw || raw.length !== PUBLIC_KEY_BYTES) throw new Error(`not a raw Ed25519 public key (32 bytes, base64url): ${text}`)
      keys.set(await keyIdOf(raw), await subtle().importKey('raw', raw, ED25519, false, ['verify']))
    }
    return new TicketVerifier(keys)
  }

  /** Key ids this verifier accepts. */
  get keyIds(): string[] {
    return [...this.keys.keys()]
  }

  /** Checks a scanned text: its shape, that its key is listed and that the signature holds. */
  async verify(text: string): Promise<Verification> {
    const parsed = parseToken(text)
    if (!parsed) return { ok: false, reason: 'malformed' }
    const key = this.keys.get(parsed.kid)
    if (!key) return { ok: false, reason: 'unknown-key', kid: parsed.kid }
    const good = await subtle().verify(ED25519, key, parsed.signature, parsed.signed)
    return good ? { ok: true, kid: parsed.kid, claims: parsed.claims } : { ok: false, reason: 'bad-signature', kid: parsed.kid }
  }
}
