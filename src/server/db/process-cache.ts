import { cacheOwnerOf, perHandle, type Db } from './connect'
import { watchedWrites } from './write-watch'

/**
 * A per-process cache of rows that every buying call reads and operators rarely change (a
 * session's calendar, event and prices; its waiting room): each key is read at most once per
 * `ttlMs` by this process, and concurrent callers share the one read in flight (no stampede when
 * an entry expires under an on-sale rush). Kept per database handle, so servers on different
 * databases in one process (the tests) never see each other's rows.
 *
 * What it costs: another process's change is seen here up to `ttlMs` late. This process's own
 * writes to the watched tables (write-watch.ts) void every entry read before them, and an
 * operator's call clears every cache once its transaction is committed (forgetProcessCaches).
 * Callers that fix money (orders) must not use it.
 */
/** Every cache made (module-level singletons, so held for the process's life). */
const everyCache = new Set<{ forgetAll(db: Db): void }>()

/**
 * Empties every per-process cache of `db`: after an operator's call (admin/routes.ts), so the
 * console's edits are seen at once whichever cache copies the rows; a new cache needs no wiring.
 * Costs the next requests one read per entry they use.
 */
export function forgetProcessCaches(db: Db): void {
  for (const cache of everyCache) cache.forgetAll(db)
}

export class ProcessCache<K, V> {
  private readonly byDb = new WeakMap<Db, Map<K, { at: number; writes: number; value: Promise<V> }>>()

  constructor(
    private readonly ttlMs: number,
    /** Past this many keys the map is emptied (a bound on memory, not a tuning knob). */
    private readonly maxKeys: number,
  ) {
    everyCache.add(this)
  }

  get(db: Db, key: K, read: () => Promise<V>, clock = Date.now()): Promise<V> {
    const entries = perHandle(this.byDb, db, () => new Map())
    const hit = entries.get(key)
    const writes = watchedWrites()
    if (hit && hit.writes === writes && clock - hit.at < this.ttlMs) return hit.value
    if (entries.size >= this.maxKeys) entries.clear()
    const value = read()
    const entry = { at: clock, writes, value }
    entries.set(key, entry)
    // A failed read is not remembered: the next caller tries again.
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key)
    })
    return value
  }

  /** Whether `get` would answer `key` from memory now (without reading). */
  has(db: Db, key: K, clock = Date.now()): boolean {
    const hit = this.byDb.get(cacheOwnerOf(db))?.get(key)
    return hit !== undefined && hit.writes === watchedWrites() && clock - hit.at < this.ttlMs
  }

  forget(db: Db, key: K): void {
    this.byDb.get(cacheOwnerOf(db))?.delete(key)
  }

  forgetAll(db: Db): void {
    this.byDb.get(cacheOwnerOf(db))?.clear()
  }
}
