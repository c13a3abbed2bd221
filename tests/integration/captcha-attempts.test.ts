import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAPTCHA_MAX_ATTEMPTS, storeCaptchaAnswer } from '../../src/server/domain/captcha/store'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { visitor } from './order-fixtures'

const RACING_CHECKS = 20

/**
 * Issue 18.2: a captcha's attempts are counted atomically. Many wrong answers sent at once (from
 * any number of processes) use up the picture after CAPTCHA_MAX_ATTEMPTS, so guessing in
 * parallel gets no more tries than guessing one at a time: the right answer afterwards fails.
 */
describe.each(TEST_DBS)('captcha attempts under concurrency on %s', (dbKind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it(`${RACING_CHECKS} wrong answers at once use the picture up; the right one then fails`, async () => {
    const sid = await storeCaptchaAnswer(server.db, 'Rt7kq')
    const visitors = await Promise.all(Array.from({ length: RACING_CHECKS }, () => visitor(server.url)))
    const answers = await Promise.all(visitors.map((v, i) => v.post<{ result: boolean }>('/api/captcha/check', { code: `wrong${i}`, sid })))
    expect(answers.every((a) => a.status === 200 && a.body.result === false)).toBe(true)
    expect(await server.db.selectFrom('captchas').select('sid').where('sid', '=', sid).executeTakeFirst()).toBeUndefined()
    expect((await visitors[0].post<{ result: boolean }>('/api/captcha/check', { code: 'Rt7kq', sid })).body.result).toBe(false)
    expect(CAPTCHA_MAX_ATTEMPTS).toBeLessThan(RACING_CHECKS)
  })
})
