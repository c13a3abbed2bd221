import { ApiFailure } from '../errors'
import { pgPoolOf, type Db } from './connect'

/**
 * A counted set of slots handed out first come, first served: what bounds a share of a process's
 * pooled connections (domain/orders/claim-slots.ts per session, plugins/buying-lane.ts per process). A waiter past its
 * deadline leaves the queue and fails with 'busy' (503 with Retry-After), so nobody waits without
 * end. Costs: a promise and a timer per waiter, nothing while slots are free.
 */
export class FifoSlots {
  private active = 0
  private readonly waiters: Array<() => void> = []

  constructor(private readonly size: number) {}

  /** Nobody holds a slot or waits for one (the owner may drop the object). */
  get idle(): boolean {
    return this.active === 0
  }

  /** Resolves once a slot is this caller's; rejects with 'busy' at `deadline` (epoch ms). */
  take(deadline: number): Promise<void> {
    if (this.active < this.size) {
      this.active++
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        const at = this.waiters.indexOf(waiter)
        if (at >= 0) this.waiters.splice(at, 1)
        reject(new ApiFailure('busy'))
      }, Math.max(0, deadline - Date.now()))
      this.waiters.push(waiter)
    })
  }

  /** Gives a slot back; it passes straight to the first waiter (active stays), so the order holds. */
  give(): void {
    const next = this.waiters.shift()
    if (next) next()
    else this.active--
  }
}

/**
 * Slots for `perConnection` calls per connection of a PostgreSQL handle's main pool, at least one
 * (the buying lane, plugins/buying-lane.ts; the settle lane, payments/settle-lane.ts); null on
 * SQLite, which runs one writer and has no pool to share.
 */
export function poolSlots(db: Db, perConnection: number): FifoSlots | null {
  const pool = pgPoolOf(db)
  return pool ? new FifoSlots(Math.max(1, Math.floor((pool.options.max ?? 1) * perConnection))) : null
}
