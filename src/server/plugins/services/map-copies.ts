import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { driveCopy, pendingCopies } from '../../admin/studio/copy-job'
import { everyOnLeader } from '../../background/every'
import { warmCompiledVenues } from '../../venues/warm'

declare module 'fastify' {
  interface FastifyInstance {
    /** Map studio copies (admin/studio/copy-job.ts): `kick()` asks the leader to go on with them now. */
    mapCopies: { kick: () => void }
  }
}

/**
 * How often the leader looks for map copies to go on with when nothing kicked it: after a restart
 * or a change of leader, a copy a save left unfinished goes on within this long.
 */
export const MAP_COPY_INTERVAL_MS = 5_000

/**
 * The studio's map copies in the background (issue 17 item 3), on the cluster's leader: every
 * copy in drawing_copies, oldest first, a chunk per transaction until done. A save that could
 * not finish its copy in its request kicks this at once. It stops between chunks when the app
 * closes or this process loses the lease (the next leader goes on from the last committed chunk),
 * so closing waits for one chunk, not a whole 1,000,000-seat copy.
 */
export const mapCopiesPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false
    app.addHook('preClose', async () => {
      closing = true
    })
    const stop = () => closing || !app.leader.isLeader()
    const kick = everyOnLeader(app, MAP_COPY_INTERVAL_MS, 'map copies', async () => {
      for (const id of await pendingCopies(app.db)) {
        if (stop()) return
        const p = await driveCopy(app.db, id, stop)
        if (!p?.done) continue
        app.log.info({ drawing: id, seats: p.seats }, 'map version copied')
        // Compiled now, in the background, not at its first visitor (venues/warm.ts).
        warmCompiledVenues(app.db, app.log, [id])
      }
    })
    app.decorate('mapCopies', { kick })
  },
  { name: 'map-copies', dependencies: ['leader'] },
)
