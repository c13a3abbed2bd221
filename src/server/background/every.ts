import type { FastifyInstance } from 'fastify'

/**
 * A job run every `intervalMs` on the cluster's leader only (app.leader, plugins/services/
 * leader.ts), once the app is ready: the timer is unref'd (it never keeps the process alive); a
 * run never overlaps the previous one; a failed run is logged and the next one tries again; on
 * close the timer stops and a run in progress is awaited, so the database can close after it.
 */
export function everyOnLeader(app: FastifyInstance, intervalMs: number, what: string, run: () => Promise<unknown>): void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | null = null
  let stopped = false
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running || stopped || !app.leader.isLeader()) return
      running = run()
        .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
        .finally(() => {
          running = null
        })
    }, intervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    stopped = true
    clearInterval(timer)
    await running
  })
}
