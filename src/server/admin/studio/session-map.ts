import type { Db } from '../../db/connect'
import { ApiFailure } from '../../errors'
import { writeAudit } from '../audit'
import { mustFind, tx } from '../catalogue/rows'
import type { Actor } from '../context'

/**
 * Moves a seat-map session onto another version of its venue's map (a version made for it, with
 * seats blocked for this session only, or a newer one), its price rows following their zones by
 * zone key. Refused while anything of the session exists on its current version's places (a
 * seat or standing hold, a cart, an order line): those point at that version's seats, and the
 * session keeps the version it went on sale with.
 */
export function moveSessionMap(db: Db, actor: Actor, calendarId: number, drawingId: number): Promise<void> {
  return tx(db, async (trx) => {
    const cal = await mustFind(trx, 'calendars', calendarId, 'session')
    if (cal.drawing_id === null) throw new ApiFailure('admin-needs-drawing')
    const from = await trx.selectFrom('venue_drawings').select(['id', 'venue_id']).where('id', '=', Number(cal.drawing_id)).executeTakeFirstOrThrow()
    const to = await trx.selectFrom('venue_drawings').select(['id', 'venue_id']).where('id', '=', drawingId).executeTakeFirst()
    if (!to || to.venue_id !== from.venue_id) throw new ApiFailure('admin-bad-reference', { field: 'drawing_id', id: drawingId })
    const used = await Promise.all([
      trx.selectFrom('seat_holds').select('id').where('calendar_id', '=', calendarId).limit(1).executeTakeFirst(),
      trx.selectFrom('standing_holds').select('id').where('calendar_id', '=', calendarId).limit(1).executeTakeFirst(),
      trx.selectFrom('order_lines').select('id').where('calendar_id', '=', calendarId).limit(1).executeTakeFirst(),
      trx.selectFrom('carts').select('id').where('calendar_id', '=', calendarId).limit(1).executeTakeFirst(),
    ])
    if (used.some(Boolean)) throw new ApiFailure('admin-has-orders')
    const prices = await trx.selectFrom('prices as p').innerJoin('zones as z', 'z.id', 'p.zone_id').select(['p.id', 'p.zone_id', 'z.zone_key']).where('p.calendar_id', '=', calendarId).execute()
    const zones = await trx.selectFrom('zones').select(['id', 'zone_key']).where('drawing_id', '=', drawingId).execute()
    const byKey = new Map(zones.map((z) => [z.zone_key, z.id]))
    for (const p of prices) {
      const zone = byKey.get(p.zone_key)
      if (zone === undefined) throw new ApiFailure('admin-bad-reference', { field: 'zone_id', id: p.zone_id })
      await trx.updateTable('prices').set({ zone_id: zone }).where('id', '=', p.id).execute()
    }
    await trx.updateTable('calendars').set({ drawing_id: drawingId }).where('id', '=', calendarId).execute()
    await writeAudit(trx, actor, { action: 'move-map', entity: 'session', entityId: calendarId, before: { drawing_id: from.id }, after: { drawing_id: drawingId, prices: prices.length } })
  })
}
