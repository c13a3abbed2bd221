/**
 * A drawing upload has one size rule: the drawing's bytes in UTF-8, as in the file, at most
 * MAX_DRAWING_BYTES (48 MB), the count the console makes too (contract/rules/utf8.ts). Its JSON
 * body may be larger (a newline or quote takes 2 bytes there), so a drawing of many short lines
 * at the limit imports; one byte over, or a Cyrillic drawing whose UTF-16 length is under the
 * limit but whose UTF-8 bytes are over it, is answered 413 "too large" naming 48 MB in the
 * request's language, and nothing is stored, as a body past the route's padded limit is
 * (venue-refusal-language). The bodies are 48-96 MB: each is built once and sent as is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRAWING_BODY_LIMIT, MAX_DRAWING_BYTES } from '../../src/contract/admin/catalogue'
import { ErrorCode } from '../../src/contract/errors'
import { CSRF_HEADER, XHR_HEADER, XHR_VALUE } from '../../src/contract/entities/token'
import type { Lang } from '../../src/contract/lang'
import { utf8ByteLength } from '../../src/contract/rules/utf8'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'

/** A small venue that imports: one row of 8 numbered seats. */
const SEATS = 8
const HEAD = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80">${Array.from({ length: SEATS }, (_, i) => `<circle id="A-${i + 1}" cx="${(i + 1) * 24}" cy="40" r="9" data-row="A" data-seat="${i + 1}"/>`).join('')}`
const TAIL = '</svg>'
/** The drawing route's body limit before this rule: the limit plus 4 KB, counted on the JSON body. */
const OLD_BODY_LIMIT = MAX_DRAWING_BYTES + 4096

/** HEAD, `fill` repeated to make `bytes` UTF-8 bytes in all (`fill` one byte), TAIL. */
function padded(bytes: number, fill: string): string {
  return HEAD + fill.repeat(bytes - HEAD.length - TAIL.length) + TAIL
}
const body = (name: string, svg: string) => JSON.stringify({ name, svg })

/** At the limit, in newlines: its JSON body is twice the limit, over the old body limit. */
const AT_LIMIT = body('at the limit', padded(MAX_DRAWING_BYTES, '\n'))
/** One byte over, in spaces: its JSON body is within the old body limit (was "invalid fields: svg"). */
const OVER_BY_ONE = body('over by one', padded(MAX_DRAWING_BYTES + 1, ' '))
/** Cyrillic text of 2 bytes a letter in a <desc>: about half the limit in UTF-16 code units, 2 bytes over it in UTF-8. */
const CYRILLIC_SVG = (() => {
  const frame = `${HEAD}<desc>`.length + `</desc>${TAIL}`.length
  const letters = Math.floor((MAX_DRAWING_BYTES + 2 - frame) / 2)
  const odd = MAX_DRAWING_BYTES + 2 - frame - letters * 2
  return `${HEAD}<desc>${'я'.repeat(letters)}${' '.repeat(odd)}</desc>${TAIL}`
})()
const CYRILLIC = body('кириллица', CYRILLIC_SVG)

const TOO_LARGE: Record<Lang, string> = {
  ru: 'Запрос слишком велик: не больше 48 МБ',
  en: 'The request is too large: at most 48 MB',
  kz: 'Сұраныс тым үлкен: 48 МБ-тан аспауы керек',
  ch: '請求過大：上限為 48 MB',
}

/** A console POST of a JSON body built beforehand (the client would stringify 48 MB per call). */
async function postJson(client: AdminClient, path: string, json: string, lang: Lang) {
  const res = await fetch(`${client.baseUrl}${path}?lang=${lang}`, {
    method: 'POST',
    headers: { cookie: client.cookie, 'content-type': 'application/json', [XHR_HEADER]: XHR_VALUE, [CSRF_HEADER]: client.csrf },
    body: json,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

it('the bodies are what they say', () => {
  expect(Buffer.byteLength(AT_LIMIT)).toBeGreaterThan(OLD_BODY_LIMIT)
  expect(Buffer.byteLength(AT_LIMIT)).toBeLessThanOrEqual(DRAWING_BODY_LIMIT)
  expect(Buffer.byteLength(OVER_BY_ONE)).toBeLessThanOrEqual(OLD_BODY_LIMIT)
  expect(CYRILLIC_SVG.length).toBeLessThan(MAX_DRAWING_BYTES)
  expect(utf8ByteLength(CYRILLIC_SVG)).toBe(MAX_DRAWING_BYTES + 2)
  expect(Buffer.byteLength(CYRILLIC)).toBeLessThanOrEqual(OLD_BODY_LIMIT)
})

describe.each(TEST_DBS)('a drawing upload\'s size rule on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  const newVenue = async (name: string) => (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: name })).body.id
  const stored = (venue: number) => server.db.selectFrom('venue_drawings').select('id').where('venue_id', '=', venue).execute()

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
  })
  afterAll(async () => {
    await server?.close()
  })

  it('a drawing of exactly the limit in many short lines imports, though its JSON body is twice as large', async () => {
    const venue = await newVenue('Строки')
    const answer = await postJson(manager, `/api/admin/venues/${venue}/drawings`, AT_LIMIT, 'en')
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200)
    expect(answer.body.seats).toBe(SEATS)
    expect(await stored(venue)).toHaveLength(1)
  })

  // Every language once; the Cyrillic body (3 s a post here) in two.
  it.each([
    ['one byte over the limit', () => OVER_BY_ONE, ['ru', 'en', 'kz', 'ch'] as const],
    ['Cyrillic, under the limit in UTF-16 but over it in UTF-8', () => CYRILLIC, ['kz', 'ch'] as const],
  ])('%s: 413 "too large" naming 48 MB in the request\'s language, nothing stored', async (_, json, langs) => {
    const venue = await newVenue('Слишком')
    for (const lang of langs) {
      const answer = await postJson(manager, `/api/admin/venues/${venue}/drawings`, json(), lang)
      expect(answer.status, lang).toBe(413)
      expect(answer.body, lang).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: TOO_LARGE[lang] })
    }
    expect(await stored(venue)).toEqual([])
  })
})
