import type { FastifyInstance } from 'fastify'
import type { ServerResponse } from 'node:http'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SEAT_EVENTS_PATH, seatStatusStreamQuerySchema, type SeatStatusEvent, type SeatSyncEvent } from '../../contract/entities/scheme'
import { ErrorCode } from '../../contract/errors'
import type { Change } from '../domain/live/changes'
import { readChanges } from '../domain/live/changes'
import { latestChangeId, oldestChangeId } from '../domain/live/changes.repository'
import { SSE_HEARTBEAT_MS, SSE_MAX_BUFFERED_BYTES, SSE_MAX_STREAMS, SSE_REPLAY_LOOKBACK_IDS, SSE_REPLAY_MAX, SSE_RETRY_MS } from '../domain/live/constants'
import { isMapSession } from '../domain/scheme/repository'

/** last_event_id in the query does what the Last-Event-ID header does, for a client that reconnects itself. */
const querySchema = seatStatusStreamQuerySchema.extend({
  last_event_id: z.coerce.number().int().min(0).optional(),
})

const message = (id: number, event: SeatStatusEvent) => `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`

function toEvent(calendarId: number, changes: readonly Change[]): SeatStatusEvent {
  return { calendar_id: calendarId, changes: changes.map((c) => ({ seat_id: c.key, status: c.status })) }
}

/**
 * GET /api/scheme/events?calendar_id=: server-sent events of one session's seat status changes
 * (every hold, release, order, expiry, sale or return, from any server process).
 *
 * Protocol: `retry:` first; then, on a reconnect with Last-Event-ID (header, or last_event_id
 * in the query), the changes since then are replayed; then one `event: sync` (the contract's seatSyncEventSchema);
 * then a `data:` message (seatStatusEventSchema, `id:` = newest change id in it) per batch of
 * changes; a comment line every SSE_HEARTBEAT_MS. A client connects first, then loads the map,
 * and reloads the map whenever sync says resync. The stream ends when the server shuts down
 * (the client's EventSource reconnects to another process or after the restart).
 */
export function registerSeatEvents(app: FastifyInstance): void {
  const feed = app.liveFeed
  const open = new Set<ServerResponse>()
  app.addHook('preClose', async () => {
    for (const res of open) res.end()
    open.clear()
  })

  app.withTypeProvider<ZodTypeProvider>().get(
    SEAT_EVENTS_PATH,
    {
      schema: {
        summary: 'Live seat status of a session (server-sent events)',
        description: 'text/event-stream: `event: sync` {calendar_id, version, resync}, then `data:` messages {calendar_id, changes: [{seat_id, status}]} with `id:` = change id. Reconnect with Last-Event-ID (or ?last_event_id=) to replay what was missed.',
        tags: ['scheme'],
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      const calendarId = request.query.calendar_id
      if (!(await isMapSession(app.db, calendarId))) {
        return reply.code(404).send({ errorCode: ErrorCode.NOT_FOUND, errorText: `No seat-map session ${calendarId}` })
      }
      if (open.size >= SSE_MAX_STREAMS) {
        return reply.code(503).header('retry-after', '5').send({ errorCode: ErrorCode.LIMIT, errorText: 'Too many live map connections, try again shortly' })
      }
      const header = request.headers['last-event-id']
      // Only an id we could have sent counts: digits within JS's safe integers (a longer one
      // would round, and PostgreSQL's bigint refuses it); anything else means "start afresh".
      const lastEventId = request.query.last_event_id ?? (typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined)

      reply.hijack()
      const res = reply.raw
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      })
      open.add(res)
      const send = (text: string) => {
        if (res.writableEnded) return
        res.write(text)
        // A client that reads nothing would make us buffer forever: drop it, it re-syncs later.
        if (res.writableLength > SSE_MAX_BUFFERED_BYTES) res.destroy()
      }
      // Subscribe before reading the version, so nothing committed in between is lost.
      let pending: Change[] | null = []
      let floor = 0
      const unsubscribe = feed.subscribe(calendarId, (changes) => {
        const fresh = changes.filter((c) => c.id > floor)
        if (fresh.length === 0) return
        if (pending) pending.push(...fresh)
        else send(message(fresh[fresh.length - 1].id, toEvent(calendarId, fresh)))
      })
      const heartbeat = setInterval(() => send(`: heartbeat ${Date.now()}\n\n`), SSE_HEARTBEAT_MS)
      heartbeat.unref()
      const cleanup = () => {
        clearInterval(heartbeat)
        unsubscribe()
        open.delete(res)
      }
      res.on('close', cleanup)

      try {
        send(`retry: ${SSE_RETRY_MS}\n\n`)
        const version = await latestChangeId(app.db)
        // An id above the newest change was never sent by us: the client must reload the map.
        let resync = lastEventId === undefined || lastEventId > version
        if (!resync && lastEventId !== undefined) {
          const oldest = await oldestChangeId(app.db)
          if (oldest !== null && oldest > lastEventId + 1) resync = true
          else {
            const replay = await readChanges(app.db, Math.max(0, lastEventId - SSE_REPLAY_LOOKBACK_IDS), SSE_REPLAY_MAX + 1, calendarId)
            if (replay.length > SSE_REPLAY_MAX) resync = true
            else if (replay.length) {
              // The feed may hand over some of these again: only newer ids pass from now on.
              floor = replay[replay.length - 1].id
              send(message(replay[replay.length - 1].id, toEvent(calendarId, replay)))
            }
          }
        }
        const synced = Math.max(version, floor)
        send(`event: sync\nid: ${synced}\ndata: ${JSON.stringify({ calendar_id: calendarId, version: synced, resync } satisfies SeatSyncEvent)}\n\n`)
        const queued = pending.filter((c) => c.id > floor)
        pending = null
        if (queued.length) send(message(queued[queued.length - 1].id, toEvent(calendarId, queued)))
        feed.poke()
      } catch (err) {
        request.log.error({ err }, 'seat event stream failed to start')
        res.end()
      }
    },
  )
}
