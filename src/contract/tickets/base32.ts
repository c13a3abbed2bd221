/**
 * RFC 4648 base32 without padding, upper case. Ticket tokens use it because a QR code stores
 * 0-9, A-Z and a few signs in its alphanumeric mode at 5.5 bits per character against 8 in
 * byte mode: a base32 token (5 bits a character) fills a smaller code than base64 would
 * (6 bits in 8), so a phone camera reads it from further away. Our own 30 lines: no package
 * of that size is worth a dependency, and the round trip is unit-tested.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const BITS_PER_CHAR = 5
const LOOKUP = new Map([...ALPHABET].map((c, i) => [c, i]))

export function base32Encode(bytes: Uint8Array): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const b of bytes) {
    buffer = (buffer << 8) | b
    bits += 8
    while (bits >= BITS_PER_CHAR) {
      bits -= BITS_PER_CHAR
      out += ALPHABET[(buffer >> bits) & 31]
    }
    buffer &= (1 << bits) - 1
  }
  if (bits > 0) out += ALPHABET[(buffer << (BITS_PER_CHAR - bits)) & 31]
  return out
}

/** Decodes upper- or lower-case base32; null when a character is outside the alphabet or trailing bits are not zero. */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> | null {
  const out: number[] = []
  let buffer = 0
  let bits = 0
  for (const c of text.toUpperCase()) {
    const v = LOOKUP.get(c)
    if (v === undefined) return null
    buffer = (buffer << BITS_PER_CHAR) | v
    bits += BITS_PER_CHAR
    if (bits >= 8) {
      bits -= 8
      out.push((buffer >> bits) & 0xff)
    }
    buffer &= (1 << bits) - 1
  }
  // A canonical encoding leaves fewer than 5 zero bits over; anything else is another text for the same bytes.
  if (bits >= BITS_PER_CHAR || buffer !== 0) return null
  return Uint8Array.from(out)
}
