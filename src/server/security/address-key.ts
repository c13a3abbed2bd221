import net from 'node:net'
import type { FastifyRequest } from 'fastify'

/**
 * The "address" every per-address limit counts (new sessions, order rate and captcha triggers,
 * open seat streams, the console's sign-in lockout): one home, so no limit keys by something else.
 *
 * - IPv4: as is.
 * - IPv4-mapped IPv6 (`::ffff:203.0.113.7`, what a dual-stack socket reports): the IPv4 address,
 *   so one client counts once whichever way it arrived.
 * - IPv6: its network prefix (IPV6_LIMIT_PREFIX bits, /64 by default), written `2001:db8:1:2::/64`.
 *   One subscriber, household or server gets at least a /64 and may use any of its 2^64
 *   addresses; keyed by the full address, each new address would start the limits afresh.
 * - A hop with a port (`203.0.113.7:4000`, `[2001:db8::1]:443`, or bracketed `[2001:db8::1]`, as
 *   some proxies write X-Forwarded-For): the address without it, then as above. Kept with its
 *   port, every new connection (a new source port) would start every limit afresh.
 * - Anything else (a hop a proxy wrote that is not an address): as is, so it still counts, and
 *   never merged with other garbage into one shared key.
 */
export const DEFAULT_IPV6_LIMIT_PREFIX = 64
/** Narrower than a typical ISP allocation (/32) would lump unrelated subscribers together. */
export const MIN_IPV6_LIMIT_PREFIX = 32
export const MAX_IPV6_LIMIT_PREFIX = 128

const IPV6_GROUPS = 8
const GROUP_BITS = 16
const GROUP_MASK = 0xffff
/** `::ffff:a.b.c.d`: five zero groups, then ffff, then the IPv4 address in the last two. */
const MAPPED_MARKER_GROUP = 5

/** The eight 16-bit groups of an IPv6 address (a zone id dropped), or null when it is not one. */
export function ipv6Groups(text: string): number[] | null {
  let address = text.split('%')[0]
  if (!net.isIPv6(address)) return null
  // An embedded IPv4 (`::ffff:1.2.3.4`) is the last two groups written in decimal.
  const lastColon = address.lastIndexOf(':')
  const last = address.slice(lastColon + 1)
  if (net.isIPv4(last)) {
    const [a, b, c, d] = last.split('.').map(Number)
    address = `${address.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)))
  const [head, rest] = address.split('::') as [string, string | undefined]
  if (rest === undefined) return parse(head)
  const left = parse(head)
  const right = parse(rest)
  return [...left, ...new Array<number>(IPV6_GROUPS - left.length - right.length).fill(0), ...right]
}

/** The IPv4 address an IPv4-mapped IPv6 address carries, or null when it is not one. */
export function mappedIpv4(groups: readonly number[]): string | null {
  const marker = groups.slice(0, MAPPED_MARKER_GROUP).every((g) => g === 0) && groups[MAPPED_MARKER_GROUP] === GROUP_MASK
  if (!marker) return null
  const [hi, lo] = groups.slice(MAPPED_MARKER_GROUP + 1)
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.')
}

/** RFC 5952 text of eight groups: lower-case hex, the longest run of two or more zero groups as `::`. */
function ipv6Text(groups: readonly number[]): string {
  let bestStart = -1
  let bestLength = 1
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i++
      continue
    }
    let j = i
    while (j < groups.length && groups[j] === 0) j++
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i]
    i = j
  }
  const hex = groups.map((g) => g.toString(16))
  if (bestStart < 0) return hex.join(':')
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`
}

/** The groups with every bit past the first `bits` cleared. */
function maskGroups(groups: readonly number[], bits: number): number[] {
  return groups.map((g, i) => {
    const keep = Math.min(GROUP_BITS, Math.max(0, bits - i * GROUP_BITS))
    return keep === 0 ? 0 : g & ((GROUP_MASK << (GROUP_BITS - keep)) & GROUP_MASK)
  })
}

/** `a.b.c.d:port`: the address and a port of up to five digits. */
const IPV4_WITH_PORT = /^([\d.]+):\d{1,5}$/
/** `[v6]` or `[v6]:port`: the bracketed address (RFC 3986's form of an IPv6 host). */
const BRACKETED_IPV6 = /^\[([^\]]+)\](?::\d{1,5})?$/

/**
 * The address of a hop written with a port or in brackets, or the text unchanged when that is not
 * what it is (the port is dropped only when what remains is an address, so garbage stays apart).
 */
export function withoutPort(hop: string): string {
  const v4 = IPV4_WITH_PORT.exec(hop)
  if (v4 && net.isIPv4(v4[1])) return v4[1]
  const v6 = BRACKETED_IPV6.exec(hop)
  if (v6 && ipv6Groups(v6[1])) return v6[1]
  return hop
}

/** The limit key of a client address (see the top of this file). */
export function addressKey(hop: string, ipv6PrefixBits: number = DEFAULT_IPV6_LIMIT_PREFIX): string {
  const ip = withoutPort(hop)
  if (net.isIPv4(ip)) return ip
  const groups = ipv6Groups(ip)
  if (!groups) return ip
  const v4 = mappedIpv4(groups)
  if (v4) return v4
  return `${ipv6Text(maskGroups(groups, ipv6PrefixBits))}/${ipv6PrefixBits}`
}

/**
 * The limit key of a request's client: request.ip (the socket's, or the right-most untrusted
 * X-Forwarded-For hop, security/trust-proxy.ts) under the configured IPv6 prefix.
 */
export function limitAddressOf(request: Pick<FastifyRequest, 'ip' | 'server'>): string {
  return addressKey(request.ip, request.server.config.ipv6LimitPrefix)
}
