import type { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { generateVenue } from '../../src/engine/generate/index'
import { Lane, recogniseInPool, WorkerCompile } from '../../src/server/venues/compile-pool'
import { recogniseDrawing } from '../../src/server/venues/import-job'

/**
 * A compile worker that dies (killed for memory, crashed, terminated from outside) while it owes
 * replies (issue 16): the jobs it owed fail at once with an error, none waits forever, and the
 * lane's next job starts a new worker that answers as before. The death is real: the lane's worker
 * thread is terminated from outside, as the runtime ends one that runs out of memory; the test
 * reaches the lane's private worker only to do that.
 */

/** Seats of the drawing whose recognition is under way when its worker dies (long enough to be mid-job). */
const SEATS = 20_000

/** The lane's current worker thread (private: reached only to kill it, as a crash would). */
function workerOf(lane: Lane): Worker {
  const w = (lane as unknown as { worker: Worker | null }).worker
  if (!w) throw new Error('the lane has no worker running')
  return w
}

describe('a compile worker that dies', () => {
  it('fails the recognition it owed, and the lane\'s next job runs on a new worker with the same report', async () => {
    const lane = new Lane()
    const svg = generateVenue({ kind: 'stadium', seats: SEATS, seed: 5 })
    const owed = recogniseInPool(lane, svg, undefined)
    const first = lane.generation()
    expect(first).toBeGreaterThan(0)
    await workerOf(lane).terminate()
    await expect(owed).rejects.toThrow(/compile worker exited/)
    expect(lane.generation()).toBe(-1)

    const again = await recogniseInPool(lane, svg, undefined)
    expect(lane.generation()).toBeGreaterThan(first)
    const here = recogniseDrawing(svg)
    expect(again.venue.seats.count).toBe(SEATS)
    expect(again.report).toEqual(here.report)
    lane.cancel()
  })

  it('a stored version\'s compile fed to a worker that then died refuses at finish, and its pages go nowhere', async () => {
    const lane = new Lane()
    const svg = generateVenue({ kind: 'theatre', seats: 600, seed: 2 })
    const compile = new WorkerCompile(lane, svg, '{}', { zones: [], sectorNames: [], capacities: [] })
    await workerOf(lane).terminate()
    // A page after the death is dropped (its worker took the job with it), not posted to a successor.
    compile.page({ keys: ['x'], zones: new Int32Array([-1]), rows: ['1'], numbers: ['1'] })
    expect(lane.generation()).toBe(-1)
    await expect(compile.finish()).rejects.toThrow(/compile worker exited/)
    lane.cancel()
  })
})
