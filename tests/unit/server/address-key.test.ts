import { describe, expect, it } from 'vitest'
import { addressKey, DEFAULT_IPV6_LIMIT_PREFIX, ipv6Groups } from '../../../src/server/security/address-key'
import { parseTrustProxy, wideTrustProxyRanges } from '../../../src/server/security/trust-proxy'

/** Issue 18.2/18.6: the one "address" of every per-address limit (security/address-key.ts). */
describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts an IPv6 client by its /64 by default: every address of one /64 is one key', () => {
    expect(DEFAULT_IPV6_LIMIT_PREFIX).toBe(64)
    const keys = new Set(['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:1234:5678:9abc:def0'].map((a) => addressKey(a)))
    expect([...keys]).toEqual(['2001:db8:1:2::/64'])
    // The next /64 is another client.
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
  })

  it('takes the configured prefix, also one that is not a multiple of 16 bits', () => {
    expect(addressKey('2001:db8:abcd:12ff::1', 48)).toBe('2001:db8:abcd::/48')
    expect(addressKey('2001:db8:abcd:12ff::1', 56)).toBe('2001:db8:abcd:1200::/56')
    expect(addressKey('2001:db8::1', 128)).toBe('2001:db8::1/128')
    expect(addressKey('2001:db8::1', 128)).not.toBe(addressKey('2001:db8::2', 128))
  })

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, in either notation', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7')
  })

  it('drops a zone id, and keeps what is not an address as it is', () => {
    expect(addressKey('fe80::1%eth0')).toBe('fe80::/64')
    expect(addressKey('unknown')).toBe('unknown')
    expect(ipv6Groups('1.2.3.4')).toBeNull()
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1])
  })

  it('drops the port a proxy wrote with the address, then keys it as the bare address', () => {
    // Each new connection has its own source port: kept, every one would start the limits afresh.
    expect(new Set(['198.51.100.8:40000', '198.51.100.8:40001', '198.51.100.8']).size).toBe(3)
    expect(new Set(['198.51.100.8:40000', '198.51.100.8:40001', '198.51.100.8'].map((a) => addressKey(a)))).toEqual(new Set(['198.51.100.8']))
    expect(addressKey('[2001:db8::1]:443')).toBe('2001:db8::/64')
    expect(addressKey('[2001:db8::ffff]:50000')).toBe('2001:db8::/64')
    expect(addressKey('[2001:db8::1]')).toBe('2001:db8::/64')
    expect(addressKey('[2001:db8::1]:443', 128)).toBe('2001:db8::1/128')
    expect(addressKey('[::ffff:203.0.113.7]:8080')).toBe('203.0.113.7')
    expect(addressKey('[fe80::1%eth0]:443')).toBe('fe80::/64')
  })

  it('keeps what only looks like an address with a port as it is, each apart', () => {
    const garbage = ['999.1.1.1:80', '1.2.3.4:123456', '1.2.3.4:', '1.2.3.4:80:80', '[nonsense]:443', '[1.2.3.4]:80', '[2001:db8::1]:x', 'host:80', '']
    expect(garbage.map((g) => addressKey(g))).toEqual(garbage)
    // An unbracketed IPv6 address is never read as address and port (its last group is no port).
    expect(addressKey('2001:db8::1:443')).toBe('2001:db8::/64')
  })
})

/** Issue 18.2: TRUST_PROXY never trusts every hop, whatever the spelling. */
describe('TRUST_PROXY ranges', () => {
  it.each(['0.0.0.0/0', '::/0', '10.0.0.1,::/0', '::ffff:0.0.0.0/96'])('refuses %s: every address of a family', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(/every address \(prefix length 0\)/)
  })

  it('names ranges far wider than a proxy network, and only those', () => {
    const listed = ['0.0.0.0/1', '10.0.0.0/8', '172.16.0.0/12', '2000::/3', '2001:db8::/32', 'fc00::/7', 'fd00::/8', 'fe80::/10', '::ffff:10.0.0.0/104', '::ffff:0.0.0.0/97', 'loopback', '127.0.0.1']
    expect(wideTrustProxyRanges(listed)).toEqual(['0.0.0.0/1', '2000::/3', '::ffff:0.0.0.0/97'])
  })
})
