import { describe, expect, it } from 'vitest'
import { startWorkerEarly, WORKER_SCRIPT_FETCH, type WorkerStart } from '../../../src/engine/workerScript'

/**
 * The seat map's workers start from a script the page fetched itself at high priority (issue 16:
 * Chromium fetches a worker's script at a low priority, behind the route's chunks). The worker
 * must be created only after the page's request has gone out (created first, its own
 * low-priority request reached the HTTP cache first and the page's waited behind it), and at
 * once for a caller that needs it before the response has begun.
 */

function recorder() {
  const events: string[] = []
  let answer!: (r: { arrayBuffer(): Promise<ArrayBuffer> }) => void
  let fail!: (e: Error) => void
  const start: WorkerStart = {
    fetch: (url, init) => {
      events.push(`fetch ${url} ${init.priority} ${init.credentials}`)
      return new Promise((resolve, reject) => {
        answer = resolve
        fail = reject
      })
    },
    newWorker: (url) => {
      events.push(`worker ${url}`)
      return { url } as unknown as Worker
    },
  }
  const response = { arrayBuffer: async () => (events.push('body read'), new ArrayBuffer(1)) }
  return { events, start, headers: () => answer(response), fail: () => fail(new Error('offline')) }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('startWorkerEarly', () => {
  it('sends the high-priority request first and creates the worker when its response begins, reading the body to the end', async () => {
    const r = recorder()
    const early = startWorkerEarly('/assets/venue.worker-x.js', r.start)
    expect(WORKER_SCRIPT_FETCH).toMatchObject({ priority: 'high' })
    expect(r.events).toEqual(['fetch /assets/venue.worker-x.js high same-origin'])
    r.headers()
    await settle()
    expect(r.events).toEqual(['fetch /assets/venue.worker-x.js high same-origin', 'worker /assets/venue.worker-x.js', 'body read'])
    // The same worker for every caller, created once.
    expect(early.worker()).toBe(early.worker())
    expect(r.events.filter((e) => e.startsWith('worker'))).toHaveLength(1)
  })

  it('creates the worker at once for a caller who needs it before the response, and not again when it comes', async () => {
    const r = recorder()
    const early = startWorkerEarly('/assets/render.worker-y.js', r.start)
    const worker = early.worker()
    expect(r.events).toEqual(['fetch /assets/render.worker-y.js high same-origin', 'worker /assets/render.worker-y.js'])
    r.headers()
    await settle()
    expect(early.worker()).toBe(worker)
    expect(r.events.filter((e) => e.startsWith('worker'))).toHaveLength(1)
  })

  it('shows the worker to onCreate the moment it is made, before the caller who asked for it gets it', async () => {
    const r = recorder()
    const early = startWorkerEarly('/assets/venue.worker-x.js', r.start, (w) => r.events.push(`onCreate ${(w as unknown as { url: string }).url}`))
    expect(r.events).not.toContain('onCreate /assets/venue.worker-x.js')
    early.worker()
    r.events.push('caller has it')
    expect(r.events.slice(1)).toEqual(['worker /assets/venue.worker-x.js', 'onCreate /assets/venue.worker-x.js', 'caller has it'])
    r.headers()
    await settle()
    expect(r.events.filter((e) => e.startsWith('onCreate'))).toHaveLength(1)
  })

  it('still starts the worker when the page\'s request fails (the worker then asks for its script itself)', async () => {
    const r = recorder()
    startWorkerEarly('/assets/venue.worker-x.js', r.start)
    r.fail()
    await settle()
    expect(r.events).toContain('worker /assets/venue.worker-x.js')
  })

  it('reports a worker that cannot start to the caller who asks for it, not as an unhandled rejection', async () => {
    const r = recorder()
    const start: WorkerStart = {
      ...r.start,
      newWorker: () => {
        throw new Error('workers are off')
      },
    }
    const early = startWorkerEarly('/assets/venue.worker-x.js', start)
    r.headers()
    await settle()
    expect(() => early.worker()).toThrow('workers are off')
  })

  it('announces the worker once it is created, whichever way (the render prestart then hands it its canvas)', async () => {
    const byResponse = recorder()
    const early = startWorkerEarly('/assets/render.worker-z.js', byResponse.start)
    let announced: Worker | null = null
    void early.started.then((w) => (announced = w))
    await settle()
    expect(announced).toBeNull()
    byResponse.headers()
    await settle()
    expect(announced).toBe(early.worker())

    const byCaller = recorder()
    const taken = startWorkerEarly('/assets/render.worker-z.js', byCaller.start)
    const worker = taken.worker()
    expect(await taken.started).toBe(worker)
  })
})
