import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANDING_ELEMENT_ID, type LandingAnswers } from '../../src/contract/landing'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn } from './admin-helpers'
import { HALL_EVENT, visitor, type Visitor } from './scheme-helpers'
import { demoHash } from '../../src/server/seed/catalog'

/**
 * Issue 16 (the map's critical path): a scheme page's HTML carries the answers of its first POSTs
 * (server/plugins/scheme-landing.ts), so the venue download starts as the entry runs instead of
 * four round trips later. What the page reads there must be exactly what the calls answer, for
 * the session the page will choose; nothing a visitor's own (a room that is on) or a refusal; and
 * no text of an event may end the data block.
 */
const INDEX = '<!doctype html><html><head><title>test client</title><script type="module" src="/assets/app-1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>'
const BLOCK = new RegExp(`<script type="application/json" id="${LANDING_ELEMENT_ID}">([^<]*)</script></head>`)

function fakeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatwise-client-'))
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
  return dir
}

describe.each(TEST_DBS)('the scheme page\'s landing answers on %s', (dbKind) => {
  let server: TestServer
  let clientDir: string
  let v: Visitor
  const hash = demoHash('event', HALL_EVENT)

  beforeAll(async () => {
    clientDir = fakeClient()
    server = await startTestServer({ db: dbKind, env: { CLIENT_DIR: clientDir } })
    v = await visitor(server.url)
  })
  afterAll(async () => {
    await server?.close()
    fs.rmSync(clientDir, { recursive: true, force: true })
  })

  const page = async (p: string) => {
    const res = await fetch(server.url + p)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    // The page's security headers as on every page (plugins/security-headers.ts).
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    const html = await res.text()
    const block = BLOCK.exec(html)
    return { html, landing: block === null ? null : (JSON.parse(block[1]) as LandingAnswers) }
  }
  const answer = async (p: string, body: object) => {
    const res = await v.post(p, body)
    expect(res.status).toBe(200)
    return res.body
  }

  it('carries what the calls answer: header, sessions, and the chosen session\'s room and compiled map', async () => {
    const { html, landing } = await page(`/scheme/${hash}`)
    expect(landing).not.toBeNull()
    // The rest of the page is the build's, untouched.
    expect(html.replace(BLOCK, '</head>')).toBe(INDEX)
    expect(landing!.hash).toBe(hash)
    expect(landing!.scheme).toEqual(await answer('/api/scheme', { hash }))
    const sessions = (await answer('/api/scheme/sessions', { hash })) as { calendar: { calendar_id: number; event_day: string; event_time: string }[] }
    expect(landing!.sessions).toEqual(sessions)
    // The page's own rule with no date in the route: the first day with tickets, its only time.
    const first = [...sessions.calendar].sort((a, b) => (a.event_day + a.event_time < b.event_day + b.event_time ? -1 : 1))[0]
    expect(landing!.session?.calendar_id).toBe(first.calendar_id)
    expect(landing!.session!.queue).toEqual(await answer('/api/queue/status', { calendar_id: first.calendar_id }))
    const compiled = (await answer('/api/scheme/map/compiled', { hash, calendar_id: first.calendar_id })) as { venue: { url: string } }
    expect(landing!.session!.compiled).toEqual(compiled)
    expect((await fetch(server.url + compiled.venue.url)).status).toBe(200)
  })

  it('follows the route\'s date and time, and leaves the room out where it is on', async () => {
    const sessions = (await answer('/api/scheme/sessions', { hash })) as { calendar: { calendar_id: number; event_day: string; event_time: string }[] }
    const last = sessions.calendar[sessions.calendar.length - 1]
    const chosen = await page(`/scheme/${hash}/${last.event_day}/${encodeURIComponent(last.event_time)}`)
    expect(chosen.landing!.session?.calendar_id).toBe(last.calendar_id)

    const manager = await signedIn(server, 'manager')
    const on = await manager.post(`/api/admin/sessions/${last.calendar_id}/waiting-room`, { enabled: true, opens_at: Date.now() + 3_600_000, admit_per_minute: 60 })
    expect(on.status).toBe(200)
    const held = await page(`/scheme/${hash}/${last.event_day}/${encodeURIComponent(last.event_time)}`)
    // The room's answer is each visitor's own (his place): the page asks it; nobody joined by loading the HTML.
    expect(held.landing!.session).toMatchObject({ calendar_id: last.calendar_id, queue: null })
    expect(await server.db.selectFrom('waiting_visitors').select('session_id').where('calendar_id', '=', last.calendar_id).execute()).toEqual([])
    await manager.post(`/api/admin/sessions/${last.calendar_id}/waiting-room`, { enabled: false, opens_at: Date.now(), admit_per_minute: 60 })
  })

  it('is left out for an unknown event, another page and HEAD, and the page is still the app', async () => {
    // Unknown, malformed (over the contract's length, not its characters) and other pages: the plain app.
    for (const p of ['/scheme/nosuchhash', '/scheme/' + hash + '/x/y/z', `/scheme/${'x'.repeat(300)}`, '/scheme/%F0%9F%8E%AB', '/event/' + hash, '/']) {
      const { html, landing } = await page(p)
      expect(landing, p).toBeNull()
      expect(html, p).toContain('<div id="root"></div>')
    }
    // A NUL in the path is refused before any handler (400 -1002), never a 500.
    const nul = await fetch(server.url + '/scheme/a%00b')
    expect(nul.status).toBe(400)
    const head = await fetch(server.url + `/scheme/${hash}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
  })

  it('keeps an event\'s text inside the data block: no </script> of a name ends it', async () => {
    const hostile = 'Night </script><script>window.pwned=1</script><!--'
    await server.db.updateTable('events').set({ name_ru: hostile }).where('hash_id', '=', hash).execute()
    try {
      const { html, landing } = await page(`/scheme/${hash}`)
      expect(html.match(/<script/g)).toHaveLength(2)
      expect(html).not.toContain('pwned=1</script>')
      expect(JSON.stringify(landing!.scheme)).toContain(hostile)
    } finally {
      await server.db.updateTable('events').set({ name_ru: 'Органный вечер' }).where('hash_id', '=', hash).execute()
    }
  })
})
