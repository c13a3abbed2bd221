import dgram from 'node:dgram'

/**
 * A DNS server on loopback for tests of what the server asks DNS (the buyer e-mail check): it
 * answers MX, A and AAAA questions from a table, so a test can name a domain that does not
 * exist, one with a null MX, one with only an address, and one whose server fails, without the
 * outside world. Only what Node's resolver (c-ares) sends is read: one question; an EDNS record
 * after it is ignored.
 */
export type DnsZone =
  | { kind: 'mx'; exchanges: readonly string[] }
  /** RFC 7505: the domain takes no mail (one MX of preference 0 naming the root). */
  | { kind: 'null-mx' }
  /** No MX, only an IPv4 address. */
  | { kind: 'address'; ipv4: string }
  /** The name exists with no records at all. */
  | { kind: 'empty' }
  | { kind: 'servfail' }
  /** Never answers (the resolver times out). */
  | { kind: 'silent' }

export interface TestDnsServer {
  /** `127.0.0.1:port`, for EMAIL_DNS_SERVERS or Resolver.setServers. */
  address: string
  /** Questions received, as `name type` (e.g. `gmail.test MX`). */
  asked: string[]
  close(): Promise<void>
}

const TYPE_A = 1
const TYPE_MX = 15
const TYPE_AAAA = 28
const TYPE_NAMES: Record<number, string> = { [TYPE_A]: 'A', [TYPE_MX]: 'MX', [TYPE_AAAA]: 'AAAA' }
const RCODE_SERVFAIL = 2
const RCODE_NXDOMAIN = 3
const TTL_SECONDS = 60

/** Starts the server; names not in `zones` answer NXDOMAIN (no such domain). */
export async function startTestDns(zones: Record<string, DnsZone>): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4')
  const asked: string[] = []
  socket.on('message', (query, peer) => {
    const q = readQuestion(query)
    if (!q) return
    asked.push(`${q.name} ${TYPE_NAMES[q.type] ?? q.type}`)
    const zone = zones[q.name]
    if (zone?.kind === 'silent') return
    const rcode = zone === undefined ? RCODE_NXDOMAIN : zone.kind === 'servfail' ? RCODE_SERVFAIL : 0
    const answers = zone === undefined ? [] : recordsOf(zone, q.type)
    socket.send(answer(query, q.end, rcode, answers, q.type), peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  return {
    address: `127.0.0.1:${socket.address().port}`,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}

function readQuestion(query: Buffer): { name: string; type: number; end: number } | null {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return null
  const labels: string[] = []
  let p = 12
  while (p < query.length && query[p] !== 0) {
    labels.push(query.subarray(p + 1, p + 1 + query[p]).toString('ascii'))
    p += 1 + query[p]
  }
  if (p + 5 > query.length) return null
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(p + 1), end: p + 5 }
}

function recordsOf(zone: DnsZone, type: number): Buffer[] {
  if (type === TYPE_MX && zone.kind === 'mx') return zone.exchanges.map((x, i) => Buffer.concat([u16(10 * (i + 1)), encodeName(x)]))
  if (type === TYPE_MX && zone.kind === 'null-mx') return [Buffer.concat([u16(0), Buffer.from([0])])]
  if (type === TYPE_A && zone.kind === 'address') return [Buffer.from(zone.ipv4.split('.').map(Number))]
  return []
}

function answer(query: Buffer, questionEnd: number, rcode: number, records: Buffer[], type: number): Buffer {
  const header = Buffer.alloc(12)
  query.copy(header, 0, 0, 2)
  // QR, the query's RD, RA; the response code.
  header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | rcode, 2)
  header.writeUInt16BE(1, 4)
  header.writeUInt16BE(records.length, 6)
  const rrs = records.map((rdata) => Buffer.concat([u16(0xc00c), u16(type), u16(1), u32(TTL_SECONDS), u16(rdata.length), rdata]))
  return Buffer.concat([header, query.subarray(12, questionEnd), ...rrs])
}

function encodeName(name: string): Buffer {
  return Buffer.concat([...name.split('.').filter((l) => l !== '').map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'ascii')])), Buffer.from([0])])
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2)
  b.writeUInt16BE(n)
  return b
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}
