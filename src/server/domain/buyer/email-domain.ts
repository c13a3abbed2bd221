import { Resolver } from 'node:dns/promises'
import { ApiFailure } from '../../errors'

/**
 * "The entered email does not work, check your email and try again" (001 §5): an address whose
 * domain cannot receive mail at all (no such domain, a domain with neither a mail exchanger nor
 * an address, or one that says it takes no mail with a null MX, RFC 7505) is refused when the
 * order is placed, so a typo such as "gmail.con" does not lose the visitor's tickets. Only a
 * clear "no" from DNS refuses: a timeout, a server failure or no resolver at all lets the
 * order through (the visitor is never blocked because our resolver is down), and the answer is
 * cached per domain, with one lookup in flight per domain, so a rush of orders from one mail
 * provider asks DNS once.
 */

/**
 * Refuses (`email-not-working`) a buyer e-mail whose domain takes no mail: what placing an order
 * is given for it (orders/claim.ts OrderContext), EmailDomainCheck's assertReachable or
 * acceptEveryEmail.
 */
export type EmailCheck = (email: string) => Promise<void>

/**
 * The check where DNS is not asked: EMAIL_DOMAIN_CHECK=0, and the box office, whose operator has
 * the buyer at the desk to spell the address.
 */
export const acceptEveryEmail: EmailCheck = async () => {}

/** One DNS question waits this long (the order waits at most twice: MX, then the address). */
export const EMAIL_DNS_TIMEOUT_MS = 1500
/** A domain that takes mail stays known this long. */
const REACHABLE_TTL_MS = 60 * 60_000
/** A dead domain is asked again sooner: it may have been registered or fixed meanwhile. */
const DEAD_TTL_MS = 10 * 60_000
/** Domains remembered at most (the oldest is forgotten first). */
const CACHE_MAX = 10_000

/** DNS answers that mean "this name has no such records", as opposed to "could not ask". */
const NO_SUCH_NAME = new Set(['ENOTFOUND'])
const NO_RECORDS = new Set(['ENODATA'])

type Verdict = 'reachable' | 'dead'

export interface EmailDomainCheckOptions {
  /** DNS servers (`host` or `host:port`); empty or absent = the system's resolvers. */
  servers?: string[]
  timeoutMs?: number
}

/** Checks e-mail domains by DNS; one per app (its cache is shared by every order of the process). */
export class EmailDomainCheck {
  private readonly resolver: Resolver
  private readonly known = new Map<string, { verdict: Verdict; until: number }>()
  private readonly asking = new Map<string, Promise<Verdict>>()

  constructor(options: EmailDomainCheckOptions = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? EMAIL_DNS_TIMEOUT_MS, tries: 1 })
    if (options.servers && options.servers.length > 0) this.resolver.setServers(options.servers)
  }

  /** Throws `email-not-working` when the address's domain cannot receive mail. */
  async assertReachable(email: string): Promise<void> {
    const domain = domainOf(email)
    if (domain === null) return
    if ((await this.verdictOf(domain, Date.now())) === 'dead') throw new ApiFailure('email-not-working')
  }

  private verdictOf(domain: string, now: number): Promise<Verdict> {
    const cached = this.known.get(domain)
    if (cached && cached.until > now) return Promise.resolve(cached.verdict)
    const pending = this.asking.get(domain)
    if (pending) return pending
    const asked = this.ask(domain).then((verdict) => {
      this.remember(domain, verdict, Date.now())
      return verdict
    }).finally(() => this.asking.delete(domain))
    this.asking.set(domain, asked)
    return asked
  }

  private async ask(domain: string): Promise<Verdict> {
    try {
      const exchanges = await this.resolver.resolveMx(domain)
      // A null MX (one record, exchange ".") says the domain takes no mail (RFC 7505).
      return exchanges.some((mx) => mx.exchange !== '' && mx.exchange !== '.') ? 'reachable' : 'dead'
    } catch (err) {
      const code = errorCode(err)
      if (NO_SUCH_NAME.has(code)) return 'dead'
      if (!NO_RECORDS.has(code)) return 'reachable'
    }
    // No MX: mail goes to the domain's own address, if it has one (RFC 5321 §5.1).
    const [v4, v6] = await Promise.all([this.hasAddress(() => this.resolver.resolve4(domain)), this.hasAddress(() => this.resolver.resolve6(domain))])
    return v4 || v6 ? 'reachable' : 'dead'
  }

  /** True unless DNS clearly says there is no such address. */
  private async hasAddress(lookup: () => Promise<string[]>): Promise<boolean> {
    try {
      return (await lookup()).length > 0
    } catch (err) {
      const code = errorCode(err)
      return !(NO_SUCH_NAME.has(code) || NO_RECORDS.has(code))
    }
  }

  private remember(domain: string, verdict: Verdict, now: number): void {
    this.known.delete(domain)
    if (this.known.size >= CACHE_MAX) this.known.delete(this.known.keys().next().value as string)
    this.known.set(domain, { verdict, until: now + (verdict === 'reachable' ? REACHABLE_TTL_MS : DEAD_TTL_MS) })
  }

  /** Stops every lookup in flight (the app is closing). */
  close(): void {
    this.resolver.cancel()
  }
}

/** The domain of an address, lower case, without a trailing dot; null when there is none to ask about. */
export function domainOf(email: string): string | null {
  const at = email.lastIndexOf('@')
  if (at < 0) return null
  const domain = email.slice(at + 1).trim().toLowerCase().replace(/\.$/, '')
  // An address literal ("[192.0.2.1]") names no domain to look up.
  return domain === '' || domain.startsWith('[') ? null : domain
}

function errorCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : ''
}
