import type { FastifyInstance } from 'fastify'
import type { AdminHandlers } from '../routes'
import { editDrawing } from './edit'
import { studioPlan } from './plan'
import { moveSessionMap } from './session-map'

/** The venue map studio's calls (issue 17 item 3). */
export function studioHandlers(app: FastifyInstance): AdminHandlers {
  return {
    drawingPlan: async ({ params, input }) => studioPlan(app.db, params.id, input.lang ?? 'ru'),
    drawingEdit: async ({ params, input, actor }) => editDrawing(app.db, actor, params.id, input.ops),
    sessionMap: async ({ params, input, actor }) => {
      await moveSessionMap(app.db, actor, params.id, input.drawing_id)
      return { ok: true as const }
    },
  }
}
