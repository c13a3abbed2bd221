import { base32Decode, base32Encode } from './base32'

/**
 * The signed ticket token carried by a ticket's QR code (issue 19.3). Framework-free: the
 * server signs with it, and a check-in app in the browser reads and verifies it offline.
 *
 * Text: `SW:` + base32 of the bytes below (QR alphanumeric mode, see base32.ts). Bytes:
 *
 * | bytes | meaning |
 * |---|---|
 * | 1 | format version (TOKEN_VERSION) |
 * | 4 | key id: the first 4 bytes of SHA-256 of the signing key's raw public key |
 * | varint | ticket id (the order line) |
 * | varint | session id (the calendar date of the event) |
 * | 1 | place kind: 1 seat, 2 standing place, 3 category (general admission) |
 * | varint | the seat's, standing place's or client category's id |
 * | 64 | Ed25519 signature of every byte before it |
 *
 * Varints are unsigned LEB128 (7 bits a byte): ids of a few thousands take 2 bytes, not 4. A
 * ticket of a 60,000-seat stadium comes to ~80 bytes, 128 characters: a version 6 QR code
 * (41 × 41 modules) at error correction M, which a phone reads at arm's length from a screen
 * or a print.
 */
export const TOKEN_PREFIX = 'SW:'
export const TOKEN_VERSION = 1
export const KEY_ID_BYTES = 4
export const SIGNATURE_BYTES = 64
/** Ed25519 public keys are 32 bytes raw. */
export const PUBLIC_KEY_BYTES = 32
/** Longest varint we accept: 5 bytes hold any id up to 2^35, more than any table reaches. */
const MAX_VARINT_BYTES = 5

export const PLACE_KINDS = { seat: 1, standing: 2, category: 3 } as const
export type PlaceKind = keyof typeof PLACE_KINDS

/** What a ticket token says about its ticket. */
export interface TicketClaims {
  ticketId: number
  sessionId: number
  place: { kind: PlaceKind; id: number }
}

/** A token taken apart but not yet verified. */
export interface ParsedToken {
  version: number
  /** Key id as 8 lower-case hex digits. */
  kid: string
  claims: TicketClaims
  /** The bytes the signature covers. */
  signed: Uint8Array<ArrayBuffer>
  signature: Uint8Array<ArrayBuffer>
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

function pushVarint(out: number[], value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a non-negative integer: ${value}`)
  let v = value
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80)
    v = Math.floor(v / 0x80)
  }
  out.push(v)
}

/** The bytes a key signs: everything but the signature. `kid` is 8 hex digits. */
export function claimBytes(kid: string, claims: TicketClaims): Uint8Array<ArrayBuffer> {
  if (!/^[0-9a-f]{8}$/.test(kid)) throw new RangeError(`key id must be 8 hex digits: ${kid}`)
  const out = [TOKEN_VERSION]
  for (let i = 0; i < KEY_ID_BYTES; i++) out.push(parseInt(kid.slice(i * 2, i * 2 + 2), 16))
  pushVarint(out, claims.ticketId)
  pushVarint(out, claims.sessionId)
  out.push(PLACE_KINDS[claims.place.kind])
  pushVarint(out, claims.place.id)
  return Uint8Array.from(out)
}

/** The token text of signed bytes and their signature. */
export function formatToken(signed: Uint8Array, signature: Uint8Array): string {
  const all = new Uint8Array(signed.length + signature.length)
  all.set(signed)
  all.set(signature, signed.length)
  return TOKEN_PREFIX + base32Encode(all)
}

/** True when a scanned or typed text has the shape of a signed token (not a printed digit code). */
export function looksLikeToken(text: string): boolean {
  return text.trim().toUpperCase().startsWith(TOKEN_PREFIX)
}

class Reader {
  pos = 0
  constructor(readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.pos >= this.bytes.length) throw new RangeError('token too short')
    return this.bytes[this.pos++]
  }
  varint(): number {
    let value = 0
    let scale = 1
    for (let i = 0; i < MAX_VARINT_BYTES; i++) {
      const b = this.byte()
      value += (b & 0x7f) * scale
      if ((b & 0x80) === 0) return value
      scale *= 0x80
    }
    throw new RangeError('varint too long')
  }
}

/** Takes a token apart; null when it is not a well-formed token of a version we read. */
export function parseToken(text: string): ParsedToken | null {
  const trimmed = text.trim()
  if (!looksLikeToken(trimmed)) return null
  const bytes = base32Decode(trimmed.slice(TOKEN_PREFIX.length))
  if (!bytes || bytes.length <= SIGNATURE_BYTES) return null
  const signedLength = bytes.length - SIGNATURE_BYTES
  const r = new Reader(bytes.subarray(0, signedLength))
  try {
    const version = r.byte()
    if (version !== TOKEN_VERSION) return null
    const kid = hex(bytes.subarray(1, 1 + KEY_ID_BYTES))
    r.pos = 1 + KEY_ID_BYTES
    const ticketId = r.varint()
    const sessionId = r.varint()
    const kindCode = r.byte()
    const kind = (Object.keys(PLACE_KINDS) as PlaceKind[]).find((k) => PLACE_KINDS[k] === kindCode)
    if (!kind) return null
    const placeId = r.varint()
    // Trailing bytes would let two texts carry one signature: refused.
    if (r.pos !== signedLength) return null
    return { version, kid, claims: { ticketId, sessionId, place: { kind, id: placeId } }, signed: bytes.slice(0, signedLength), signature: bytes.slice(signedLength) }
  } catch {
    return null
  }
}
