import type { FastifyInstance } from 'fastify'

/**
 * A job run every `intervalMs` on the cluster's leader only (app.leader, plugins/services/
 * leader.ts), once the app is ready, and whenever the returned `trigger` is called (also on the
 * leader only): the timer is unref'd (it never keeps the process alive); a run never overlaps the
 * previous one (a trigger during a run runs it once more after); a failed run is logged and the
 * next one tries again; on close the timer stops and a run in progress is awaited, so the
 * database can close after it.
 */
export function everyOnLeader(app: FastifyInstance, intervalMs: number, what: string, run: () => Promise<unknown>): () => void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | null = null
  let again = false
  let ready = false
  let stopped = false
  const trigger = (): void => {
    if (stopped || !ready || !app.leader.isLeader()) return
    if (running) {
      again = true
      return
    }
    running = run()
      .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
      .finally(() => {
        running = null
        if (again) {
          again = false
          trigger()
        }
      })
  }
  app.addHook('onReady', async () => {
    ready = true
    timer = setInterval(trigger, intervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    stopped = true
    clearInterval(timer)
    await running
  })
  return trigger
}
