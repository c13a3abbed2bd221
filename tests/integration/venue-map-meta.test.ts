import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAP_DETAIL_THRESHOLD_MAX, MAP_DETAIL_THRESHOLD_MIN } from '../../src/contract/admin/catalogue'
import { AdminErrorCode } from '../../src/contract/admin/roles'
import { schemeMapCompiledResponseSchema } from '../../src/contract/entities/compiledVenue'
import { schemeMapResponseSchema } from '../../src/contract/entities/scheme'
import { ErrorCode } from '../../src/contract/errors'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { AdminClient, signedIn } from './admin-helpers'
import { loadScheme, visitor, type SchemeFx } from './scheme-helpers'

/**
 * A venue's map metadata (spec 001 §9 "detail switch threshold default 500 percent, max zoom
 * 2000, overridable by map metadata"): the console sets the detail threshold of a venue's map,
 * the server refuses what is out of range with {errorCode, errorText}, audits the change, and
 * both storefront map answers (JSON and compiled) carry it in `meta` from the next request on,
 * through the per-session map cache; null again once cleared.
 */
describe.each(TEST_DBS)('venue map metadata on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient
  let fx: SchemeFx
  let venueId: number

  const jsonMeta = async () => {
    const res = await (await visitor(server.url)).post('/api/scheme/map', { hash: fx.hash, calendar_id: fx.calendarId })
    expect(res.status).toBe(200)
    return schemeMapResponseSchema.parse(res.body).meta
  }
  const compiledMeta = async () => {
    const res = await (await visitor(server.url)).post('/api/scheme/map/compiled', { hash: fx.hash, calendar_id: fx.calendarId })
    expect(res.status).toBe(200)
    return schemeMapCompiledResponseSchema.parse(res.body).meta
  }
  const stored = async () => (await server.db.selectFrom('venues').select('map_detail_threshold').where('id', '=', venueId).executeTakeFirstOrThrow()).map_detail_threshold
  const setMeta = (body: unknown, id = venueId, client = manager) => client.post(`/api/admin/venues/${id}/map-meta`, body)

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
    fx = await loadScheme(await visitor(server.url))
    const calendar = await server.db.selectFrom('calendars').select('drawing_id').where('id', '=', fx.calendarId).executeTakeFirstOrThrow()
    venueId = (await server.db.selectFrom('venue_drawings').select('venue_id').where('id', '=', calendar.drawing_id!).executeTakeFirstOrThrow()).venue_id
  })
  afterAll(async () => {
    await server?.close()
  })

  it('answers meta null on both maps while the venue sets nothing', async () => {
    expect(fx.map.meta).toBeNull()
    expect(await jsonMeta()).toBeNull()
    expect(await compiledMeta()).toBeNull()
  })

  it('sets the threshold: the next JSON and compiled answers carry it (the cached map answer too), audited; cleared, null again', async () => {
    // The map answer of this session is cached now (map-cache.ts): the change must still reach the next one.
    expect(await jsonMeta()).toBeNull()
    const set = await setMeta({ detail_threshold: 150 })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({ ok: true })
    expect(Number(await stored())).toBe(150)
    expect(await jsonMeta()).toEqual({ detail_threshold: 150, max_zoom: null })
    expect(await compiledMeta()).toEqual({ detail_threshold: 150, max_zoom: null })

    // The console's venues list reads it back from refs.
    const refs = (await manager.get<{ venues: { id: number; map_detail_threshold: number | null }[] }>('/api/admin/refs')).body
    expect(Number(refs.venues.find((v) => v.id === venueId)!.map_detail_threshold)).toBe(150)

    const audit = (await manager.get<{ entries: { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[] }>(`/api/admin/audit?entity=venue&entity_id=${venueId}`)).body.entries.find((e) => e.action === 'map-meta')
    expect(audit?.before?.map_detail_threshold ?? null).toBeNull()
    expect(Number(audit?.after?.map_detail_threshold)).toBe(150)

    // The bounds themselves are accepted.
    expect((await setMeta({ detail_threshold: MAP_DETAIL_THRESHOLD_MAX })).status).toBe(200)
    expect((await jsonMeta())?.detail_threshold).toBe(MAP_DETAIL_THRESHOLD_MAX)
    expect((await setMeta({ detail_threshold: MAP_DETAIL_THRESHOLD_MIN })).status).toBe(200)
    expect((await compiledMeta())?.detail_threshold).toBe(MAP_DETAIL_THRESHOLD_MIN)

    expect((await setMeta({ detail_threshold: null })).status).toBe(200)
    expect(await stored()).toBeNull()
    expect(await jsonMeta()).toBeNull()
    expect(await compiledMeta()).toBeNull()
  })

  it('refuses out-of-range, fractional, non-numeric and missing values with {errorCode, errorText}, never a 500, and changes nothing', async () => {
    expect((await setMeta({ detail_threshold: 400 })).status).toBe(200)
    const bad = [
      { detail_threshold: MAP_DETAIL_THRESHOLD_MIN - 1 },
      { detail_threshold: MAP_DETAIL_THRESHOLD_MAX + 1 },
      { detail_threshold: 150.5 },
      { detail_threshold: '150' },
      { detail_threshold: -5 },
      { detail_threshold: 1_000_000 },
      {},
      [],
    ]
    for (const body of bad) {
      const a = await setMeta(body)
      expect(a.status, JSON.stringify(body)).toBe(400)
      expect(a.body.errorCode).toBe(ErrorCode.BAD_REQUEST)
      expect(typeof a.body.errorText).toBe('string')
    }
    const unknown = await setMeta({ detail_threshold: 150 }, 999_999)
    expect(unknown.status).toBe(404)
    expect(typeof unknown.body.errorCode).toBe('string')
    expect(typeof unknown.body.errorText).toBe('string')
    expect(Number(await stored())).toBe(400)
    expect((await jsonMeta())?.detail_threshold).toBe(400)
    expect((await setMeta({ detail_threshold: null })).status).toBe(200)
  })

  it('needs the catalogue write permission, like the venue\'s other edits', async () => {
    const desk = await signedIn(server, 'boxoffice')
    const refused = await setMeta({ detail_threshold: 150 }, venueId, desk)
    expect(refused.status).toBe(403)
    expect(refused.body.errorCode).toBe(AdminErrorCode.FORBIDDEN)
    expect(await stored()).toBeNull()
  })
})
