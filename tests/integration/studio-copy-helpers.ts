import fs from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import type { StudioPlan } from '../../src/contract/admin/studio'
import { BACKGROUND_LEASE } from '../../src/server/background/leader'
import { connect } from '../../src/server/db/connect'
import { takeLease } from '../../src/server/domain/background/lease.repository'
import { startTestServer, type TestDb, type TestServer } from '../support/server'
import type { AdminClient } from './admin-helpers'

/**
 * What the studio's background-copy tests share (admin/studio/copy-job.ts): a server that copies
 * nothing in the request (STUDIO_COPY_INLINE_MS 0) and whose background work waits while another
 * process holds the lease, a venue whose import a session seals (so saves on it copy), and a wait
 * for a copy that is a condition polled, not a duration.
 */
const DRAWING = path.resolve('../shared/venues/real/ub-palace-ulaanbaatar.svg')
const DAY_MS = 86_400_000
export const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
/** A lease holder that is no process of this server: while it holds the lease, no background work runs. */
export const ELSEWHERE = 'another-process'
/** How long a test waits for the background to finish a copy (lease renewal 5 s + copy tick 5 s + the copy). */
const COPY_WAIT_MS = 45_000
/** Between two looks at a copy's progress. */
const POLL_MS = 250
type Row = Record<string, unknown> & { id: number }

/** A server whose background copies wait until releaseLease (another process holds the lease); `extra`: more of its environment. */
export function startHeldServer(db: TestDb, extra: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({
    db,
    env: { ...extra, STUDIO_COPY_INLINE_MS: '0' },
    prepare: async (dataDir, env) => {
      const conn = connect(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'sqlite', file: path.join(dataDir, 'storefront.sqlite') })
      expect(await takeLease(conn, BACKGROUND_LEASE, ELSEWHERE, Date.now(), Date.now() + 3_600_000)).toBe(true)
      await conn.destroy()
    },
  })
}

/** The other process's lease is gone: this server takes the background work. */
export async function releaseLease(server: TestServer): Promise<void> {
  await server.db.deleteFrom('job_leases').where('name', '=', BACKGROUND_LEASE).where('holder', '=', ELSEWHERE).execute()
}

/** A venue with a real drawing and a seat-map event whose session is on the import (which seals it). */
export async function sealedVenue(manager: AdminClient) {
  const venue = (await manager.post<{ id: number }>('/api/admin/venues', { name_ru: 'Копия', name_en: 'Copy' })).body.id
  const report = await manager.post<{ drawing_id: number }>(`/api/admin/venues/${venue}/drawings`, { name: 'ub-palace', svg: fs.readFileSync(DRAWING, 'utf8') })
  expect(report.status, JSON.stringify(report.body)).toBe(200)
  const first = report.body.drawing_id
  const refs = (await manager.get<{ kinds: Row[]; menus: Row[] }>('/api/admin/refs')).body
  const kind = refs.kinds[0].id
  const event = (await manager.post<{ id: number }>('/api/admin/events', { menu_kind_id: kind, venue_id: venue, scheme: 1, name_ru: 'Копируемый', main_menu_ids: [refs.menus.find((m) => m.menu_kind_id === kind)!.id] })).body.id
  const session = (await manager.post<{ ids: number[] }>(`/api/admin/events/${event}/sessions`, { day: dayIn(6), time: '19:00', drawing_id: first })).body.ids[0]
  const plan = (await manager.get<StudioPlan>(`/api/admin/drawings/${first}`)).body
  expect(plan.drawing.draft).toBe(false)
  return { venue, first, event, session, plan }
}

/** The version once its copy is done (polled until COPY_WAIT_MS; fails if it is not). */
export async function copiedPlan(manager: AdminClient, id: number): Promise<StudioPlan> {
  const planOf = async () => (await manager.get<StudioPlan>(`/api/admin/drawings/${id}`)).body
  const until = Date.now() + COPY_WAIT_MS
  let p = await planOf()
  while (p.drawing.copying && Date.now() < until) {
    await new Promise((r) => setTimeout(r, POLL_MS))
    p = await planOf()
  }
  expect(p.drawing.copying).toBeNull()
  return p
}
