import type { FastifyInstance } from 'fastify'
import type { CheckinList, DoorScan } from '../../contract/admin/door'
import { ApiFailure } from '../errors'
import { calendarExists } from '../domain/catalog/repository'
import { doorClock, provenClock } from '../domain/redemption/clock'
import { doorWindow, openAtDoor, requireAtDoor, requireScansAtDoor } from '../domain/redemption/door-window'
import { doorSessionRows, findList, gateCounts, insertList, listChoices, listsOfSessions, policyOf, toList, updateList } from '../domain/redemption/lists.repository'
import type { RedeemPolicy, Scan } from '../domain/redemption/outcome'
import { redeem, redeemBatch } from '../domain/redemption/service'
import { syncPlaces } from '../domain/redemption/places.repository'
import { parseCursor, syncScans, syncTickets } from '../domain/redemption/sync.repository'
import { writeAudit } from './audit'
import type { AdminHandlers } from './routes'
import { tx } from './transaction'

/** Most sessions the check-in app lists. */
const DOOR_SESSIONS_MAX = 100

/**
 * Check-in lists in the console and the check-in app's calls (issue 19.4). Scans go through the
 * one redemption service; the list decides the session, the gate's name and the door rules.
 */
export function doorHandlers(app: FastifyInstance): AdminHandlers {
  const db = app.db
  const listOf = async (id: number, archived = false): Promise<CheckinList> => {
    const row = await findList(db, id, archived)
    if (!row) throw new ApiFailure('admin-not-found', { what: 'checkin-list', id })
    return toList(row)
  }
  const requireSession = async (id: number) => {
    if (!(await calendarExists(db, id))) throw new ApiFailure('admin-not-found', { what: 'session', id })
  }
  /** The door's calls work only sessions at the door now (door-window.ts); the console's own screens read any session. */
  const requireDoorSession = async (id: number) => {
    await requireSession(id)
    await requireAtDoor(db, [id])
  }
  /**
   * A scan of the app as the service takes it: the list's session and name, its rules. A list's
   * exits switched off refuse exit scans made now; an exit a phone made offline while they were on
   * (`queued`) still counts, as a gate archived meanwhile does: the holder did go out, and refusing
   * it dropped it from the phone's queue and left him counted inside, refused as already used when
   * he came back to a gate that lets him in again.
   */
  const scanOf = (s: DoorScan, list: CheckinList, queued = false): { scan: Scan; policy: RedeemPolicy } => {
    if (s.direction === 'out' && !list.exits && !(queued && s.offline === true)) throw new ApiFailure('door-exits-off')
    const clock = provenClock(app.config.sessionSecret, s.clock)
    return { scan: { code: s.code, sessionId: list.calendar_id, gate: list.name, nonce: s.nonce, direction: s.direction, scannedAt: s.scannedAt, offline: s.offline, admitted: s.admitted, shown: s.shown, clock }, policy: policyOf(list) }
  }
  /** A list's filters name only the session's own categories and its drawing's sectors. */
  const checkChoices = async (calendarId: number, input: { category_ids: number[]; sector_ids: number[] }) => {
    const choices = await listChoices(db, calendarId)
    const cats = new Set(choices.categories.map((c) => c.id))
    const secs = new Set(choices.sectors.map((c) => c.id))
    const badCat = input.category_ids.find((id) => !cats.has(id))
    if (badCat !== undefined) throw new ApiFailure('admin-bad-reference', { field: 'category_ids', id: badCat })
    const badSec = input.sector_ids.find((id) => !secs.has(id))
    if (badSec !== undefined) throw new ApiFailure('admin-bad-reference', { field: 'sector_ids', id: badSec })
  }

  return {
    checkinLists: async ({ input }) => {
      await requireSession(input.calendar_id)
      return { lists: await listsOfSessions(db, [input.calendar_id]), ...(await listChoices(db, input.calendar_id)) }
    },
    checkinListCreate: async ({ input, actor }) => {
      await requireSession(input.calendar_id)
      await checkChoices(input.calendar_id, input)
      const { lang: _lang, calendar_id, ...fields } = input
      return tx(db, actor, async (trx) => {
        const list = await insertList(trx, calendar_id, fields, Date.now())
        await writeAudit(trx, actor, { action: 'create', entity: 'checkin_list', entityId: list.id, after: list })
        return { id: list.id }
      })
    },
    checkinListUpdate: async ({ input, params, actor }) => {
      const before = await listOf(params.id)
      await checkChoices(before.calendar_id, input)
      const { lang: _lang, ...fields } = input
      await tx(db, actor, async (trx) => {
        await updateList(trx, params.id, fields)
        await writeAudit(trx, actor, { action: fields.archived ? 'archive' : 'update', entity: 'checkin_list', entityId: params.id, before, after: fields })
      })
      return { ok: true as const }
    },
    checkinCounts: async ({ input }) => {
      await requireSession(input.calendar_id)
      return gateCounts(db, input.calendar_id)
    },
    doorSessions: async () => {
      const now = Date.now()
      const { from, to } = doorWindow(now)
      const rows = (await doorSessionRows(db, from, to)).filter((r) => openAtDoor(r, now)).slice(0, DOOR_SESSIONS_MAX)
      const lists = await listsOfSessions(db, rows.map((r) => r.id))
      return {
        sessions: rows.map((r) => ({
          calendar_id: r.id,
          day: r.day,
          time: r.time,
          starts_at: Number(r.starts_at),
          event: { ru: r.name_ru, en: r.name_en, kz: r.name_kz, ch: r.name_ch },
          lists: lists.filter((l) => l.calendar_id === r.id),
        })),
      }
    },
    doorSync: async ({ input }) => {
      await requireDoorSession(input.calendar_id)
      // Read the clock before the rows: whatever changes during the reads comes again next time.
      const serverTime = Date.now()
      const since = parseCursor(input.cursor)
      return {
        calendar_id: input.calendar_id,
        cursor: String(serverTime),
        full: since === null,
        serverTime,
        keys: app.ticketKeys.published.map((k) => ({ kid: k.kid, publicKey: k.publicKey })),
        lists: await listsOfSessions(db, [input.calendar_id]),
        tickets: await syncTickets(db, input.calendar_id, since),
        scans: await syncScans(db, input.calendar_id, since),
        // Stamped with the time read before the rows: a device pairs it with its clock when it sent the call (door-clock.ts).
        clock: doorClock(app.config.sessionSecret, serverTime),
        places: since === null ? await syncPlaces(db, input.calendar_id) : null,
      }
    },
    doorRedeem: async ({ input }) => {
      // Stamped on arrival, before the scan's work: the closer to the device's send time, the smaller the late error.
      const clock = doorClock(app.config.sessionSecret)
      const list = await listOf(input.list_id)
      await requireAtDoor(db, [list.calendar_id])
      const { scan, policy } = scanOf(input, list)
      return { ...(await redeem(db, app.ticketKeys, scan, policy)), clock }
    },
    doorRedeemBatch: async ({ input }) => {
      const lists = new Map<number, CheckinList>()
      // A gate archived while a phone was offline: its queued scans still count (else the phone's queue would never empty).
      for (const s of input.scans) if (!lists.has(s.list_id)) lists.set(s.list_id, await listOf(s.list_id, true))
      // A scan not marked offline admits now: its gate must be live, as /door/redeem's (404 once archived).
      for (const id of new Set(input.scans.filter((s) => s.offline !== true).map((s) => s.list_id))) await listOf(id)
      // All checked before any is recorded: an upload with a bad scan records none.
      const prepared = input.scans.map((s) => scanOf(s, lists.get(s.list_id)!, true))
      // A phone may come back online days after the show: its offline scans still count for a while; a
      // scan not marked offline admits now, so only while the door is open (door-window.ts requireScansAtDoor).
      await requireScansAtDoor(db, prepared.map((p) => p.scan))
      return { answers: await redeemBatch(db, app.ticketKeys, prepared.map((p) => p.scan), prepared.map((p) => p.policy)) }
    },
  }
}
