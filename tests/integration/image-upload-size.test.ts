/**
 * An image upload (the shop logo here; an event's image is the same schema and limits) has one
 * size rule, the file's bytes at most MAX_IMAGE_BYTES (15 MB), seen by the server as the base64's
 * length: over it by a little (within the body limit) or by much (past the route's body limit,
 * padded for the JSON around the base64), the answer is the same 413 "too large" naming 15 MB in
 * the request's language, and nothing is stored. It was "invalid fields: data", and "at most 20 MB"
 * (the body limit's size) past the body limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_BODY_LIMIT, MAX_IMAGE_BASE64_CHARS } from '../../src/contract/admin/offers'
import { ErrorCode } from '../../src/contract/errors'
import type { Lang } from '../../src/contract/lang'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'

/** Base64 of 3 bytes over the limit: within the body limit. */
const JUST_OVER = 'A'.repeat(MAX_IMAGE_BASE64_CHARS + 4)
/** Base64 past the route's body limit. */
const PAST_BODY_LIMIT = 'A'.repeat(IMAGE_BODY_LIMIT + 1024)

const TOO_LARGE: Record<Lang, string> = {
  ru: 'Запрос слишком велик: не больше 15 МБ',
  en: 'The request is too large: at most 15 MB',
  kz: 'Сұраныс тым үлкен: 15 МБ-тан аспауы керек',
  ch: '請求過大：上限為 15 MB',
}

describe.each(TEST_DBS)('an image upload\'s size rule on %s', (dbKind) => {
  let server: TestServer
  let owner: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    owner = await signedIn(server, 'owner')
  })
  afterAll(async () => {
    await server?.close()
  })

  it.each([
    ['3 bytes over the limit', JUST_OVER, ['ru', 'en', 'kz', 'ch'] as const],
    ['past the route\'s body limit', PAST_BODY_LIMIT, ['ru', 'ch'] as const],
  ])('%s: 413 "too large" naming 15 MB in the request\'s language, nothing stored', async (_, data, langs) => {
    const images = async () => (await server.db.selectFrom('images').select('id').execute()).length
    const before = await images()
    for (const lang of langs) {
      owner.lang = lang
      const answer = await owner.post('/api/admin/setup/logo', { name: 'logo.png', slot: 'logo', data })
      expect(answer.status, lang).toBe(413)
      expect(answer.body, lang).toEqual({ errorCode: ErrorCode.BAD_REQUEST, errorText: TOO_LARGE[lang] })
    }
    expect(await images()).toBe(before)
  })
})
