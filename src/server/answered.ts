import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Runs a route's handler and hands Fastify its result, unless the reply went out meanwhile: the
 * request deadline answered busy (plugins/request-deadline.ts) and the handler went on. Fastify
 * would log sending twice ("Reply was already sent … in <url>") or a failure after the answer
 * ("Promise errored, but reply.sent = true", with the error's parameters) carrying the raw URL and
 * what the error names: order and ticket hashes, sign-in tokens. Such a late result is dropped
 * with one line of its kind only; the request's own log line (request id) has the redacted URL.
 * A handler that sent its own answer returns the reply or nothing, as before.
 */
export async function unlessAnswered<T>(request: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> {
  let out: T
  try {
    out = await run()
  } catch (err) {
    if (!reply.sent) throw err
    request.log.warn({ failure: err instanceof Error ? err.name : typeof err, code: (err as { code?: unknown } | null)?.code }, 'failed after its answer went out (the deadline answered busy): dropped')
    return reply
  }
  if (!reply.sent || out === undefined || (out as unknown) === reply) return out
  request.log.warn('finished after its answer went out (the deadline answered busy): its result is dropped')
  return reply
}
