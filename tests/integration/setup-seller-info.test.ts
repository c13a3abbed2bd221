import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupSchema } from '../../src/contract/entities/setup'
import { writeSettings } from '../../src/server/domain/settings/repository'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'

/**
 * The seller's details (the footer's info_client) per language: the console's setup form edits
 * info_client_{lang}; the shop's setup answers them, and its one info_client (the spec's) is the
 * storefront's language's. A setup saved before the translations shows its text in the
 * storefront's language's field; clearing that field clears the spec's text too.
 */
describe.each(TEST_DBS)("the seller's details per language on %s", (dbKind) => {
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

  it('edits, answers and clears them', async () => {
    // Saved before the translations existed: one text, in the storefront's language (ru).
    await writeSettings(server.db, { db: { info_client: 'Продавец: ООО «Ромашка»' } })
    const before = await form()
    expect(before.db).toMatchObject({ info_client_ru: 'Продавец: ООО «Ромашка»', info_client_en: '', info_client_kz: '', info_client_ch: '' })

    const db = { ...before.db, info_client_en: 'Seller: Romashka LLC', info_client_kz: 'Сатушы: «Ромашка» ЖШС', info_client_ch: '' }
    expect((await owner.post('/api/admin/setup', { ...before, db })).status).toBe(200)
    expect(await shop()).toMatchObject({
      info_client: 'Продавец: ООО «Ромашка»',
      info_client_ru: 'Продавец: ООО «Ромашка»',
      info_client_en: 'Seller: Romashka LLC',
      info_client_kz: 'Сатушы: «Ромашка» ЖШС',
      info_client_ch: '',
    })

    // Cleared in the storefront's language: the old one text does not come back.
    // Sent with the setup's version now (the form's own was the first save's: setup-version.test.ts).
    expect((await owner.post('/api/admin/setup', { ...before, db: { ...db, info_client_ru: '' }, version: (await form()).version })).status).toBe(200)
    expect((await shop()).info_client).toBe('')
    expect((await form()).db.info_client_ru).toBe('')
  })
})
