/**
 * A sector the drawing leaves without a name (a real one: the Griboedov theatre's parterre, named
 * only in outlined glyphs) is flagged by the import report: the console's upload answer, the
 * library's result and `npm run venue -- import`. The stored drawing warnings do not keep it (a
 * new version copies them): the studio counts unnamed sectors on the version it shows, and a
 * rename there names the sector.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DrawingReport } from '../../src/contract/admin/catalogue'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { importVenueDrawing } from '../../src/server/venues/import'
import { startTestServer, TEST_DBS, type TestServer } from '../support/server'
import { signedIn, type AdminClient } from './admin-helpers'
import { warningText } from '../../src/engine/parse/warnings'

const run = promisify(execFile)
/** Read in place, never copied (see /work/shared/venues/real/SOURCES.md). */
const GRIBOEDOV = '/work/shared/venues/real/biletebi-ge-griboedov-theatre-tbilisi.svg'
const warningFor = (seats: number) => `${seats} seats in sectors without a name: name them in the studio`

/** A hall of two blocks: the upper one in a group naming its sector, the lower one (40 seats) in a group naming none. */
function twoBlocks(lowerSector = ''): string {
  const out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 700"><rect x="200" y="10" width="400" height="50"/><g data-sector="Balcony">']
  for (let r = 1; r <= 3; r++) for (let n = 1; n <= 10; n++) out.push(`<circle cx="${150 + n * 40}" cy="${100 + r * 40}" r="12" data-row="${r}" data-seat="${n}"/>`)
  out.push(lowerSector ? `</g><g data-sector="${lowerSector}">` : '</g><g>')
  for (let r = 1; r <= 4; r++) for (let n = 1; n <= 10; n++) out.push(`<circle cx="${150 + n * 40}" cy="${350 + r * 40}" r="12" data-row="${r}" data-seat="${n}"/>`)
  out.push('</g></svg>')
  return out.join('\n')
}

describe.each(TEST_DBS)('a sector without a name at import on %s', (dbKind) => {
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

  it('the console upload reports the unnamed sector\'s seats first; the studio renames it and the new version has no unnamed sector', async () => {
    const report = await manager.post<DrawingReport>(`/api/admin/venues/${await newVenue('Two blocks')}/drawings`, { name: 'two-blocks', svg: twoBlocks() })
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    expect(report.body.seats).toBe(70)
    expect(report.body.warnings[0]).toBe(warningFor(40))
    // Beside the English text (kept for clients that show it), its code and count, which the console words.
    expect(report.body.warning_details[0]).toEqual({ code: 'unnamed-sectors', params: { count: 40 }, times: 1, text: warningFor(40) })
    expect(report.body.warning_details.map((w) => w.text)).toEqual(report.body.warnings)

    const plan = (await manager.get<StudioPlan>(`/api/admin/drawings/${report.body.drawing_id}`)).body
    const unnamed = plan.sectors.filter((s) => s.name === '')
    expect(unnamed).toEqual([expect.objectContaining({ kind: 0, seat_count: 40 })])
    // Not stored with the drawing's own warnings: a new version would carry it after the rename.
    expect(plan.drawing.warnings).not.toContain(warningFor(40))
    expect(plan.drawing.warning_details.map((w) => w.text)).toEqual(plan.drawing.warnings)

    const edit = await manager.post<{ drawing_id: number }>(`/api/admin/drawings/${report.body.drawing_id}/edit`, { ops: [{ op: 'rename-sector', sector: unnamed[0].index, name: 'Stalls' }] })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    const renamed = (await manager.get<StudioPlan>(`/api/admin/drawings/${edit.body.drawing_id}`)).body
    expect(renamed.sectors.map((s) => s.name).sort()).toEqual(['Balcony', 'Stalls'])
  })

  it('a drawing whose sectors all have names gets no such warning', async () => {
    const report = await manager.post<{ warnings: string[] }>(`/api/admin/venues/${await newVenue('Named blocks')}/drawings`, { name: 'named', svg: twoBlocks('Stalls') })
    expect(report.status, JSON.stringify(report.body)).toBe(200)
    expect(report.body.warnings.join('\n')).not.toMatch(/sectors without a name/)
  })

  it('the real Griboedov drawing: its parterre\'s 512 seats are flagged, beside the decoration warning', async () => {
    const svg = fs.readFileSync(GRIBOEDOV, 'utf8')
    const result = await importVenueDrawing(server.db, { venueId: await newVenue('Griboedov'), name: 'Griboedov', svg, sourceFile: GRIBOEDOV })
    expect(result.seats).toBe(776)
    expect(warningText(result.warnings[0])).toBe(warningFor(512))
    expect(result.warnings.some((w) => /72 repeated shapes/.test(warningText(w)))).toBe(true)
  })

  it('npm run venue -- import prints the warning', async () => {
    const file = path.join(server.dataDir, 'two-blocks.svg')
    fs.writeFileSync(file, twoBlocks())
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' }
    if (server.config.database.kind === 'postgres') env.DATABASE_URL = server.config.database.url
    else delete env.DATABASE_URL
    const { stdout } = await run('npx', ['tsx', 'src/cli/venue.ts', 'import', file, '--name', 'CLI two blocks'], { env, cwd: process.cwd() })
    expect(stdout).toContain(`  warning: ${warningFor(40)}`)
  })
})
