/**
 * A drawing's import warnings through the console API: the engine's codes and params
 * (`warning_details`, each with its English `text` and `times`) beside `warnings`, the English
 * sentences older clients read, in the import report and the studio's plan alike; OpenAPI
 * describes the new field; a drawing stored before warnings had codes (English sentences in
 * warnings_json) still answers them, as code 'text'.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DrawingReport } from '../../src/contract/admin/catalogue'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'

/** Read in place, never copied (see /work/shared/venues/real/SOURCES.md). */
const ALBERT_HALL = '/work/shared/venues/real/albert-hall-llandrindod-wells.svg'

describe.each(TEST_DBS)('import warnings in the console API on %s', (dbKind) => {
  let server: TestServer
  let manager: AdminClient

  beforeAll(async () => {
    server = await startTestServer({ db: dbKind })
    manager = await signedIn(server, 'manager')
  })
  afterAll(async () => {
    await server?.close()
  })

  const newVenue = async (name: string) => (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: name, name_en: name })).body.id

  it('the import report and the plan answer each warning\'s code and params beside its English text', async () => {
    const svg = fs.readFileSync(ALBERT_HALL, 'utf8')
    const report = await manager.post<DrawingReport>(`/api/admin/venues/${await newVenue('Albert Hall')}/drawings`, { name: 'albert-hall', svg })
    expect(report.status, JSON.stringify(report.body).slice(0, 300)).toBe(200)
    const expected = [
      { code: 'numbers-inferred', params: { count: 31 }, times: 1, text: '31 seats have no number in the drawing: numbered left to right within each row' },
      // One seat: "1 seat", never "1 seats".
      { code: 'seats-typed', params: { count: 1, fromShapes: 0, wheelchair: 1 }, times: 1, text: '1 seat typed by the drawing (wheelchair 1)' },
    ]
    expect(report.body.warning_details).toEqual(expected)
    expect(report.body.warnings).toEqual(expected.map((w) => w.text))

    const plan = (await manager.get<StudioPlan>(`/api/admin/drawings/${report.body.drawing_id}`)).body
    expect(plan.drawing.warning_details).toEqual(expected)
    expect(plan.drawing.warnings).toEqual(expected.map((w) => w.text))
  })

  it('a drawing stored with English sentences (before codes) answers them as code \'text\'', async () => {
    const svg = fs.readFileSync(ALBERT_HALL, 'utf8')
    const report = await manager.post<DrawingReport>(`/api/admin/venues/${await newVenue('Old import')}/drawings`, { name: 'old', svg })
    expect(report.status).toBe(200)
    const old = '214 seats have no number in the drawing: numbered left to right within each row'
    await server.db.updateTable('venue_drawings').set({ warnings_json: JSON.stringify([old]) }).where('id', '=', report.body.drawing_id).execute()
    const plan = (await manager.get<StudioPlan>(`/api/admin/drawings/${report.body.drawing_id}`)).body
    expect(plan.drawing.warnings).toEqual([old])
    expect(plan.drawing.warning_details).toEqual([{ code: 'text', params: { text: old }, times: 1, text: old }])
  })

  it('OpenAPI describes the warnings\' codes beside their texts', async () => {
    const doc = JSON.stringify(await (await fetch(`${server.url}/api/docs/json`)).json())
    expect(doc).toContain('warning_details')
  })
})
