import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The sandbox bank's signatures: HMAC-SHA256 (hex) with SANDBOX_BANK_SECRET over the fields
 * joined by '|'. Callbacks sign payment id, amount and status; the hidden payment form signs
 * payment id, amount and order number, so neither can be altered on the way.
 */
export function sign(secret: string, ...fields: (string | number)[]): string {
  return createHmac('sha256', secret).update(fields.join('|')).digest('hex')
}

/** Constant-time comparison of a received signature with the expected one. */
export function verify(secret: string, signature: unknown, ...fields: (string | number)[]): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false
  const expected = Buffer.from(sign(secret, ...fields), 'hex')
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
}
