/**
 * What the storefront's two counting answers cost the server on the benchmark database (the demo
 * plus generated 100,000- and 1,000,000-seat stadiums, bench/browser/storefrontServer.ts):
 * `GET /api/afisha` (the listing: free places of every upcoming session) and
 * `POST /api/scheme/sessions` of each seat-map event (free places per zone, which the scheme page
 * waits for before it may ask where its map is). One visitor, calls one after another, so each
 * time is the server's own work plus a loopback round trip.
 *
 *   npm run bench:listing -- [--rounds N] [--base DIR]
 *
 * `--base DIR`: another checkout (e.g. `git worktree add DIR COMMIT`, with node_modules) whose
 * server is measured in the same run, alternating with this one, as the baseline. Results:
 * bench/results/<date>-listing-probe.json with the machine and its load.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { machine, writeResults } from './lib'
import { seededDataDir, startStorefront } from './browser/storefrontServer'
import { ROOT } from './browser/labDist'
import { percentile } from './browser/scenario'

/** Rounds per server, each one listing and one sessions call per seat-map event. */
const DEFAULT_ROUNDS = 20
/** Sizes of the generated stadiums on sale besides the demo (the storefront bench's). */
const BIG_SEATS = [100_000, 1_000_000]
/** Servers started per side, alternating (each a fresh process: the first calls pay the cold start). */
const ALTERNATIONS = 2

const arg = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at > 0 ? process.argv[at + 1] : undefined
}

interface Timings {
  [call: string]: number[]
}

async function timed(url: string, init: RequestInit): Promise<number> {
  const started = performance.now()
  const res = await fetch(url, init)
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status}`)
  return performance.now() - started
}

async function probe(root: string, dataDir: string, rounds: number, out: Timings): Promise<void> {
  const server = await startStorefront(dataDir, path.join(os.tmpdir(), 'seatwise-no-client'), root)
  try {
    const token = await fetch(`${server.url}/api/token`)
    const cookie = (token.headers.get('set-cookie') ?? '').split(';')[0]
    const csrf = ((await token.json()) as { response: string }).response
    const afisha = (await (await fetch(`${server.url}/api/afisha`)).json()) as { action: { hash_id: string; scheme: number; event_id: number }[] }
    const schemes = afisha.action.filter((a) => a.scheme === 1)
    const post = (p: string, body: object) => timed(`${server.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(body),
    })
    for (let r = 0; r < rounds; r++) {
      ;(out['GET /api/afisha'] ??= []).push(await timed(`${server.url}/api/afisha`, { headers: { cookie } }))
      let all = 0
      for (const a of schemes) all += await post('/api/scheme/sessions', { hash: a.hash_id })
      ;(out[`POST /api/scheme/sessions, ${schemes.length} seat-map events one after another`] ??= []).push(all)
    }
  } finally {
    await server.close()
  }
}

async function main(): Promise<void> {
  const rounds = Number(arg('--rounds') ?? DEFAULT_ROUNDS)
  const base = arg('--base')
  const dataDir = seededDataDir(BIG_SEATS)
  fs.mkdirSync(path.join(os.tmpdir(), 'seatwise-no-client'), { recursive: true })
  const sides: [string, string][] = [['this', ROOT], ...(base ? [['base', path.resolve(base)] as [string, string]] : [])]
  const timings: Record<string, Timings> = {}
  const loadBefore = os.loadavg()
  for (let k = 0; k < ALTERNATIONS; k++) {
    for (const [name, root] of sides) await probe(root, dataDir, rounds, (timings[name] ??= {}))
  }
  const summary = Object.fromEntries(Object.entries(timings).map(([side, calls]) => [side, Object.fromEntries(Object.entries(calls).map(([call, ms]) => [call, {
    n: ms.length, p50: +percentile(ms, 50).toFixed(1), p90: +percentile(ms, 90).toFixed(1), max: +Math.max(...ms).toFixed(1),
  }]))]))
  for (const [side, calls] of Object.entries(summary)) for (const [call, s] of Object.entries(calls)) console.log(`${side.padEnd(5)} ${call}: p50 ${s.p50} ms, p90 ${s.p90} ms, max ${s.max} ms (${s.n})`)
  const file = writeResults('listing-probe', { machine: { ...machine(), load: [loadBefore, os.loadavg()] }, rounds, alternations: ALTERNATIONS, base: base ?? null, summary, timings })
  console.log(`wrote ${file}`)
}

await main()
