import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { captchaSchema } from '../../src/contract/entities/captcha'
import { ErrorCode } from '../../src/contract/errors'
import { LANGS, type Lang } from '../../src/contract/lang'
import { CAPTCHA_AFTER_FAILURES } from '../../src/server/domain/abuse/order-guard'
import { CAPTCHA_MAX_ATTEMPTS } from '../../src/server/domain/captcha/store'
import { writeSettings } from '../../src/server/domain/settings/repository'
import { solveCaptchaQuestion as solve } from '../support/captcha-question'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { freshAddress, orderBody, seedOrderFixtures, visitor, type Fixtures, type OrderAnswer, type Visitor } from './order-fixtures'

/**
 * The captcha's text alternative (WCAG 1.1.1) on the real server: GET /api/captcha?kind=question
 * answers a question in words in the asked language and no picture; its answer is checked by
 * /api/captcha/check and accepted by the order call like a picture's code, with the same
 * attempts; the spec's bare call still answers a picture.
 */
describe.each(TEST_DBS)('captcha question on %s', (dbKind) => {
  let server: TestServer
  let fx: Fixtures

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    fx = await seedOrderFixtures(server.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  const question = async (v: Visitor, lang: Lang) => {
    const res = await v.getJson(`/api/captcha?kind=question&lang=${lang}`)
    expect(res.status).toBe(200)
    return captchaSchema.parse(res.body)
  }

  it('the bare call of the spec still answers a picture, with no question', async () => {
    const captcha = captchaSchema.parse((await (await visitor(server.url)).getJson('/api/captcha')).body)
    expect(captcha.code).toMatch(/^<svg[\s\S]*<\/svg>$/)
    expect(captcha.question).toBeUndefined()
  })

  it('asks in words in each language, gives no digit away, and takes the answer in digits', async () => {
    const v = await visitor(server.url)
    for (const lang of LANGS) {
      const captcha = await question(v, lang)
      expect(captcha.code).toBe('')
      expect(captcha.question, lang).toMatch({ ru: /^Сколько будет /, en: /^What is /, kz: / қосу .* нешеге тең\?/, ch: /加.*等於多少？/ }[lang])
      expect(captcha.question, lang).not.toMatch(/\p{Nd}/u)
      const answer = solve(captcha.question!, lang)
      expect((await v.post('/api/captcha/check', { code: answer, sid: captcha.sid })).body, lang).toEqual({ result: true, sid: captcha.sid, text: answer })
    }
    // Full-width digits, as a Chinese input method types them, mean the same number.
    const captcha = await question(v, 'ch')
    const wide = [...solve(captcha.question!, 'ch')].map((d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).join('')
    expect((await v.post('/api/captcha/check', { code: wide, sid: captcha.sid })).body).toMatchObject({ result: true })
    // No language: the default (ru); an unknown kind is refused.
    expect((await v.getJson<{ question: string }>('/api/captcha?kind=question')).body.question).toMatch(/^Сколько будет /)
    expect((await v.getJson('/api/captcha?kind=audio')).status).toBe(400)
  })

  it(`has the picture's attempts: ${CAPTCHA_MAX_ATTEMPTS} wrong answers use the question up`, async () => {
    const v = await visitor(server.url)
    const captcha = await question(v, 'en')
    const right = solve(captcha.question!, 'en')
    const wrong = String(Number(right) + 1)
    for (let i = 0; i < CAPTCHA_MAX_ATTEMPTS; i++) expect((await v.post('/api/captcha/check', { code: wrong, sid: captcha.sid })).body).toMatchObject({ result: false })
    expect((await v.post('/api/captcha/check', { code: right, sid: captcha.sid })).body).toMatchObject({ result: false })
    expect(await server.db.selectFrom('captchas').select('sid').where('sid', '=', captcha.sid).executeTakeFirst()).toBeUndefined()
  })

  it('a solved question lets a demanded order through, once; a wrong answer does not', async () => {
    await writeSettings(server.db, { captcha: { enabled: true } })
    const address = freshAddress()
    const post = async (body: Record<string, unknown>) => (await visitor(server.url, address)).post<OrderAnswer>('/api/order/create', body)
    const good = () => orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }])
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) await post(orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { fio: '' }))
    expect((await post(good())).body.errorCode).toBe(ErrorCode.CAPTCHA)

    const v = await visitor(server.url, address)
    const missed = await question(v, 'kz')
    const wrong = String(Number(solve(missed.question!, 'kz')) + 1)
    expect((await post({ ...good(), captchaSid: missed.sid, captchaText: wrong })).body.errorCode).toBe(ErrorCode.CAPTCHA)

    const captcha = await question(v, 'ru')
    const answer = solve(captcha.question!, 'ru')
    expect((await v.post('/api/captcha/check', { code: answer, sid: captcha.sid })).body).toMatchObject({ result: true })
    expect((await v.post<OrderAnswer>('/api/order/create', { ...good(), captchaSid: captcha.sid, captchaText: answer })).body.errorCode).toBe('0')
    // Used once: demanded again after more failures, the same answer is refused.
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) await post(orderBody(fx, fx.basic, [{ price: fx.basic.prices.adult, quantity: 1 }], { fio: '' }))
    expect((await post({ ...good(), captchaSid: captcha.sid, captchaText: answer })).body.errorCode).toBe(ErrorCode.CAPTCHA)
  })
})
