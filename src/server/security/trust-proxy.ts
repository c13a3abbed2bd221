import net from 'node:net'
import { ipv6Groups, mappedIpv4 } from './address-key'

/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For we believe, as explicit addresses or
 * CIDRs (`10.0.0.5`, `10.0.0.0/8`, `::1`, `fd00::/8`) or proxy-addr's named ranges
 * (`loopback`, `linklocal`, `uniquelocal`). Fastify (proxy-addr) then takes the client address
 * as the right-most hop of X-Forwarded-For that is not one of them, so a client cannot choose its
 * own address by sending the header: anything it writes sits left of what our proxy appended.
 *
 * A bare `1`/`true` ("trust every hop") is refused: it makes the left-most, client-written value
 * the address, which defeats every per-address limit and the captcha trigger. So is a range of
 * every address of a family (`0.0.0.0/0`, `::/0`, `::ffff:0:0/96`: every IPv4 client), which
 * means the same; a range merely very wide is warned about (wideTrustProxyRanges).
 */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])
const OFF = new Set(['0', 'false'])
const TRUST_ALL = new Set(['1', 'true', '*'])

export class TrustProxyError extends Error {}

/** An IPv4 range wider than this (10.0.0.0/8, the widest private one) is warned about. */
const WIDE_IPV4_PREFIX = 8
/** A public IPv6 range wider than this (an ISP's usual allocation) is warned about. */
const WIDE_IPV6_PREFIX = 32
/** Bits of the IPv4-mapped marker (`::ffff:0:0/96`): a mapped range's IPv4 prefix is its length less these. */
const MAPPED_PREFIX_BITS = 96
/** Private IPv6 ranges, however wide a part of them is listed: unique local fc00::/7, link-local fe80::/10. */
const PRIVATE_IPV6 = [
  { first: 0xfc00, bits: 7 },
  { first: 0xfe80, bits: 10 },
]

/** An entry as family and prefix length (an IPv4-mapped IPv6 range counted as the IPv4 range it spans), or null when not understood. */
function rangeOf(entry: string): { family: 4 | 6; bits: number; groups: number[] | null } | null {
  const [address, bits, extra] = entry.split('/')
  if (extra !== undefined) return null
  const family = net.isIP(address)
  if (family === 0) return null
  const max = family === 4 ? 32 : 128
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null
  const length = bits === undefined ? max : Number(bits)
  if (length > max) return null
  if (family === 4) return { family: 4, bits: length, groups: null }
  const groups = ipv6Groups(address)
  if (groups && mappedIpv4(groups) && length >= MAPPED_PREFIX_BITS) return { family: 4, bits: length - MAPPED_PREFIX_BITS, groups: null }
  return { family: 6, bits: length, groups }
}

function validEntry(entry: string): boolean {
  return NAMED_RANGES.has(entry) || rangeOf(entry) !== null
}

/** True for a range of every address of its family (prefix length 0). */
function everyAddress(entry: string): boolean {
  return !NAMED_RANGES.has(entry) && rangeOf(entry)?.bits === 0
}

/**
 * The listed ranges far wider than any proxy network (start-up warnings, config.ts): IPv4 wider
 * than /8, IPv6 wider than /32 outside the private fc00::/7 and fe80::/10. A client inside such a
 * range can choose its own address, as with no limit; refusing them could break an unusual but
 * honest set-up, so they are named instead.
 */
export function wideTrustProxyRanges(entries: readonly string[]): string[] {
  return entries.filter((entry) => {
    const range = NAMED_RANGES.has(entry) ? null : rangeOf(entry)
    if (!range) return false
    if (range.family === 4) return range.bits < WIDE_IPV4_PREFIX
    const first = range.groups?.[0] ?? 0
    const isPrivate = PRIVATE_IPV6.some((p) => range.bits >= p.bits && first >> (16 - p.bits) === p.first >> (16 - p.bits))
    return !isPrivate && range.bits < WIDE_IPV6_PREFIX
  })
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
  const all = entries.filter(everyAddress)
  if (all.length) {
    throw new TrustProxyError(
      `TRUST_PROXY=${all.join(',')} is every address (prefix length 0): every hop would be trusted, so any client could choose its own address (and dodge per-address limits and the captcha). ` +
        'List your reverse proxies instead, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,loopback; 0 uses the socket address.',
    )
  }
  const bad = entries.filter((e) => !validEntry(e))
  if (bad.length || entries.length === 0) {
    throw new TrustProxyError(`TRUST_PROXY must list proxy addresses or CIDRs (or loopback, linklocal, uniquelocal); not understood: ${bad.join(', ') || value}`)
  }
  return entries
}
