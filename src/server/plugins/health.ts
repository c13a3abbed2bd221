import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { pingDatabase } from '../db/ping.repository'

/** Liveness: the process answers. No database work, so a slow database never restarts a process. */
export const HEALTH_PATH = '/healthz'
/** Readiness: the database answers and the server is not closing; a load balancer sends traffic only while 200. */
export const READY_PATH = '/readyz'
/**
 * Longest wait for the database's answer to the readiness ping. Short, so a probe (usually every
 * 5-10 s with a timeout of a few seconds) gets a 503 with its reason rather than its own timeout;
 * long enough that a page pool busy with one-millisecond reads in a rush still answers.
 */
export const READINESS_DB_TIMEOUT_MS = 2000
/**
 * Probe answers write no request log line (plugins/request-log.ts), not even their 503s, which it
 * would log at error as any answer of 500 and above: a probe every few seconds must not fill the
 * log under REQUEST_LOG=all, nor a database outage or a drain add an error line per probe. What an
 * operator needs, a change of readiness, is logged once from the app's own logger instead
 * (logTransition). The handlers catch every failure, so no error goes unlogged by this.
 */
const PROBE_LOG_LEVEL = 'silent'
/**
 * How long /readyz takes a built web client (CLIENT_DIR/index.html, production only) it found as
 * still there before looking again. Probes come every few seconds from each load balancer, so
 * readiness does not stat the file on each of them: once found, it is looked for again at most
 * this often (a deploy that removes the client is seen within it). While it is missing it is
 * looked for on every probe: a server out of rotation is ready again on the first probe after
 * the build, and only a misconfigured install stays in that state.
 */
export const CLIENT_RECHECK_MS = 30_000
const NO_STORE = 'no-store'

export type NotReadyReason = 'draining' | 'database-timeout' | 'database-error' | 'web-client-missing'

/** Servers whose close has begun (beginDraining): their readiness answers 503 from then on. */
const draining = new WeakSet<FastifyInstance>()

/**
 * Marks the server as closing: /readyz answers 503 `draining` from now on, whatever the database
 * says, so a load balancer takes this process out while its in-flight requests finish. Called
 * by the server's close sequence (server.ts) before Fastify stops listening, and again by the
 * preClose hook below for any other way the app is closed.
 */
export function beginDraining(app: FastifyInstance): void {
  draining.add(app)
}

/** Whether the server's close has begun (beginDraining). */
export function isDraining(app: FastifyInstance): boolean {
  return draining.has(app)
}

/**
 * GET /healthz and GET /readyz (HEAD too). Both live outside /api/, so no session is read or
 * made (plugins/session.ts works only under /api/), no per-address limit counts them
 * (plugins/address-limits.ts counts named API paths), and the SPA fallback never answers them
 * (a route of its own wins over the not-found handler). Answers are tiny JSON, never cached.
 *
 * Readiness (in production) also needs the built web client in CLIENT_DIR, and pings the database through the storefront's page pool (db/connect.ts pageDbOf:
 * short reads only, never a rush's transactions), and at most one ping is in flight however many
 * probes arrive: probes from several load balancers share it, so they never take more than one
 * connection. Every failure is a 503 with a reason, never a 500.
 */
export function registerHealth(app: FastifyInstance): void {
  let ping: Promise<void> | null = null
  const sharedPing = () => (ping ??= pingDatabase(app.pageDb).finally(() => (ping = null)))
  let wasReady: boolean | null = null
  const clientIndex = path.join(app.config.clientDir, 'index.html')
  let clientFoundAt: number | null = null
  const clientBuilt = () => {
    const now = Date.now()
    if (clientFoundAt !== null && now - clientFoundAt < CLIENT_RECHECK_MS) return true
    clientFoundAt = fs.existsSync(clientIndex) ? now : null
    return clientFoundAt !== null
  }

  const logTransition = (reason: NotReadyReason | null, err?: unknown) => {
    const ready = reason === null
    if (ready === wasReady) return
    // The first answer after start is logged only when it is a failure.
    if (ready && wasReady !== null) app.log.info('readiness: ready again')
    if (!ready && reason !== 'draining') app.log.warn({ reason, err }, 'readiness: not ready')
    wasReady = ready
  }

  const notReady = (reply: FastifyReply, reason: NotReadyReason) => reply.code(503).header('cache-control', NO_STORE).send({ status: 'unavailable', reason })

  app.addHook('preClose', async () => beginDraining(app))

  app.get(HEALTH_PATH, { logLevel: PROBE_LOG_LEVEL }, async (_request, reply) => reply.header('cache-control', NO_STORE).send({ status: 'ok' }))

  app.get(READY_PATH, { logLevel: PROBE_LOG_LEVEL }, async (_request, reply) => {
    if (isDraining(app)) return notReady(reply, 'draining')
    // In production the server is there to serve the storefront's pages: without the built
    // client every visitor would get "not built yet" (plugins/client.ts), so a load balancer must
    // not send them here. Outside production an API-only server (tests, development) is fine.
    // Looked for at most every CLIENT_RECHECK_MS once found.
    if (app.config.production && !clientBuilt()) {
      logTransition('web-client-missing')
      return notReady(reply, 'web-client-missing')
    }
    const outcome = await withTimeout(sharedPing(), READINESS_DB_TIMEOUT_MS)
    if (isDraining(app)) return notReady(reply, 'draining')
    if (outcome !== 'ok') {
      const reason: NotReadyReason = outcome === 'timeout' ? 'database-timeout' : 'database-error'
      logTransition(reason, outcome === 'timeout' ? undefined : outcome.err)
      return notReady(reply, reason)
    }
    logTransition(null)
    return reply.header('cache-control', NO_STORE).send({ status: 'ready' })
  })
}

/** 'ok' when `work` settles within `ms`, 'timeout' past it, or the error it failed with. */
async function withTimeout(work: Promise<void>, ms: number): Promise<'ok' | 'timeout' | { err: unknown }> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)))
  try {
    return await Promise.race([work.then(() => 'ok' as const, (err: unknown) => ({ err })), late])
  } finally {
    clearTimeout(timer)
  }
}
