import net from 'node:net'

/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For we believe, as explicit addresses or
 * CIDRs (`10.0.0.5`, `10.0.0.0/8`, `::1`, `fd00::/8`) or proxy-addr's named ranges
 * (`loopback`, `linklocal`, `uniquelocal`). Fastify (proxy-addr) then takes the client address
 * as the right-most hop of X-Forwarded-For that is not one of them, so a client cannot choose its
 * own address by sending the header: anything it writes sits left of what our proxy appended.
 *
 * A bare `1`/`true` ("trust every hop") is refused: it makes the left-most, client-written value
 * the address, which defeats every per-address limit and the captcha trigger.
 */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])
const OFF = new Set(['0', 'false'])
const TRUST_ALL = new Set(['1', 'true', '*'])

export class TrustProxyError extends Error {}

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address, bits, extra] = entry.split('/')
  if (extra !== undefined) return false
  const family = net.isIP(address)
  if (family === 0) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}

/** false (use the socket address) or the list for Fastify's trustProxy; throws TrustProxyError. */
export function parseTrustProxy(value: string): false | string[] {
  const trimmed = value.trim()
  if (OFF.has(trimmed)) return false
  if (TRUST_ALL.has(trimmed)) {
    throw new TrustProxyError(
      `TRUST_PROXY=${trimmed} would trust every hop, so any client could choose its own address (and dodge per-address limits and the captcha). ` +
        'List your reverse proxies instead, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,loopback; 0 uses the socket address.',
    )
  }
  const entries = trimmed.split(',').map((e) => e.trim()).filter(Boolean)
  const bad = entries.filter((e) => !validEntry(e))
  if (bad.length || entries.length === 0) {
    throw new TrustProxyError(`TRUST_PROXY must list proxy addresses or CIDRs (or loopback, linklocal, uniquelocal); not understood: ${bad.join(', ') || value}`)
  }
  return entries
}
