import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * CRM sign-in tokens: base64url(JSON {id, exp}) + '.' + base64url(HMAC-SHA256(secret, first part)).
 * `id` is our crm_clients id, `exp` the expiry in epoch seconds. The account system that links
 * visitors to the storefront signs them with the shared CRM_SECRET.
 */
export interface CrmTokenPayload {
  id: number
  exp: number
}

export type CrmTokenCheck = { ok: true; id: number } | { ok: false; reason: string }

/** Longest token accepted, so a huge string is refused before any crypto work. */
const MAX_TOKEN_LENGTH = 1024

function mac(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url')
}

export function signCrmToken(secret: string, payload: CrmTokenPayload): string {
  const body = Buffer.from(JSON.stringify({ id: payload.id, exp: payload.exp })).toString('base64url')
  return `${body}.${mac(secret, body)}`
}

export function verifyCrmToken(secret: string, token: string, nowMs = Date.now()): CrmTokenCheck {
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'the sign-in token is too long' }
  const parts = token.split('.')
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'the sign-in token is malformed' }
  const [body, sig] = parts
  const expected = Buffer.from(mac(secret, body))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'the sign-in token signature is invalid' }
  }
  let payload: unknown
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'the sign-in token is malformed' }
  }
  const p = payload as Partial<CrmTokenPayload>
  if (typeof p !== 'object' || p === null || !Number.isInteger(p.id) || typeof p.exp !== 'number') {
    return { ok: false, reason: 'the sign-in token is malformed' }
  }
  if (p.exp * 1000 <= nowMs) return { ok: false, reason: 'the sign-in token has expired' }
  return { ok: true, id: p.id as number }
}
