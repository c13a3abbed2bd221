import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import net from 'node:net'

/** `npm start`'s command after `node`: the launcher that runs the server bundled (bin/start.mjs). */
export const NPM_START_ARGS: readonly string[] = ['bin/start.mjs']
/** The same server from its TypeScript sources, for CPU profiles that name src/ files (bench:load:cpu --profile). */
export const START_FROM_SOURCE_ARGS: readonly string[] = ['--import', 'tsx', 'src/cli/start.ts']

/**
 * A real `WORKERS=N npm start` cluster (bin/start.mjs, src/cli/start.ts bundled, through Node's
 * cluster) for the scale-out tests: spawned on a free port with `env`, resolved once every worker
 * listens.
 */
export interface ClusterProcess {
  url: string
  child: ChildProcess
  /** Pids of the workers that said they listen, in order (a replaced worker adds its own). */
  workerPids(): number[]
  /** Pids that logged taking over the background work, in order. */
  leaderPids(): number[]
  logs(): string
  waitFor(what: string, match: () => boolean, timeoutMs: number): Promise<void>
  /** SIGTERM to the primary; resolves with its exit code. */
  stop(): Promise<number | null>
}

/** A free local port for the cluster (its workers share one port, so PORT=0 would do too; a known one is simpler to log). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

function logLines(logs: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = []
  for (const line of logs.split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      out.push(JSON.parse(line) as Record<string, unknown>)
    } catch {
      // a line cut by the buffer: the next read completes it
    }
  }
  return out
}

export async function spawnCluster(
  workers: number,
  env: Record<string, string>,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-cluster-')),
  /** Extra Node options for the primary, which its workers inherit (bench:load:cpu --profile: --cpu-prof). */
  nodeArgs: readonly string[] = [],
  startArgs: readonly string[] = NPM_START_ARGS,
): Promise<ClusterProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, [...nodeArgs, ...startArgs], {
    env: {
      ...process.env,
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      CLIENT_DIR: path.join(dataDir, 'none'),
      TRUST_PROXY: 'loopback',
      DEMO_DATA: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let logs = ''
  child.stdout!.on('data', (d: Buffer) => (logs += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (logs += d.toString()))
  const exited = once(child, 'exit')
  const pidsOf = (msg: string) => logLines(logs).filter((l) => l.msg === msg).map((l) => Number(l.pid))
  const waitFor = async (what: string, match: () => boolean, timeoutMs: number): Promise<void> => {
    const deadline = Date.now() + timeoutMs
    while (!match()) {
      if (child.exitCode !== null) throw new Error(`cluster exited while waiting for ${what}:\n${logs}`)
      if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms:\n${logs}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  const cluster: ClusterProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    workerPids: () => pidsOf('storefront listening'),
    leaderPids: () => pidsOf('this process runs the background work'),
    logs: () => logs,
    waitFor,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
      return child.exitCode
    },
  }
  try {
    await waitFor(`${workers} workers listening`, () => cluster.workerPids().length >= workers, 120_000)
  } catch (err) {
    // A cluster that did not come up is not left running (its workers would load the box for hours).
    await cluster.stop()
    throw err
  }
  return cluster
}

/**
 * A GET on a connection of its own (no keep-alive), so that the cluster hands each request to
 * the next worker in turn.
 */
export function getOnNewConnection(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { ...headers, connection: 'close' } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
  })
}
