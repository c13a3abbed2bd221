import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { perHandle, type Db } from '../../db/connect'

/** Sessions whose last map answer is kept (the stadium's is ~14 MB of JSON plus ~1.1 MB gzipped). */
export const MAP_CACHE_SESSIONS = 4
/**
 * A cached answer is rebuilt after this long even when nothing changed: its `version` must stay
 * well inside the change log's retention (LIVE_RETENTION_MS, an hour), or the stream opened from
 * it would have to ask for a resync. Costs one rebuild per session every 10 minutes.
 */
export const MAP_CACHE_MAX_AGE_MS = 10 * 60 * 1000
/** gzip level of cached answers: compressed once per change of the session, so the better ratio is worth it. */
const MAP_GZIP_LEVEL = 6

const gzip = promisify(zlib.gzip)

/** A map answer as JSON text, with its gzip made once on first demand (on libuv's thread pool). */
export class MapAnswer {
  private gz: Promise<Buffer> | null = null

  constructor(
    readonly key: string,
    /** The answer shows a hold that expires at this time (epoch ms); after it the answer is rebuilt. */
    readonly validUntil: number,
    readonly json: string,
  ) {}

  gzip(): Promise<Buffer> {
    this.gz ??= gzip(this.json, { level: MAP_GZIP_LEVEL })
    return this.gz
  }
}

/** What the session cache keeps: an answer with the key it was built under and its expiry. */
export interface SessionAnswer {
  readonly key: string
  readonly validUntil: number
}

type SessionCaches<T> = WeakMap<Db, Map<number, Promise<T>>>
const caches: SessionCaches<MapAnswer> = new WeakMap()

/**
 * The cached answer of `calendarId` when its key matches and no hold in it has expired since,
 * else builds one with `build` (concurrent requests share one build). Keeps the most recently
 * used MAP_CACHE_SESSIONS sessions per database.
 */
export function cachedMapAnswer(db: Db, calendarId: number, key: string, now: number, build: () => Promise<MapAnswer>): Promise<MapAnswer> {
  return cachedSessionAnswer(caches, db, calendarId, key, now, build)
}

/** The same cache for another kind of per-session answer (the status bytes), in its own `store`. */
export async function cachedSessionAnswer<T extends SessionAnswer>(store: SessionCaches<T>, db: Db, calendarId: number, key: string, now: number, build: () => Promise<T>): Promise<T> {
  const cache = perHandle(store, db, () => new Map())
  const current = cache.get(calendarId)
  if (current) {
    const answer = await current.catch(() => null)
    if (answer && answer.key === key && now < answer.validUntil) {
      cache.delete(calendarId)
      cache.set(calendarId, current)
      return answer
    }
  }
  const building = build()
  cache.delete(calendarId)
  cache.set(calendarId, building)
  building.catch(() => {
    if (cache.get(calendarId) === building) cache.delete(calendarId)
  })
  while (cache.size > MAP_CACHE_SESSIONS) cache.delete(cache.keys().next().value!)
  return building
}
