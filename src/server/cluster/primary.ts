import cluster, { type Worker } from 'node:cluster'
import type { Logger } from 'pino'

/** IPC message from the primary asking a worker to close gracefully. */
export const SHUTDOWN_MESSAGE = 'seatwise:shutdown'
/** Type of the IPC message a worker sends the primary when its server cannot start (with why). */
const START_FAILED_TYPE = 'seatwise:start-failed'
/**
 * Workers in a row that die before ever listening, after which the primary gives up and exits 1.
 * Such a death is a start-up mistake (the port taken, the database unreachable) that a restart
 * does not mend: restarting forever would hide it from the supervisor (systemd, Kubernetes) that
 * should report it. Above 1 so that one worker's bad luck at start (a connection reset) is retried.
 */
const MAX_START_FAILURES = 3
/** A worker that dies within this long of its start counts as crashing at start (a loop). */
const EARLY_EXIT_MS = 10_000
/** First and longest wait before replacing a worker that keeps dying at start. */
const RESTART_BACKOFF_MIN_MS = 1_000
const RESTART_BACKOFF_MAX_MS = 30_000
/** Workers still running this long after a shutdown began are killed. */
const SHUTDOWN_GRACE_MS = 15_000

/**
 * The cluster's primary (`WORKERS=N npm start`, N > 1): forks N workers that each run the whole
 * server on the same port (Node's cluster hands connections to them in turn), replaces a worker
 * that dies (at once, or with a growing pause while they keep dying at start; after
 * MAX_START_FAILURES in a row that never listened it stops the others and exits 1), and on SIGTERM or
 * SIGINT asks every worker to finish its requests and close, then exits. The primary itself
 * serves nothing and opens no database connection after the start-up migration: every worker is
 * stateless apart from its pool; background work runs on whichever one holds the lease
 * (background/leader.ts), so a dead worker's share is picked up by the others.
 */
export function runPrimary(workers: number, log: Logger): void {
  let shuttingDown = false
  let exitCode = 0
  let backoff = RESTART_BACKOFF_MIN_MS
  const started = new Map<number, number>()
  /** Workers that listened at least once: their death is a crash, not a failed start. */
  const listened = new Set<number>()
  let startFailures = 0
  let lastStartFailure: string | null = null

  cluster.on('listening', (worker: Worker) => {
    listened.add(worker.id)
    startFailures = 0
  })
  cluster.on('message', (_worker: Worker, message: unknown) => {
    const m = message as { type?: unknown; reason?: unknown } | null
    if (m?.type === START_FAILED_TYPE && typeof m.reason === 'string') lastStartFailure = m.reason
  })

  const fork = (): void => {
    const worker = cluster.fork()
    started.set(worker.id, Date.now())
  }

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0)
    started.delete(worker.id)
    const wasListening = listened.delete(worker.id)
    if (shuttingDown) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info('all workers closed')
        process.exit(exitCode)
      }
      return
    }
    // A start failure stops the cluster only while no other worker serves: a replacement failing
    // during a database outage beside healthy workers keeps being retried with backoff.
    if (!wasListening && listened.size === 0 && ++startFailures >= MAX_START_FAILURES) {
      const reason = lastStartFailure ?? `the worker exited with code ${code ?? signal} before listening (see its error above)`
      log.fatal({ pid: worker.process.pid, code, signal, startFailures }, `workers cannot start, stopping: ${reason}`)
      exitCode = 1
      shutdown('start-failure')
      return
    }
    const early = lived < EARLY_EXIT_MS
    const wait = early ? backoff : 0
    backoff = early ? Math.min(backoff * 2, RESTART_BACKOFF_MAX_MS) : RESTART_BACKOFF_MIN_MS
    log.error({ pid: worker.process.pid, code, signal, restartInMs: wait }, 'worker died; starting a new one')
    setTimeout(() => {
      if (!shuttingDown) fork()
    }, wait)
  })

  function shutdown(signal: NodeJS.Signals | 'start-failure'): void {
    if (shuttingDown) return
    shuttingDown = true
    log.info({ signal }, 'shutting down the workers')
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined)
    if (alive.length === 0) process.exit(exitCode)
    // A message, not a signal: after Ctrl-C the workers got SIGINT from the terminal already,
    // and a second signal would make them exit without finishing their requests.
    for (const w of alive) if (w.isConnected()) w.send(SHUTDOWN_MESSAGE)
    setTimeout(() => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS).unref()
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)

  log.info({ workers, pid: process.pid }, 'starting workers')
  for (let i = 0; i < workers; i++) fork()
}

/**
 * In a worker whose server could not start: tells the primary why (one line, see
 * start-errors.ts) before the worker exits, so the primary can name the cause when it gives up.
 */
export async function tellPrimaryStartFailed(reason: string): Promise<void> {
  if (!cluster.isWorker || !process.send) return
  await new Promise<void>((resolve) => {
    process.send!({ type: START_FAILED_TYPE, reason }, undefined, {}, () => resolve())
  })
}

/**
 * In a worker: close gracefully when the primary asks, or when the primary is gone (killed), so
 * no worker is left serving without anyone to replace it.
 */
export function closeWithPrimary(close: () => Promise<void>): void {
  if (!cluster.isWorker) return
  const exit = (): void => {
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('message', (m) => {
    if (m === SHUTDOWN_MESSAGE) exit()
  })
  process.on('disconnect', exit)
}
