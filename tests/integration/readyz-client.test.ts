import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CLIENT_RECHECK_MS, READY_PATH } from '../../src/server/plugins/health'
import { TEST_DBS } from '../support/server'
import { startHealthRig, type HealthRig } from './health-rig'

/**
 * A production server without its built web client (an install that left out vite and never ran
 * `npm run build`) would answer every visitor "not built yet": /readyz says not ready, so a load
 * balancer sends them elsewhere, and ready once the client is in CLIENT_DIR.
 */
describe.each(TEST_DBS)('/readyz and the web client on %s', (dbKind) => {
  let rig: HealthRig | null = null
  let clientDir = ''
  afterEach(async () => {
    vi.restoreAllMocks()
    await rig?.close()
    rig = null
    fs.rmSync(clientDir, { recursive: true, force: true })
  })

  it('in production, answers 503 web-client-missing while CLIENT_DIR is empty, then ready once built', async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-client-'))
    rig = await startHealthRig(dbKind, { NODE_ENV: 'production', SESSION_SECRET: 'production-session-secret-0123456789', CLIENT_DIR: clientDir })
    const missing = await fetch(`${rig.server.url}${READY_PATH}`)
    expect(missing.status).toBe(503)
    expect(await missing.json()).toEqual({ status: 'unavailable', reason: 'web-client-missing' })
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>shop</title>')
    const built = await fetch(`${rig.server.url}${READY_PATH}`)
    expect(built.status).toBe(200)
    expect(await built.json()).toEqual({ status: 'ready' })
  })

  it('outside production, an API-only server without the client is ready', async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-client-'))
    rig = await startHealthRig(dbKind, { CLIENT_DIR: clientDir })
    expect((await fetch(`${rig.server.url}${READY_PATH}`)).status).toBe(200)
  })

  it(`in production, looks for the built client at most once per ${CLIENT_RECHECK_MS} ms while it is there, not on every probe`, async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-client-'))
    const index = path.join(clientDir, 'index.html')
    fs.writeFileSync(index, '<!doctype html><title>shop</title>')
    rig = await startHealthRig(dbKind, { NODE_ENV: 'production', SESSION_SECRET: 'production-session-secret-0123456789', CLIENT_DIR: clientDir })
    const looked = vi.spyOn(fs, 'existsSync')
    for (let i = 0; i < 10; i++) expect((await fetch(`${rig.server.url}${READY_PATH}`)).status).toBe(200)
    expect(looked.mock.calls.filter(([file]) => String(file) === index).length).toBeLessThanOrEqual(1)
  })
})
