import type { FastifyInstance } from 'fastify'
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SEAT_EVENTS_PATH, seatStatusStreamQuerySchema, type SeatStatusEvent, type SeatSyncEvent } from '../../contract/entities/scheme'
import { ErrorCode } from '../../contract/errors'
import type { Change } from '../domain/live/changes'
import { readChanges } from '../domain/live/changes'
import { latestChangeId, oldestChangeId } from '../domain/live/changes.repository'
import { SSE_HEARTBEAT_MS, SSE_MAX_BUFFERED_BYTES, SSE_MAX_STREAMS, SSE_REPLAY_LOOKBACK_IDS, SSE_REPLAY_MAX, SSE_RETRY_MS } from '../domain/live/constants'
import { isMapSession } from '../domain/scheme/repository'

const message = (id: number, event: SeatStatusEvent) => `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`

function toEvent(calendarId: number, changes: readonly Change[]): SeatStatusEvent {
  return { calendar_id: calendarId, changes: changes.map((c) => ({ seat_id: c.key, status: c.status })) }
}

/**
 * A Last-Event-ID header we could have sent: digits within JS's safe integers (a longer one
 * would round, and PostgreSQL's bigint refuses it). Anything else counts as no header.
 */
function headerId(header: string | string[] | undefined): number | undefined {
  return typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined
}

/**
 * GET /api/scheme/events?calendar_id=: server-sent events of one session's seat status changes
 * (every hold, release, order, expiry, sale or return, from any server process).
 *
 * Resume points: every `id:` we send is a position P in the change log (seat_changes id) such
 * that the client has now been sent every change of its session up to P: the live feed's
 * watermark (feed.ts), never just the newest id sent, since on PostgreSQL a lower id can commit
 * after a higher one. The client starts from the map answer's `version` (?last_event_id=), and
 * its EventSource reconnects with the Last-Event-ID header, which wins over the query.
 *
 * Protocol: `retry:` first; then the changes after the resume point (a Last-Event-ID gets exactly
 * the changes after it; the map's version, taken before its statuses were read, also gets the
 * SSE_REPLAY_LOOKBACK_IDS before it, for a change committed late with a lower id: statuses are
 * absolute and in id order, so a repeat is harmless); then one `event: sync` (seatSyncEventSchema)
 * that says `resync` when there was no usable resume point or the log no longer holds the gap;
 * then a `data:` message (seatStatusEventSchema) per batch of changes; every SSE_HEARTBEAT_MS an
 * `id:` line with no data, which moves the client's Last-Event-ID on without an event, so a quiet
 * stream reconnecting hours later still resumes from the log. The stream ends when the server
 * shuts down (the client's EventSource reconnects to another process or after the restart).
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
        description:
          'text/event-stream: the changes after the resume point, then `event: sync` {calendar_id, version, resync}, then `data:` messages {calendar_id, changes: [{seat_id, status}]}; every `id:` is a resume point. First connect with ?last_event_id= the map answer\'s version; a reconnect sends Last-Event-ID (wins over the query) and gets exactly what it missed, or resync when the log no longer holds it.',
        tags: ['scheme'],
        querystring: seatStatusStreamQuerySchema,
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
      const fromHeader = headerId(request.headers['last-event-id'])
      const resumeFrom = fromHeader ?? request.query.last_event_id

      reply.hijack()
      const res = reply.raw
      // A hijacked reply writes only what writeHead is given: the headers the hooks set (the
      // security headers, plugins/security-headers.ts) are copied in, and the stream's own win.
      const fromHooks = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as OutgoingHttpHeaders
      res.writeHead(200, {
        ...fromHooks,
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
      // Subscribe before reading the log, so nothing committed in between is lost; what the feed
      // hands over meanwhile waits in `pending`.
      let pending: Change[] | null = []
      // Ids sent in the replay, dropped when the feed hands them over again.
      let replayed: ReadonlySet<number> = new Set()
      let replayTop = 0
      let token = resumeFrom ?? 0
      const unsubscribe = feed.subscribe(calendarId, (changes, watermark) => {
        if (pending) {
          pending.push(...changes)
          return
        }
        token = Math.max(token, watermark)
        const fresh = replayed.size ? changes.filter((c) => !replayed.has(c.id)) : changes
        // Once the watermark passes the replay, the feed can hand none of it over again.
        if (replayed.size && watermark >= replayTop) replayed = new Set()
        if (fresh.length) send(message(token, toEvent(calendarId, fresh)))
      })
      const heartbeat = setInterval(() => {
        if (pending) return
        token = Math.max(token, feed.watermark())
        send(`id: ${token}\n: heartbeat ${Date.now()}\n\n`)
      }, SSE_HEARTBEAT_MS)
      heartbeat.unref()
      const cleanup = () => {
        clearInterval(heartbeat)
        unsubscribe()
        open.delete(res)
      }
      res.on('close', cleanup)

      try {
        send(`retry: ${SSE_RETRY_MS}\n\n`)
        let resync = resumeFrom === undefined
        let replay: Change[] = []
        if (resumeFrom !== undefined) {
          const latest = await latestChangeId(app.db)
          const oldest = await oldestChangeId(app.db)
          // An id above the newest change was never sent by us; ids after the resume point that
          // the log no longer holds (pruned) cannot be replayed: either way, re-read the statuses.
          if (resumeFrom > latest || (oldest !== null && oldest > resumeFrom + 1)) resync = true
          else {
            const after = fromHeader !== undefined ? resumeFrom : Math.max(0, resumeFrom - SSE_REPLAY_LOOKBACK_IDS)
            replay = await readChanges(app.db, after, SSE_REPLAY_MAX + 1, calendarId)
            if (replay.length > SSE_REPLAY_MAX) {
              resync = true
              replay = []
            }
          }
        }
        // Every change up to the feed's watermark was in the log the replay read, or has been
        // handed to `pending` since we subscribed.
        token = Math.max(resync ? 0 : token, feed.watermark())
        replayed = new Set(replay.map((c) => c.id))
        replayTop = replay.length ? replay[replay.length - 1].id : 0
        if (replay.length) send(message(token, toEvent(calendarId, replay)))
        send(`event: sync\nid: ${token}\ndata: ${JSON.stringify({ calendar_id: calendarId, version: token, resync } satisfies SeatSyncEvent)}\n\n`)
        const queued = pending.filter((c) => !replayed.has(c.id))
        pending = null
        if (queued.length) send(message(token, toEvent(calendarId, queued)))
        feed.poke()
      } catch (err) {
        request.log.error({ err }, 'seat event stream failed to start')
        res.end()
      }
    },
  )
}
