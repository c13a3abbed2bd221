import http from 'node:http'
import type { AddressInfo } from 'node:net'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import type { Browser } from 'playwright-core'
import { build, type Rollup } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadTicketKeys, type TicketKeys } from '../src/server/domain/tickets/keys'
import { contextsFromNow, workerChromium } from './support/browser'

/**
 * The ticket verification module (src/contract/tickets/verify.ts) as a browser check-in app will
 * run it: bundled by Vite for the browser, loaded into Chromium on a localhost page (a secure
 * context, as WebCrypto needs), verifying tokens the server's key signed, with the published
 * public key only.
 */
describe('ticket verification in Chromium', () => {
  let browser: Browser
  let closePages: (() => Promise<void>) | undefined
  let site: http.Server
  let origin: string
  let bundle: string
  let keys: TicketKeys
  let other: TicketKeys
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-verify-'))

  beforeAll(async () => {
    const out = (await build({
      configFile: false,
      logLevel: 'silent',
      build: { write: false, minify: false, lib: { entry: path.resolve('src/contract/tickets/verify.ts'), formats: ['iife'], name: 'TicketVerify' } },
    })) as Rollup.RollupOutput[]
    bundle = out[0].output[0].code
    const silent = pino({ level: 'silent' })
    keys = await loadTicketKeys({ signingKeyPem: undefined, signingKeyFile: path.join(dir, 'a.pem'), generateWhenMissing: true, extraPublicKeys: [] }, silent)
    other = await loadTicketKeys({ signingKeyPem: undefined, signingKeyFile: path.join(dir, 'b.pem'), generateWhenMissing: true, extraPublicKeys: [] }, silent)
    site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>check-in</title>'))
    site.listen(0, '127.0.0.1')
    await new Promise((r) => site.once('listening', r))
    origin = `http://localhost:${(site.address() as AddressInfo).port}`
    browser = await workerChromium()
    closePages = contextsFromNow(browser)
  })
  afterAll(async () => {
    await closePages?.()
    site?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('accepts a real token and refuses forged and altered ones, offline with the public key', async () => {
    const page = await browser.newPage()
    await page.goto(origin)
    await page.addScriptTag({ content: bundle })
    // The check-in app is offline once its keys are synced.
    await page.context().setOffline(true)
    const claims = { ticketId: 4242, sessionId: 17, place: { kind: 'seat' as const, id: 59_999 } }
    const real = keys.sign(claims)
    const forged = other.sign(claims)
    const altered = real.slice(0, 20) + (real[20] === 'A' ? 'B' : 'A') + real.slice(21)
    const answers = await page.evaluate(
      async ({ publicKeys, codes }) => {
        const api = (globalThis as unknown as { TicketVerify: typeof import('../src/contract/tickets/verify') }).TicketVerify
        const verifier = await api.TicketVerifier.create(publicKeys)
        return Promise.all(codes.map((c) => verifier.verify(c)))
      },
      { publicKeys: keys.published.map((k) => k.publicKey), codes: [real, forged, altered, '123456789012'] },
    )
    expect(answers[0]).toEqual({ ok: true, kid: keys.kid, claims })
    expect(answers[1]).toMatchObject({ ok: false, reason: 'unknown-key' })
    expect(answers[2]).toMatchObject({ ok: false })
    expect(answers[3]).toEqual({ ok: false, reason: 'malformed' })
    await page.close()
  })
})
