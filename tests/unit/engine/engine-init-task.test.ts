import { describe, expect, it } from 'vitest'
import { SeatMapEngine } from '../../../src/engine/SeatMapEngine'

/**
 * The storefront mounts the map in a layout effect, inside React's commit: an engine that measured
 * its host there forced the freshly committed page's layout inside that task (issue 16: no
 * main-thread task over 50 ms). init() measures a task later even with no delay left.
 */
describe('SeatMapEngine.init', () => {
  it('measures its host in a task of its own, not in the task that called init', async () => {
    let measured = 0
    const host = {
      getBoundingClientRect: () => {
        measured++
        return { width: 320, height: 240 }
      },
    } as unknown as HTMLElement
    const engine = new SeatMapEngine(host, { initDelayMs: 0 })
    // No canvas in node: the renderer's start fails after the measure, which ends init.
    const done = engine.init().catch(() => undefined)
    expect(measured).toBe(0)
    await Promise.resolve()
    expect(measured).toBe(0)
    await done
    expect(measured).toBe(1)
  })
})
