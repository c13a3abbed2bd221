// The unrelated page's visitor (bench/load/buyers.ts unrelatedWhile), in its own thread: GETs of
// one page one after another, `gapMs` apart, until told to stop. Plain JavaScript so the thread
// needs no TypeScript loader. Posts each fetch as { ms, at, status, servedBy }, `at` on the
// wall clock (performance.timeOrigin + now) for the main thread to convert to its own.
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { clearTimeout, setTimeout } from 'node:timers'
import { parentPort, workerData } from 'node:worker_threads'

const { base, path, gapMs, address, timeoutMs } = workerData
const agent = new http.Agent({ keepAlive: true })
let cookie = ''
let stopped = false
parentPort.on('message', (m) => {
  if (m === 'stop') stopped = true
})

function fetchOnce() {
  return new Promise((resolve) => {
    const started = performance.now()
    const headers = { 'x-forwarded-for': address }
    if (cookie) headers.cookie = cookie
    const done = (status, servedBy) => {
      clearTimeout(timer)
      const now = performance.now()
      resolve({ ms: now - started, at: performance.timeOrigin + now, status, servedBy })
    }
    const req = http.request(base + path, { method: 'GET', headers, agent }, (res) => {
      const set = res.headers['set-cookie'] ?? []
      if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ')
      res.on('data', () => {})
      res.on('end', () => {
        const v = res.headers['x-served-by']
        done(res.statusCode ?? 0, typeof v === 'string' ? Number(v) : null)
      })
      res.on('error', () => done(0, null))
    })
    const timer = setTimeout(() => {
      req.destroy()
      done(-1, null)
    }, timeoutMs)
    req.on('error', () => done(0, null))
    req.end()
  })
}

while (!stopped) {
  parentPort.postMessage(await fetchOnce())
  await new Promise((ok) => setTimeout(ok, gapMs))
}
agent.destroy()
parentPort.postMessage('done')
