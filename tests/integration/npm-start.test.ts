import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_BUNDLE, serverBundleReason } from '../../bin/server-bundle.mjs'
import { decodeCompiledVenue } from '../../src/engine/compiled/decode'
import { generateVenue } from '../../src/engine/generate/index'
import { createOperator } from '../../src/server/admin/auth'
import { connect, type Db } from '../../src/server/db/connect'
import { findCompiledByDrawing } from '../../src/server/venues/compiled.repository'
import { AdminClient, PASSWORD } from './admin-helpers'
import { NPM_START_ARGS } from './cluster-helpers'

/**
 * `npm start` as an operator runs it (bin/start.mjs): the server from dist/server's bundle, built
 * from src/ when stale, with the venue compile worker bundled beside it. Importing a drawing runs
 * its recognition and encoding in that worker (src/server/venues/compile-pool.ts), so a 200 with a
 * compiled venue that decodes proves the bundled worker was found and ran.
 */
const HALL_SEATS = 300
/** Bound on the server's start (a wait for a log line, not a time assertion). */
const START_WAIT_MS = 60_000

describe('npm start (bin/start.mjs, the bundled server)', () => {
  let child: ChildProcess
  let dataDir: string
  let url: string
  let db: Db
  let log = ''

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-npm-start-'))
    child = spawn(process.execPath, NPM_START_ARGS, {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client'), DEMO_DATA: '0', LOG_LEVEL: 'info', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "storefront listening" within ${START_WAIT_MS} ms:\n${log}`)), START_WAIT_MS)
      const onData = (chunk: Buffer) => {
        log += chunk.toString()
        const m = /"url":"(http:[^"]+)"[^\n]*"msg":"storefront listening"/.exec(log)
        if (m) {
          clearTimeout(timer)
          resolve(m[1])
        }
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', onData)
      child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${log}`)))
    })
    db = connect({ kind: 'sqlite', file: path.join(dataDir, 'storefront.sqlite') })
  })

  afterAll(async () => {
    await db?.destroy()
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('runs from an up-to-date bundle', () => {
    expect(fs.existsSync(SERVER_BUNDLE)).toBe(true)
    expect(serverBundleReason()).toBeNull()
    // The process runs the launcher, not TypeScript through tsx.
    expect(child.spawnargs.join(' ')).not.toMatch(/tsx|\.ts\b/)
  })

  it('imports a drawing through the bundled compile worker and serves its compiled venue', async () => {
    const email = `npm-start-${Date.now()}@example.org`
    await createOperator(db, { email, name: 'manager', role: 'manager', password: PASSWORD, lang: 'en' }, Date.now())
    const manager = new AdminClient(url)
    expect((await manager.login(email)).status).toBe(200)
    const venue = await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Зал', name_en: 'Hall' })
    expect(venue.status, JSON.stringify(venue.body)).toBe(200)
    const imported = await manager.post<{ drawing_id: number }>(`/api/admin/venues/${venue.body.id}/drawings`, { name: 'hall', svg: generateVenue({ kind: 'hall', seats: HALL_SEATS, seed: 3 }) })
    expect(imported.status, JSON.stringify(imported.body)).toBe(200)
    const compiled = await findCompiledByDrawing(db, imported.body.drawing_id)
    expect(compiled, 'the import stored its compiled venue').toBeDefined()
    const res = await fetch(`${url}/api/venues/compiled/${compiled!.content_hash}`)
    expect(res.status).toBe(200)
    const decoded = decodeCompiledVenue(new Uint8Array(await res.arrayBuffer()))
    expect(decoded.seats.x.length).toBe(HALL_SEATS)
  })
})
