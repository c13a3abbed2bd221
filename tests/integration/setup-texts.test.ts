import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_NAME, MAX_TEXT } from '../../src/contract/admin/catalogue'
import { setupSchema } from '../../src/contract/entities/setup'
import { writeSettings } from '../../src/server/domain/settings/repository'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'

/**
 * The venue-written setup texts beyond the seller's details, per language: the contacts page
 * (info_contact), the back link's label (returntoafishaname), the offers' title and button
 * (topingname, topingbuttonname). The console's setup form edits {key}_{lang}; the shop's setup
 * answers them, each plain text (the spec's) being the storefront's language's; malformed
 * translations are refused with {errorCode, errorText} and change nothing.
 */
describe.each(TEST_DBS)('setup texts per language on %s', (dbKind) => {
  let server: TestServer
  let owner: AdminClient
  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    owner = await signedIn(server, 'owner')
  })
  afterAll(async () => server?.close())

  const shop = async () => setupSchema.parse(await (await fetch(new URL('/api/setup', server.url))).json()).db
  type Form = { app: Record<string, unknown>; db: Record<string, unknown> } & Record<string, unknown>
  const form = async () => (await owner.get<Form>('/api/admin/setup')).body

  const TRANSLATED = {
    info_contact_ru: '<p>Касса: +7 495 000-00-00</p>',
    info_contact_en: '<p>Box office: +7 495 000-00-00</p>',
    info_contact_kz: '<p>Касса: +7 495 000-00-00 (Kz)</p>',
    info_contact_ch: '<p>售票處：+7 495 000-00-00</p>',
    returntoafishaname_ru: 'К афише',
    returntoafishaname_en: 'To the listing',
    returntoafishaname_kz: 'Афишаға',
    returntoafishaname_ch: '返回節目表',
    topingname_ru: 'Услуги',
    topingname_en: 'Services',
    topingname_kz: 'Қызметтер',
    topingname_ch: '服務',
    topingbuttonname_ru: 'Добавить',
    topingbuttonname_en: 'Add them',
    topingbuttonname_kz: 'Қосу',
    topingbuttonname_ch: '加入',
  }

  it('saves and answers them; a setup saved before shows its one text in the storefront language', async () => {
    // Saved before the translations existed: one text each, in the storefront's language (ru).
    await writeSettings(server.db, { db: { info_contact: '<p>Старые контакты</p>', returntoafishaname: 'Назад', topingname: 'Спец', topingbuttonname: 'Взять' } })
    const before = await form()
    expect(before.db).toMatchObject({
      info_contact_ru: '<p>Старые контакты</p>', info_contact_en: '', info_contact_ch: '',
      returntoafishaname_ru: 'Назад', topingname_ru: 'Спец', topingbuttonname_ru: 'Взять', topingname_kz: '',
    })

    expect((await owner.post('/api/admin/setup', { ...before, db: { ...before.db, ...TRANSLATED } })).status).toBe(200)
    expect(await shop()).toMatchObject({
      ...TRANSLATED,
      info_contact: TRANSLATED.info_contact_ru,
      returntoafishaname: TRANSLATED.returntoafishaname_ru,
      topingname: TRANSLATED.topingname_ru,
      topingbuttonname: TRANSLATED.topingbuttonname_ru,
    })
    expect((await form()).db).toMatchObject(TRANSLATED)

    // Cleared in Chinese and in the storefront's language: the old one text does not come back.
    const cleared = { ...before.db, ...TRANSLATED, info_contact_ch: '', info_contact_ru: '' }
    // Sent with the setup's version now (the form's own was the first save's: setup-version.test.ts).
    expect((await owner.post('/api/admin/setup', { ...before, db: cleared, version: (await form()).version })).status).toBe(200)
    expect(await shop()).toMatchObject({ info_contact: '', info_contact_ru: '', info_contact_ch: '', info_contact_en: TRANSLATED.info_contact_en })
  })

  it('refuses malformed translations with an errorCode and errorText, changing nothing', async () => {
    const before = await form()
    const stored = await shop()
    const malformed: [string, unknown][] = [
      ['info_contact_ch', 42],
      ['info_contact_kz', null],
      ['info_contact_en', 'x'.repeat(MAX_TEXT + 1)],
      ['returntoafishaname_ch', ['返回']],
      ['topingname_kz', 'x'.repeat(MAX_NAME + 1)],
      ['topingbuttonname_en', { text: 'Add' }],
      ['topingbuttonname_ch', 'a\u0000b'],
    ]
    for (const [field, value] of malformed) {
      const answer = await owner.post('/api/admin/setup', { ...before, db: { ...before.db, [field]: value } })
      expect([field, answer.status]).toEqual([field, 400])
      expect(answer.body.errorCode, field).toMatch(/\S/)
      expect(answer.body.errorText, field).toContain(`db.${field}`)
    }
    expect(await shop()).toEqual(stored)
  })
})
