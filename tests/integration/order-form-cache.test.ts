import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_CHECKBOXES_TTL_MS, orderCheckboxes } from '../../src/server/domain/events/checkboxes-cached'
import { SETTINGS_CACHE_TTL_MS, storedSetupCached } from '../../src/server/domain/settings/cached'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { StatementCount } from '../support/statement-count'

/**
 * Every order read the agreement checkboxes and the whole settings table (for the captcha
 * switch); each process now keeps them at most a second (events/checkboxes-cached.ts,
 * settings/cached.ts; issue 18). These hold the caches to that: one read a second, and this
 * process's own writes seen at once (write-watch.ts watches both tables).
 */
describe.each(TEST_DBS)('the order form caches on %s', (dbKind) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('reads the agreements once a second, and at once after this process writes them', async () => {
    const count = new StatementCount()
    const db = server.db.withPlugin(count)
    const now = Date.now()
    const before = await orderCheckboxes(db, now)
    expect(count.n).toBe(1)
    expect(await orderCheckboxes(db, now + ORDER_CHECKBOXES_TTL_MS / 2)).toBe(before)
    expect(count.n).toBe(1)
    await db.insertInto('checkbox_lists').values({ scope: 'order', filling: 1, sortnum: 99, name_ru: 'Новое согласие', name_en: 'New consent' }).execute()
    const after = await orderCheckboxes(db, now + ORDER_CHECKBOXES_TTL_MS / 2)
    expect(after.map((c) => c.name_en)).toContain('New consent')
    expect(after).toHaveLength(before.length + 1)
    expect(await orderCheckboxes(db, now + ORDER_CHECKBOXES_TTL_MS + 1)).toHaveLength(before.length + 1)
  })

  it('reads the settings once a second, and at once after this process writes them', async () => {
    const count = new StatementCount()
    const db = server.db.withPlugin(count)
    const now = Date.now()
    const before = await storedSetupCached(db, now)
    const reads = count.n
    expect(await storedSetupCached(db, now + SETTINGS_CACHE_TTL_MS / 2)).toBe(before)
    expect(count.n).toBe(reads)
    const captcha = { ...before.captcha, enabled: !before.captcha.enabled }
    await db.insertInto('settings').values({ key: 'captcha', value: JSON.stringify(captcha) }).onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(captcha) })).execute()
    expect((await storedSetupCached(db, now + SETTINGS_CACHE_TTL_MS / 2)).captcha.enabled).toBe(!before.captcha.enabled)
  })
})
