import type { FastifyInstance } from 'fastify'
import type { AdminHandlers } from '../routes'
import { mustFind } from '../catalogue/rows.repository'
import { blockSessionSeats } from './blocks'
import { blockedKeys } from './blocks.repository'
import { editDrawing } from './edit'
import { studioPlan } from './plan.repository'
import { moveSessionMap } from './session-map'
import { warmCompiledVenues } from '../../venues/warm'

/** The venue map studio's calls (issue 17 item 3). */
export function studioHandlers(app: FastifyInstance): AdminHandlers {
  return {
    drawingPlan: async ({ params, input }) => studioPlan(app.db, params.id, input.lang ?? 'ru'),
    drawingEdit: async ({ params, input, actor }) => {
      const saved = await editDrawing(app.db, actor, params.id, input.ops, app.config.studioCopyInlineMs, input.session_id)
      // Not copied within the request's share: the leader goes on with it now and warms it when
      // done (plugins/services/map-copies.ts); a half-made copy must not be compiled.
      if (saved.copying) app.mapCopies.kick()
      // The saved version compiles in the background (venues/warm.ts), not at its first visitor.
      else warmCompiledVenues(app.db, app.log, [saved.drawing_id])
      return saved
    },
    sessionMap: async ({ params, input, actor }) => {
      await moveSessionMap(app.db, actor, params.id, input.drawing_id)
      warmCompiledVenues(app.db, app.log, [input.drawing_id])
      return { ok: true as const }
    },
    sessionBlocks: async ({ params, input, actor }) => {
      const r = await blockSessionSeats(app.db, actor, params.id, input.blocked, input.seats, Date.now())
      // Committed: open seat maps (the shop's, the Sales screen's) read the change log now, not at the next poll.
      app.liveFeed.poke()
      return r
    },
    sessionBlocked: async ({ params }) => {
      const cal = await mustFind(app.db, 'calendars', params.id, 'session')
      return { drawing_id: Number(cal.drawing_id ?? 0), keys: await blockedKeys(app.db, params.id) }
    },
  }
}
