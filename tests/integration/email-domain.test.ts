import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../src/contract/errors'
import { loadConfig } from '../../src/server/config'
import { EmailDomainCheck, domainOf } from '../../src/server/domain/buyer/email-domain'
import { ApiFailure } from '../../src/server/errors'
import { startTestDns, type TestDnsServer } from '../support/dns-server'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { orderBody, orderCount, seedOrderFixtures, visitor, type Fixtures, type OrderAnswer } from './order-fixtures'
import { loadScheme, schemeOrderBody, type SchemeFx } from './scheme-helpers'

/** Short, so the "server never answers" case costs little. */
const TEST_DNS_TIMEOUT_MS = 300

const ZONES = {
  'mail.test': { kind: 'mx', exchanges: ['mx1.mail.test'] },
  'nullmx.test': { kind: 'null-mx' },
  'aonly.test': { kind: 'address', ipv4: '192.0.2.10' },
  'empty.test': { kind: 'empty' },
  'broken.test': { kind: 'servfail' },
  'silent.test': { kind: 'silent' },
} as const

async function verdict(check: EmailDomainCheck, email: string): Promise<'ok' | 'refused'> {
  try {
    await check.assertReachable(email)
    return 'ok'
  } catch (err) {
    if (err instanceof ApiFailure && err.reason === 'email-not-working') return 'refused'
    throw err
  }
}

/**
 * "The entered email does not work, check your email and try again" (001 §5): the buyer
 * e-mail's domain is asked of DNS (a real DNS server on loopback here) and only a clear "takes no
 * mail" refuses the order.
 */
describe('the buyer e-mail domain check', () => {
  let dns: TestDnsServer
  beforeAll(async () => {
    dns = await startTestDns(ZONES)
  })
  afterAll(async () => {
    await dns?.close()
  })

  it('refuses no such domain, a null MX and a name with no mail exchanger nor address; lets mail domains and address-only domains through', async () => {
    const check = new EmailDomainCheck({ servers: [dns.address], timeoutMs: TEST_DNS_TIMEOUT_MS })
    expect(await verdict(check, 'anna@mail.test')).toBe('ok')
    expect(await verdict(check, 'anna@MAIL.test.')).toBe('ok')
    expect(await verdict(check, 'anna@aonly.test')).toBe('ok')
    expect(await verdict(check, 'anna@gmail.con')).toBe('refused')
    expect(await verdict(check, 'anna@nullmx.test')).toBe('refused')
    expect(await verdict(check, 'anna@empty.test')).toBe('refused')
    check.close()
  })

  it('lets the order through when DNS cannot say: a server failure, a timeout, no server at all', async () => {
    const check = new EmailDomainCheck({ servers: [dns.address], timeoutMs: TEST_DNS_TIMEOUT_MS })
    expect(await verdict(check, 'anna@broken.test')).toBe('ok')
    expect(await verdict(check, 'anna@silent.test')).toBe('ok')
    check.close()
    const gone = await startTestDns({})
    await gone.close()
    const nobody = new EmailDomainCheck({ servers: [gone.address], timeoutMs: TEST_DNS_TIMEOUT_MS })
    expect(await verdict(nobody, 'anna@gmail.con')).toBe('ok')
    nobody.close()
  })

  it('asks DNS once per domain: answers are cached and concurrent orders share one lookup', async () => {
    const check = new EmailDomainCheck({ servers: [dns.address], timeoutMs: TEST_DNS_TIMEOUT_MS })
    const before = dns.asked.length
    const verdicts = await Promise.all(Array.from({ length: 20 }, (_, i) => verdict(check, `buyer${i}@nullmx.test`)))
    expect(new Set(verdicts)).toEqual(new Set(['refused']))
    expect(await verdict(check, 'late@nullmx.test')).toBe('refused')
    expect(dns.asked.slice(before)).toEqual(['nullmx.test MX'])
    check.close()
  })

  it('is on by default in production only; EMAIL_DNS_SERVERS names the servers', () => {
    expect(loadConfig({}).emailDomainCheck).toBeUndefined()
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'session-secret-123' }).emailDomainCheck).toEqual({ servers: [] })
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'session-secret-123', EMAIL_DOMAIN_CHECK: '0' }).emailDomainCheck).toBeUndefined()
    expect(loadConfig({ EMAIL_DOMAIN_CHECK: '1', EMAIL_DNS_SERVERS: '127.0.0.1:5353,[::1]:53' }).emailDomainCheck).toEqual({ servers: ['127.0.0.1:5353', '[::1]:53'] })
    expect(() => loadConfig({ EMAIL_DNS_SERVERS: 'a b' })).toThrow(/EMAIL_DNS_SERVERS/)
  })

  it('takes the domain after the last @, and skips address literals', () => {
    expect(domainOf('"a@b"@Mail.Test')).toBe('mail.test')
    expect(domainOf('a@[192.0.2.1]')).toBeNull()
    expect(domainOf('no-at-sign')).toBeNull()
  })
})

describe.each(TEST_DBS)('orders with EMAIL_DOMAIN_CHECK on %s', (dbKind) => {
  let dns: TestDnsServer
  let server: TestServer
  let fx: Fixtures
  let scheme: SchemeFx

  beforeAll(async () => {
    dns = await startTestDns(ZONES)
    server = await startTestServer({ db: dbKind, env: { EMAIL_DOMAIN_CHECK: '1', EMAIL_DNS_SERVERS: dns.address } })
    fx = await seedOrderFixtures(server.db)
    scheme = await loadScheme(await visitor(server.url))
  })
  afterAll(async () => {
    await server?.close()
    await dns?.close()
  })

  it('a general-admission order to a dead domain is refused in the visitor\'s language and writes nothing; a working one is placed', async () => {
    // The demo's agreements are asked too: tick every one the event page lists.
    const page = (await (await visitor(server.url)).post<{ checkboxList: { id: number }[] }>('/api/no-scheme', { hash: fx.basic.hash })).body
    const checkboxList = page.checkboxList.map((c) => ({ id: c.id, checked: 1 }))
    const body = (email: string, lang = 'ru') => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { email, re_email: email, lang, checkboxList })
    const before = await orderCount(server.db)
    for (const [lang, text] of [['ru', 'Указанный e-mail не работает, проверьте e-mail и попробуйте снова'], ['en', 'The entered email does not work, check your email and try again']]) {
      const v = await visitor(server.url)
      const res = await v.post<OrderAnswer>('/api/order/create', body('anna@gmail.con', lang))
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST, errorText: text })
    }
    expect(await orderCount(server.db)).toBe(before)
    const v = await visitor(server.url)
    const ok = await v.post<OrderAnswer>('/api/order/create', body('anna@mail.test'))
    expect(ok.body.errorCode).toBe(ErrorCode.OK)
    expect(await orderCount(server.db)).toBe(before + 1)
  })

  it('a seat-map order to a null-MX domain is refused and leaves its seat free for the same visitor\'s corrected order', async () => {
    const seat = scheme.map.seat_numbers[0].seat_id
    const v = await visitor(server.url)
    const refused = await v.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(v, scheme, [seat], { email: 'anna@nullmx.test', re_email: 'anna@nullmx.test', lang: 'en' }))
    expect(refused.status).toBe(400)
    expect(refused.body.errorText).toBe('The entered email does not work, check your email and try again')
    const placed = await v.post<OrderAnswer>('/api/order/create-scheme', await schemeOrderBody(v, scheme, [seat], { email: 'anna@aonly.test', re_email: 'anna@aonly.test' }))
    expect(placed.body.errorCode).toBe(ErrorCode.OK)
  })
})
