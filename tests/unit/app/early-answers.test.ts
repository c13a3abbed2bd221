import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../../../src/contract/client'
import { EARLY_ANSWER_TTL_MS, readLanding, startSchemeAnswers, takeEarlyAnswer } from '../../../src/app/boot/earlyAnswers'
import { LANDING_ELEMENT_ID, type LandingAnswers } from '../../../src/contract/landing'
import { prefetchingFetch, prefetchUrls, PREFETCH_MESSAGE } from '../../../src/engine/venueParser/prefetch'

/**
 * The scheme page's early calls (issue 16, src/app/boot/earlyAnswers.ts): sent in the order the
 * answers allow, with the bodies the API client builds byte for byte (else the app would ask
 * again), each taken once; and the venue worker's prefetching fetch (prefetch.ts). The network is
 * a recording stand-in for the server (global fetch); the client and the early calls are real.
 */
interface Sent {
  method: string
  path: string
  body: string | undefined
  csrf: string | null
}

const SESSIONS = {
  calendar: [
    { calendar_id: 11, event_day: '2026-12-02', event_time: '19:00', quant: 5 },
    { calendar_id: 10, event_day: '2026-12-01', event_time: '18:00', quant: 5 },
    { calendar_id: 12, event_day: '2026-12-02', event_time: '20:00', quant: 5 },
  ],
  prices: [],
}

function network(queueState = 'off'): { sent: Sent[]; fetch: typeof fetch } {
  const sent: Sent[] = []
  const answer = (path: string): unknown => {
    if (path === '/api/token') return { response: 'tok' }
    if (path === '/api/queue/status') return { state: queueState, calendar_id: 10 }
    if (path === '/api/scheme/sessions') return SESSIONS
    if (path === '/api/scheme/map/compiled') return { version: 3, venue: { url: '/api/venues/compiled/abc' }, statuses_url: '/api/scheme/map/statuses?hash=h&calendar_id=10' }
    return { ok: true }
  }
  const fake = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input)
    sent.push({ method: init?.method ?? 'GET', path, body: typeof init?.body === 'string' ? init.body : undefined, csrf: new Headers(init?.headers).get('X-CSRF-TOKEN') })
    return new Response(JSON.stringify(answer(path)), { status: 200, headers: { 'Content-Type': 'application/json' } })
  }) as typeof fetch
  return { sent, fetch: fake }
}

const settle = () => new Promise((r) => setTimeout(r, 10))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('early answers', () => {
  it('sends token, header and sessions, then the chosen session\'s waiting room and compiled map', async () => {
    const net = network()
    vi.stubGlobal('fetch', net.fetch)
    const compiled: unknown[] = []
    // What had been sent when `onSent` came: the route's chunk preloads wait for it (routeChunks.ts).
    const sentAtSignal: string[][] = []
    expect(startSchemeAnswers('/scheme/h%20x', '?lang=en', (where) => compiled.push(where), () => sentAtSignal.push(net.sent.map((s) => s.path)))).toBe(true)
    await settle()
    expect(sentAtSignal).toEqual([['/api/token', '/api/scheme', '/api/scheme/sessions']])
    expect(net.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /api/token', 'POST /api/scheme', 'POST /api/scheme/sessions', 'POST /api/queue/status', 'POST /api/scheme/map/compiled'])
    expect(net.sent.slice(1).every((s) => s.csrf === 'tok')).toBe(true)
    // The first available day and its only time (kernel/selection.ts), as the page chooses.
    expect(JSON.parse(net.sent[4].body!)).toEqual({ hash: 'h x', calendar_id: 10, lang: 'en' })
    expect(compiled).toEqual([{ venueUrl: '/api/venues/compiled/abc', statusesUrl: '/api/scheme/map/statuses?hash=h&calendar_id=10' }])
    for (const s of net.sent) takeEarlyAnswer(s.method, s.path, s.body)
  })

  it('starts no download for a visitor the waiting room holds', async () => {
    const net = network('waiting')
    vi.stubGlobal('fetch', net.fetch)
    const compiled: unknown[] = []
    startSchemeAnswers('/scheme/w', '', (where) => compiled.push(where))
    await settle()
    expect(net.sent.map((s) => s.path)).toContain('/api/scheme/map/compiled')
    expect(compiled).toEqual([])
    for (const s of net.sent) takeEarlyAnswer(s.method, s.path, s.body)
  })

  it('asks no map while the page would still wait for a time to be chosen', async () => {
    const net = network()
    vi.stubGlobal('fetch', net.fetch)
    startSchemeAnswers('/scheme/hh/2026-12-02', '', () => {})
    await settle()
    expect(net.sent.map((s) => s.path)).toEqual(['/api/token', '/api/scheme', '/api/scheme/sessions'])
    for (const s of net.sent) takeEarlyAnswer(s.method, s.path, s.body)
  })

  it('are taken by the API client for the very requests the app makes, once, and nothing is sent twice', async () => {
    const net = network()
    vi.stubGlobal('fetch', net.fetch)
    startSchemeAnswers('/scheme/hh/2026-12-02/20:00', '', () => {})
    await settle()
    const early = net.sent.length
    const clientSent: string[] = []
    const client = createApiClient({ baseUrl: '', lang: () => 'ru', early: takeEarlyAnswer, fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      clientSent.push(`${init?.method} ${String(input)}`)
      return net.fetch(input, init)
    }) as typeof fetch })
    // As the screens call them (useSchemeData, WaitingGate, useSessionMap): answers may not match
    // the contract's schemas here; what counts is whether the request went out again.
    const calls = [client.call('scheme', { hash: 'hh', lang: 'ru' }), client.call('schemeSessions', { hash: 'hh' }), client.call('queueStatus', { calendar_id: 12 }), client.call('schemeMapCompiled', { hash: 'hh', calendar_id: 12 })]
    await Promise.allSettled(calls)
    expect(clientSent).toEqual([])
    expect(net.sent).toHaveLength(early)
    // Taken once: the same call again goes to the server.
    await client.call('schemeSessions', { hash: 'hh' }).catch(() => {})
    expect(clientSent).toEqual(['POST /api/scheme/sessions'])
  })

  it('does nothing off the scheme route, skips the compiled call for the JSON map, and expires', async () => {
    const net = network()
    vi.stubGlobal('fetch', net.fetch)
    expect(startSchemeAnswers('/', '', () => {})).toBe(false)
    expect(startSchemeAnswers('/event/abc', '', () => {})).toBe(false)
    await settle()
    expect(net.sent).toEqual([])
    startSchemeAnswers('/scheme/j', '?mapSource=json', null)
    await settle()
    expect(net.sent.map((s) => s.path)).not.toContain('/api/scheme/map/compiled')
    expect(takeEarlyAnswer('POST', '/api/scheme', net.sent[1].body, Date.now() + EARLY_ANSWER_TTL_MS + 1)).toBeUndefined()
    expect(takeEarlyAnswer('POST', '/api/scheme', net.sent[1].body)).toBeUndefined()
  })
})

describe('the landing answers the page\'s HTML carries', () => {
  const COMPILED = { version: 9, venue: { url: '/api/venues/compiled/fromhtml' }, statuses_url: '/api/scheme/map/statuses?hash=h&calendar_id=10' }
  const landing = (over: Partial<LandingAnswers> = {}): LandingAnswers => ({
    hash: 'h x',
    scheme: { action: 'From the page' },
    sessions: SESSIONS,
    session: { calendar_id: 10, queue: { state: 'off', calendar_id: 10 }, compiled: COMPILED },
    ...over,
  })

  it('answer the header, sessions, room and map location without sending them: only the token goes, and the download starts at once', async () => {
    const net = network()
    vi.stubGlobal('fetch', net.fetch)
    const compiled: unknown[] = []
    let signalled = false
    startSchemeAnswers('/scheme/h%20x', '?lang=en', (where) => compiled.push(where), () => (signalled = true), landing())
    // The preloads are not held for POSTs that never leave.
    expect(signalled).toBe(true)
    await Promise.resolve()
    await Promise.resolve()
    await Promise.resolve()
    // Before any answer from the network: the URLs came from the page itself.
    expect(compiled).toEqual([{ venueUrl: '/api/venues/compiled/fromhtml', statusesUrl: COMPILED.statuses_url }])
    await settle()
    expect(net.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /api/token'])
    const client = createApiClient({ baseUrl: '', lang: () => 'en', early: takeEarlyAnswer, fetch: net.fetch })
    // Taken by the client's very request (whose schema then judges this short stand-in answer).
    await client.call('scheme', { hash: 'h x', lang: 'en' }).catch(() => {})
    expect(net.sent).toHaveLength(1)
    for (const [m, p, b] of [['POST', '/api/scheme/sessions', { hash: 'h x', lang: 'en' }], ['POST', '/api/queue/status', { calendar_id: 10, lang: 'en' }], ['POST', '/api/scheme/map/compiled', { hash: 'h x', calendar_id: 10, lang: 'en' }]] as const) {
      expect(takeEarlyAnswer(m, p, JSON.stringify(b)), p).toBeDefined()
    }
  })

  it('are not used for another event, and a session other than the landing\'s asks for its own room and map', async () => {
    const net = network()
    vi.stubGlobal('fetch', net.fetch)
    startSchemeAnswers('/scheme/other', '', () => {}, () => {}, landing())
    await settle()
    expect(net.sent.map((s) => s.path)).toEqual(['/api/token', '/api/scheme', '/api/scheme/sessions', '/api/queue/status', '/api/scheme/map/compiled'])
    for (const s of net.sent) takeEarlyAnswer(s.method, s.path, s.body)

    const again = network()
    vi.stubGlobal('fetch', again.fetch)
    const compiled: unknown[] = []
    // The route chooses 2026-12-02 20:00 (calendar 12): the landing's room and map are of calendar 10.
    startSchemeAnswers('/scheme/h%20x/2026-12-02/20:00', '', (where) => compiled.push(where), () => {}, landing())
    await settle()
    expect(again.sent.map((s) => s.path)).toEqual(['/api/token', '/api/queue/status', '/api/scheme/map/compiled'])
    expect(JSON.parse(again.sent[2].body!)).toMatchObject({ calendar_id: 12 })
    expect(compiled).toHaveLength(1)
    for (const s of again.sent) takeEarlyAnswer(s.method, s.path, s.body)
    for (const path of ['/api/scheme', '/api/scheme/sessions']) takeEarlyAnswer('POST', path, JSON.stringify({ hash: 'h x', lang: 'ru' }))
  })

  it('asks the room itself where it is on (the landing carries no room), and downloads only once admitted', async () => {
    const net = network('waiting')
    vi.stubGlobal('fetch', net.fetch)
    const compiled: unknown[] = []
    startSchemeAnswers('/scheme/h%20x', '', (where) => compiled.push(where), () => {}, landing({ session: { calendar_id: 10, queue: null, compiled: COMPILED } }))
    await settle()
    expect(net.sent.map((s) => s.path)).toEqual(['/api/token', '/api/queue/status'])
    expect(compiled).toEqual([])
    for (const s of net.sent) takeEarlyAnswer(s.method, s.path, s.body)
    for (const path of ['/api/scheme', '/api/scheme/sessions']) takeEarlyAnswer('POST', path, JSON.stringify({ hash: 'h x', lang: 'ru' }))
    takeEarlyAnswer('POST', '/api/scheme/map/compiled', JSON.stringify({ hash: 'h x', calendar_id: 10, lang: 'ru' }))
  })

  it('reads the data block, and nothing from a page without one or with a broken one', () => {
    const doc = (text: string | null) => ({ getElementById: (id: string) => (id === LANDING_ELEMENT_ID && text !== null ? { textContent: text } : null) })
    expect(readLanding(doc(JSON.stringify(landing())))).toEqual(landing())
    expect(readLanding(doc(null))).toBeNull()
    expect(readLanding(doc('{"hash":'))).toBeNull()
    expect(readLanding(doc('[1]'))).toBeNull()
    expect(readLanding(undefined)).toBeNull()
  })
})

describe('the venue worker\'s prefetch', () => {
  it('answers a prefetched URL from the request already made, once', async () => {
    const asked: string[] = []
    const base = (async (input: RequestInfo | URL) => {
      asked.push(String(input))
      return new Response(String(input))
    }) as typeof fetch
    const f = prefetchingFetch(base)
    f.prefetch(['/a', '/b'])
    expect(asked).toEqual(['/a', '/b'])
    expect(await (await f.fetch('/a')).text()).toBe('/a')
    expect(asked).toEqual(['/a', '/b'])
    await f.fetch('/a')
    await f.fetch('/c')
    expect(asked).toEqual(['/a', '/b', '/a', '/c'])
    expect(prefetchUrls({ [PREFETCH_MESSAGE]: ['/x'] })).toEqual(['/x'])
    expect(prefetchUrls({ id: 'comlink', type: 'APPLY' })).toBeNull()
    expect(prefetchUrls({ [PREFETCH_MESSAGE]: [1] })).toBeNull()
  })
})
