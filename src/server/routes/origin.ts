import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'

/** A Host value we build links on: a name or an IPv4/IPv6 address with an optional port, nothing else. */
const HOST_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/**
 * The address a visitor's browser uses, for links that must bring the same browser back with
 * its session cookie (bank redirects, the bank's return link, the "nothing to pay" link):
 * PUBLIC_URL when it is configured; otherwise the request's own origin, so a visitor on
 * 127.0.0.1:3000 returns to 127.0.0.1:3000, not to localhost:8080. Fastify reads the scheme and
 * host from X-Forwarded-Proto and X-Forwarded-Host only when TRUST_PROXY trusts the sender;
 * otherwise from the connection and the Host header. A Host that is not a plain host[:port]
 * falls back to the configured address. E-mails keep PUBLIC_URL (they are read later, outside
 * any request): set it in production.
 */
export function visitorOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>, config: Pick<Config, 'publicUrl' | 'publicUrlGiven'>): string {
  if (config.publicUrlGiven) return config.publicUrl
  const host = request.host
  if (typeof host !== 'string' || !HOST_PATTERN.test(host)) return config.publicUrl
  const scheme = request.protocol === 'https' ? 'https' : 'http'
  return `${scheme}://${host}`
}
