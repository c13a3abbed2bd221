import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callList } from '../../src/contract/calls'
import { SEAT_EVENTS_PATH } from '../../src/contract/entities/scheme'
import { MEDIA_IMAGES_PREFIX } from '../../src/server/domain/images/urls'
import { SANDBOX_CALLBACK_PATH, SANDBOX_FORM_PATH, SANDBOX_PAY_PATH, SANDBOX_QR_PATH } from '../../src/server/payments/sandbox/provider'
import { SANDBOX_REFUNDS_PATH, SANDBOX_REFUSE_PATH } from '../../src/server/payments/sandbox/refund-routes'
import { carriesNul, checkFuzzAnswers, fuzzAnswer, type FuzzAnswer } from '../support/fuzz-answers'
import { HOSTILE_MODES, hostileString, hostileValue, toQuery, type HostileMode } from '../support/hostile'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { visitor, type Visitor } from './order-fixtures'

/** Bodies no schema expects: broken JSON, wrong top-level types, a NUL-laden string. */
const RAW_BODIES = ['{"a":', '[]', 'null', '"\\u0000"', '{"hash":"\\u0000","calendar_id":99999999999999999999}']

/**
 * Issue 18.6: malformed input never answers 5xx, on either database. Every public route (every
 * call of the contract, the live seat stream, media, the sandbox bank's pages and callback) gets
 * values shaped like its own request (so they pass much of the validation) but hostile: ids above
 * 2^31-1 and 2^53, NUL characters, negative numbers, 100 kB strings, broken JSON. Every answer
 * must be below 500, and an API refusal must be the spec's {errorCode, errorText}.
 */
describe.each(TEST_DBS)('fuzzing every public route with malformed input on %s', (dbKind) => {
  let server: TestServer
  let v: Visitor
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    v = await visitor(server.url)
  })
  afterAll(async () => {
    await server?.close()
  })

  async function send(label: string, path: string, init: RequestInit = {}): Promise<FuzzAnswer> {
    return fuzzAnswer(label, await v.fetch(path, init), carriesNul(path, init.body))
  }
  const post = (label: string, path: string, body: string, contentType = 'application/json') =>
    send(label, path, { method: 'POST', headers: { 'content-type': contentType, 'x-csrf-token': v.token, 'x-requested-with': 'XMLHttpRequest' }, body })

  const pathWith = (path: string, mode: HostileMode) => path.replace(/:(\w+)/g, () => encodeURIComponent(hostileString(mode)))

  it.each(callList.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', async (_name, call) => {
    const answers: FuzzAnswer[] = []
    for (const mode of HOSTILE_MODES) {
      const value = hostileValue(call.request, mode)
      const path = pathWith(call.path, mode)
      if (call.method === 'GET') {
        answers.push(await send(`${mode}`, `${path}?${toQuery(value)}`))
      } else {
        answers.push(await post(`${mode}`, path, JSON.stringify(value)))
        // Each field alone hostile, the others left out: reaches handlers that check fields one by one.
        if (typeof value === 'object' && value !== null) {
          for (const [k, field] of Object.entries(value)) answers.push(await post(`${mode} ${k}`, path, JSON.stringify({ [k]: field })))
        }
      }
    }
    if (call.method === 'POST') for (const raw of RAW_BODIES) answers.push(await post(`raw ${raw}`, pathWith(call.path, 'int4-overflow'), raw))
    checkFuzzAnswers(answers)
  })

  it('the live seat stream: huge ids, a huge Last-Event-ID', async () => {
    const answers: FuzzAnswer[] = []
    const stream = async (label: string, query: string, headers: Record<string, string> = {}) => {
      const controller = new AbortController()
      const res = await v.fetch(`${SEAT_EVENTS_PATH}?${query}`, { headers, signal: controller.signal })
      const status = res.status
      const type = res.headers.get('content-type') ?? ''
      // A stream that opened is read no further; a refusal is read whole.
      const text = type.startsWith('text/event-stream') ? '' : await res.text()
      controller.abort()
      answers.push({ label, status, type, text })
    }
    for (const mode of HOSTILE_MODES) await stream(`calendar ${mode}`, `calendar_id=${encodeURIComponent(hostileString(mode))}`)
    const calendar = await server.db.selectFrom('calendars').select('id').where('drawing_id', 'is not', null).executeTakeFirstOrThrow()
    for (const id of ['9'.repeat(30), String(2 ** 63), '18446744073709551616', '1e400', '-1', '\u0000']) {
      await stream(`Last-Event-ID ${id.slice(0, 20)}`, `calendar_id=${calendar.id}`, { 'last-event-id': id.replace('\u0000', '') })
      await stream(`last_event_id ${id.slice(0, 20)}`, `calendar_id=${calendar.id}&last_event_id=${encodeURIComponent(id)}`)
    }
    checkFuzzAnswers(answers)
    // An id we never sent makes the stream tell the client to reload the map.
    const res = await v.fetch(`${SEAT_EVENTS_PATH}?calendar_id=${calendar.id}`, { headers: { 'last-event-id': '9'.repeat(30) } })
    const reader = res.body!.getReader()
    let text = ''
    while (!text.includes('event: sync')) text += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
    expect(text).toMatch(/"resync":true/)
  })

  it('media, the sandbox bank pages and its callback: bad ids and amounts', async () => {
    const answers: FuzzAnswer[] = []
    for (const mode of HOSTILE_MODES) {
      const bad = encodeURIComponent(hostileString(mode))
      answers.push(await send(`media ${mode}`, `${MEDIA_IMAGES_PREFIX}${bad}`))
      answers.push(await send(`pay ${mode}`, `${SANDBOX_PAY_PATH}${bad}`))
      answers.push(await send(`qr ${mode}`, `${SANDBOX_QR_PATH}${bad}`))
      answers.push(await post(`decision ${mode}`, `${SANDBOX_PAY_PATH}${bad}`, `decision=${bad}`, 'application/x-www-form-urlencoded'))
      answers.push(await post(`form ${mode}`, SANDBOX_FORM_PATH, `payment_id=${bad}&amount=${bad}&order=${bad}&signature=${bad}`, 'application/x-www-form-urlencoded'))
      answers.push(await send(`bank refunds ${mode}`, `${SANDBOX_REFUNDS_PATH}?payment=${bad}`))
      answers.push(await post(`bank refusal switch ${mode}`, SANDBOX_REFUSE_PATH, JSON.stringify({ count: hostileString(mode) })))
    }
    const payment = await server.db.selectFrom('payments').select('public_id').executeTakeFirst()
    const id = payment?.public_id ?? 'missing'
    for (const amount of [2 ** 31, 2 ** 63, 1e308, -1, 'NaN', '1e400', '\u0000', 'Infinity', { a: 1 }, [1]]) {
      for (const paymentId of [id, 'a\u0000b', 'x'.repeat(10_000)]) {
        const body = { payment_id: paymentId, amount, status: 'approved', signature: 'x'.repeat(64) }
        answers.push(await post(`callback json ${String(amount)}`, SANDBOX_CALLBACK_PATH, JSON.stringify(body)))
        answers.push(await post(`callback form ${String(amount)}`, SANDBOX_CALLBACK_PATH, new URLSearchParams({ ...body, amount: String(amount) } as Record<string, string>).toString(), 'application/x-www-form-urlencoded'))
      }
    }
    checkFuzzAnswers(answers, false)
  })
})
