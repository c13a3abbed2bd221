import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { holdSqlite } from './event-holder'
import { lockRig } from './lock-rig'

type Form = { app: Record<string, unknown>; db: Record<string, unknown>; version: number } & Record<string, unknown>
/** Saves sent at once from one loaded version. */
const RACERS = 2

/**
 * Two operators on the console's shop setup, on both databases: the form sends the setup's
 * version it loaded, and a save another save or a logo upload has overtaken is refused (409,
 * `stale: true`, nothing changed) instead of putting back the fields it loaded over the other
 * operator's; so is a save without a version (an out-of-date console page), in words of its own.
 */
describe.each(TEST_DBS)("the shop setup's saves from a stale form, on %s", (dbKind) => {
  let server: TestServer
  let first: AdminClient
  let second: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind, env: { DEMO_DATA: '0' } })
    first = await signedIn(server, 'owner')
    second = await signedIn(server, 'owner')
  })
  afterAll(async () => {
    await server?.close()
  })

  const form = async () => (await first.get<Form>('/api/admin/setup')).body
  const audits = async () => (await server.db.selectFrom('audit_log').select('id').where('entity', '=', 'setup').execute()).length
  const settingsRows = async () => server.db.selectFrom('settings').selectAll().orderBy('key').execute()

  it('answers the version, passes the save from it with the next one, refuses the one loaded before and changes nothing', async () => {
    const loaded = await form()
    expect(Number.isInteger(loaded.version)).toBe(true)

    // The second operator changes the English title and saves twice without reloading (the answer's version is his form's).
    const theirs = await second.post<{ ok: true; version: number }>('/api/admin/setup', { ...loaded, title_en: 'Their title' })
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200)
    expect(theirs.body).toEqual({ ok: true, version: loaded.version + 1 })
    const again = await second.post<{ version: number }>('/api/admin/setup', { ...loaded, title_en: 'Their title 2', version: theirs.body.version })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.version).toBe(loaded.version + 2)
    const rowsBefore = await settingsRows()
    const auditsBefore = await audits()

    // The first still has the form from before: its save of another field would put the old title back.
    const stale = await first.post('/api/admin/setup', { ...loaded, title_ru: 'Мой заголовок' })
    expect(stale.status).toBe(409)
    expect(stale.body.errorCode).toBe(AdminErrorCode.CONFLICT)
    expect(stale.body.errorText).toContain('changed since you opened it')
    expect(stale.body).toMatchObject({ stale: true })
    expect(await settingsRows()).toEqual(rowsBefore)
    expect(await audits()).toBe(auditsBefore)
    const after = await form()
    expect([after.title_en, after.title_ru, after.version]).toEqual(['Their title 2', loaded.title_ru, loaded.version + 2])

    // In the operator's language.
    first.lang = 'ru'
    try {
      expect((await first.post('/api/admin/setup', { ...loaded, title_ru: 'Мой заголовок' })).body.errorText).toContain('Оформление магазина изменили')
    } finally {
      first.lang = 'en'
    }

    // Loaded again, the first operator's change goes in beside the second's.
    const mine = await first.post<{ version: number }>('/api/admin/setup', { ...after, title_ru: 'Мой заголовок' })
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(mine.body.version).toBe(loaded.version + 3)
    expect(await form()).toMatchObject({ title_en: 'Their title 2', title_ru: 'Мой заголовок', version: loaded.version + 3 })
  })

  it('lets exactly one of two saves from the same version through', async () => {
    const loaded = await form()
    const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) => (i === 0 ? first : second).post('/api/admin/setup', { ...loaded, title_kz: `Racer ${i}` })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const winner = answers.findIndex((a) => a.status === 200)
    expect(await form()).toMatchObject({ title_kz: `Racer ${winner}`, version: loaded.version + 1 })
  })

  it("refuses a save whose version another process's save is committing, and keeps that save", async () => {
    const loaded = await form()
    // Another server process (or the CLI) saving the setup from the same version: its version
    // row's update and its title, committed while the console's save waits behind it.
    const version = 'update setup_state set version = version + 1 where id = 1 and version = '
    const title = "insert into settings (key, value) values ('title_ch', '\"Other process\"') on conflict (key) do update set value = excluded.value"
    const save = () => first.post('/api/admin/setup', { ...loaded, title_ch: 'This process' })
    let answer: Awaited<ReturnType<typeof save>>
    if (server.config.database.kind === 'sqlite') {
      const holder = await holdSqlite(server.config.database.file, [[`${version}?`, [loaded.version]], [title, []]])
      const pending = save()
      await holder.done
      answer = await pending
    } else {
      const locks = await lockRig(server)
      try {
        await locks.blocker.query('begin')
        await locks.blocker.query(`${version}$1`, [loaded.version])
        await locks.blocker.query(title)
        const pending = save()
        expect(await locks.untilLockWaiters(1)).toBe(1)
        await locks.blocker.query('commit')
        answer = await pending
      } finally {
        await locks.release()
        await locks.end()
      }
    }
    expect([answer.status, answer.body.stale]).toEqual([409, true])
    expect(await form()).toMatchObject({ title_ch: 'Other process', version: loaded.version + 1 })
  })

  it('counts a logo upload as a change: a form loaded before it is refused, the upload answers the version', async () => {
    const loaded = await form()
    const png = await sharp({ create: { width: 400, height: 100, channels: 4, background: '#20a040' } }).png().toBuffer()
    const up = await second.post<{ url: string; version: number }>('/api/admin/setup/logo', { slot: 'logo_en', name: 'logo.png', data: png.toString('base64') })
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    expect(up.body.version).toBe(loaded.version + 1)
    const rowsBefore = await settingsRows()

    // The first operator's form still holds the old logo field: saved, it would put it back.
    const stale = await first.post('/api/admin/setup', { ...loaded, title_en: 'After the logo' })
    expect([stale.status, stale.body.errorCode, stale.body.stale]).toEqual([409, AdminErrorCode.CONFLICT, true])
    expect(await settingsRows()).toEqual(rowsBefore)
    const after = await form()
    expect(after.app.logo_en).toBe(up.body.url)

    // The uploader's own form, at the upload's version, saves (and keeps the logo).
    const saved = await second.post<{ version: number }>('/api/admin/setup', { ...loaded, app: { ...loaded.app, logo_en: up.body.url }, title_en: 'After the logo', version: up.body.version })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(await form()).toMatchObject({ title_en: 'After the logo', app: { logo_en: up.body.url }, version: loaded.version + 2 })
  })

  it('refuses a save without a version (a console page from before the versions) as out of date, saying to reload the page, and one with a malformed version as bad input, changing nothing', async () => {
    const { version: _version, ...loaded } = await form()
    const rowsBefore = await settingsRows()
    const auditsBefore = await audits()
    // What the console shows a stale save (its reload offer goes by `stale`), with its own words: the
    // old page cannot know whether the setup changed, only that it must be reloaded.
    const missing = await first.post('/api/admin/setup', { ...loaded, title_en: 'No version' })
    expect([missing.status, missing.body.errorCode, missing.body.stale]).toEqual([409, AdminErrorCode.CONFLICT, true])
    expect(missing.body.errorText).toContain('console page is out of date')
    first.lang = 'ru'
    try {
      expect((await first.post('/api/admin/setup', { ...loaded, title_en: 'No version' })).body.errorText).toContain('страница консоли устарела')
    } finally {
      first.lang = 'en'
    }
    expect(await audits()).toBe(auditsBefore)
    for (const version of [-1, 1.5, '1', null, 2 ** 31]) {
      const refused = await first.post('/api/admin/setup', { ...loaded, title_en: 'Bad version', version })
      expect([JSON.stringify(version), refused.status, refused.body.errorCode]).toEqual([JSON.stringify(version), 400, ErrorCode.BAD_REQUEST])
    }
    expect(await settingsRows()).toEqual(rowsBefore)
  })

  it("leaves the version alone on a loyalty save: the setup form never sends the percent, so it cannot put one back", async () => {
    const loaded = await form()
    expect((await second.post('/api/admin/loyalty', { accrual_percent: 7 })).status).toBe(200)
    expect((await form()).version).toBe(loaded.version)
    expect((await first.post('/api/admin/setup', { ...loaded, title_en: 'After loyalty' })).status).toBe(200)
  })

  it('takes a missing version row (deleted by hand, a restore) as version 0 and makes it again on the next write, the upload and the saves answering no 500', async () => {
    const dropRow = () => server.db.deleteFrom('setup_state').execute()
    const stored = async () => (await server.db.selectFrom('setup_state').selectAll().execute()).map((r) => [Number(r.id), Number(r.version)])
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#a02040' } }).png().toBuffer()
    const upload = () => second.post<{ url: string; version: number }>('/api/admin/setup/logo', { slot: 'logo_kz', name: 'logo.png', data: png.toString('base64') })

    // Two logo uploads at once, both finding no row: one makes it, the other counts on it.
    const before = await form()
    await dropRow()
    expect((await form()).version).toBe(0)
    const uploads = await Promise.all(Array.from({ length: RACERS }, upload))
    expect(uploads.map((u) => [u.status, u.body.errorCode])).toEqual(uploads.map(() => [200, undefined]))
    expect(uploads.map((u) => u.body.version).sort()).toEqual([1, 2])
    expect(await stored()).toEqual([[1, 2]])

    // A form loaded before the row went is stale: refused as such, not a 500.
    await dropRow()
    const stale = await first.post('/api/admin/setup', { ...before, title_en: 'Loaded before the row went' })
    expect([stale.status, stale.body.errorCode, stale.body.stale]).toEqual([409, AdminErrorCode.CONFLICT, true])
    expect(await stored()).toEqual([])

    // Two saves from the form loaded without the row (version 0): one passes and makes it, the other is refused.
    const loaded = await form()
    expect(loaded.version).toBe(0)
    const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) => (i === 0 ? first : second).post('/api/admin/setup', { ...loaded, title_kz: `Row racer ${i}` })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const winner = answers.findIndex((a) => a.status === 200)
    expect(answers[winner].body).toEqual({ ok: true, version: 1 })
    expect(await form()).toMatchObject({ title_kz: `Row racer ${winner}`, version: 1 })
    expect(await stored()).toEqual([[1, 1]])
  })
})
