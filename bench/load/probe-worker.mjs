// The unrelated page's visitor (bench/load/buyers.ts unrelatedVisitor), in its own thread: one
// fetch to open its connection, then 'ready'; on 'go', GETs of the page one after another, `gapMs`
// apart, until 'stop'. Plain JavaScript so the thread needs no TypeScript loader. Posts each
// recorded fetch as { ms, at, status, servedBy }, `at` on the wall clock (performance.timeOrigin
// + now) for the main thread to convert to its own.
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { clearTimeout, setTimeout } from 'node:timers'
import { parentPort, workerData } from 'node:worker_threads'

const { base, path, gapMs, address, timeoutMs } = workerData
const agent = new http.Agent({ keepAlive: true })
let cookie = ''
let stopped = false
let go = () => {}
const started = new Promise((ok) => (go = ok))
parentPort.on('message', (m) => {
  if (m === 'go') go()
  if (m === 'stop') {
    stopped = true
    go()
  }
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

await fetchOnce()
parentPort.postMessage('ready')
await started
while (!stopped) {
  parentPort.postMessage(await fetchOnce())
  await new Promise((ok) => setTimeout(ok, gapMs))
}
agent.destroy()
parentPort.postMessage('done')
